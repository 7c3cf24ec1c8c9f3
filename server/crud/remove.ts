import { inArray } from 'drizzle-orm';
import { type Row } from '../../domain/resource.ts';
import { bulkDeleteBody } from '../../domain/api-list-query.ts';
import { route, type AppContext, type RouteDef } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import type { BoundResource } from './bound.ts';
import { explainDeleteError } from './db-errors.ts';
import { parseId, PG_INTEGER_MAX } from './ids.ts';
import { selectRows } from './list-query.ts';
import { usesOf } from './used-by.ts';

/**
 * Deletes the records of `requested` that exist, all or none: one the resource refuses
 * (beforeDelete) or that something still uses (usedBy) stops them all with a 409 naming it.
 * Returns how many were deleted.
 */
export async function removeRecords(c: AppContext, b: BoundResource, requested: readonly number[]): Promise<number> {
  const { db } = c.var;
  const { res } = b;
  const { table } = res;
  const ids = requested.filter((n) => n <= PG_INTEGER_MAX);
  if (ids.length === 0) return 0;
  try {
    return await db.transaction(async (tx) => {
      const rows = (await selectRows(tx, b.view).where(inArray(table.id, ids))) as Row[];
      for (const row of rows) {
        await res.beforeDelete?.(tx, row, c);
        const uses = await usesOf(res.usedBy ?? [], tx, row.id);
        if (uses.length) {
          const lead = ids.length > 1 ? `Nothing was deleted: ${b.one} “${b.title(row)}”` : `This ${b.one} cannot be deleted: it`;
          throw new ApiError(409, `${lead} ${uses.join(' and ')}.`, { code: 'in_use' });
        }
      }
      if (rows.length) await tx.delete(table).where(inArray(table.id, rows.map((r) => r.id)));
      return rows.length;
    });
  } catch (e) {
    explainDeleteError(e, b.one);
  }
}

/** DELETE {api}/:id */
export const deleteRoute = (b: BoundResource): RouteDef => {
  const { def } = b.res;
  return route('DELETE', `${def.api}/:id`, def.permissions.delete, {
    summary: `Delete a ${b.one}`,
    handler: async (c) => {
      const id = parseId(c.req.param('id'));
      if (id === undefined || (await removeRecords(c, b, [id])) === 0) throw b.notFound();
      return c.json({ message: `${b.One} deleted.` }, 200);
    },
  });
};

/** POST {api}/bulk-delete: up to 100 records at once, all or none. */
export const bulkDeleteRoute = (b: BoundResource): RouteDef => {
  const { def } = b.res;
  return route('POST', `${def.api}/bulk-delete`, def.permissions.delete, {
    summary: `Delete several ${def.label.many}`,
    body: bulkDeleteBody,
    handler: async (c, input) => {
      const { ids } = await input.body();
      const n = await removeRecords(c, b, [...new Set(ids)]);
      return c.json({ message: n === 1 ? `1 ${b.one} deleted.` : `${n} ${def.label.many} deleted.`, deleted: n }, 200);
    },
  });
};
