import { eq } from 'drizzle-orm';
import type { ListQuery } from '../../domain/list-query.ts';
import type { Db } from '../db/index.ts';
import { route, type RouteDef } from '../http/context.ts';
import { ApiError, validationError } from '../http/errors.ts';
import type { BoundResource } from './bound.ts';
import { listPage, listWhere } from './list-query.ts';

/** The parent of a child list must be named and must exist. */
export async function checkParent(db: Db, { res }: BoundResource, q: ListQuery): Promise<void> {
  const { parent } = res.def;
  if (!parent || !res.parent) return;
  const value = q.filters[parent.field];
  if (value === undefined) throw validationError({ [parent.field]: [res.parent.choose] });
  const found = await db.select({ id: res.parent.table.id }).from(res.parent.table).where(eq(res.parent.table.id, Number(value))).limit(1);
  if (!found[0]) throw new ApiError(404, res.parent.missing);
}

/** GET {api}: one page of the list, filtered, searched and sorted. */
export const listRoute = (b: BoundResource): RouteDef => {
  const { def } = b.res;
  return route('GET', def.api, def.permissions.list, {
    summary: `List ${def.label.many}`,
    query: b.listQuery,
    handler: async (c, input) => {
      const q = input.query();
      const cond = listWhere(b.view, q);
      await checkParent(c.var.db, b, q);
      const page = await listPage(c.var.db, b.view, q, cond);
      const refusal = b.res.deleteRefusal;
      if (refusal) {
        page.data = page.data.map((row) => {
          const reason = refusal(row, c);
          return reason ? { ...row, protected: true, protected_reason: reason } : row;
        });
      }
      return c.json(page, 200);
    },
  });
};
