import { asc, inArray } from 'drizzle-orm';
import { type Row } from '../../domain/resource.ts';
import { BULK_DELETE_MAX, defaultQuery, type Matching } from '../../domain/list-query.ts';
import type { Tx } from '../db/index.ts';
import { route, type AppContext, type RouteDef } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import type { BoundResource } from './bound.ts';
import { explainDeleteError } from './db-errors.ts';
import { parseId, PG_INTEGER_MAX } from './ids.ts';
import { checkParent } from './list.ts';
import { listWhere, selectRows } from './list-query.ts';
import { usesOf } from './used-by.ts';
import { auditedState, auditRecord } from './audit.ts';

/**
 * Deletes the records of `requested` that exist, all or none: one the resource refuses
 * (beforeDelete) or that something still uses (usedBy) stops them all with a 409 naming it.
 * `requested` is a list of ids, or a function that finds them inside the delete's transaction
 * (a bulk delete by filter). Returns how many were deleted.
 */
export async function removeRecords(c: AppContext, b: BoundResource, requested: readonly number[] | ((tx: Tx) => Promise<number[]>)): Promise<number> {
  const { db } = c.var;
  const { res } = b;
  const { table } = res;
  if (Array.isArray(requested) && requested.every((n) => n > PG_INTEGER_MAX)) return 0;
  try {
    return await db.transaction(async (tx) => {
      const ids = (typeof requested === 'function' ? await requested(tx) : requested).filter((n) => n <= PG_INTEGER_MAX);
      if (ids.length === 0) return 0;
      const many = ids.length > 1;
      const rows = (await selectRows(tx, b.view).where(inArray(table.id, ids))) as Row[];
      for (const row of rows) {
        await res.beforeDelete?.(tx, row, c);
        const uses = await usesOf(res.usedBy ?? [], tx, row.id);
        if (uses.length) {
          const lead = many ? `Nothing was deleted: ${b.one} “${b.title(row)}”` : `This ${b.one} cannot be deleted: it`;
          throw new ApiError(409, `${lead} ${uses.join(' and ')}.`, { code: 'in_use' });
        }
      }
      const told: { row: Row; before: Record<string, unknown> | undefined }[] = [];
      for (const row of rows) told.push({ row, before: await auditedState(tx, b, row.id, row) });
      if (rows.length) await tx.delete(table).where(inArray(table.id, rows.map((r) => r.id)));
      for (const { row, before } of told) await auditRecord(c, tx, b, 'deleted', row.id, { before });
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

/**
 * The ids of every record matching a search and filters, found inside the delete's
 * transaction: more than BULK_DELETE_MAX is a 422, and a number other than the one the person
 * was shown (`count`) a 409, so nothing is deleted that they did not see counted.
 */
const matchingIds = (c: AppContext, b: BoundResource, matching: Matching, count: number) => async (tx: Tx): Promise<number[]> => {
  const { def } = b.res;
  const q = { ...defaultQuery(def), ...matching };
  await checkParent(c.var.db, b, q);
  const found = await tx
    .select({ id: b.res.table.id })
    .from(b.res.table)
    .where(listWhere(b.view, q))
    .orderBy(asc(b.res.table.id))
    .limit(BULK_DELETE_MAX + 1);
  const many = def.label.many;
  if (found.length > BULK_DELETE_MAX) {
    throw new ApiError(422, `More than ${BULK_DELETE_MAX.toLocaleString('en-US')} ${many} match; at most ${BULK_DELETE_MAX.toLocaleString('en-US')} can be deleted at a time. Narrow the search or filters and try again.`, {
      code: 'too_many',
    });
  }
  if (found.length !== count) {
    throw new ApiError(409, `Nothing was deleted: ${found.length} ${found.length === 1 ? b.one : many} match now, not ${count}. The list changed meanwhile; look at it again first.`, {
      code: 'changed',
    });
  }
  return found.map((r) => Number(r.id));
};

/** POST {api}/bulk-delete: up to 100 chosen records, or every record matching a filter (up to 1,000), all or none. */
export const bulkDeleteRoute = (b: BoundResource): RouteDef => {
  const { def } = b.res;
  return route('POST', `${def.api}/bulk-delete`, def.permissions.delete, {
    summary: `Delete several ${def.label.many}: chosen ids, or all matching a search and filters`,
    body: b.bulkBody,
    handler: async (c, input) => {
      const body = await input.body();
      const n = 'ids' in body ? await removeRecords(c, b, [...new Set(body.ids)]) : await removeRecords(c, b, matchingIds(c, b, body.matching, body.count));
      return c.json({ message: n === 1 ? `1 ${b.one} deleted.` : `${n} ${def.label.many} deleted.`, deleted: n }, 200);
    },
  });
};
