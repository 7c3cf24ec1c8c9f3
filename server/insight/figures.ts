import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { rowsOf } from '../crud/sql.ts';

/**
 * The definitions of domain/insight/dashboard.ts as SQL, written once here and read by the
 * dashboard and every report, so their numbers agree (issue 36):
 * - by day (`dayFigures`): the sale_days rollup of migration 0028, which holds the definition of
 *   sales (completed sales' grand totals less returns' grand totals) and profit (revenue without
 *   tax and shipping less the cost units left at, returns off at their own cost) per day;
 * - by document (`soldDocuments`): each completed sale dated in the range (+) and each return
 *   dated in it (−), for the reports by customer and by cashier;
 * - by line (`soldLines`, `soldProducts`): the sale_product_months/_days rollups of migration 0028, each
 *   completed sale's lines dated in the range (+) and each returned line dated in it (−), for the
 *   reports by product, category, rate and profit by product, and the dashboard's top products.
 *   Line revenue is the line's net: a document discount belongs to the sale as a whole, so profit
 *   by product ends with the whole-sale discounts (`wholeSaleDiscounts`) to come to the dashboard's.
 * - purchases (`purchasesCounted`): received ones (wholly, partly, or since returned), not cancelled.
 * Days are the shop's (YYYY-MM-DD, as every document's date).
 */

export interface Range {
  from: string;
  to: string;
}

/** A bigint or numeric column as the drivers answer it (postgres-js: a string) → a number. */
export const num = (v: unknown): number => (v == null ? 0 : Number(v));

/** Sales and profit over a range of days, from the rollup. */
export const salesOf = sql`coalesce(sum(d.total - d.returned), 0)`;
export const profitOf = sql`coalesce(sum((d.revenue - d.returned_revenue) - (d.cost - d.returned_cost)), 0)`;
export const taxOf = sql`coalesce(sum(d.tax - d.returned_tax), 0)`;
export const saleDaysIn = (r: Range) => sql`sale_days d where d.day between ${r.from}::date and ${r.to}::date`;

/** Sales and profit of several ranges in one statement (a FILTER each). */
export async function dayFigures(db: Db, ranges: Record<string, Range>): Promise<Record<string, { sales: number; profit: number }>> {
  const keys = Object.keys(ranges);
  if (keys.length === 0) return {};
  const all = Object.values(ranges);
  const from = all.reduce((m, r) => (r.from < m ? r.from : m), all[0]!.from);
  const to = all.reduce((m, r) => (r.to > m ? r.to : m), all[0]!.to);
  const within = (r: Range) => sql`filter (where d.day between ${r.from}::date and ${r.to}::date)`;
  const cols = keys.map((k, i) => sql`coalesce(sum(d.total - d.returned) ${within(ranges[k]!)}, 0) as ${sql.identifier(`s${i}`)},
    coalesce(sum((d.revenue - d.returned_revenue) - (d.cost - d.returned_cost)) ${within(ranges[k]!)}, 0) as ${sql.identifier(`p${i}`)}`);
  const [row] = await rowsOf<Record<string, unknown>>(db, sql`select ${sql.join(cols, sql`, `)} from ${saleDaysIn({ from, to })}`);
  return Object.fromEntries(keys.map((k, i) => [k, { sales: num(row?.[`s${i}`]), profit: num(row?.[`p${i}`]) }]));
}

/**
 * Completed sales dated in the range (sign 1) and returns dated in it (sign −1), one row each:
 * id, sign, day, who recorded it (created_by), the customer (a return: its sale's), the grand
 * total, and for sales what was paid (less refunds) and the balance still due.
 */
export const soldDocuments = (r: Range): SQL => sql`(
  select s.id, 1 as sign, s.sold_on as day, s.created_by, s.customer_id, s.grand_total::bigint as total,
         (s.paid - s.refunded)::bigint as paid, (s.grand_total - s.returned_total - s.paid + s.refunded)::bigint as due
    from sales s where s.status = 'completed' and s.sold_on between ${r.from}::date and ${r.to}::date
  union all
  select x.id, -1, x.returned_on, x.created_by, s.customer_id, x.grand_total::bigint, 0::bigint, 0::bigint
    from sale_returns x join sales s on s.id = x.sale_id where x.returned_on between ${r.from}::date and ${r.to}::date
)`;

const DAY = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const monthEnd = (day: string) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * Completed sales' lines dated in the range (+) and returned lines dated in it (−), from the
 * rollups of migration 0028: the months the range touches (sale_product_months) less the days of
 * them before and after it (sale_product_days; the days after today hold nothing, so the month
 * so far is its month's rows): product, rate, units, net, tax, total, cost. A range of whole
 * months reads the months alone (no days to take off: the planner then knows the months' rows
 * and reads a month in product order from its index).
 */
export const soldLines = (r: Range): SQL => {
  const before = { from: monthOf(r.from), to: shift(r.from, -1) };
  const after = { from: shift(r.to, 1), to: monthEnd(r.to) };
  const left = [before, after].filter((d) => d.from <= d.to).map((d) => sql`l.day between ${d.from}::date and ${d.to}::date`);
  const months = sql`select l.product_id, l.tax_bps, l.quantity, l.net, l.tax, l.total, l.cost
    from sale_product_months l where ${monthOf(r.from) === monthOf(r.to) ? sql`l.month = ${monthOf(r.from)}::date` : sql`l.month between ${monthOf(r.from)}::date and ${monthOf(r.to)}::date`}`;
  if (left.length === 0) return sql`(${months})`;
  return sql`(
  ${months}
  union all
  select l.product_id, l.tax_bps, -l.quantity, -l.net, -l.tax, -l.total, -l.cost
    from sale_product_days l where ${sql.join(left, sql` or `)}
)`;
};

/** The lines of the range per product: units, net, tax, total, cost (products whose lines came to nothing left out). */
export const soldProducts = (r: Range): SQL => sql`(
  select m.product_id, sum(m.quantity) as quantity, sum(m.net) as net, sum(m.tax) as tax, sum(m.total) as total, sum(m.cost) as cost
    from ${soldLines(r)} m group by m.product_id
  having sum(m.quantity) <> 0 or sum(m.total) <> 0 or sum(m.cost) <> 0
)`;

/**
 * What the sales' and returns' revenue (sale_days: after every discount, without tax and
 * shipping) is less their lines' net: the discounts given on whole sales (as a negative amount),
 * so the lines' profit plus this is the dashboard's profit.
 */
export const wholeSaleDiscounts = (r: Range): SQL => sql`(
  (select coalesce(sum(d.revenue - d.returned_revenue), 0) from ${saleDaysIn(r)})
  - (select coalesce(sum(m.net), 0) from ${soldLines(r)} m)
)`;

/** A purchase the shop's purchases count: goods received (wholly, partly, or since sent back), not cancelled. */
export const purchasesCounted = (alias: string) => sql`${sql.identifier(alias)}.status in ('partial', 'received', 'returned')`;
