import { sql, type SQL } from 'drizzle-orm';
import type { ReportDef, ReportKind } from '../../domain/insight/reports.ts';
import type { Db } from '../db/index.ts';
import { rowsOf } from '../crud/sql.ts';
import { num, purchasesCounted, saleDaysIn, soldDocuments, soldLines, soldProducts, wholeSaleDiscounts, type Range } from './figures.ts';

/**
 * Each report kind's one query (domain/insight/reports.ts declares the kinds, their columns and
 * rights; server/insight/routes.ts serves them all on one route). A query answers the kind's
 * columns by name (and `id`, what the row is about, where there is one), from the definitions of
 * ./figures.ts, unordered; `order` is the report's order over those names (the kinds of a row per
 * product, category, customer, cashier or supplier: largest first by the main money column).
 * `readReport` reads the first rows in that order, and in the same statement how many there are
 * and the totals over all of them (window sums), never summed from the rows it answers.
 */
interface Query {
  rows: (r: Range) => SQL;
  order: SQL;
  /**
   * A row per product: the product's name (`product`) and SKU joined to the rows answered only,
   * after the cut (not to the 100,000 counted and summed); the rows' `id` is the product, and
   * a row without one names itself in `label`.
   */
  perProduct?: true;
}

/** Profit by product's last row: what the lines' revenue is above the sales' (negative), see figures.ts. */
export const WHOLE_SALE_DISCOUNTS = 'Discounts on whole sales';

/** The range's lines per product (`soldProducts`: quantity, net, tax, total, cost); the product's name and SKU come after the cut (`perProduct`). */
const byProduct = (r: Range, cols: SQL) => sql`
  select m.product_id as id, null::text as label, ${cols} from ${soldProducts(r)} m`;

const QUERIES: Record<ReportKind, Query> = {
  'sales-by-day': {
    rows: (r) => sql`
      select d.day::text as day, d.sales, d.total as gross, d.returned as returns, d.total - d.returned as net, d.tax - d.returned_tax as tax
        from ${saleDaysIn(r)} and (d.sales <> 0 or d.returns <> 0)`,
    order: sql`day`,
  },
  'sales-by-product': { rows: (r) => byProduct(r, sql`m.quantity, m.net, m.tax, m.total`), order: sql`net desc, id`, perProduct: true },
  'sales-by-category': {
    rows: (r) => sql`
      select c.id, coalesce(c.name, 'No category') as category, sum(m.quantity) as quantity, sum(m.net) as net, sum(m.tax) as tax, sum(m.total) as total
        from ${soldProducts(r)} m join products p on p.id = m.product_id left join categories c on c.id = p.category_id
       group by c.id, c.name`,
    order: sql`net desc, category, id`,
  },
  'sales-by-customer': {
    rows: (r) => sql`
      select c.id, coalesce(c.name, 'Walk-in') as customer, sum(greatest(m.sign, 0)) as sales,
             sum(m.total) filter (where m.sign > 0) as total, sum(m.total) filter (where m.sign < 0) as returns, sum(m.paid) as paid, sum(m.due) as due
        from ${soldDocuments(r)} m left join customers c on c.id = m.customer_id
       group by c.id, c.name`,
    order: sql`total desc nulls last, customer, id nulls first`,
  },
  'sales-by-cashier': {
    rows: (r) => sql`
      select u.id, coalesce(u.name, 'Nobody recorded') as cashier, sum(greatest(m.sign, 0)) as sales,
             sum(m.total) filter (where m.sign > 0) as total, sum(m.total) filter (where m.sign < 0) as returns, sum(m.sign * m.total) as net
        from ${soldDocuments(r)} m left join users u on u.id = m.created_by
       group by u.id, u.name`,
    order: sql`net desc, cashier, id`,
  },
  'sales-by-payment-method': {
    rows: (r) => sql`
      select y.method, count(*) filter (where y.doc_type = 'sale') as payments,
             sum(y.amount) filter (where y.doc_type = 'sale') as received, sum(y.amount) filter (where y.doc_type = 'sale_return') as refunded,
             sum(case when y.doc_type = 'sale' then y.amount else -y.amount end) as net
        from document_payments y
       where y.doc_type in ('sale', 'sale_return') and y.paid_on between ${r.from}::date and ${r.to}::date
       group by y.method`,
    order: sql`method`,
  },
  'tax-by-rate': {
    rows: (r) => sql`select m.tax_bps as rate, sum(m.net) as base, sum(m.tax) as tax from ${soldLines(r)} m group by m.tax_bps`,
    order: sql`rate`,
  },
  // The ledger at the end of `to`: a product no movement has touched since is at its level now;
  // the few moved since are read at their last movement before (value_after: on hand × average cost).
  'stock-valuation': {
    rows: (r) => sql`
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
      select h.product_id as id, null::text as label, h.on_hand, round(h.value::numeric / h.on_hand) as unit_cost, h.value
        from held h where h.on_hand <> 0`,
    order: sql`value desc, id`,
    perProduct: true,
  },
  // Each product's lines, then the discounts on whole sales (a last row, negative), so the total
  // profit is the dashboard's.
  'profit-by-product': {
    rows: (r) => sql`
      ${byProduct(r, sql`m.quantity, m.net as revenue, m.cost, m.net - m.cost as profit, case when m.net = 0 then null else round((m.net - m.cost) * 10000.0 / m.net) end as margin, 0 as last`)}
      union all
      select null, ${WHOLE_SALE_DISCOUNTS}::text, 0, w.amount, 0, w.amount, null, 1 from (select ${wholeSaleDiscounts(r)} as amount) w where w.amount <> 0`,
    order: sql`last, profit desc, id`,
    perProduct: true,
  },
  'purchases-by-supplier': {
    rows: (r) => sql`
      select s.id, s.name as supplier, count(*) as purchases, sum(x.grand_total) as total, sum(x.paid) as paid, sum(x.grand_total - x.paid) as due
        from purchases x join suppliers s on s.id = x.supplier_id
       where ${purchasesCounted('x')} and x.purchased_on between ${r.from}::date and ${r.to}::date
       group by s.id`,
    order: sql`total desc, supplier, id`,
  },
  'till-sessions': {
    rows: (r) => sql`
      select x.id, x.reference, u.name as cashier, x.created_at as opened_at, x.closed_at, x.opened_on,
             (select count(*) from sales s where s.register_session_id = x.id and s.status = 'completed') as sales,
             (select sum((e->>'expected')::bigint) from jsonb_array_elements(x.closing) e) as expected,
             (select sum((e->>'counted')::bigint) from jsonb_array_elements(x.closing) e) as counted,
             x.difference
        from register_sessions x join users u on u.id = x.opened_by
       where x.opened_on between ${r.from}::date and ${r.to}::date`,
    order: sql`opened_on, id`,
  },
};

/** Money and number columns the totals row sums (not those marked `total: false`). */
export const summedColumns = (def: ReportDef) => def.columns.filter((c) => (c.kind === 'money' || c.kind === 'number') && c.total !== false).map((c) => c.name);

type Cell = string | number | null;

export interface ReportRead {
  rows: Record<string, Cell>[];
  /** How many rows the report has over the range (more than `rows` when cut at the limit). */
  total_rows: number;
  /** The summed columns over all the rows, by SQL. */
  totals: Record<string, number>;
}

/**
 * The kind's rows over the range in its order, each cell as the column's kind shows it (numbers
 * as numbers, moments as ISO text): the first `limit` of them (all without one), with how many
 * there are and the totals over all of them, in one statement (window aggregates over the kind's
 * rows, then a top-`limit` sort: the rows past it are never sorted, sent or serialised).
 */
export async function readReport(db: Db, def: ReportDef, range: Range, limit?: number): Promise<ReportRead> {
  const query = QUERIES[def.kind as ReportKind];
  const summed = summedColumns(def);
  const windows = summed.map((name, i) => sql`, sum(x.${sql.identifier(name)}) over () as ${sql.identifier(`_total_${i}`)}`);
  const cut = sql`select x.*, count(*) over () as _total_rows${sql.join(windows, sql``)} from (${query.rows(range)}) x order by ${query.order}${limit === undefined ? sql`` : sql` limit ${limit}`}`;
  const found = await rowsOf<Record<string, unknown>>(
    db,
    query.perProduct ? sql`select y.*, coalesce(p.name, y.label) as product, p.sku from (${cut}) y left join products p on p.id = y.id order by ${query.order}` : cut,
  );
  const numeric = new Set(def.columns.filter((c) => c.kind === 'money' || c.kind === 'number' || c.kind === 'percent').map((c) => c.name));
  const moments = new Set(def.columns.filter((c) => c.kind === 'datetime').map((c) => c.name));
  const rows = found.map((row) => {
    const out: Record<string, Cell> = {};
    if (row.id != null) out.id = Number(row.id);
    for (const c of def.columns) {
      const v = row[c.name];
      out[c.name] = v == null ? (numeric.has(c.name) && summed.includes(c.name) ? 0 : null) : numeric.has(c.name) ? num(v) : moments.has(c.name) ? new Date(v as string).toISOString() : String(v);
    }
    return out;
  });
  const first = found[0];
  return { rows, total_rows: num(first?._total_rows), totals: Object.fromEntries(summed.map((name, i) => [name, num(first?.[`_total_${i}`])])) };
}
