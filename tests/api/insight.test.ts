import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_API, dashboardResponse } from '../../domain/insight/dashboard.ts';
import { REPORTS, REPORTS_API, reportResponse } from '../../domain/insight/reports.ts';
import { SALES_API } from '../../domain/documents/sale.ts';
import { rowsOf } from '../../server/crud/sql.ts';
import { client, expectFieldError, expectSentence, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * The dashboard and the reports (issue 36) on the demo shop's year: each report's total equals
 * the sum of the documents it covers, read here straight from their tables and added up in
 * TypeScript (not through server/insight's SQL); the sale_days rollup equals the documents, also
 * after a sale and a return through the API; the dashboard agrees with the reports; rights.
 */

let h: Harness;
let admin: Client;
let cashier: Client;
beforeAll(async () => {
  h = await createHarness({ shop: true });
  admin = client(h, await h.tokenFor('admin@example.com'));
  cashier = client(h, await h.tokenFor('cashier@example.com'));
});
afterAll(() => h?.close());

const rows = <T = Record<string, any>>(q: SQL) => rowsOf<T>(h.db, q);
const n = (v: unknown) => Number(v ?? 0);
const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Last calendar month of the harness's clock. */
function lastMonth() {
  const now = h.clock.now;
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: iso(from), to: iso(to) };
}

async function report(kind: string, range: { from: string; to: string }, as: Client = admin) {
  const res = await as.get(`${REPORTS_API}/${kind}`, range);
  expect(res.status, res.text).toBe(200);
  return reportResponse.parse(res.body);
}

/** The documents, read plainly: completed sales and returns in a range, with their lines. */
async function documents(r: { from: string; to: string }) {
  const sales = await rows(sql`select id, sold_on::text as day, grand_total, line_tax, document_tax, shipping_total, subtotal, paid, refunded, returned_total, created_by, customer_id
    from sales where status = 'completed' and sold_on between ${r.from}::date and ${r.to}::date`);
  const returns = await rows(sql`select x.id, x.returned_on::text as day, x.grand_total, x.tax_total, x.subtotal, x.created_by
    from sale_returns x where x.returned_on between ${r.from}::date and ${r.to}::date`);
  const lines = await rows(sql`select l.product_id, l.tax_bps, l.quantity, l.net, l.tax, l.total, l.unit_cost from sale_lines l join sales s on s.id = l.sale_id
    where s.status = 'completed' and s.sold_on between ${r.from}::date and ${r.to}::date`);
  const back = await rows(sql`select l.product_id, l.tax_bps, l.quantity, l.net, l.tax, l.total, l.unit_cost from sale_return_lines l join sale_returns x on x.id = l.return_id
    where x.returned_on between ${r.from}::date and ${r.to}::date`);
  const cost = (l: any) => n(l.unit_cost) * n(l.quantity);
  return {
    sales,
    returns,
    count: sales.length,
    gross: sum(sales, (s) => n(s.grand_total)),
    returned: sum(returns, (x) => n(x.grand_total)),
    net: sum(sales, (s) => n(s.grand_total)) - sum(returns, (x) => n(x.grand_total)),
    tax: sum(sales, (s) => n(s.line_tax) + n(s.document_tax)) - sum(returns, (x) => n(x.tax_total)),
    // Revenue without tax and shipping, after every discount; less the cost units left (and came back) at.
    revenue: sum(sales, (s) => n(s.grand_total) - n(s.line_tax) - n(s.document_tax) - n(s.shipping_total)) - sum(returns, (x) => n(x.grand_total) - n(x.tax_total)),
    profit:
      sum(sales, (s) => n(s.grand_total) - n(s.line_tax) - n(s.document_tax) - n(s.shipping_total)) -
      sum(returns, (x) => n(x.grand_total) - n(x.tax_total)) -
      (sum(lines, cost) - sum(back, cost)),
    // The discounts on whole sales: the lines' net (the subtotal) less what the sale came to without tax and shipping.
    discounts:
      sum(sales, (s) => n(s.subtotal) - (n(s.grand_total) - n(s.line_tax) - n(s.document_tax) - n(s.shipping_total))) -
      sum(returns, (x) => n(x.subtotal) - (n(x.grand_total) - n(x.tax_total))),
    units: sum(lines, (l) => n(l.quantity)) - sum(back, (l) => n(l.quantity)),
    lineNet: sum(lines, (l) => n(l.net)) - sum(back, (l) => n(l.net)),
    lineTax: sum(lines, (l) => n(l.tax)) - sum(back, (l) => n(l.tax)),
    lineTotal: sum(lines, (l) => n(l.total)) - sum(back, (l) => n(l.total)),
    cost: sum(lines, cost) - sum(back, cost),
  };
}

/** sale_days as the documents say, day by day (each figure, computed here). */
async function expectRollupEqualsDocuments() {
  const all = await documents({ from: '1900-01-01', to: '2999-12-31' });
  const byDay = new Map<string, number[]>();
  const add = (day: string, i: number, v: number) => {
    const row = byDay.get(day) ?? Array(10).fill(0);
    row[i] += v;
    byDay.set(day, row);
  };
  const lineCost = await rows(sql`select s.sold_on::text as day, sum(l.unit_cost::bigint * l.quantity) as cost from sale_lines l join sales s on s.id = l.sale_id where s.status = 'completed' group by 1`);
  const backCost = await rows(sql`select x.returned_on::text as day, sum(l.unit_cost::bigint * l.quantity) as cost from sale_return_lines l join sale_returns x on x.id = l.return_id group by 1`);
  for (const s of all.sales) {
    add(s.day, 0, 1);
    add(s.day, 1, n(s.grand_total));
    add(s.day, 2, n(s.line_tax) + n(s.document_tax));
    add(s.day, 3, n(s.grand_total) - n(s.line_tax) - n(s.document_tax) - n(s.shipping_total));
  }
  for (const c of lineCost) add(c.day, 4, n(c.cost));
  for (const x of all.returns) {
    add(x.day, 5, 1);
    add(x.day, 6, n(x.grand_total));
    add(x.day, 7, n(x.tax_total));
    add(x.day, 8, n(x.grand_total) - n(x.tax_total));
  }
  for (const c of backCost) add(c.day, 9, n(c.cost));
  const kept = await rows(sql`select day::text as day, sales, total, tax, revenue, cost, returns, returned, returned_tax, returned_revenue, returned_cost from sale_days`);
  const rollup = new Map(
    kept
      .map((d) => [d.day as string, [d.sales, d.total, d.tax, d.revenue, d.cost, d.returns, d.returned, d.returned_tax, d.returned_revenue, d.returned_cost].map(n)] as const)
      .filter(([, v]) => v.some((x) => x !== 0)),
  );
  expect(byDay.size).toBeGreaterThan(300);
  expect(Object.fromEntries(rollup)).toEqual(Object.fromEntries(byDay));

  // sale_product_days: each day × product × rate, the lines sold less the lines returned.
  const lines = await rows(sql`select s.sold_on::text as day, l.product_id, l.tax_bps, l.quantity, l.net, l.tax, l.total, l.unit_cost, 1 as sign
      from sale_lines l join sales s on s.id = l.sale_id where s.status = 'completed'
    union all
    select x.returned_on::text, l.product_id, l.tax_bps, l.quantity, l.net, l.tax, l.total, l.unit_cost, -1
      from sale_return_lines l join sale_returns x on x.id = l.return_id`);
  const byLine = new Map<string, number[]>();
  for (const l of lines) {
    const k = `${l.day} ${l.product_id} ${l.tax_bps}`;
    const v = byLine.get(k) ?? [0, 0, 0, 0, 0];
    [n(l.quantity), n(l.net), n(l.tax), n(l.total), n(l.unit_cost) * n(l.quantity)].forEach((x, i) => (v[i]! += n(l.sign) * x));
    byLine.set(k, v);
  }
  const keptLines = await rows(sql`select day::text as day, product_id, tax_bps, quantity, net, tax, total, cost from sale_product_days`);
  const nonZero = (m: Iterable<readonly [string, number[]]>) => Object.fromEntries([...m].filter(([, v]) => v.some((x) => x !== 0)));
  expect(Object.keys(nonZero(byLine)).length).toBeGreaterThan(300);
  expect(nonZero(keptLines.map((d) => [`${d.day} ${d.product_id} ${d.tax_bps}`, [d.quantity, d.net, d.tax, d.total, d.cost].map(n)] as const))).toEqual(nonZero(byLine));

  // sale_product_months: the same lines per calendar month.
  const byMonth = new Map<string, number[]>();
  for (const [k, v] of byLine) {
    const key = `${k.slice(0, 7)}-01${k.slice(10)}`;
    const m = byMonth.get(key) ?? [0, 0, 0, 0, 0];
    v.forEach((x, i) => (m[i]! += x));
    byMonth.set(key, m);
  }
  const keptMonths = await rows(sql`select month::text as month, product_id, tax_bps, quantity, net, tax, total, cost from sale_product_months`);
  expect(nonZero(keptMonths.map((d) => [`${d.month} ${d.product_id} ${d.tax_bps}`, [d.quantity, d.net, d.tax, d.total, d.cost].map(n)] as const))).toEqual(nonZero(byMonth));
}

describe('the sale_days, sale_product_days and sale_product_months rollups', () => {
  it('equals the documents over the demo year, day by day', async () => {
    await expectRollupEqualsDocuments();
  });

  it('still equals them after a sale, its payment and a return through the API', async () => {
    const [p] = await rows(sql`select l.product_id from stock_levels l join products pr on pr.id = l.product_id where l.qty > 5 and not pr.tracks_serials order by l.product_id limit 1`);
    const today = iso(h.clock.now);
    const made = await admin.post(SALES_API, { sold_on: today, lines: [{ product_id: p!.product_id, quantity: 3 }], discount: 100, shipping: 250, payments: [{ method: 'cash', amount: 100 }] });
    expect(made.status, made.text).toBe(201);
    const sale = made.body.data;
    const back = await admin.post(`${SALES_API}/${sale.id}/returns`, { returned_on: today, lines: [{ line_id: sale.lines[0].id, quantity: 1 }] });
    expect(back.status, back.text).toBe(201);
    await expectRollupEqualsDocuments();
  });
});

describe('each report’s total is the sum of the documents it covers (last month)', () => {
  it('sales by day, by customer and by cashier: completed sales less returns', async () => {
    const r = lastMonth();
    const d = await documents(r);
    expect(d.count).toBeGreaterThan(10);
    const byDay = await report('sales-by-day', r);
    expect(byDay.totals).toEqual({ sales: d.count, gross: d.gross, returns: d.returned, net: d.net, tax: d.tax });
    for (const row of byDay.rows) expect(row.day! >= r.from && row.day! <= r.to).toBe(true);
    const byCustomer = await report('sales-by-customer', r);
    expect(byCustomer.totals).toEqual({
      sales: d.count,
      total: d.gross,
      returns: d.returned,
      paid: sum(d.sales, (s) => n(s.paid) - n(s.refunded)),
      due: sum(d.sales, (s) => n(s.grand_total) - n(s.returned_total) - n(s.paid) + n(s.refunded)),
    });
    const byCashier = await report('sales-by-cashier', r);
    expect(byCashier.totals).toEqual({ sales: d.count, total: d.gross, returns: d.returned, net: d.net });
    expect(byCashier.rows.map((x) => x.cashier)).toContain('Cashier');
  });

  it('by product, by category, tax by rate and profit by product: the lines sold less the lines returned', async () => {
    const r = lastMonth();
    const d = await documents(r);
    expect((await report('sales-by-product', r)).totals).toEqual({ quantity: d.units, net: d.lineNet, tax: d.lineTax, total: d.lineTotal });
    expect((await report('sales-by-category', r)).totals).toEqual({ quantity: d.units, net: d.lineNet, tax: d.lineTax, total: d.lineTotal });
    expect((await report('tax-by-rate', r)).totals).toEqual({ base: d.lineNet, tax: d.lineTax });
    // Profit by product: each product's lines, then the discounts on whole sales, so its total is the sales' profit.
    const profit = await report('profit-by-product', r);
    expect(d.discounts).toBeGreaterThan(0);
    expect(profit.totals).toEqual({ quantity: d.units, revenue: d.revenue, cost: d.cost, profit: d.profit });
    const discountRow = profit.rows.at(-1)!;
    expect(discountRow).toMatchObject({ product: 'Discounts on whole sales', quantity: 0, revenue: -d.discounts, cost: 0, profit: -d.discounts, margin: null });
    expect(discountRow.id).toBeUndefined();
    const products = profit.rows.slice(0, -1);
    expect(sum(products, (x) => n(x.revenue))).toBe(d.lineNet);
    for (const row of products) if (n(row.revenue) > 0) expect(row.margin).toBe(Math.round((n(row.profit) * 10000) / n(row.revenue)));
  });

  it('payments by method, purchases by supplier, till sessions and stock valuation', async () => {
    const r = lastMonth();
    const pays = await rows(sql`select doc_type, amount from document_payments where doc_type in ('sale', 'sale_return') and paid_on between ${r.from}::date and ${r.to}::date`);
    const received = sum(pays.filter((p) => p.doc_type === 'sale'), (p) => n(p.amount));
    const refunded = sum(pays.filter((p) => p.doc_type === 'sale_return'), (p) => n(p.amount));
    expect((await report('sales-by-payment-method', r)).totals).toEqual({ payments: pays.filter((p) => p.doc_type === 'sale').length, received, refunded, net: received - refunded });

    const year = { from: iso(new Date(h.clock.now.getTime() - 365 * 86_400_000)), to: iso(h.clock.now) };
    const bought = await rows(sql`select grand_total, paid from purchases where status in ('partial', 'received', 'returned') and purchased_on between ${year.from}::date and ${year.to}::date`);
    expect(bought.length).toBeGreaterThan(0);
    const g = sum(bought, (b) => n(b.grand_total));
    const paid = sum(bought, (b) => n(b.paid));
    expect((await report('purchases-by-supplier', year)).totals).toEqual({ purchases: bought.length, total: g, paid, due: g - paid });

    const sessions = await rows(sql`select id, difference, closing from register_sessions where opened_on between ${r.from}::date and ${r.to}::date`);
    expect(sessions.length).toBeGreaterThan(0);
    const closing = (s: any, k: string) => sum((typeof s.closing === 'string' ? JSON.parse(s.closing) : (s.closing ?? [])) as any[], (m) => n(m[k]));
    const till = await report('till-sessions', r);
    expect(till.totals).toEqual({
      sales: n((await rows(sql`select count(*) as c from sales where status = 'completed' and register_session_id in (select id from register_sessions where opened_on between ${r.from}::date and ${r.to}::date)`))[0]!.c),
      expected: sum(sessions, (s) => closing(s, 'expected')),
      counted: sum(sessions, (s) => closing(s, 'counted')),
      difference: sum(sessions, (s) => n(s.difference)),
    });

    // Today: every level at its average cost, against the products' own on hand.
    const levels = await rows(sql`select qty, avg_cost from stock_levels where qty <> 0`);
    const value = await report('stock-valuation', { from: iso(h.clock.now), to: iso(h.clock.now) });
    expect(value.totals).toEqual({ on_hand: sum(levels, (l) => n(l.qty)), value: sum(levels, (l) => Math.round(n(l.qty) * Number(l.avg_cost ?? 0))) });
  });
});

describe('the dashboard', () => {
  it('agrees with the reports and the documents: the month’s and today’s sales and profit, the chart, top products', async () => {
    const res = await admin.get(DASHBOARD_API);
    expect(res.status, res.text).toBe(200);
    const d = dashboardResponse.parse(res.body.data);
    const today = iso(h.clock.now);
    expect(d.today).toBe(today);
    const month = { from: d.month_start, to: today };
    const docs = await documents(month);
    const byDay = await report('sales-by-day', month);
    expect(d.month_figures!.sales!.value).toBe(byDay.totals.net);
    expect(d.month_figures!.sales!.value).toBe(docs.net);
    expect(d.month_figures!.profit!.value).toBe(docs.profit);
    // Profit by product ends with the discounts on whole sales: its total is the dashboard's profit.
    expect((await report('profit-by-product', month)).totals.profit).toBe(d.month_figures!.profit!.value);
    const todayDocs = await documents({ from: today, to: today });
    expect(d.today_figures!.sales!.value).toBe(todayDocs.net);
    expect(d.chart!.days).toHaveLength(30);
    expect(d.chart!.months).toHaveLength(12);
    expect(d.chart!.days.at(-1)).toEqual({ period: today, sales: todayDocs.net, profit: todayDocs.profit });
    const top = (await report('sales-by-product', month)).rows.map((x) => n(x.net)).sort((a, b) => b - a).slice(0, 5);
    expect(d.top_products!.map((p) => p.revenue)).toEqual(top);
    expect(d.recent_sales).toHaveLength(5);
    expect(d.till!.scope).toBe('all');
    expect(d.low_stock!.count).toBeGreaterThanOrEqual(d.low_stock!.items.length);
    const owed = await rows(sql`select grand_total - returned_total - paid + refunded as due from sales where status = 'completed' and payment_status <> 'paid'`);
    expect(d.receivable).toEqual({ amount: sum(owed, (o) => n(o.due)), documents: owed.length });
  });

  it('takes the lines dated after today off its top products (the month’s rollup holds them): the 15th of last month', async () => {
    const real = h.clock.now;
    const { from, to } = lastMonth();
    h.clock.set(new Date(`${from.slice(0, 8)}15T12:00:00Z`));
    try {
      const month = { from, to: `${from.slice(0, 8)}15` };
      const [ahead] = await rows(sql`select count(*) as c from sale_product_days where day > ${month.to}::date and day <= ${to}::date`);
      expect(n(ahead!.c)).toBeGreaterThan(0);
      const d = dashboardResponse.parse((await admin.get(DASHBOARD_API)).body.data);
      const byProduct = await report('sales-by-product', month);
      expect(d.top_products!.map((p) => [p.id, p.revenue])).toEqual(byProduct.rows.slice(0, 5).map((x) => [x.id, x.net]));
    } finally {
      h.clock.set(real);
    }
  });

  it('shows a cashier the till and recent sales, not the shop’s money; reports are refused', async () => {
    const res = await cashier.get(DASHBOARD_API);
    expect(res.status, res.text).toBe(200);
    const d = dashboardResponse.parse(res.body.data);
    expect(d.till?.scope).toBe('mine');
    expect(d.recent_sales).toBeDefined();
    for (const part of ['today_figures', 'month_figures', 'chart', 'top_products', 'receivable', 'payable'] as const) {
      expect(d[part] === undefined || Object.keys(d[part]!).length === 0, part).toBe(true);
    }
    const [me] = await rows(sql`select id from users where email = 'cashier@example.com'`);
    const mine = await rows(sql`select grand_total from sales where channel = 'pos' and status = 'completed' and sold_on = ${iso(h.clock.now)}::date and created_by = ${me!.id}`);
    expect(d.till).toMatchObject({ sales: mine.length, total: sum(mine, (s) => n(s.grand_total)) });
    for (const def of REPORTS) {
      const refused = await cashier.get(`${REPORTS_API}/${def.kind}`, lastMonth());
      expect(refused.status, def.kind).toBe(403);
      expectSentence(refused.body.message);
    }
  });
});

describe('the report route', () => {
  it('refuses a bad range under from/to, and names the reports for an unknown kind', async () => {
    expectFieldError(await admin.get(`${REPORTS_API}/sales-by-day`, { from: '2025-05-10', to: '2025-05-01' }), 'to');
    expectFieldError(await admin.get(`${REPORTS_API}/sales-by-day`, { from: 'yesterday', to: '2025-05-01' }), 'from');
    expectFieldError(await admin.get(`${REPORTS_API}/sales-by-day`, { from: '2024-01-01' }), 'to');
    expectFieldError(await admin.get(`${REPORTS_API}/sales-by-day`, { from: '2023-01-01', to: '2025-01-01' }), 'to');
    const unknown = await admin.get(`${REPORTS_API}/sales-by-mood`, lastMonth());
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('sales-by-day');
  });

  it('cuts a long answer at the limit, largest first, with the count and the totals of every row; the CSV has them all', async () => {
    const r = lastMonth();
    const full = await report('sales-by-product', r);
    expect(full.total_rows).toBe(full.rows.length);
    expect(full.total_rows).toBeGreaterThan(3);
    const cut = reportResponse.parse((await admin.get(`${REPORTS_API}/sales-by-product`, { ...r, limit: '3' })).body);
    expect(cut.rows).toEqual(full.rows.slice(0, 3));
    expect(cut.total_rows).toBe(full.total_rows);
    expect(cut.totals).toEqual(full.totals);
    const nets = full.rows.map((x) => n(x.net));
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
    const csv = await admin.get(`${REPORTS_API}/sales-by-product`, { ...r, format: 'csv', limit: '3' });
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(full.total_rows + 2);
    const t = cut.totals;
    expect(lines.at(-1)).toBe(`Total,,${t.quantity},${(t.net! / 100).toFixed(2)},${(t.tax! / 100).toFixed(2)},${(t.total! / 100).toFixed(2)}`);
    expectFieldError(await admin.get(`${REPORTS_API}/sales-by-product`, { ...r, limit: '0' }), 'limit');
    expectFieldError(await admin.get(`${REPORTS_API}/sales-by-product`, { ...r, limit: '501' }), 'limit');
  });

  it('exports CSV: the header, the rows and the total', async () => {
    const r = lastMonth();
    const json = await report('sales-by-day', r);
    const res = await admin.get(`${REPORTS_API}/sales-by-day`, { ...r, format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Day,Sales,Sold,Returned,Net sales,Tax');
    expect(lines).toHaveLength(json.rows.length + 2);
    expect(lines[1]!.startsWith(String(json.rows[0]!.day))).toBe(true);
    expect(lines.at(-1)).toBe(`Total,${json.totals.sales},${(json.totals.gross! / 100).toFixed(2)},${(json.totals.returns! / 100).toFixed(2)},${(json.totals.net! / 100).toFixed(2)},${(json.totals.tax! / 100).toFixed(2)}`);
  });
});
