import { DASHBOARD_API } from '../../domain/insight/dashboard.ts';
import { REPORT_KINDS, REPORT_MAX_DAYS, REPORT_ROW_LIMIT, REPORTS_API, reportByKind, reportQuery, type ReportResponse } from '../../domain/insight/reports.ts';
import type { Permission } from '../../domain/permissions.ts';
import { toCsv } from '../crud/csv.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { route, type RouteDef } from '../http/context.ts';
import { readDashboard } from './dashboard.ts';
import { readReport } from './reports.ts';

/** The dashboard's one call and every report on one route (domain/insight/*). */

const DAY = 86_400_000;
const REPORTS_RIGHT: Permission = 'reports';

export const insightRoutes: RouteDef[] = [
  route('GET', DASHBOARD_API, 'dashboard', {
    summary: 'The dashboard’s figures: each part only with its rights (a cashier: the till’s today and recent sales; the shop’s money needs `reports`)',
    handler: async (c) => c.json({ data: await readDashboard(c.var.db, c.var.now(), c.var.auth.row.id, c.var.auth.permissions) }, 200),
  }),
  route('GET', `${REPORTS_API}/:kind`, REPORTS_RIGHT, {
    summary: `A report over a range of days (from, to: YYYY-MM-DD, at most ${REPORT_MAX_DAYS} days), its first rows (limit, at most ${REPORT_ROW_LIMIT}), how many there are and the totals over all of them; format=csv for a spreadsheet of every row. Kinds: ${REPORT_KINDS.join(', ')}`,
    query: reportQuery,
    refusals: { 403: 'The report needs rights you do not hold', 404: 'No such report', 422: 'The range is not a range of days' },
    handler: async (c, input) => {
      const def = reportByKind(c.req.param('kind') ?? '');
      if (!def) throw new ApiError(404, `There is no report called “${c.req.param('kind')}”. The reports are: ${REPORT_KINDS.join(', ')}.`);
      const missing = def.permissions.filter((p) => !c.var.auth.permissions.has(p));
      if (missing.length) throw new ApiError(403, `The ${def.title.toLowerCase()} report needs the “${missing.join('”, “')}” right. Ask an administrator.`);
      const q = input.query();
      if (q.from > q.to) throw validationError({ to: ['The last day cannot be before the first day.'] });
      const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY + 1;
      if (days > REPORT_MAX_DAYS) throw validationError({ to: [`Choose at most ${REPORT_MAX_DAYS} days; this range has ${days}.`] });
      const csv = q.format === 'csv';
      const { rows, totals, total_rows } = await readReport(c.var.db, def, q, csv ? undefined : (q.limit ?? REPORT_ROW_LIMIT));
      if (csv) {
        const [first] = def.columns;
        const totalRow = { id: 0, ...totals, [first!.name]: 'Total' };
        return c.body(toCsv(def.columns, [...rows.map((r) => ({ ...r, id: Number(r.id ?? 0) })), totalRow]), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${def.kind}-${q.from}-to-${q.to}.csv"`,
        });
      }
      const body: ReportResponse = { kind: def.kind, from: q.from, to: q.to, rows, total_rows, totals };
      return c.json(body, 200);
    },
  }),
];
