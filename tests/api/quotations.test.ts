import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUOTATIONS_API } from '../../domain/documents/quotation.ts';
import { SALES_API, saleTotalsInput } from '../../domain/documents/sale.ts';
import { computeTotals } from '../../domain/documents/totals.ts';
import { products as P } from '../../domain/resources/index.ts';
import { permissions, products, rolePermissions, roles, userRoles } from '../../server/db/schema.ts';
import { client, expectFieldError, type Client } from './crud-helpers.ts';
import { saleFixture, stockedProduct } from './sale-fixture.ts';

/**
 * Quotations on the document engine: written as drafts priced like a sale, edited only as
 * drafts, sent, accepted or rejected, expired once sent and past their day (computed), and
 * converted ONCE into a pending sale through the sale service; never a stock movement.
 */

const f = saleFixture('Quinn Quoted');
const onHand = async (id: number) => (await f.api.get(`${P.api}/${id}`)).body.data as { on_hand: number; movements_count: number };
const FAR = '2999-12-31';
const write = (body: Record<string, unknown>, api: Client = f.api) => api.post(QUOTATIONS_API, { customer_id: f.customerId, quoted_on: '2025-06-01', ...body });
async function drafted(productId: number, more: Record<string, unknown> = {}) {
  const res = await write({ valid_until: FAR, lines: [{ product_id: productId, quantity: 2, discount: 100 }], discount: 50, tax_bps: 1000, shipping: 300, ...more });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}
const step = (id: number, name: string, api: Client = f.api, body: Record<string, unknown> = {}) => api.post(`${QUOTATIONS_API}/${id}/${name}`, body);
async function accepted(productId: number) {
  const q = await drafted(productId);
  for (const s of ['send', 'accept']) expect((await step(q.id, s)).status).toBe(200);
  return q;
}

describe('writing a quotation', () => {
  it('is a numbered draft priced from the catalogue, valid 30 days by default, totals from the one totals function', async () => {
    const a = await stockedProduct(f, 3);
    const res = await write({ lines: [{ product_id: a.id, quantity: 2, discount: 100 }], tax_bps: 1000, shipping: 300, note: 'Spring offer' });
    expect(res.status, res.text).toBe(201);
    const q = res.body.data;
    expect(q.reference).toMatch(/^QT-\d{6}$/);
    expect(q).toMatchObject({ status: 'draft', valid_until: '2025-07-01', customer_name: 'Quinn Quoted', note: 'Spring offer', sale: null, actions: ['edit', 'send'] });
    expect(q.lines[0]).toMatchObject({ unit_price: 2500, quantity: 2, discount: 100 });
    expect(q.grand_total).toBe(computeTotals(saleTotalsInput(q, q.lines)).grandTotal);
    expect(q.history).toMatchObject([{ action: 'create', to_status: 'draft' }]);
    expect(res.body.message).toMatch(new RegExp(`^Quotation ${q.reference} saved as a draft`));
  });

  it('refuses a bad body with 422s under the fields, inside lines too', async () => {
    const a = await stockedProduct(f, 0);
    expectFieldError(await f.api.post(QUOTATIONS_API, { quoted_on: '2025-06-01', lines: [{ product_id: a.id, quantity: 1 }] }), 'customer_id', /customer/);
    expectFieldError(await write({ valid_until: '2025-05-31', lines: [{ product_id: a.id, quantity: 1 }] }), 'valid_until', /before its own date/);
    expectFieldError(await write({ lines: [{ product_id: a.id, quantity: 0 }] }), 'lines.0.quantity', /1 or more/);
    expectFieldError(await write({ lines: [{ product_id: a.id, quantity: 1, unit_price: 1, discount: 5 }] }), 'lines.0.discount', /more than the line/);
    expectFieldError(await write({ lines: [{ product_id: 999999, quantity: 1 }] }), 'lines.0.product_id', /no longer exists/);
    expectFieldError(await write({ lines: [{ product_id: a.id, quantity: 1 }], status: 'sent' }), 'status', /not allowed/);
    expectFieldError(await write({ customer_id: 999999, lines: [{ product_id: a.id, quantity: 1 }] }), 'customer_id', /no longer exists/);
  });

  it('edits a draft only; once sent the edit is a 409 that says why', async () => {
    const a = await stockedProduct(f, 0);
    const q = await drafted(a.id);
    const put = await f.api.put(`${QUOTATIONS_API}/${q.id}`, { customer_id: f.customerId, quoted_on: '2025-06-02', valid_until: FAR, lines: [{ product_id: a.id, quantity: 5 }] });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data).toMatchObject({ status: 'draft', quoted_on: '2025-06-02', lines: [{ quantity: 5 }] });
    expect((await step(q.id, 'send')).status).toBe(200);
    const again = await f.api.put(`${QUOTATIONS_API}/${q.id}`, { customer_id: f.customerId, quoted_on: '2025-06-02', lines: [{ product_id: a.id, quantity: 1 }] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This quotation is sent, so it cannot be edited: a quotation is edited only while draft.');
  });
});

describe('its lifecycle', () => {
  it('draft → sent → accepted, each step in the history with who; rejected from sent; wrong states are 409s', async () => {
    const a = await stockedProduct(f, 0);
    const q = await drafted(a.id);
    expect((await step(q.id, 'accept')).body.message).toBe('This quotation is draft, so it cannot be accepted: a quotation is accepted only while sent.');
    const sent = await step(q.id, 'send', f.api, { note: 'By e-mail' });
    expect(sent.body.data).toMatchObject({ status: 'sent', actions: ['accept', 'reject'] });
    const acc = await step(q.id, 'accept');
    expect(acc.body).toMatchObject({ message: `Quotation ${q.reference} accepted.`, data: { status: 'accepted', actions: ['convert'] } });
    expect(acc.body.data.history.map((s: any) => [s.action, s.from_status, s.to_status, s.user_name])).toEqual([
      ['create', null, 'draft', 'Admin'],
      ['send', 'draft', 'sent', 'Admin'],
      ['accept', 'sent', 'accepted', 'Admin'],
    ]);
    expect(acc.body.data.history[1].note).toBe('By e-mail');
    expect((await step(q.id, 'reject')).status).toBe(409);
    const r = await drafted(a.id);
    await step(r.id, 'send');
    expect((await step(r.id, 'reject')).body.data).toMatchObject({ status: 'rejected', actions: [] });
    expect((await step(r.id, 'convert')).body.message).toMatch(/is rejected, so it cannot be converted/);
  });

  it('a sent quotation past its day has expired: listed and filtered so, accept and convert refused with a clear message; a draft past its day is not sent', async () => {
    const a = await stockedProduct(f, 0);
    const old = await drafted(a.id, { quoted_on: '2020-01-01', valid_until: '2020-01-31' });
    expectFieldError(await step(old.id, 'send'), 'valid_until', /2020-01-31, which is past/);
    const expiring = await drafted(a.id);
    expect((await step(expiring.id, 'send')).status).toBe(200);
    // Its day passes (written straight to the row: the API never moves a sent quotation's day).
    await f.h.db.execute(`update quotations set quoted_on = '2020-01-01', valid_until = '2020-01-31' where id = ${expiring.id}`);
    const shown = (await f.api.get(`${QUOTATIONS_API}/${expiring.id}`)).body.data;
    expect(shown).toMatchObject({ status: 'expired', actions: [] });
    const acc = await step(expiring.id, 'accept');
    expect(acc.status).toBe(409);
    expect(acc.body.message).toBe(`Quotation ${expiring.reference} expired: it was valid until 2020-01-31. Write a new quotation for the customer.`);
    const list = (await f.api.get(`${QUOTATIONS_API}?status=expired`)).body;
    expect(list.data.map((r: any) => r.id)).toEqual([expiring.id]);
    expect(list.data[0].status).toBe('expired');
    expect((await f.api.get(`${QUOTATIONS_API}?status=sent`)).body.data.map((r: any) => r.id)).not.toContain(expiring.id);
  });
});

describe('converting to a sale', () => {
  it('makes one pending sale with its customer, lines, prices, discounts, tax and shipping, answers with it, links both ways; twice is a 409 naming the sale; no stock moves', async () => {
    const a = await stockedProduct(f, 4);
    const before = await onHand(a.id);
    const q = await accepted(a.id);
    // The catalogue's price changes after the quotation: the sale keeps the agreed one.
    await f.h.db.update(products).set({ sale_price: 9999 }).where(eq(products.id, a.id));
    const res = await step(q.id, 'convert');
    expect(res.status, res.text).toBe(200);
    const sale = res.body.data;
    expect(sale.reference).toMatch(/^SL-\d{6}$/);
    expect(sale).toMatchObject({ status: 'pending', customer_id: f.customerId, discount: 50, tax_bps: 1000, shipping: 300, grand_total: q.grand_total, quotation: { id: q.id, reference: q.reference } });
    expect(sale.lines).toMatchObject([{ product_id: a.id, quantity: 2, unit_price: 2500, discount: 100 }]);
    expect(res.body.message).toBe(`Quotation ${q.reference} converted: sale ${sale.reference} is pending.`);
    const now = (await f.api.get(`${QUOTATIONS_API}/${q.id}`)).body.data;
    expect(now).toMatchObject({ status: 'converted', sale: { id: sale.id, reference: sale.reference }, actions: [] });
    const twice = await step(q.id, 'convert');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`Quotation ${q.reference} was converted already: it is sale ${sale.reference}. Open that sale instead.`);
    expect((await f.api.get(`${SALES_API}?search=${sale.reference}`)).body.data).toHaveLength(1);
    expect(await onHand(a.id)).toMatchObject({ on_hand: before.on_hand, movements_count: before.movements_count });
  });

  it('"quotation create" alone converts (the sale is pending); "quotation list" alone sees but writes nothing (403)', async () => {
    const a = await stockedProduct(f, 0);
    const q = await accepted(a.id);
    const [role] = await f.h.db.insert(roles).values({ name: 'Quoter' }).returning();
    const rights = await f.h.db.select().from(permissions);
    await f.h.db.insert(rolePermissions).values({ role_id: role!.id, permission_id: rights.find((p) => p.name === 'quotation list')!.id });
    const userId = await f.h.createUser({ email: 'quoter@example.com' });
    await f.h.db.insert(userRoles).values({ user_id: userId, role_id: role!.id });
    const watcher = client(f.h, await f.h.tokenFor('quoter@example.com'));
    expect((await watcher.get(`${QUOTATIONS_API}/${q.id}`)).status).toBe(200);
    expect((await write({ lines: [{ product_id: a.id, quantity: 1 }] }, watcher)).status).toBe(403);
    expect((await step(q.id, 'convert', watcher)).status).toBe(403);
    await f.h.db.insert(rolePermissions).values({ role_id: role!.id, permission_id: rights.find((p) => p.name === 'quotation create')!.id });
    const quoter = client(f.h, await f.h.tokenFor('quoter@example.com'));
    const made = await step(q.id, 'convert', quoter);
    expect(made.status, made.text).toBe(200);
    expect(made.body.data.status).toBe('pending');
    const cashier = client(f.h, await f.h.tokenFor('cashier@example.com'));
    expect((await cashier.get(QUOTATIONS_API)).status).toBe(403);
  });
});

describe('the list', () => {
  it('filters by customer, status and date range, totals the filter and exports CSV', async () => {
    const a = await stockedProduct(f, 0);
    const q1 = await drafted(a.id, { quoted_on: '2024-02-10' });
    const q2 = await drafted(a.id, { quoted_on: '2024-02-20' });
    const page = (await f.api.get(`${QUOTATIONS_API}?quoted_on_from=2024-02-01&quoted_on_to=2024-02-28&status=draft&customer_id=${f.customerId}`)).body;
    expect(page.data.map((r: any) => r.id)).toEqual([q2.id, q1.id]);
    expect(page.data[0]).toMatchObject({ customer_name: 'Quinn Quoted', valid_until: FAR, status: 'draft' });
    expect(page.totals.grand_total).toBe(q1.grand_total + q2.grand_total);
    const csv = await f.api.get(`${QUOTATIONS_API}/export?quoted_on_from=2024-02-01&quoted_on_to=2024-02-28`);
    expect(csv.status).toBe(200);
    expect(csv.text.split('\n')[0]).toMatch(/Reference.*Date.*Valid until.*Customer.*Status.*Total/);
    expect(csv.text).toContain(q1.reference);
  });
});
