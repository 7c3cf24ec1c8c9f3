import { eq } from 'drizzle-orm';
import { route, type AppContext, type RouteDef } from '../http/context.ts';
import type { BoundResource } from './bound.ts';
import { writeSchemas } from '../../domain/schema-kit.ts';
import { explainWriteError } from './db-errors.ts';
import { checkIfMatch, etagOf, nextVersion } from './etag.ts';
import { parseId } from './ids.ts';
import { findRow } from './list-query.ts';
import { showRow } from './show.ts';
import { auditedState, auditRecord } from './audit.ts';

/**
 * Creates (id undefined) or updates a record with a valid body, in one transaction with the
 * resource's hooks. An update locks the row before its If-Match check, so two saves from the
 * same old copy cannot both pass it. Answers the saved record with its new ETag.
 */
export async function saveRecord(c: AppContext, b: BoundResource, id: number | undefined, body: Record<string, unknown>): Promise<Response> {
  const { db } = c.var;
  const { res } = b;
  const { table } = res;
  const ifMatch = c.req.header('If-Match');
  try {
    const savedId = await db.transaction(async (tx) => {
      let targetId = id;
      if (targetId !== undefined) {
        await tx.select({ id: table.id }).from(table).where(eq(table.id, targetId)).for('update');
        const current = await findRow(tx, b.view, targetId);
        if (!current) throw b.notFound();
        checkIfMatch(current, ifMatch, b.one);
        await res.beforeUpdate?.(tx, current, body, c);
        const before = await auditedState(tx, b, targetId, current);
        const values = await (res.toRow?.(body, { tx, id: targetId }) ?? body);
        await tx.update(table).set({ ...values, updated_at: nextVersion(table) } as never).where(eq(table.id, targetId));
        await res.afterWrite?.(tx, targetId, body, { c, before: current });
        await auditRecord(c, tx, b, 'updated', targetId, { before, after: await auditedState(tx, b, targetId) }, body);
      } else {
        const values = await (res.toRow?.(body, { tx }) ?? body);
        const [inserted] = (await tx.insert(table).values(values as never).returning({ id: table.id })) as { id: number }[];
        targetId = inserted!.id;
        await res.afterWrite?.(tx, targetId, body, { c });
        await auditRecord(c, tx, b, 'created', targetId, { after: await auditedState(tx, b, targetId) }, body);
      }
      return targetId;
    });
    const data = await showRow(db, b, savedId);
    return c.json(
      { data, message: `${b.One} ${id === undefined ? 'created' : 'updated'}.` },
      id === undefined ? 201 : 200,
      data ? { ETag: etagOf(data) } : {},
    );
  } catch (e) {
    explainWriteError(e, b.one, res);
  }
}

/** POST {api}: a new record from the definition's schema. */
export const createRoute = (b: BoundResource): RouteDef => {
  const { def } = b.res;
  return route('POST', def.api, def.permissions.create, {
    summary: `Create a ${b.one}`,
    body: writeSchemas(def).create,
    handler: async (c, input) => saveRecord(c, b, undefined, await input.body()),
  });
};

/** PUT {api}/:id: the whole record from the update schema; If-Match guards against lost updates. */
export const updateRoute = (b: BoundResource): RouteDef => {
  const { def } = b.res;
  return route('PUT', `${def.api}/:id`, def.permissions.edit, {
    summary: `Update a ${b.one}`,
    body: writeSchemas(def).update,
    handler: async (c, input) => {
      const id = parseId(c.req.param('id'));
      if (id === undefined) throw b.notFound();
      return saveRecord(c, b, id, await input.body());
    },
  });
};
