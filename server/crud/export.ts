import type { Row } from '../../domain/resource.ts';
import { route, type RouteDef } from '../http/context.ts';
import { toCsv } from './csv.ts';
import type { BoundResource } from './bound.ts';
import { checkParent } from './list.ts';
import { listOrder, listWhere, selectRows } from './list-query.ts';

/** The most rows one CSV export holds. */
export const EXPORT_MAX = 50_000;

/** GET {api}/export: the whole filtered, sorted list as CSV, for who holds the export permission. */
export const exportRoute = (b: BoundResource): RouteDef => {
  const { def } = b.res;
  return route('GET', `${def.api}/export`, def.permissions.export, {
    summary: `Export ${def.label.many} as CSV`,
    query: b.listQuery,
    handler: async (c, input) => {
      const q = input.query();
      const cond = listWhere(b.view, q);
      await checkParent(c.var.db, b, q);
      const rows = (await selectRows(c.var.db, b.view).where(cond).orderBy(...listOrder(b.view, q)).limit(EXPORT_MAX)) as Row[];
      const day = c.var.now().toISOString().slice(0, 10);
      return c.body(toCsv(def.columns, rows), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${def.key}-${day}.csv"`,
      });
    },
  });
};
