import { asc, count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { RESOURCES, SINGLETONS, websiteSetting } from '../../domain/resources/index.ts';
import * as T from '../../server/db/schema.ts';
import { SERVER_RESOURCES } from '../../server/resources/index.ts';
import { seedDemo } from '../../server/seed.ts';
import { seedDemoShop } from '../../server/seed-demo.ts';
import { seedDemoStock } from '../../server/seed-stock.ts';
import { DEMO_PURCHASE_COUNT, seedDemoPurchases } from '../../server/seed-purchases.ts';
import { PURCHASES_API } from '../../domain/documents/purchase.ts';
import { barcodeProblem } from '../../domain/stock/barcode.ts';
import { STOCK_ALERTS_API } from '../../domain/stock/lists.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';
import { writeSchemas } from '../../domain/schema-kit.ts';

/** The demo shop of PRODUCT §1: what it holds, that it is valid, seeded once and the same every time. */

let h: Harness;
let api: Client;

const TABLES = {
  customer_categories: T.customerCategories,
  customers: T.customers,
  suppliers: T.suppliers,
  categories: T.categories,
  brands: T.brands,
  attributes: T.attributes,
  attribute_values: T.attributeValues,
  colors: T.colors,
  units: T.units,
  expense_categories: T.expenseCategories,
  expenses: T.expenses,
  services: T.services,
  banners: T.banners,
  solutions: T.solutions,
  settings: T.settings,
  products: T.products,
  images: T.images,
  purchases: T.purchases,
  purchase_lines: T.purchaseLines,
  document_payments: T.documentPayments,
} satisfies Record<string, PgTable>;

async function counts(db: Harness['db']) {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) out[name] = Number((await db.select({ n: count() }).from(table as PgTable))[0]!.n);
  return out;
}

beforeAll(async () => {
  h = await createHarness({ shop: true });
  api = client(h, await h.tokenFor('admin@example.com'));
});
afterAll(() => h?.close());

describe('demo shop', () => {
  it('holds a small shop’s reference data', async () => {
    // Lines and payments grow with the year of sales, whose size follows the weekdays of the year before today.
    const { purchase_lines, document_payments, ...fixed } = await counts(h.db);
    expect(purchase_lines).toBeGreaterThan(93);
    expect(document_payments).toBeGreaterThan(365);
    expect(fixed).toEqual({
      customer_categories: 3,
      customers: 60,
      suppliers: 15,
      categories: 12,
      brands: 12,
      attributes: 3,
      attribute_values: 11,
      colors: 12,
      units: 6,
      expense_categories: 6,
      expenses: 40,
      services: 4,
      banners: 3,
      solutions: 4,
      settings: 6, // POS, website and the markers of the shop, of its goods, of its purchases and of its sales
      products: 202,
      images: 9, // one picture per category, shared by its products
      // The purchases' own, and one a year back that brought in what the year's sales took.
      purchases: DEMO_PURCHASE_COUNT + 1,
    });
    const cats = await api.rows(RESOURCES.customerCategories!.api);
    expect(Object.fromEntries(cats.map((c) => [c.name, c.discount_bps]))).toEqual({ Retail: 0, Wholesale: 1000, VIP: 500 });
    expect(cats.every((c) => c.customers_count > 0)).toBe(true);
    expect((await api.rows(RESOURCES.categories!.api)).filter((c) => c.parent_id !== null).length).toBeGreaterThanOrEqual(3);
    const attrs = await api.rows(RESOURCES.attributes!.api);
    expect(Object.fromEntries(attrs.map((a) => [a.name, a.values_count]))).toEqual({ Size: 4, Material: 4, Capacity: 3 });
    const units = await api.rows(RESOURCES.units!.api);
    expect(units.map((u) => u.short_name).sort()).toEqual(['box', 'kg', 'l', 'm', 'pack', 'pcs']);
    expect((await api.get(websiteSetting.api)).body.data).toMatchObject({ shop_name: 'Northwind Home & Tech', currency: 'USD' });
  });

  it('dates expenses within the last 90 days, in whole cents', async () => {
    const rows = await api.rows(RESOURCES.expenses!.api);
    const today = new Date().toISOString().slice(0, 10);
    const oldest = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    for (const e of rows) {
      expect(e.date >= oldest && e.date <= today, e.date).toBe(true);
      expect(Number.isInteger(e.amount) && e.amount > 0).toBe(true);
    }
  });

  it('every demo record passes the same validation as the forms', async () => {
    for (const def of Object.values(RESOURCES)) {
      if (def.parent) continue;
      const schema = writeSchemas(def).update as z.ZodObject;
      for (const row of await api.rows(def.api)) {
        const body = Object.fromEntries(Object.keys(schema.shape).filter((k) => row[k] !== undefined).map((k) => [k, row[k]]));
        const parsed = schema.safeParse(body);
        expect(parsed.success, `${def.key} #${row.id}: ${parsed.error?.message}`).toBe(true);
      }
    }
    for (const def of Object.values(SINGLETONS)) {
      const data = (await api.get(def.api)).body.data;
      expect(writeSchemas(def).create.safeParse(data).success, def.key).toBe(true);
    }
  });

  it('every list row carries every column its definition shows', async () => {
    for (const def of Object.values(RESOURCES)) {
      const query = def.parent ? { [def.parent.field]: 1 } : {};
      const rows = await api.rows(def.api, query);
      expect(rows.length, def.key).toBeGreaterThan(0);
      for (const col of def.columns) expect(rows[0], `${def.key}.${col.name}`).toHaveProperty(col.name);
    }
  });

  it('every resource is served, and names a sort expression for each sortable column', () => {
    expect(SERVER_RESOURCES.map((r) => r.def.key).sort()).toEqual(Object.keys(RESOURCES).sort());
    for (const res of SERVER_RESOURCES) {
      for (const col of res.def.columns.filter((c) => c.sortable)) expect(Object.keys(res.sort ?? {}), `${res.def.key}.${col.name}`).toContain(col.name);
    }
  });

  it('every sortable column sorts both ways, on every list', async () => {
    for (const def of Object.values(RESOURCES)) {
      const query = def.parent ? { [def.parent.field]: 1 } : {};
      for (const col of def.columns.filter((c) => c.sortable)) {
        for (const dir of ['asc', 'desc']) {
          const res = await api.get(def.api, { ...query, sort: col.name, dir, per_page: 100 });
          expect(res.status, `${def.key} by ${col.name} ${dir}: ${res.text.slice(0, 200)}`).toBe(200);
          const values = res.body.data.map((r: any) => r[col.name]);
          const nonNull = values.filter((v: unknown) => v !== null);
          // Numbers and booleans must come in order; text order is the database's collation.
          if (nonNull.every((v: unknown) => typeof v === 'number' || typeof v === 'boolean')) {
            const sorted = [...nonNull].sort((a, b) => Number(a) - Number(b));
            expect(nonNull, `${def.key} by ${col.name} ${dir}`).toEqual(dir === 'asc' ? sorted : sorted.reverse());
          }
        }
      }
    }
  });

  it('stocks every product through the ledger: each level equals its movements, serial products their serials in stock', async () => {
    const res = await h.db.execute(sql`
      select p.id, p.tracks_serials, p.alert_quantity, p.barcode, p.image, coalesce(l.qty, 0)::int as qty,
        (select coalesce(sum(quantity), 0) from stock_movements m where m.product_id = p.id)::int as moved,
        (select count(*) from stock_movements m where m.product_id = p.id)::int as movements,
        (select count(*) from stock_movements m where m.product_id = p.id and m.kind = 'opening')::int as openings,
        (select count(*) from serials s where s.product_id = p.id and s.state = 'in_stock')::int as serials_in
      from products p left join stock_levels l on l.product_id = p.id`);
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Record<string, any>[];
    // 201 from the product lines, and coffee beans sold by weight (scale labels).
    expect(rows.length).toBe(202);
    for (const r of rows) {
      expect(r.qty, `product ${r.id}`).toBe(r.moved);
      expect(r.openings, `product ${r.id} has one opening`).toBe(1);
      expect(r.movements, `product ${r.id} has opening stock and a few adjustments`).toBeGreaterThanOrEqual(2);
      if (r.tracks_serials) expect(r.serials_in, `product ${r.id}`).toBe(r.qty);
      if (r.barcode) expect(barcodeProblem(r.barcode), r.barcode).toBeUndefined();
      expect(r.image).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(rows.filter((r) => r.tracks_serials).length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => r.qty === 0).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.qty > 0 && r.qty <= r.alert_quantity).length).toBeGreaterThanOrEqual(10);
    const bell = await api.get(STOCK_ALERTS_API);
    expect(bell.body.count).toBeGreaterThanOrEqual(13);
    const [phone] = await api.rows(RESOURCES.products!.api, { search: 'Pixelon 8 Pro, 128' });
    expect((await h.app.request(phone.thumbnail_url)).status).toBe(200);
  });

  it('has a few months of purchases in every state, with payments, all through the ledger', async () => {
    const all = await api.rows(PURCHASES_API, { per_page: 100 });
    expect(all).toHaveLength(DEMO_PURCHASE_COUNT + 1);
    expect(new Set(all.map((p: any) => p.status))).toEqual(new Set(['ordered', 'partial', 'received', 'cancelled', 'returned']));
    expect(new Set(all.map((p: any) => p.payment_status))).toEqual(new Set(['due', 'partial', 'paid']));
    const days = all.map((p: any) => p.purchased_on).sort();
    expect(Date.parse(days.at(-1)) - Date.parse(days[0])).toBeGreaterThan(60 * 86_400_000);
    expect(all.map((p: any) => p.reference).sort()).toEqual(Array.from({ length: DEMO_PURCHASE_COUNT + 1 }, (_, i) => `PO-${String(i + 1).padStart(6, '0')}`));
    const received = all.find((p: any) => p.status === 'received');
    const shown = (await api.get(`${PURCHASES_API}/${received.id}`)).body.data;
    expect(shown.history.map((e: any) => e.action)).toEqual(expect.arrayContaining(['create', 'receive']));
    const balances = await api.rows(RESOURCES.suppliers!.api, { sort: 'balance_due', dir: 'desc' });
    expect(balances[0].balance_due).toBeGreaterThan(0);
  });

  it('sells serial-tracked goods the pending way: a pending sale still open, quotations accepted and converted, and orders processed by serial', async () => {
    // Each document kind's lines of serial-tracked products, with its status.
    const tracked = (lines: PgTable, parent: string, docs: PgTable) =>
      h.db.execute(sql`select d.id, d.status, l.id as line_id from ${lines} l join ${T.products} p on p.id = l.product_id and p.tracks_serials join ${docs} d on d.id = l.${sql.raw(parent)}`);
    const rows = async (q: ReturnType<typeof tracked>) => {
      const r = await q;
      return (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { id: number; status: string; line_id: number }[];
    };
    const sales = await rows(tracked(T.saleLines, 'sale_id', T.sales));
    expect(sales.some((s) => s.status === 'pending'), 'a pending sale of a serial-tracked product').toBe(true);
    const quotes = await rows(tracked(T.quotationLines, 'quotation_id', T.quotations));
    expect(quotes.map((q) => q.status)).toEqual(expect.arrayContaining(['accepted', 'converted']));
    const orders = await rows(tracked(T.orderLines, 'order_id', T.orders));
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['pending', 'processing', 'shipped']));
    // Each processed one's tracked line took its serial out (none came back: none was cancelled).
    const [outOfOrders] = await h.db.execute(sql`select count(*)::int as n from ${T.serials} s join ${T.stockMovements} m on m.id = s.out_movement_id where m.source_type = 'order'`).then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { n: number }[]);
    expect(outOfOrders!.n).toBe(orders.filter((o) => o.status !== 'pending').length);
  });

  it('has a year of sales on both channels, completed and pending, paid, part paid and on account, each completed one invoiced', async () => {
    const [n] = await h.db.select({ n: count() }).from(T.sales);
    expect(n!.n).toBeGreaterThanOrEqual(365);
    const kinds = await h.db.select({ channel: T.sales.channel, status: T.sales.status, payment: T.sales.payment_status }).from(T.sales).groupBy(T.sales.channel, T.sales.status, T.sales.payment_status);
    expect(new Set(kinds.map((k) => k.channel))).toEqual(new Set(['backoffice', 'pos']));
    expect(new Set(kinds.map((k) => k.status))).toEqual(new Set(['completed', 'pending']));
    expect(new Set(kinds.map((k) => k.payment))).toEqual(new Set(['paid', 'partial', 'due']));
    const [span] = await h.db.select({ first: sql<string>`min(${T.sales.sold_on})::text`, last: sql<string>`max(${T.sales.sold_on})::text` }).from(T.sales);
    expect(Date.parse(span!.last) - Date.parse(span!.first)).toBeGreaterThan(300 * 86_400_000);
    const [completed] = await h.db.select({ n: count() }).from(T.sales).where(eq(T.sales.status, 'completed'));
    const [invoiced] = await h.db.select({ n: count() }).from(T.invoices).where(sql`${T.invoices.sale_id} is not null`);
    expect(invoiced!.n).toBe(completed!.n);
    const owing = await api.rows(RESOURCES.customers!.api, { sort: 'due', dir: 'desc' });
    expect(owing[0].due).toBeGreaterThan(0);
  });

  it('has some of the year’s sales returned (some by serial), each return of an invoiced sale with its credit note, most refunded', async () => {
    const returns = await h.db.select({ id: T.saleReturns.id, sale: T.saleReturns.sale_id, on: T.saleReturns.returned_on, refunded: T.saleReturns.refunded, value: T.saleReturns.grand_total }).from(T.saleReturns);
    expect(returns.length).toBeGreaterThanOrEqual(20);
    const notes = await h.db.select({ number: T.creditNotes.number, return_id: T.creditNotes.return_id }).from(T.creditNotes);
    expect(notes.map((n) => n.return_id).sort()).toEqual(returns.map((r) => r.id).sort());
    expect(notes.every((n) => n.number.startsWith('CN-'))).toBe(true);
    expect(returns.filter((r) => r.refunded > 0).length).toBeGreaterThan(returns.length / 2);
    expect(returns.some((r) => r.refunded === 0)).toBe(true);
    const [byMovement] = await h.db
      .select({ n: count() })
      .from(T.stockMovementSerials)
      .innerJoin(T.stockMovements, eq(T.stockMovements.id, T.stockMovementSerials.movement_id))
      .where(eq(T.stockMovements.kind, 'sale_return'));
    expect(byMovement!.n, 'serials that came back').toBeGreaterThanOrEqual(3);
    // The sale shows it: what came back, and its credit note naming the invoice.
    const sale = (await api.get(`/api/v1/admin/sales/${returns[0]!.sale}`)).body.data;
    expect(sale.returns.length).toBeGreaterThan(0);
    expect(sale.credit_notes.length).toBe(sale.returns.length);
    expect(sale.returned_total).toBeGreaterThan(0);
  });

  it('has the last month’s website orders in every state, each shipped one with its invoice, paid unless pending or cancelled', async () => {
    const all = await h.db.select({ id: T.orders.id, status: T.orders.status, paid: T.orders.paid, total: T.orders.grand_total }).from(T.orders);
    expect(new Set(all.map((o) => o.status))).toEqual(new Set(['pending', 'processing', 'shipped', 'delivered', 'cancelled']));
    const invoiced = new Set((await h.db.select({ order: T.invoices.order_id }).from(T.invoices).where(sql`${T.invoices.order_id} is not null`)).map((i) => i.order));
    for (const o of all) {
      expect(invoiced.has(o.id), `order ${o.id} (${o.status}) invoiced`).toBe(o.status === 'shipped' || o.status === 'delivered');
      expect(o.paid, `order ${o.id} (${o.status}) paid`).toBe(o.status === 'pending' || o.status === 'cancelled' ? 0 : o.total);
    }
    // Cancelled from pending (no stock moved) and from processing (stock out and back, through the ledger).
    const cancelled = all.filter((o) => o.status === 'cancelled');
    const moved = await h.db
      .select({ order: T.stockMovements.source_id, n: count() })
      .from(T.stockMovements)
      .where(eq(T.stockMovements.source_type, 'order'))
      .groupBy(T.stockMovements.source_id);
    const movesOf = new Map(moved.map((m) => [m.order, Number(m.n)]));
    expect(cancelled.some((o) => !movesOf.has(o.id))).toBe(true);
    expect(cancelled.some((o) => (movesOf.get(o.id) ?? 0) >= 2)).toBe(true);
    for (const o of all.filter((x) => x.status === 'pending')) expect(movesOf.has(o.id), `pending order ${o.id} moved no stock`).toBe(false);
    const pending = await api.rows('/api/v1/admin/orders', { status: 'pending' });
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((o: any) => o.status === 'pending')).toBe(true);
  });

  it('a second start adds nothing', async () => {
    const before = await counts(h.db);
    await seedDemo(h.db);
    expect(await seedDemoShop(h.db)).toBe(false);
    expect(await seedDemoStock(h.db)).toBe(false);
    expect(await seedDemoPurchases(h.db)).toBe(false);
    expect(await counts(h.db)).toEqual(before);
  });

  it('is the same shop in every database', async () => {
    const other = await createHarness({ shop: false });
    try {
      expect(await seedDemoShop(other.db, new Date('2026-01-15T12:00:00Z'))).toBe(true);
      const pick = (db: Harness['db']) =>
        db.select({ name: T.customers.name, email: T.customers.email, city: T.customers.city, category: T.customers.category_id, status: T.customers.status }).from(T.customers).orderBy(asc(T.customers.id));
      expect(await pick(other.db)).toEqual(await pick(h.db));
      const spend = (db: Harness['db']) => db.select({ amount: T.expenses.amount, reference: T.expenses.reference }).from(T.expenses).orderBy(asc(T.expenses.id));
      expect(await spend(other.db)).toEqual(await spend(h.db));
      const [oldest] = await other.db.select({ date: T.expenses.date }).from(T.expenses).orderBy(asc(T.expenses.date)).limit(1);
      expect(oldest!.date >= '2025-10-17').toBe(true);
      expect(await seedDemoStock(other.db, new Date('2026-01-15T12:00:00Z'))).toBe(true);
      expect(await seedDemoPurchases(other.db, new Date('2026-01-15T12:00:00Z'))).toBe(true);
      const goods = (db: Harness['db']) =>
        db.select({ sku: T.products.sku, barcode: T.products.barcode, price: T.products.sale_price, image: T.products.image, qty: T.stockLevels.qty }).from(T.products).leftJoin(T.stockLevels, eq(T.stockLevels.product_id, T.products.id)).orderBy(asc(T.products.id));
      expect(await goods(other.db)).toEqual(await goods(h.db));
    } finally {
      await other.close();
    }
  }, 180_000);
});
