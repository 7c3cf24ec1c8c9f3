import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_API } from '../../domain/documents/sale.ts';
import { POS_CATALOGUE_API, POS_TERMS_API, REGISTER_API, type CatalogueAnswer } from '../../domain/pos/till.ts';
import { categories as CA, customerCategories as CC, customers as C, posSetting, products as P, units as UN } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { permissions, rolePermissions, roles } from '../../server/db/schema.ts';
import { client, expectFieldError, type Client } from './crud-helpers.ts';
import { makeScaleLabel } from '../../domain/pos/scale.ts';
import { addProduct, cartTotals, emptyCart, saleBody, scanLabel, type Cart } from '../../machines/checkout/cart.ts';
import type { CatalogueProduct, PosTerms } from '../../domain/pos/till.facts.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * The till's server half: its terms, its catalogue sync (a whole first sync page by page, then
 * only what changed: a price, stock moved by a sale, a product retired or deleted), register
 * sessions (open, cash in and out, close with a difference, and their refusals), and a till
 * sale that names its open session, replayed once under its key.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let h: Harness;
let admin: Client;
let cashier: Client;
let other: Client;
let unitId: number;
let categoryId: number;

beforeAll(async () => {
  h = await createHarness();
  admin = client(h, await h.tokenFor('admin@example.com'));
  cashier = client(h, await h.tokenFor('cashier@example.com'));
  await h.createUser({ email: 'cashier2@example.com', name: 'Second Cashier', roles: ['Cashier'] });
  other = client(h, await h.tokenFor('cashier2@example.com'));
  unitId = (await admin.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  categoryId = (await admin.create(CA.api, { name: 'Kettles' })).id;
});
afterAll(() => h?.close());

let n = 0;
async function product(fields: Record<string, unknown> = {}, stock = 0): Promise<any> {
  n++;
  const p = await admin.create(P.api, { name: `Till ware ${n}`, sku: `TW-${n}`, unit_id: unitId, category_id: categoryId, sale_price: 2500, cost_price: 1000, ...fields });
  if (stock) expect((await admin.post(ADJUSTMENTS_API, { product_id: p.id, quantity: stock, reason: 'opening', unit_cost: 700 })).status).toBe(201);
  return p;
}

async function sync(c: Client, since?: string, limit?: number): Promise<CatalogueAnswer> {
  const res = await c.get(POS_CATALOGUE_API, { ...(since === undefined ? {} : { since }), ...(limit ? { limit } : {}) });
  expect(res.status, res.text).toBe(200);
  return res.body;
}
/** A whole pass: pages until `more` is false. */
async function pass(c: Client, since?: string, limit?: number) {
  const products = new Map<number, CatalogueAnswer['products'][number]>();
  const retired: number[] = [];
  let a = await sync(c, since, limit);
  let pages = 1;
  for (;;) {
    for (const p of a.products) products.set(p.id, p);
    retired.push(...a.retired);
    if (!a.more) break;
    a = await sync(c, a.cursor, limit);
    pages++;
  }
  return { products, retired, cursor: a.cursor, pages, categories: a.categories };
}

const open = async (c: Client, float = 10_000, headers?: Record<string, string>) => {
  const res = await c.post(REGISTER_API, { opening_float: float }, headers);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
};
const close = (c: Client, id: number, counted: { method: string; amount: number }[]) => c.post(`${REGISTER_API}/${id}/close`, { counted });
const tillSale = (c: Client, body: Record<string, unknown>, headers?: Record<string, string>) =>
  c.post(SALES_API, { sold_on: '2025-06-01', channel: 'pos', ...body }, headers);

describe('terms', () => {
  it('gives the till the shop, the default customer with their category’s discount, the methods and the scale prefixes', async () => {
    const cat = await admin.create(CC.api, { name: 'Walk-ins', discount_bps: 500 });
    const walkIn = await admin.create(C.api, { name: 'Counter customer', category_id: cat.id });
    const pos = (await admin.get(posSetting.api)).body.data;
    expect(pos).toMatchObject({ scale_weight_prefix: '21', scale_price_prefix: '23' });
    const saved = await admin.put(posSetting.api, { ...pos, default_customer_id: walkIn.id, payment_methods: ['cash', 'card'], receipt_footer: 'Thank you', scale_weight_prefix: '22' });
    expect(saved.status, saved.text).toBe(200);
    const res = await cashier.get(POS_TERMS_API);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      default_customer: { id: walkIn.id, name: 'Counter customer', discount_bps: 500 },
      payment_methods: ['cash', 'card'],
      receipt_footer: 'Thank you',
      scale: { weight_prefix: '22', price_prefix: '23' },
      shop: { currency: 'USD' },
    });
    // Back to a walk-in, so the sales below carry no category discount.
    expect((await admin.put(posSetting.api, { ...pos, default_customer_id: null })).status).toBe(200);
  });

  it('refuses scale prefixes that are not two digits, or the same twice, under their fields', async () => {
    const pos = (await admin.get(posSetting.api)).body.data;
    expectFieldError(await admin.put(posSetting.api, { ...pos, scale_weight_prefix: '2' }), 'scale_weight_prefix', /two digits/);
    expectFieldError(await admin.put(posSetting.api, { ...pos, scale_weight_prefix: '23', scale_price_prefix: '23' }), 'scale_price_prefix', /different prefixes/);
  });
});

describe('the catalogue', () => {
  it('pages through every active product first, then sends only what changed: a price, stock sold, a product retired or deleted', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await product({}, 4));
    const hidden = await product({ status: 'inactive' });
    // Never stocked, so it may be deleted.
    const d = await product();
    const first = await pass(cashier, undefined, 2);
    expect(first.pages).toBeGreaterThanOrEqual(3);
    expect(first.products.get(d.id)).toMatchObject({ on_hand: 0 });
    for (const p of made) expect(first.products.get(p.id)).toMatchObject({ sku: p.sku, sale_price: 2500, on_hand: 4, unit_name: 'pcs', category_id: categoryId, image: null, prices_include_tax: false });
    expect(first.products.has(hidden.id)).toBe(false);
    expect(first.categories).toContainEqual({ id: categoryId, name: 'Kettles' });

    // Nothing changed: nothing sent. (On PostgreSQL the cursor stays behind transactions still
    // running anywhere in the cluster, other test files' too, so rows may come again as they are.)
    const quiet = await sync(cashier, first.cursor);
    for (const p of quiet.products) expect(p).toEqual(first.products.get(p.id));
    if (!onPostgres) expect(quiet).toMatchObject({ products: [], retired: [], more: false });

    const [a, b, c] = made;
    const edit = (x: any, change: Record<string, unknown>) => admin.update(P.api, x.id, { name: x.name, sku: x.sku, unit_id: unitId, category_id: categoryId, sale_price: 2500, cost_price: 1000, ...change });
    await edit(a, { sale_price: 2700 });
    const session = await open(cashier);
    expect((await tillSale(cashier, { register_session_id: session.id, lines: [{ product_id: b.id, quantity: 3 }], payments: [{ method: 'cash', amount: 7500 }] })).status).toBe(201);
    await edit(c, { status: 'inactive' });
    expect((await admin.del(`${P.api}/${d.id}`)).status).toBe(200);
    const fresh = await product({ name: 'Brand new kettle' });

    const delta = await pass(cashier, quiet.cursor);
    expect(delta.products.get(a.id)!.sale_price).toBe(2700);
    expect(delta.products.get(b.id)!.on_hand).toBe(1);
    expect(delta.products.get(fresh.id)!.name).toBe('Brand new kettle');
    expect(delta.products.has(c.id) || delta.products.has(d.id)).toBe(false);
    expect(delta.retired).toEqual(expect.arrayContaining([c.id, d.id]));
    if (!onPostgres) {
      expect([...delta.products.keys()].sort((x, y) => x - y)).toEqual([a.id, b.id, fresh.id]);
      expect(delta.retired.sort((x, y) => x - y)).toEqual([c.id, d.id]);
      // And then quiet again.
      expect(await sync(cashier, delta.cursor)).toMatchObject({ products: [], retired: [] });
    }
    expect((await close(cashier, session.id, [{ method: 'cash', amount: 17_500 }, { method: 'card', amount: 0 }])).status).toBe(200);
  });

  it('refuses a cursor it never gave under `since`, and starts over (reset) from one ahead of the database', async () => {
    expectFieldError(await cashier.get(POS_CATALOGUE_API, { since: 'yesterday' }), 'since', /not a catalogue cursor/);
    const ahead = await sync(cashier, '999999999999');
    expect(ahead.reset).toBe(true);
    expect(ahead.products.length).toBeGreaterThan(0);
  });

  it('is the till’s: a person without `pos` is refused', async () => {
    const nobody = await h.createUser({ email: 'no-till@example.com', roles: [] });
    expect(nobody).toBeGreaterThan(0);
    expect((await h.request('GET', POS_CATALOGUE_API, { token: await h.tokenFor('no-till@example.com') })).status).toBe(403);
  });
});

describe('register sessions', () => {
  it('opens, moves cash, sells and refunds in it, and closes against the expected amounts with the difference recorded', async () => {
    const ware = await product({}, 10);
    expect((await cashier.get(`${REGISTER_API}/current`)).status).toBe(404);
    const s = await open(cashier, 10_000);
    expect(s).toMatchObject({ status: 'open', opening_float: 10_000, opened_by: { name: 'Cashier' }, actions: ['cash', 'close'] });
    expect(s.reference).toMatch(/^RS-\d{6}$/);
    expect((await cashier.get(`${REGISTER_API}/current`)).body.data.id).toBe(s.id);

    expect((await cashier.post(`${REGISTER_API}/${s.id}/cash`, { direction: 'in', amount: 2_000, reason: 'Change from the bank' })).status).toBe(201);
    expect((await cashier.post(`${REGISTER_API}/${s.id}/cash`, { direction: 'out', amount: 500, reason: 'Window cleaner' })).status).toBe(201);
    expectFieldError(await cashier.post(`${REGISTER_API}/${s.id}/cash`, { direction: 'out', amount: 1_000_000, reason: 'Too much' }), 'amount', /at most/);

    // Two sales: 2 × 25.00 in cash (tendered 60.00, 10.00 change) and 1 × 25.00 by card.
    const cash = await tillSale(cashier, { register_session_id: s.id, lines: [{ product_id: ware.id, quantity: 2 }], payments: [{ method: 'cash', amount: 6_000 }] });
    expect(cash.status, cash.text).toBe(201);
    expect(cash.body.data).toMatchObject({ channel: 'pos', register_session_id: s.id, change: 1_000 });
    expect((await tillSale(cashier, { register_session_id: s.id, lines: [{ product_id: ware.id, quantity: 1 }], payments: [{ method: 'card', amount: 2_500 }] })).status).toBe(201);
    // One unit back, refunded in cash from the session.
    const back = await cashier.post(`${SALES_API}/${cash.body.data.id}/returns`, {
      returned_on: '2025-06-01',
      register_session_id: s.id,
      lines: [{ line_id: cash.body.data.lines[0].id, quantity: 1 }],
      refunds: [{ method: 'cash', amount: 2_500 }],
    });
    expect(back.status, back.text).toBe(201);

    const now = (await cashier.get(`${REGISTER_API}/${s.id}`)).body.data;
    // cash: 100.00 float + 20.00 in − 5.00 out + 50.00 sold − 25.00 refunded = 140.00
    expect(now.methods).toEqual([
      { method: 'cash', expected: 14_000, counted: null, difference: null },
      { method: 'card', expected: 2_500, counted: null, difference: null },
    ]);
    expect(now).toMatchObject({ sales: { count: 2, total: 7_500 }, refunds: { count: 1, total: 2_500 } });
    expect(now.movements.map((m: any) => [m.direction, m.amount, m.reason, m.by])).toEqual([
      ['in', 2_000, 'Change from the bank', 'Cashier'],
      ['out', 500, 'Window cleaner', 'Cashier'],
    ]);

    expectFieldError(await close(cashier, s.id, [{ method: 'cash', amount: 13_900 }]), 'counted', /card/);
    expectFieldError(await close(cashier, s.id, [{ method: 'cash', amount: 1 }, { method: 'cash', amount: 2 }, { method: 'card', amount: 2_500 }]), 'counted.1.method', /twice/);
    const closed = await close(cashier, s.id, [{ method: 'cash', amount: 13_900 }, { method: 'card', amount: 2_500 }]);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.message).toMatch(/1\.00 short/);
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      difference: -100,
      actions: [],
      methods: [
        { method: 'cash', expected: 14_000, counted: 13_900, difference: -100 },
        { method: 'card', expected: 2_500, counted: 2_500, difference: 0 },
      ],
    });
    expect(closed.body.data.closed_at).toBeTruthy();
    expect(closed.body.data.closed_by).toEqual({ id: s.opened_by.id, name: 'Cashier' });

    // Closed is closed: no cash, no second close, no sale in it.
    const cashLate = await cashier.post(`${REGISTER_API}/${s.id}/cash`, { direction: 'in', amount: 100, reason: 'Late' });
    expect(cashLate.status).toBe(409);
    expect(cashLate.body.message).toMatch(/closed/);
    expect((await close(cashier, s.id, [{ method: 'cash', amount: 1 }, { method: 'card', amount: 0 }])).status).toBe(409);
    const late = await tillSale(cashier, { register_session_id: s.id, lines: [{ product_id: ware.id, quantity: 1 }], payments: [{ method: 'cash', amount: 2_500 }] });
    expect(late.status, late.text).toBe(409);
    expect(late.body.message).toMatch(/^This register session \(RS-\d+\) is closed/);
    expect((await admin.get(`/api/v1/admin/products/${ware.id}`)).body.data.on_hand).toBe(8);
  });

  it('allows one open session per person: a second open is a 409 naming the first', async () => {
    const s = await open(other, 0);
    const again = await other.post(REGISTER_API, { opening_float: 100 });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(s.reference);
    expect((await close(other, s.id, [{ method: 'cash', amount: 0 }, { method: 'card', amount: 0 }])).status).toBe(200);
  });

  it('keeps a session its owner’s: another cashier cannot move cash in it, close it, sell in it, or see it; a manager sees all', async () => {
    const mine = await open(cashier, 5_000);
    const ware = await product({}, 3);
    const cash = await other.post(`${REGISTER_API}/${mine.id}/cash`, { direction: 'in', amount: 100, reason: 'Not mine' });
    expect(cash.status).toBe(403);
    expect(cash.body.message).toMatch(/Cashier’s/);
    expect((await close(other, mine.id, [{ method: 'cash', amount: 5_000 }, { method: 'card', amount: 0 }])).status).toBe(403);
    const sale = await tillSale(other, { register_session_id: mine.id, lines: [{ product_id: ware.id, quantity: 1 }], payments: [{ method: 'cash', amount: 2_500 }] });
    expect(sale.status, sale.text).toBe(409);
    expect((await other.get(`${REGISTER_API}/${mine.id}`)).status).toBe(403);
    expect((await other.rows(REGISTER_API)).map((r) => r.id)).not.toContain(mine.id);
    const all = await admin.rows(REGISTER_API, { status: 'open' });
    expect(all.map((r) => [r.id, r.opened_by_name])).toContainEqual([mine.id, 'Cashier']);
    expect((await admin.get(`${REGISTER_API}/${mine.id}`)).status).toBe(200);
    expect((await close(cashier, mine.id, [{ method: 'cash', amount: 5_000 }, { method: 'card', amount: 0 }])).status).toBe(200);
  });
});

describe('a session left open', () => {
  it('is closed by a manager (`pos setting`), who is recorded as closing it; another cashier still may not, nor may the manager move cash in it', async () => {
    const left = await open(other, 3_000);
    const refused = await close(cashier, left.id, [{ method: 'cash', amount: 3_000 }, { method: 'card', amount: 0 }]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Second Cashier’s: only the cashier who opened it, or a manager/);
    expect((await admin.post(`${REGISTER_API}/${left.id}/cash`, { direction: 'in', amount: 100, reason: 'Not mine' })).status).toBe(403);
    // The manager sees it among the open ones, counts the drawer and closes it.
    expect((await admin.rows(REGISTER_API, { status: 'open' })).map((r) => r.id)).toContain(left.id);
    expectFieldError(await close(admin, left.id, [{ method: 'cash', amount: 2_950 }]), 'counted', /card/);
    const closed = await close(admin, left.id, [{ method: 'cash', amount: 2_950 }, { method: 'card', amount: 0 }]);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.message).toMatch(/0\.50 short/);
    expect(closed.body.data).toMatchObject({ status: 'closed', difference: -50, opened_by: { name: 'Second Cashier' }, closed_by: { name: 'Admin' } });
    // Its cashier reads who closed it, and may open a new one.
    expect((await other.get(`${REGISTER_API}/${left.id}`)).body.data.closed_by.name).toBe('Admin');
    const next = await open(other, 0);
    expect((await close(other, next.id, [{ method: 'cash', amount: 0 }, { method: 'card', amount: 0 }])).status).toBe(200);
  });
});

describe('a till sale', () => {
  it('names its session (422 under it when missing; a back-office sale names none) and needs the pos right', async () => {
    const ware = await product({}, 3);
    expectFieldError(await tillSale(cashier, { lines: [{ product_id: ware.id, quantity: 1 }] }), 'register_session_id', /Open the register/);
    expectFieldError(await cashier.post(SALES_API, { sold_on: '2025-06-01', register_session_id: 1, lines: [{ product_id: ware.id, quantity: 1 }] }), 'register_session_id', /Only a till sale/);
    // A clerk who may record sales but not sell at the till.
    const ids = new Map((await h.db.select().from(permissions)).map((x) => [x.name, x.id]));
    const [role] = await h.db.insert(roles).values({ name: 'Clerk' }).returning();
    await h.db.insert(rolePermissions).values(['sales list', 'sales create'].map((p) => ({ role_id: role!.id, permission_id: ids.get(p)! })));
    await h.createUser({ email: 'clerk@example.com', roles: ['Clerk'] });
    const clerk = client(h, await h.tokenFor('clerk@example.com'));
    const s = await open(cashier);
    const refused = await tillSale(clerk, { register_session_id: s.id, lines: [{ product_id: ware.id, quantity: 1 }] });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.message).toMatch(/pos permission/);
    expect((await close(cashier, s.id, [{ method: 'cash', amount: 10_000 }, { method: 'card', amount: 0 }])).status).toBe(200);
  });

  it('is made once under its key: a replay answers the first sale, even after the session closed', async () => {
    const ware = await product({}, 5);
    const s = await open(cashier);
    const key = { 'Idempotency-Key': 'till-sale-1', 'X-Client-Id': 'till-7' };
    const body = { register_session_id: s.id, lines: [{ product_id: ware.id, quantity: 2 }], payments: [{ method: 'cash', amount: 5_000 }] };
    const first = await tillSale(cashier, body, key);
    expect(first.status, first.text).toBe(201);
    expect((await close(cashier, s.id, [{ method: 'cash', amount: 15_000 }, { method: 'card', amount: 0 }])).status).toBe(200);
    const again = await tillSale(cashier, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await admin.get(`/api/v1/admin/products/${ware.id}`)).body.data.on_hand).toBe(3);
  });

  it('is found by its receipt’s reference and returned by the cashier', async () => {
    const ware = await product({}, 2);
    const s = await open(cashier);
    const sale = (await tillSale(cashier, { register_session_id: s.id, lines: [{ product_id: ware.id, quantity: 1 }], payments: [{ method: 'cash', amount: 2_500 }] })).body.data;
    const found = await cashier.rows(SALES_API, { search: sale.reference });
    expect(found.map((r) => r.id)).toEqual([sale.id]);
    expect((await cashier.get(`${SALES_API}/${sale.id}`)).status).toBe(200);
    const back = await cashier.post(`${SALES_API}/${sale.id}/returns`, { returned_on: '2025-06-01', register_session_id: s.id, lines: [{ line_id: sale.lines[0].id, quantity: 1 }], refunds: [{ method: 'cash', amount: 2_500 }] });
    expect(back.status, back.text).toBe(201);
    expect((await close(cashier, s.id, [{ method: 'cash', amount: 10_000 }, { method: 'card', amount: 0 }])).status).toBe(200);
  });
});

describe('a till sale of scale labels, with a customer’s category discount', () => {
  const asSold = (p: any): CatalogueProduct => ({ ...p, category_id: null, image: null, prices_include_tax: false, tracks_serials: false, unit_name: 'kg', on_hand: 5 });
  it('prices a label line from the label itself as the cart does (weight × price per kg; a price label’s price), the customer’s category taken off on both sides', async () => {
    const pos = (await admin.get(posSetting.api)).body.data;
    expect((await admin.put(posSetting.api, { ...pos, default_customer_id: null, scale_weight_prefix: '21', scale_price_prefix: '23' })).status).toBe(200);
    const terms: PosTerms = (await cashier.get(POS_TERMS_API)).body.data;
    // Coffee beans at 12.99 a kilogram, found by its base code; cheese priced by the scale, found by its 5-digit code.
    const beans = asSold(await product({ name: 'Scale beans', sale_price: 1299, barcode: makeScaleLabel('21', '40001', 0) }, 5));
    const cheese = asSold(await product({ name: 'Scale cheese', sku: '40002', sale_price: 100 }, 5));
    const vip = await admin.create(C.api, { name: 'Scale VIP', category_id: (await admin.create(CC.api, { name: 'Scale tenth', discount_bps: 1000 })).id });
    const codes = new Map([[beans.barcode!, beans], [cheese.sku, cheese]]);
    let cart: Cart = { ...emptyCart('c1', '2025-06-01T10:00:00Z'), customer: { id: vip.id, name: vip.name, discount_bps: 1000 } };
    for (const code of [makeScaleLabel('21', '40001', 750), makeScaleLabel('23', '40002', 1234)]) {
      const read = scanLabel(code, terms, (k) => codes.get(k));
      if (!read || !('product' in read)) throw new Error(`not read: ${code}`);
      const next = addProduct(cart, read.product, undefined, read.label);
      if (!('cart' in next)) throw new Error(next.refused);
      cart = next.cart;
    }
    const totals = cartTotals(cart, terms);
    // 0.750 kg × 12.99 = 9.74, less 10% = 8.77; 12.34 less 10% = 11.11 (rounded half up).
    expect(totals.grandTotal).toBe(877 + 1111);
    const s = await open(cashier);
    const body = saleBody(cart, terms, [{ method: 'cash', amount: totals.grandTotal }], s.id, '2025-06-01');
    const sold = await tillSale(cashier, body);
    expect(sold.status, sold.text).toBe(201);
    expect(sold.body.data.grand_total).toBe(totals.grandTotal);
    expect(sold.body.data.lines.map((l: any) => [l.quantity, l.unit_price])).toEqual([[1, 974], [1, 1234]]);
    // One pack each leaves the shelf.
    expect((await admin.get(`/api/v1/admin/products/${beans.id}`)).body.data.on_hand).toBe(4);

    // A label whose digits were changed (the check digit no longer fits), under its line; nothing recorded.
    const label = makeScaleLabel('21', '40001', 750);
    const tampered = `${label.slice(0, 7)}09750${label[12]}`;
    expectFieldError(await tillSale(cashier, { ...body, lines: [{ product_id: beans.id, quantity: 1, scale_label: tampered }] }), 'lines.0.scale_label', /misread/);
    // A real label, but for another product.
    expectFieldError(await tillSale(cashier, { ...body, lines: [{ product_id: cheese.id, quantity: 1, scale_label: label }] }), 'lines.0.scale_label', /not for “Scale cheese”/);
    // The label's own price, not one the body claims (a cashier has no price-override right).
    expectFieldError(await tillSale(cashier, { ...body, lines: [{ product_id: beans.id, quantity: 1, scale_label: label, unit_price: 1 }] }), 'lines.0.unit_price', /This label prices/);
    expect((await admin.get(`/api/v1/admin/products/${beans.id}`)).body.data.on_hand).toBe(4);
    expect((await close(cashier, s.id, [{ method: 'cash', amount: 10_000 + totals.grandTotal }, { method: 'card', amount: 0 }])).status).toBe(200);
  });
});

describe('the till’s customer picker', () => {
  it('searches the customers’ options, each with its category’s discount, for whoever has the till (pos) even without the customer list', async () => {
    const cat = await admin.create(CC.api, { name: 'Picker tenth', discount_bps: 1000 });
    const picked = await admin.create(C.api, { name: 'Pickering Ltd', category_id: cat.id });
    const plain = await admin.create(C.api, { name: 'Pickford' });
    const ids = new Map((await h.db.select().from(permissions)).map((x) => [x.name, x.id]));
    const [role] = await h.db.insert(roles).values({ name: 'Till only' }).returning();
    await h.db.insert(rolePermissions).values([{ role_id: role!.id, permission_id: ids.get('pos')! }]);
    await h.createUser({ email: 'till-only@example.com', roles: ['Till only'] });
    const tillOnly = client(h, await h.tokenFor('till-only@example.com'));
    expect((await tillOnly.get(C.api)).status).toBe(403);
    const res = await tillOnly.get(`${C.api}/options`, { search: 'pick' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([
      { id: picked.id, label: 'Pickering Ltd', discount_bps: 1000 },
      { id: plain.id, label: 'Pickford', discount_bps: 0 },
    ]);
  });
});
