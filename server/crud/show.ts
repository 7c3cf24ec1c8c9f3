import type { Row } from '../../domain/resource.ts';
import type { Db, Tx } from '../db/index.ts';
import { route, type RouteDef } from '../http/context.ts';
import type { BoundResource } from './bound.ts';
import { etagOf } from './etag.ts';
import { parseId } from './ids.ts';
import { findRow } from './list-query.ts';

/** One record as its edit form needs it: the list's row and the resource's detail fields. */
export async function showRow(db: Db | Tx, { res, view }: BoundResource, id: number): Promise<Row | undefined> {
  const row = await findRow(db, view, id);
  if (!row) return undefined;
  return res.detail ? { ...row, ...(await res.detail(db, id)) } : row;
}

/**
 * GET {api}/:id with its ETag, for who may see the list or edit a record (the edit form loads
 * the record it edits, even for a role that may edit without browsing the list).
 */
export const showRoute = (b: BoundResource): RouteDef => {
  const { def } = b.res;
  return route('GET', `${def.api}/:id`, [def.permissions.list, def.permissions.edit], {
    summary: `Show one ${b.one}`,
    handler: async (c) => {
      const id = parseId(c.req.param('id'));
      const row = id === undefined ? undefined : await showRow(c.var.db, b, id);
      if (!row) throw b.notFound();
      return c.json({ data: row }, 200, { ETag: etagOf(row) });
    },
  });
};
