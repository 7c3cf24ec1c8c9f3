import { sql, type SQL } from 'drizzle-orm';
import type { ReportDef, ReportKind } from '../../domain/insight/reports.ts';
import type { Db } from '../db/index.ts';
import { rowsOf } from '../crud/sql.ts';
import { num, purchasesCounted, saleDaysIn, soldDocuments, soldLines, soldProducts, wholeSaleDiscounts, type Range } from './figures.ts';

/**
 * Each report kind's one query (domain/insight/reports.ts declares the kinds, their columns and
 * rights; server/insight/routes.ts serves them all on one route). A query answers the kind's
 * columns by name (and `id`, what the row is about, where there is one), from the definitions of
 * ./figures.ts; the totals are summed from the rows (`totalsOf`), never read apart.
 */
type Query = (r: Range) => SQL;

/** Profit by product's last row: what the lines' revenue is above the sales' (negative), see figures.ts. */
export const WHOLE_SALE_DISCOUNTS = 'Discounts on whole sales';

/** The range's lines per product (`soldProducts`: quantity, net, tax, total, cost) with the product's name and SKU. */
const byProduct = (r: Range, cols: SQL) => sql`
  select p.id, p.name as product, p.sku, ${cols}
    from ${soldProducts(r)} m join products p on p.id = m.product_id`;

const QUERIES: Record<ReportKind, Query> = {
  'sales-by-day': (r) => sql`
    select d.day::text as day, d.sales, d.total as gross, d.returned as returns, d.total - d.returned as net, d.tax - d.returned_tax as tax
      from ${saleDaysIn(r)} and (d.sales <> 0 or d.returns <> 0) order by d.day`,
  'sales-by-product': (r) => sql`${byProduct(r, sql`m.quantity, m.net, m.tax, m.total`)} order by p.name, p.id`,
  'sales-by-category': (r) => sql`
    select c.id, coalesce(c.name, 'No category') as category, sum(m.quantity) as quantity, sum(m.net) as net, sum(m.tax) as tax, sum(m.total) as total
      from ${soldProducts(r)} m join products p on p.id = m.product_id left join categories c on c.id = p.category_id
     group by c.id, c.name order by c.name nulls last`,
  'sales-by-customer': (r) => sql`
    select c.id, coalesce(c.name, 'Walk-in') as customer, sum(greatest(m.sign, 0)) as sales,
           sum(m.total) filter (where m.sign > 0) as total, sum(m.total) filter (where m.sign < 0) as returns, sum(m.paid) as paid, sum(m.due) as due
      from ${soldDocuments(r)} m left join customers c on c.id = m.customer_id
     group by c.id, c.name order by c.name nulls first`,
  'sales-by-cashier': (r) => sql`
    select u.id, coalesce(u.name, 'Nobody recorded') as cashier, sum(greatest(m.sign, 0)) as sales,
           sum(m.total) filter (where m.sign > 0) as total, sum(m.total) filter (where m.sign < 0) as returns, sum(m.sign * m.total) as net
      from ${soldDocuments(r)} m left join users u on u.id = m.created_by
     group by u.id, u.name order by u.name nulls last`,
  'sales-by-payment-method': (r) => sql`
    select y.method, count(*) filter (where y.doc_type = 'sale') as payments,
           sum(y.amount) filter (where y.doc_type = 'sale') as received, sum(y.amount) filter (where y.doc_type = 'sale_return') as refunded,
           sum(case when y.doc_type = 'sale' then y.amount else -y.amount end) as net
      from document_payments y
     where y.doc_type in ('sale', 'sale_return') and y.paid_on between ${r.from}::date and ${r.to}::date
     group by y.method order by y.method`,
  'tax-by-rate': (r) => sql`
    select m.tax_bps as rate, sum(m.net) as base, sum(m.tax) as tax from ${soldLines(r)} m group by m.tax_bps order by m.tax_bps`,
  // The ledger at the end of `to`: a product no movement has touched since is at its level now;
  // the few moved since are read at their last movement before (value_after: on hand × average cost).
  'stock-valuation': (r) => sql`
    with moved as (select distinct v.product_id from stock_movements v where v.created_at >= (${r.to}::date + 1)),
    held as (
      select l.product_id, l.qty::bigint as on_hand, round(l.qty * coalesce(l.avg_cost, 0))::bigint as value
        from stock_levels l where not exists (select 1 from moved m where m.product_id = l.product_id)
      union all
      select m.product_id, h.qty_after, h.value_after
        from moved m cross join lateral (
          select v.qty_after, v.value_after from stock_movements v
           where v.product_id = m.product_id and v.created_at < (${r.to}::date + 1) order by v.id desc limit 1) h
    )
    select p.id, p.name as product, p.sku, h.on_hand, round(h.value::numeric / h.on_hand) as unit_cost, h.value
      from held h join products p on p.id = h.product_id
     where h.on_hand <> 0 order by p.name, p.id`,
  // Each product's lines, then the discounts on whole sales (a last row, negative), so the total
  // profit is the dashboard's.
  'profit-by-product': (r) => sql`
    select * from (
      ${byProduct(r, sql`m.quantity, m.net as revenue, m.cost, m.net - m.cost as profit, case when m.net = 0 then null else round((m.net - m.cost) * 10000.0 / m.net) end as margin, 0 as last`)}
      union all
      select null, ${WHOLE_SALE_DISCOUNTS}::text, null, 0, w.amount, 0, w.amount, null, 1 from (select ${wholeSaleDiscounts(r)} as amount) w where w.amount <> 0
    ) x order by x.last, x.product, x.id`,
  'purchases-by-supplier': (r) => sql`
    select s.id, s.name as supplier, count(*) as purchases, sum(x.grand_total) as total, sum(x.paid) as paid, sum(x.grand_total - x.paid) as due
      from purchases x join suppliers s on s.id = x.supplier_id
     where ${purchasesCounted('x')} and x.purchased_on between ${r.from}::date and ${r.to}::date
     group by s.id order by s.name, s.id`,
  'till-sessions': (r) => sql`
    select x.id, x.reference, u.name as cashier, x.created_at as opened_at, x.closed_at,
           (select count(*) from sales s where s.register_session_id = x.id and s.status = 'completed') as sales,
           (select sum((e->>'expected')::bigint) from jsonb_array_elements(x.closing) e) as expected,
           (select sum((e->>'counted')::bigint) from jsonb_array_elements(x.closing) e) as counted,
           x.difference
      from register_sessions x join users u on u.id = x.opened_by
     where x.opened_on between ${r.from}::date and ${r.to}::date
     order by x.opened_on, x.id`,
};

/** Money and number columns the totals row sums (not those marked `total: false`). */
export const summedColumns = (def: ReportDef) => def.columns.filter((c) => (c.kind === 'money' || c.kind === 'number') && c.total !== false).map((c) => c.name);

type Cell = string | number | null;

/** The kind's rows over the range, each cell as the column's kind shows it (numbers as numbers, moments as ISO text). */
export async function reportRows(db: Db, def: ReportDef, range: Range): Promise<Record<string, Cell>[]> {
  const rows = await rowsOf<Record<string, unknown>>(db, QUERIES[def.kind as ReportKind](range));
  const numeric = new Set(def.columns.filter((c) => c.kind === 'money' || c.kind === 'number' || c.kind === 'percent').map((c) => c.name));
  const moments = new Set(def.columns.filter((c) => c.kind === 'datetime').map((c) => c.name));
  return rows.map((row) => {
    const out: Record<string, Cell> = {};
    if (row.id != null) out.id = Number(row.id);
    for (const c of def.columns) {
      const v = row[c.name];
      out[c.name] = v == null ? (numeric.has(c.name) && summedColumns(def).includes(c.name) ? 0 : null) : numeric.has(c.name) ? num(v) : moments.has(c.name) ? new Date(v as string).toISOString() : String(v);
    }
    return out;
  });
}

export function totalsOf(def: ReportDef, rows: readonly Record<string, Cell>[]): Record<string, number> {
  return Object.fromEntries(summedColumns(def).map((name) => [name, rows.reduce((s, r) => s + (typeof r[name] === 'number' ? (r[name] as number) : 0), 0)]));
}
