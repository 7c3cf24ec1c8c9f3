import { describe, expect, it } from 'vitest';
import { computeTotals } from '../../domain/documents/totals.ts';
import { INVOICES_API } from '../../domain/documents/invoice.ts';
import { ORDERS_API, orderTotalsInput, SHOP_ORDERS_API, SHOP_ORDERS_PER_MINUTE } from '../../domain/documents/order.ts';
import { customers as C, products as P } from '../../domain/resources/index.ts';
import { and, eq } from 'drizzle-orm';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { permissions, rolePermissions, roles, stockMovements, userRoles } from '../../server/db/schema.ts';
import { client, expectFieldError, expectSentence, type Client } from './crud-helpers.ts';
import { saleFixture, stockedProduct } from './sale-fixture.ts';

/**
 * Website orders: the public endpoint (no session; a strict body of products and quantities,
 * prices from the catalogue, unknown or inactive products and too little stock refused, an
 * Idempotency-Key, a throttle per address), the lifecycle pending → processing → shipped →
 * delivered or cancelled, stock out through the ledger at processing and back on a cancel after
 * it, payments, and the rights.
 */

const f = saleFixture('Counter Customer');
const product = (fields: Record<string, unknown> = {}, stock = 0) => stockedProduct(f, stock, { name: `Web ware ${++n}`, ...fields });
let n = 0;
const onHand = async (id: number) => (await f.api.get(`${P.api}/${id}`)).body.data.on_hand as number;
/** The ledger's movements of an order for a product. */
const orderMovements = (orderId: number, productId: number) =>
  f.h.db
    .select({ quantity: stockMovements.quantity, unit_cost: stockMovements.unit_cost, kind: stockMovements.kind })
    .from(stockMovements)
    .where(and(eq(stockMovements.source_type, 'order'), eq(stockMovements.source_id, orderId), eq(stockMovements.product_id, productId)))
    .orderBy(stockMovements.id);

let shopper = 0;
/** A public request: no token, no cookie, from `address`. */
const shop = (body: unknown, o: { key?: string; address?: string } = {}) =>
  f.h.request('POST', SHOP_ORDERS_API, { body, xsrf: false, address: o.address ?? '203.0.113.1', headers: o.key ? { 'Idempotency-Key': o.key } : {} });
const orderBody = (lines: unknown[], who: Record<string, unknown> = {}) => {
  shopper++;
  return {
    customer: { name: `Web Shopper ${shopper}`, email: `shopper${shopper}@example.net`, phone: '+44 20 7946 0000', ...who },
    shipping: { name: 'Web Shopper', address: '1 High Street', city: 'Leeds', postcode: 'LS1 1AA', country: 'United Kingdom' },
    lines,
  };
};
async function placed(lines: unknown[], address = '203.0.113.9'): Promise<any> {
  const res = await shop(orderBody(lines), { address });
  expect(res.status, res.text).toBe(201);
  return (await f.api.get(`${ORDERS_API}/${(await f.api.rows(ORDERS_API, { search: res.body.data.reference }))[0].id}`)).body.data;
}
const step = (id: number, name: string, as: Client = f.api) => as.post(`${ORDERS_API}/${id}/${name}`, {});

describe('placing an order through the public endpoint', () => {
  it('needs no session: prices from the catalogue, the one totals function, the customer made, pending, no stock moved', async () => {
    const a = await product({ name: 'Garden Chair' }, 5);
    const res = await shop(orderBody([{ product_id: a.id, quantity: 2 }], { email: 'Pat@Example.net', name: 'Pat Web' }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.reference).toMatch(/^WO-\d{6}$/);
    expectSentence(res.body.message);
    // The public answer shows the order, not the shop's costs or history.
    expect(res.body.data).not.toHaveProperty('history');
    expect(res.body.data.lines[0]).not.toHaveProperty('unit_cost');
    const [row] = await f.api.rows(ORDERS_API, { search: res.body.data.reference });
    const o = (await f.api.get(`${ORDERS_API}/${row.id}`)).body.data;
    expect(o).toMatchObject({ status: 'pending', customer_name: 'Pat Web', customer_email: 'pat@example.net', ship_city: 'Leeds', actions: ['process', 'cancel', 'pay'] });
    expect(o.lines[0]).toMatchObject({ unit_price: 2500, quantity: 2 });
    expect(o.grand_total).toBe(computeTotals(orderTotalsInput(o, o.lines)).grandTotal);
    expect(o.grand_total).toBe(5000);
    expect(o.history.map((x: any) => x.action)).toEqual(['create']);
    expect(o.ordered_on, 'dated by the server’s clock').toBe(f.h.clock.now.toISOString().slice(0, 10));
    expect(await onHand(a.id)).toBe(5);
  });

  it('finds the customer by e-mail: a second order from the same address book entry makes no new customer', async () => {
    const a = await product({}, 5);
    const who = { email: 'repeat@example.net', name: 'Repeat Buyer' };
    for (let i = 0; i < 2; i++) expect((await shop(orderBody([{ product_id: a.id, quantity: 1 }], who))).status).toBe(201);
    const found = await f.api.rows(C.api, { search: 'repeat@example.net' });
    expect(found).toHaveLength(1);
    expect((await f.api.rows(ORDERS_API, { customer_id: found[0].id }))).toHaveLength(2);
  });

  it('refuses a body that carries prices or totals: 422 naming each, nothing recorded', async () => {
    const a = await product({}, 5);
    const before = (await f.api.rows(ORDERS_API)).length;
    const priced = orderBody([{ product_id: a.id, quantity: 1, unit_price: 1 }]);
    expectFieldError(await shop(priced), 'lines.0.unit_price');
    expectFieldError(await shop({ ...orderBody([{ product_id: a.id, quantity: 1 }]), grand_total: 1 }), 'grand_total');
    expectFieldError(await shop({ ...orderBody([{ product_id: a.id, quantity: 1 }]), discount: 100 }), 'discount');
    expect((await f.api.rows(ORDERS_API)).length).toBe(before);
  });

  it('refuses a missing customer, address or lines by path', async () => {
    const res = await shop({ customer: { name: '', email: 'not-an-email' }, shipping: { name: 'X' }, lines: [{ product_id: 0, quantity: 0 }] });
    expect(res.status, res.text).toBe(422);
    for (const k of ['customer.name', 'customer.email', 'shipping.address', 'shipping.city', 'shipping.country', 'lines.0.quantity']) expect(Object.keys(res.body.errors), k).toContain(k);
  });

  it('refuses an unknown or inactive product under its line, naming the inactive one', async () => {
    const a = await product({}, 5);
    const off = await product({ name: 'Retired Lamp', status: 'inactive' }, 5);
    expectFieldError(await shop(orderBody([{ product_id: a.id, quantity: 1 }, { product_id: 999_999, quantity: 1 }])), 'lines.1.product_id', /no longer exists/);
    expectFieldError(await shop(orderBody([{ product_id: off.id, quantity: 1 }])), 'lines.0.product_id', /Retired Lamp/);
  });


  it('refuses too little stock: 409 naming the product and what is available, under its line', async () => {
    const a = await product({ name: 'Scarce Vase' }, 2);
    const b = await product({}, 9);
    const res = await shop(orderBody([{ product_id: b.id, quantity: 1 }, { product_id: a.id, quantity: 1 }, { product_id: a.id, quantity: 2 }]));
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toContain('Scarce Vase');
    expect(res.body.product).toMatchObject({ id: a.id, available: 2 });
    expect(res.body.errors['lines.1.quantity']).toBeTruthy();
  });

  it('places once per Idempotency-Key: a retry answers the first order; the same key with another body is a 422', async () => {
    const a = await product({}, 5);
    const body = orderBody([{ product_id: a.id, quantity: 1 }]);
    const first = await shop(body, { key: 'web-key-1', address: '198.51.100.7' });
    const again = await shop(body, { key: 'web-key-1', address: '198.51.100.7' });
    expect(first.status, first.text).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await f.api.rows(ORDERS_API, { search: first.body.data.reference })).toHaveLength(1);
    const other = await shop(orderBody([{ product_id: a.id, quantity: 2 }]), { key: 'web-key-1', address: '198.51.100.7' });
    expect(other.status, other.text).toBe(422);
    // Another address's same key is its own.
    expect((await shop(body, { key: 'web-key-1', address: '198.51.100.8' })).status).toBe(201);
  });

  it(`throttles per address: ${SHOP_ORDERS_PER_MINUTE} orders a minute, then 429 with Retry-After; others unaffected, and a minute later it opens again`, async () => {
    const a = await product({}, 100);
    const address = '192.0.2.44';
    for (let i = 0; i < SHOP_ORDERS_PER_MINUTE; i++) {
      const res = await shop(orderBody([{ product_id: a.id, quantity: 1 }]), { address });
      expect(res.status, `order ${i + 1}: ${res.text}`).toBe(201);
    }
    const refused = await shop(orderBody([{ product_id: a.id, quantity: 1 }]), { address });
    expect(refused.status, refused.text).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expectSentence(refused.body.message);
    expect((await shop(orderBody([{ product_id: a.id, quantity: 1 }]), { address: '192.0.2.45' })).status).toBe(201);
    f.h.clock.advance(61_000);
    expect((await shop(orderBody([{ product_id: a.id, quantity: 1 }]), { address })).status).toBe(201);
  });
});

describe('the public endpoint in the API reference', () => {
  it('is published with no security, its body strict (products and quantities only), and its 409, 422 and 429', async () => {
    const doc = (await f.h.request('GET', '/api/openapi.json')).body;
    const op = doc.paths[SHOP_ORDERS_API].post;
    expect(op.security).toEqual([]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['2XX', '409', '422', '429']));
    const line = op.requestBody.content['application/json'].schema.properties.lines.items;
    expect(Object.keys(line.properties).sort()).toEqual(['product_id', 'quantity']);
    expect(line.additionalProperties).toBe(false);
  });
});

describe('moving an order along', () => {
  it('processing takes the stock out through the ledger with the cost it left at; shipped, delivered; history of each step', async () => {
    const a = await product({}, 4);
    const o = await placed([{ product_id: a.id, quantity: 3 }]);
    const p = await step(o.id, 'process');
    expect(p.status, p.text).toBe(200);
    expect(p.body.data).toMatchObject({ status: 'processing', actions: ['ship', 'cancel', 'pay'] });
    expect(p.body.data.lines[0].unit_cost).toBe(800);
    expect(await onHand(a.id)).toBe(1);
    expect(await orderMovements(o.id, a.id)).toEqual([{ quantity: -3, unit_cost: 800, kind: 'sale' }]);
    expect(p.body.data.invoice).toBeNull();
    const shipped = (await step(o.id, 'ship')).body.data;
    expect(shipped.status).toBe('shipped');
    // Shipping issues the order's invoice in the same transaction: its lines and totals, the order's payments live.
    expect(shipped.invoice.number).toMatch(/^INV-\d{6}$/);
    const inv = await f.api.get(`${INVOICES_API}/${shipped.invoice.id}`);
    expect(inv.status, inv.text).toBe(200);
    expect(inv.body.data).toMatchObject({ number: shipped.invoice.number, order: { id: o.id, reference: o.reference, ordered_on: o.ordered_on }, sale: null, grand_total: shipped.grand_total, due: shipped.grand_total, paid: 0 });
    expect(inv.body.data.lines.map((l: any) => [l.product_id, l.quantity])).toEqual([[a.id, 3]]);
    const d = await step(o.id, 'deliver');
    expect(d.body.data).toMatchObject({ status: 'delivered', actions: ['pay'] });
    expect(d.body.data.history.map((x: any) => [x.action, x.from_status, x.to_status])).toEqual([
      ['create', null, 'pending'],
      ['process', 'pending', 'processing'],
      ['ship', 'processing', 'shipped'],
      ['deliver', 'shipped', 'delivered'],
    ]);
    expect(d.body.data.history[1].user_name).toBe('Admin');
    expect(await onHand(a.id)).toBe(1);
  });

  it('refuses steps the lifecycle does not allow, with a 409 a person can read', async () => {
    const a = await product({}, 4);
    const o = await placed([{ product_id: a.id, quantity: 1 }]);
    for (const name of ['ship', 'deliver']) {
      const res = await step(o.id, name);
      expect(res.status, res.text).toBe(409);
      expect(res.body.code).toBe('transition_refused');
      expectSentence(res.body.message);
    }
    await step(o.id, 'process');
    await step(o.id, 'ship');
    const late = await step(o.id, 'cancel');
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/shipped.*cannot be cancelled/);
    expect((await step(999_999, 'process')).status).toBe(404);
  });

  it('refuses processing when the stock has gone since: 409 naming the product, nothing moved', async () => {
    const a = await product({ name: 'Last Teapot' }, 1);
    const o = await placed([{ product_id: a.id, quantity: 1 }]);
    expect((await f.api.post(ADJUSTMENTS_API, { product_id: a.id, quantity: -1, reason: 'damage' })).status).toBe(201);
    const res = await step(o.id, 'process');
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toContain('Last Teapot');
    expect((await f.api.get(`${ORDERS_API}/${o.id}`)).body.data.status).toBe('pending');
  });

  it('cancelled from pending moves no stock; from processing the stock comes back at the cost it left at', async () => {
    const a = await product({}, 5);
    const pending = await placed([{ product_id: a.id, quantity: 2 }]);
    expect((await step(pending.id, 'cancel')).body.data).toMatchObject({ status: 'cancelled', actions: [] });
    expect(await onHand(a.id)).toBe(5);

    const o = await placed([{ product_id: a.id, quantity: 3 }]);
    await step(o.id, 'process');
    expect(await onHand(a.id)).toBe(2);
    // Stock comes in at a different cost meanwhile: the order's units still come back at 800.
    expect((await f.api.post(ADJUSTMENTS_API, { product_id: a.id, quantity: 2, reason: 'found', unit_cost: 2000 })).status).toBe(201);
    const c = await step(o.id, 'cancel');
    expect(c.status, c.text).toBe(200);
    expect(c.body.data.status).toBe('cancelled');
    expect(await onHand(a.id)).toBe(7);
    expect(await orderMovements(o.id, a.id)).toEqual([
      { quantity: -3, unit_cost: 800, kind: 'sale' },
      { quantity: 3, unit_cost: 800, kind: 'sale_return' },
    ]);
  });

  it('takes payments: never more than is due; the payment status follows', async () => {
    const a = await product({}, 5);
    const o = await placed([{ product_id: a.id, quantity: 2 }]);
    const part = await f.api.post(`${ORDERS_API}/${o.id}/payments`, { paid_on: '2025-05-01', amount: 1000, method: 'card' });
    expect(part.status, part.text).toBe(201);
    expect(part.body.data).toMatchObject({ paid: 1000, due: 4000, payment_status: 'partial' });
    expectFieldError(await f.api.post(`${ORDERS_API}/${o.id}/payments`, { paid_on: '2025-05-01', amount: 4001, method: 'card' }), 'amount', /4,000|40\.00/);
  });

  it('lists pending orders when asked by status, with totals; exports CSV', async () => {
    const a = await product({}, 5);
    const o = await placed([{ product_id: a.id, quantity: 1 }]);
    const res = await f.api.get(ORDERS_API, { status: 'pending', per_page: 100 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.every((r: any) => r.status === 'pending')).toBe(true);
    expect(res.body.data.some((r: any) => r.id === o.id && r.customer_name && r.due === r.grand_total)).toBe(true);
    expect(res.body.totals.grand_total).toBeGreaterThan(0);
    const csv = await f.api.get(`${ORDERS_API}/export`, { status: 'pending' });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(o.reference);
  });
});

describe('rights', () => {
  it('staff without "order list" neither see nor move orders; the public endpoint needs no session but the admin ones do', async () => {
    const a = await product({}, 5);
    const o = await placed([{ product_id: a.id, quantity: 1 }]);
    const cashier = client(f.h, await f.h.tokenFor('cashier@example.com'));
    expect((await cashier.get(ORDERS_API)).status).toBe(403);
    expect((await cashier.get(`${ORDERS_API}/${o.id}`)).status).toBe(403);
    expect((await step(o.id, 'process', cashier)).status).toBe(403);
    expect((await f.h.request('GET', ORDERS_API)).status).toBe(401);
  });

  it('"order list" alone sees orders but cannot move them or take payments', async () => {
    const a = await product({}, 5);
    const o = await placed([{ product_id: a.id, quantity: 1 }]);
    const [role] = await f.h.db.insert(roles).values({ name: 'Order Watcher' }).returning();
    const [perm] = await f.h.db.select().from(permissions).where(eq(permissions.name, 'order list'));
    await f.h.db.insert(rolePermissions).values({ role_id: role!.id, permission_id: perm!.id });
    const userId = await f.h.createUser({ email: 'watcher@example.com' });
    await f.h.db.insert(userRoles).values({ user_id: userId, role_id: role!.id });
    const watcher = client(f.h, await f.h.tokenFor('watcher@example.com'));
    expect((await watcher.get(`${ORDERS_API}/${o.id}`)).status).toBe(200);
    expect((await step(o.id, 'process', watcher)).status).toBe(403);
    expect((await watcher.post(`${ORDERS_API}/${o.id}/payments`, { paid_on: '2025-05-01', amount: 100, method: 'cash' })).status).toBe(403);
  });
});
