import { sql } from 'drizzle-orm';
import { DASHBOARD_RIGHTS, type ComparedFigure, type DashboardResponse } from '../../domain/insight/dashboard.ts';
import type { Permission } from '../../domain/permissions.ts';
import { REGISTER_ALL_RIGHT } from '../../domain/pos/till.ts';
import type { Db } from '../db/index.ts';
import { rowsOf } from '../crud/sql.ts';
import { dayFigures, num, purchasesCounted, soldLines, type Range } from './figures.ts';

/**
 * The dashboard's one answer (domain/insight/dashboard.ts): each part read only when the person
 * holds its rights, all parts at once, each from the definitions of ./figures.ts (the rollup and
 * the tallies where a year of documents would otherwise be read).
 */

type Part = keyof typeof DASHBOARD_RIGHTS;

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const addDays = (d: string, n: number) => iso(dayMs(d) + n * DAY);
const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
const addMonths = (d: string, n: number) => {
  const [y, m] = d.split('-').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, m - 1 + n, 1));
  return iso(t.getTime());
};

/** The periods the figures compare: today against yesterday, the month so far against the month before up to the same day. */
export function periodsOf(today: string): { today: Range; yesterday: Range; month: Range; previousMonth: Range } {
  const month = monthStart(today);
  const before = addMonths(month, -1);
  // 1–31 March against 1–28 February: the earlier month's end caps the same day.
  const sameDay = addDays(before, Number(today.slice(8, 10)) - 1);
  const lastOfBefore = addDays(month, -1);
  const yesterday = addDays(today, -1);
  return {
    today: { from: today, to: today },
    yesterday: { from: yesterday, to: yesterday },
    month: { from: month, to: today },
    previousMonth: { from: before, to: sameDay < lastOfBefore ? sameDay : lastOfBefore },
  };
}

const compared = (value: number, previous: number): ComparedFigure => ({ value, previous });

async function money(db: Db, periods: ReturnType<typeof periodsOf>, show: (p: Part) => boolean) {
  const wantSales = show('sales') || show('profit');
  const [days, [other]] = await Promise.all([
    wantSales ? dayFigures(db, periods) : Promise.resolve(undefined),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select ${sql.join(
        (['today', 'yesterday', 'month', 'previousMonth'] as const).flatMap((k) => [
          sql`(select coalesce(sum(t.grand_total), 0) from document_tallies_by_day t where t.doc_type = 'purchase' and ${purchasesCounted('t')}
                and t.day between ${periods[k].from}::date and ${periods[k].to}::date) as ${sql.identifier(`pu_${k}`)}`,
          sql`(select coalesce(sum(e.amount), 0) from expenses e where e.date between ${periods[k].from}::date and ${periods[k].to}::date) as ${sql.identifier(`ex_${k}`)}`,
        ]),
        sql`, `,
      )}`,
    ),
  ]);
  const of = (now: 'today' | 'month', was: 'yesterday' | 'previousMonth') => {
    const out: NonNullable<DashboardResponse['today_figures']> = {};
    if (days && show('sales')) out.sales = compared(days[now]!.sales, days[was]!.sales);
    if (days && show('profit')) out.profit = compared(days[now]!.profit, days[was]!.profit);
    if (show('purchases')) out.purchases = compared(num(other?.[`pu_${now}`]), num(other?.[`pu_${was}`]));
    if (show('expenses')) out.expenses = compared(num(other?.[`ex_${now}`]), num(other?.[`ex_${was}`]));
    return out;
  };
  return { today_figures: of('today', 'yesterday'), month_figures: of('month', 'previousMonth') };
}

/** What customers owe on completed sales: the tallies' due and partly paid sales, less what their returns changed (the few returned sales). */
async function receivable(db: Db) {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select (select coalesce(sum(t.docs), 0) from document_tallies_by_day t where t.doc_type = 'sale' and t.status = 'completed' and t.payment_status <> 'paid') as documents,
               (select coalesce(sum(t.grand_total - t.paid), 0) from document_tallies_by_day t where t.doc_type = 'sale' and t.status = 'completed' and t.payment_status <> 'paid')
             - (select coalesce(sum(s.returned_total - s.refunded), 0) from sales s
                 where (s.returned_total <> 0 or s.refunded <> 0) and s.status = 'completed' and s.payment_status <> 'paid') as amount`,
  );
  return { amount: num(row?.amount), documents: num(row?.documents) };
}

async function tallied(db: Db, docType: string, where: ReturnType<typeof sql>, amount: ReturnType<typeof sql>) {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`select coalesce(sum(t.docs), 0) as count, coalesce(sum(${amount}), 0) as amount from document_tallies_by_day t where t.doc_type = ${docType} and ${where}`,
  );
  return { count: num(row?.count), amount: num(row?.amount) };
}

async function lowStock(db: Db) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select p.id, p.name, p.sku, coalesce(l.qty, 0) as on_hand, p.alert_quantity, count(*) over () as count
          from low_stock x join products p on p.id = x.product_id left join stock_levels l on l.product_id = p.id
         where x.active order by coalesce(l.qty, 0), p.name, p.id limit 5`,
  );
  const count = rows.length ? num(rows[0]!.count) : 0;
  return { count, items: rows.map((r) => ({ id: num(r.id), name: String(r.name), sku: String(r.sku), on_hand: num(r.on_hand), alert_quantity: num(r.alert_quantity) })) };
}

/**
 * The month's five products with the most revenue (net), from the month's rows alone (soldLines
 * over the whole month: the (month, product_id) index of migration 0028 read in its order, an
 * index-only scan and a sorted aggregate, no hash of the month's ~85,000 rows). That is the month
 * so far unless lines are dated after today (a sale dated ahead): then, and only then, the range
 * itself is read, which takes those days off as every report does.
 */
async function topProducts(db: Db, month: Range) {
  const end = addDays(addMonths(month.from, 1), -1);
  const ahead = sql`(select exists (select 1 from sale_product_days d where d.day > ${month.to}::date and d.day <= ${end}::date))`;
  const top = (range: Range) => sql`
    select p.id, p.name, p.sku, t.quantity, t.revenue, ${ahead} as ahead from (
      select m.product_id, sum(m.quantity) as quantity, sum(m.net) as revenue from ${soldLines(range)} m
       group by m.product_id order by sum(m.net) desc, m.product_id limit 5) t
    join products p on p.id = t.product_id order by t.revenue desc, p.id`;
  let rows = await rowsOf<Record<string, unknown>>(db, top({ from: month.from, to: end }));
  if (rows[0]?.ahead === true || rows[0]?.ahead === 't') rows = await rowsOf<Record<string, unknown>>(db, top(month));
  return rows.map((r) => ({ id: num(r.id), name: String(r.name), sku: String(r.sku), quantity: num(r.quantity), revenue: num(r.revenue) }));
}

async function recentSales(db: Db) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select s.id, s.reference, c.name as customer, s.sold_on::text as sold_on, s.grand_total, s.payment_status
          from sales s left join customers c on c.id = s.customer_id
         where s.status = 'completed' order by s.sold_on desc, s.id desc limit 5`,
  );
  return rows.map((r) => ({ id: num(r.id), reference: String(r.reference), customer: r.customer == null ? null : String(r.customer), sold_on: String(r.sold_on), grand_total: num(r.grand_total), payment_status: String(r.payment_status) }));
}

/** The till today: every till's for who holds `pos setting`, else the person's own sales, refunds and sessions. */
async function till(db: Db, today: string, userId: number, all: boolean): Promise<NonNullable<DashboardResponse['till']>> {
  const mine = (col: string) => (all ? sql`true` : sql`${sql.identifier(col)}.created_by = ${userId}`);
  const [[sold], methods, sessions] = await Promise.all([
    rowsOf<Record<string, unknown>>(
      db,
      // One read of today's till sales for their count and total (a day at 1,000,000 a year: ~2,700).
      sql`select count(*) as sales, coalesce(sum(s.grand_total), 0) as total,
                 (select coalesce(sum(x.refunded), 0) from sale_returns x where x.register_session_id is not null and x.returned_on = ${today}::date and ${mine('x')}) as refunds
            from sales s where s.channel = 'pos' and s.status = 'completed' and s.sold_on = ${today}::date and ${mine('s')}`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      // Each side joined on document_payments' (doc_type, doc_id) index: an OR of the two read every payment of the year.
      sql`select t.method, sum(t.amount) as amount from (
            select y.method, y.amount from sales s join document_payments y on y.doc_type = 'sale' and y.doc_id = s.id
             where s.channel = 'pos' and s.sold_on = ${today}::date and ${mine('s')}
            union all
            select y.method, -y.amount from sale_returns x join document_payments y on y.doc_type = 'sale_return' and y.doc_id = x.id
             where x.register_session_id is not null and x.returned_on = ${today}::date and ${mine('x')}) t
           group by t.method order by t.method`,
    ),
    rowsOf<Record<string, unknown>>(
      db,
      sql`select r.id, r.reference, u.name as cashier, r.created_at as opened_at,
                 (select count(*) from sales s where s.register_session_id = r.id and s.status = 'completed') as sales,
                 (select coalesce(sum(s.grand_total), 0) from sales s where s.register_session_id = r.id and s.status = 'completed') as total
            from register_sessions r join users u on u.id = r.opened_by
           where r.status = 'open' and ${all ? sql`true` : sql`r.opened_by = ${userId}`} order by r.id`,
    ),
  ]);
  return {
    scope: all ? 'all' : 'mine',
    sales: num(sold?.sales),
    total: num(sold?.total),
    refunds: num(sold?.refunds),
    by_method: methods.map((m) => ({ method: String(m.method), amount: num(m.amount) })),
    open_sessions: sessions.map((s) => ({ id: num(s.id), reference: String(s.reference), cashier: String(s.cashier), opened_at: new Date(s.opened_at as string).toISOString(), sales: num(s.sales), total: num(s.total) })),
  };
}

/** Sales and profit per day over the last 30 days and per month over the last 12 (every period present, oldest first), from the rollup. */
async function chart(db: Db, today: string) {
  const firstDay = addDays(today, -29);
  const firstMonth = addMonths(monthStart(today), -11);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select d.day::text as day, d.total - d.returned as sales, (d.revenue - d.returned_revenue) - (d.cost - d.returned_cost) as profit
          from sale_days d where d.day between ${firstMonth}::date and ${today}::date`,
  );
  const days = new Map<string, { sales: number; profit: number }>();
  const months = new Map<string, { sales: number; profit: number }>();
  const add = (m: Map<string, { sales: number; profit: number }>, k: string, s: number, p: number) => {
    const v = m.get(k) ?? { sales: 0, profit: 0 };
    m.set(k, { sales: v.sales + s, profit: v.profit + p });
  };
  for (const r of rows) {
    const day = String(r.day);
    if (day >= firstDay) add(days, day, num(r.sales), num(r.profit));
    add(months, day.slice(0, 7), num(r.sales), num(r.profit));
  }
  return {
    days: Array.from({ length: 30 }, (_, i) => addDays(firstDay, i)).map((period) => ({ period, ...(days.get(period) ?? { sales: 0, profit: 0 }) })),
    months: Array.from({ length: 12 }, (_, i) => addMonths(firstMonth, i).slice(0, 7)).map((period) => ({ period, ...(months.get(period) ?? { sales: 0, profit: 0 }) })),
  };
}

export async function readDashboard(db: Db, now: Date, userId: number, rights: ReadonlySet<Permission>): Promise<DashboardResponse> {
  const today = iso(now.getTime());
  const periods = periodsOf(today);
  const show = (p: Part) => DASHBOARD_RIGHTS[p].every((r) => rights.has(r as Permission));
  const when = <T>(p: Part, read: () => Promise<T>) => (show(p) ? read() : Promise.resolve(undefined));
  const anyMoney = (['sales', 'profit', 'purchases', 'expenses'] as const).some(show);
  const [figures, owed, payable, pending, low, top, recent, tillToday, charted] = await Promise.all([
    anyMoney ? money(db, periods, show) : Promise.resolve(undefined),
    when('receivable', () => receivable(db)),
    when('payable', () => tallied(db, 'purchase', sql`t.status <> 'cancelled' and t.payment_status <> 'paid'`, sql`t.grand_total - t.paid`)),
    when('pending_orders', () => tallied(db, 'order', sql`t.status = 'pending'`, sql`t.grand_total`)),
    when('low_stock', () => lowStock(db)),
    when('top_products', () => topProducts(db, periods.month)),
    when('recent_sales', () => recentSales(db)),
    when('till', () => till(db, today, userId, rights.has(REGISTER_ALL_RIGHT))),
    when('chart', () => chart(db, today)),
  ]);
  return {
    today,
    month_start: periods.month.from,
    ...(figures ?? {}),
    ...(owed ? { receivable: owed } : {}),
    ...(payable ? { payable: { amount: payable.amount, documents: payable.count } } : {}),
    ...(pending ? { pending_orders: { count: pending.count, total: pending.amount } } : {}),
    ...(low ? { low_stock: low } : {}),
    ...(top ? { top_products: top } : {}),
    ...(recent ? { recent_sales: recent } : {}),
    ...(tillToday ? { till: tillToday } : {}),
    ...(charted ? { chart: charted } : {}),
  };
}
