import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SALES_API, saleKeptTotals, saleTotalsInput } from '../../domain/documents/sale.ts';
import { computeTotals } from '../../domain/documents/totals.ts';
import { customers as C, posSetting, products as P } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { client, expectFieldError, expectSentence } from './crud-helpers.ts';
import { saleFixture } from './sale-fixture.ts';

/**
 * Sale returns: some or all of a completed sale's lines come back (never more than sold less
 * returned), stock and serials back through the ledger at the cost they left at, refunds by
 * method, the sale's returned, refunded and balance; a pending sale refused; rights; a retry
 * under one key returns once.
 */

const f = saleFixture('Rita Returner');

let n = 0;
async function product(fields: Record<string, unknown> = {}, stock = 0, unit_cost = 700, serials?: string[]): Promise<any> {
  n++;
  const p = await f.api.create(P.api, { name: `Returnable ${n}`, sku: `RT-${n}`, unit_id: f.unitId, sale_price: 2000, cost_price: 1000, ...fields });
  if (stock) {
    const res = await f.api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: stock, reason: 'opening', unit_cost, ...(serials ? { serials } : {}) });
    expect(res.status, res.text).toBe(201);
  }
  return p;
}
const onHand = async (id: number) => (await f.api.get(`${P.api}/${id}`)).body.data.on_hand as number;
const sold = async (body: Record<string, unknown>) => {
  const res = await f.api.post(SALES_API, { sold_on: '2025-05-01', customer_id: f.customerId, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
};
const giveBack = (saleId: number, body: Record<string, unknown>, headers?: Record<string, string>) => f.api.post(`${SALES_API}/${saleId}/returns`, { returned_on: '2025-05-03', ...body }, headers);
const returned = async (saleId: number, body: Record<string, unknown>) => {
  const res = await giveBack(saleId, body);
  expect(res.status, res.text).toBe(201);
  expectSentence(res.body.message);
  return res.body.data;
};

/** The sum of a product's movements, which its level must equal; and its last movement. */
async function ledger(productId: number) {
  const res = await f.h.db.execute(sql`select coalesce(sum(quantity), 0)::int as moved, (select row_to_json(m) from (select kind, quantity, unit_cost, source_type from stock_movements where product_id = ${productId} order by id desc limit 1) m) as last from stock_movements where product_id = ${productId}`);
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { moved: number; last: any }[];
  const last = typeof rows[0]!.last === 'string' ? JSON.parse(rows[0]!.last) : rows[0]!.last;
  return { moved: rows[0]!.moved, last };
}

describe('returning goods of a completed sale', () => {
  it('takes back part of a line at the cost it left at, numbered SR-, and the sale shows what came back and what it owes', async () => {
    const a = await product({}, 5, 700);
    const s = await sold({ lines: [{ product_id: a.id, quantity: 3 }], payments: [{ method: 'cash', amount: 6000 }] });
    expect(s.lines[0]).toMatchObject({ returned: 0, returnable: 3, unit_cost: 700 });
    // Later stock comes in dearer: what comes back still comes back at what it left at.
    await f.api.post(ADJUSTMENTS_API, { product_id: a.id, quantity: 2, reason: 'found', unit_cost: 1300 });
    const d = await returned(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1 }], refunds: [{ method: 'cash', amount: 2000 }] });
    expect(d.returns).toHaveLength(1);
    const r = d.returns[0];
    expect(r.reference).toMatch(/^SR-\d{6}$/);
    expect(r).toMatchObject({ grand_total: 2000, refunded: 2000 });
    expect(r.lines).toEqual([expect.objectContaining({ sale_line_id: s.lines[0].id, quantity: 1, unit_price: 2000, unit_cost: 700, total: 2000 })]);
    expect(r.refunds).toEqual([expect.objectContaining({ method: 'cash', amount: 2000, paid_on: '2025-05-03' })]);
    expect(d.lines[0]).toMatchObject({ returned: 1, returnable: 2 });
    expect(d).toMatchObject({ returned_total: 2000, refunded: 2000, paid: 6000, due: 0, payment_status: 'paid' });
    expect(await onHand(a.id)).toBe(5);
    const l = await ledger(a.id);
    expect(l.moved).toBe(5);
    expect(l.last).toMatchObject({ kind: 'sale_return', quantity: 1, unit_cost: 700, source_type: 'sale_return' });
    expect(d.history.at(-1)).toMatchObject({ action: 'return', from_status: 'completed', to_status: 'completed' });
  });

  it('never takes back more than was sold less what came back: 422 under the line, nothing recorded', async () => {
    const a = await product({}, 4);
    const b = await product({}, 4);
    const s = await sold({ lines: [{ product_id: a.id, quantity: 2 }, { product_id: b.id, quantity: 1 }] });
    await returned(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1 }] });
    const res = await giveBack(s.id, { lines: [{ line_id: s.lines[1].id, quantity: 1 }, { line_id: s.lines[0].id, quantity: 2 }] });
    expectFieldError(res, 'lines.1.quantity', 'Only 1 can come back.');
    expect(await onHand(a.id)).toBe(3);
    expect(await onHand(b.id)).toBe(3);
    expect((await f.api.get(`${SALES_API}/${s.id}`)).body.data.returns).toHaveLength(1);
    expectFieldError(await giveBack(s.id, { lines: [{ line_id: 999_999, quantity: 1 }] }), 'lines.0.line_id', /not on this sale/);
    expectFieldError(await giveBack(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 0 }] }), 'lines.0.quantity');
    expectFieldError(await giveBack(s.id, { lines: [] }), 'lines');
    expectFieldError(await giveBack(s.id, { returned_on: '2025-04-30', lines: [{ line_id: s.lines[1].id, quantity: 1 }] }), 'returned_on', /before they were sold/);
  });

  it('takes everything back: the returns add up to the grand total (order discount, tax and shipping included), refunds split by method', async () => {
    const a = await product({ tax_bps: 1000 }, 6);
    const b = await product({}, 6);
    const s = await sold({ lines: [{ product_id: a.id, quantity: 3, discount: 150 }, { product_id: b.id, quantity: 2 }], discount: 500, tax_bps: 500, shipping: 300, payments: [{ method: 'cash', amount: 5000 }, { method: 'card', amount: 5000 }] });
    const total = s.grand_total as number;
    const first = await returned(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1 }] });
    const part = first.returns[0].grand_total as number;
    // The value is the sale's totals over what it kept before less after, by the one totals function.
    const keptAfter = saleKeptTotals(s, s.lines, [2, 2]).grandTotal;
    expect(part).toBe(total - keptAfter);
    expect(first.due).toBe(total - part - s.paid);
    const last = await returned(s.id, {
      lines: [
        { line_id: s.lines[0].id, quantity: 2 },
        { line_id: s.lines[1].id, quantity: 2 },
      ],
      refunds: [{ method: 'card', amount: 5000 }, { method: 'cash', amount: s.paid - 5000 }],
    });
    expect(last.returned_total).toBe(total);
    expect(last.returns.map((r: any) => r.grand_total).reduce((x: number, y: number) => x + y, 0)).toBe(total);
    expect(last).toMatchObject({ refunded: s.paid, due: 0, payment_status: 'paid' });
    expect(last.returns[1].refunds.map((p: any) => [p.method, p.amount])).toEqual([['card', 5000], ['cash', s.paid - 5000]]);
    expect(await onHand(a.id)).toBe(6);
    expect(await onHand(b.id)).toBe(6);
    expect(computeTotals(saleTotalsInput(s, s.lines)).grandTotal).toBe(total);
    // Nothing left to take back.
    expectFieldError(await giveBack(s.id, { lines: [{ line_id: s.lines[1].id, quantity: 1 }] }), 'lines.0.quantity', 'Only 0 can come back.');
  });

  it('refunds no more than the customer is owed, only by the methods the shop takes; an unpaid sale owes less instead', async () => {
    const a = await product({}, 4);
    const s = await sold({ lines: [{ product_id: a.id, quantity: 2 }], payments: [{ method: 'cash', amount: 1000 }] });
    // Paid 1000 of 4000; one back leaves 2000 owed: nothing to refund.
    expectFieldError(await giveBack(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1 }], refunds: [{ method: 'cash', amount: 1 }] }), 'refunds.0.amount', /Nothing is owed/);
    const d = await returned(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1 }] });
    expect(d).toMatchObject({ due: 1000, payment_status: 'partial' });
    // A payment now weighs what is due after the return, not the grand total.
    expectFieldError(await f.api.post(`${SALES_API}/${s.id}/payments`, { paid_on: '2025-05-04', amount: 1001, method: 'cash' }), 'amount', /Only .* is due/);
    // The last one back: the customer paid 1000 and keeps nothing, so 1000 may be refunded, no more.
    expectFieldError(await giveBack(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1 }], refunds: [{ method: 'cash', amount: 1001 }] }), 'refunds.0.amount', /At most/);
    const pos = (await f.api.get(posSetting.api)).body.data;
    try {
      await f.api.put(posSetting.api, { ...pos, payment_methods: ['cash'] });
      expectFieldError(await giveBack(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1 }], refunds: [{ method: 'card', amount: 500 }] }), 'refunds.0.method', /does not take card/);
    } finally {
      await f.api.put(posSetting.api, pos);
    }
    const owed = await returned(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1 }], refunds: [{ method: 'cash', amount: 400 }] });
    // Negative: the shop still owes the customer 600.
    expect(owed).toMatchObject({ due: -600, refunded: 400, payment_status: 'paid' });
    expect(owed.actions).toContain('return');
  });

  it('brings serials back into stock, only those that left on this sale', async () => {
    const phone = await product({ tracks_serials: true }, 3, 900, ['R1', 'R2', 'R3']);
    const s = await sold({ lines: [{ product_id: phone.id, quantity: 2, serials: ['R1', 'R2'] }] });
    expectFieldError(await giveBack(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1 }] }), 'lines.0.serials', /tracks serial numbers/);
    expectFieldError(await giveBack(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1, serials: ['R3'] }] }), 'lines.0.serials.0', /did not leave on this sale/);
    // The sale tells which serials each line sold and has not taken back: the return panel offers these.
    expect(s.lines[0].serials_out).toEqual(['R1', 'R2']);
    const after = await returned(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1, serials: ['r2'] }] });
    expect(after.lines[0].serials_out).toEqual(['R1']);
    // Back in stock: it cannot come back twice.
    expectFieldError(await giveBack(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 1, serials: ['R2'] }] }), 'lines.0.serials.0', /did not leave on this sale or is back already/);
    expect(await onHand(phone.id)).toBe(2);
    const res = await f.h.db.execute(sql`select serial, state, unit_cost from serials where product_id = ${phone.id} order by serial`);
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { serial: string; state: string; unit_cost: number }[];
    expect(rows.map((r) => [r.serial, r.state])).toEqual([['R1', 'sold'], ['R2', 'in_stock'], ['R3', 'in_stock']]);
    expect((await ledger(phone.id)).moved).toBe(2);
  });

  it('refuses a pending sale (nothing has left yet) and anyone without the right to sell', async () => {
    const a = await product({}, 2);
    const pending = await sold({ status: 'pending', lines: [{ product_id: a.id, quantity: 1 }] });
    expect(pending.actions).not.toContain('return');
    const res = await giveBack(pending.id, { lines: [{ line_id: pending.lines[0].id, quantity: 1 }] });
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe('transition_refused');
    expect(res.body.message).toMatch(/pending, so it cannot be returned/);
    expect(pending.lines[0].returnable).toBe(0);
    const s = await sold({ lines: [{ product_id: a.id, quantity: 1 }] });
    await f.h.createUser({ email: 'noreturns@example.com', name: 'No rights' });
    const nobody = client(f.h, await f.h.tokenFor('noreturns@example.com'));
    expect((await nobody.post(`${SALES_API}/${s.id}/returns`, { returned_on: '2025-05-03', lines: [{ line_id: s.lines[0].id, quantity: 1 }] })).status).toBe(403);
    expect((await giveBack(999_999, { lines: [{ line_id: 1, quantity: 1 }] })).status).toBe(404);
    expect(await onHand(a.id)).toBe(1);
  });

  it('returns once per Idempotency-Key, in sequence and at once; the same key with another body is a 422', async () => {
    const a = await product({}, 10);
    const s = await sold({ lines: [{ product_id: a.id, quantity: 8 }] });
    const body = { lines: [{ line_id: s.lines[0].id, quantity: 1 }] };
    const key = { 'Idempotency-Key': `return-seq-${s.id}` };
    const one = await giveBack(s.id, body, key);
    const two = await giveBack(s.id, body, key);
    expect(one.status, one.text).toBe(201);
    expect(two.body).toEqual(one.body);
    const par = await Promise.all(Array.from({ length: 5 }, () => giveBack(s.id, body, { 'Idempotency-Key': `return-par-${s.id}` })));
    for (const r of par) expect(r.body, r.text).toEqual(par[0]!.body);
    const other = await giveBack(s.id, { lines: [{ line_id: s.lines[0].id, quantity: 2 }] }, key);
    expect(other.status).toBe(422);
    const now = (await f.api.get(`${SALES_API}/${s.id}`)).body.data;
    expect(now.returns).toHaveLength(2);
    expect(now.lines[0].returned).toBe(2);
    expect(await onHand(a.id)).toBe(4);
  });

  it('the sales figure: completed sales in the period less the refunds of returns made in it; pending sales do not count', async () => {
    const a = await product({}, 20);
    const who = (await f.api.create(C.api, { name: 'Figure Customer' })).id;
    const at = (sold_on: string, body: Record<string, unknown>) => sold({ customer_id: who, sold_on, ...body });
    // January: sold, and returned in February.
    const jan = await at('2024-01-20', { lines: [{ product_id: a.id, quantity: 2 }], payments: [{ method: 'cash', amount: 4000 }] });
    // February: one completed, one pending (never counts), one completed then partly returned in February.
    const feb = await at('2024-02-05', { lines: [{ product_id: a.id, quantity: 1 }], payments: [{ method: 'card', amount: 2000 }] });
    await at('2024-02-06', { status: 'pending', lines: [{ product_id: a.id, quantity: 3 }] });
    const feb2 = await at('2024-02-07', { lines: [{ product_id: a.id, quantity: 3 }], payments: [{ method: 'cash', amount: 6000 }] });
    await returned(jan.id, { returned_on: '2024-02-10', lines: [{ line_id: jan.lines[0].id, quantity: 1 }], refunds: [{ method: 'cash', amount: 2000 }] });
    await returned(feb2.id, { returned_on: '2024-02-11', lines: [{ line_id: feb2.lines[0].id, quantity: 1 }], refunds: [{ method: 'cash', amount: 1500 }] });
    // A return made in March does not touch February.
    await returned(feb.id, { returned_on: '2024-03-01', lines: [{ line_id: feb.lines[0].id, quantity: 1 }], refunds: [{ method: 'card', amount: 2000 }] });
    const totals = async (filters: Record<string, string>) => {
      const res = await f.api.get(SALES_API, filters);
      expect(res.status, res.text).toBe(200);
      return res.body.totals;
    };
    const february = { sold_on_from: '2024-02-01', sold_on_to: '2024-02-29' };
    // Range alone (the tallies answer the completed part), and with the customer (counted over the sales).
    for (const filter of [february, { ...february, customer_id: String(who) }]) {
      const t = await totals(filter);
      expect(t.sales).toBe(feb.grand_total + feb2.grand_total - 2000 - 1500);
      expect(t.grand_total).toBe(feb.grand_total + feb2.grand_total + 6000);
      // What is due is each sale's balance (returns and refunds in), whichever way the totals are read.
      const rows = await f.api.rows(SALES_API, filter);
      expect(t.due).toBe(rows.reduce((sum: number, r: any) => sum + r.due, 0));
    }
    const shown = (await f.api.get(`${SALES_API}/${feb2.id}`)).body.data;
    expect((await f.api.rows(SALES_API, { customer_id: String(who), sold_on_from: '2024-02-07', sold_on_to: '2024-02-07' }))[0].due).toBe(shown.due);
    expect(shown.due).toBe(feb2.grand_total - 2000 - 6000 + 1500);
    // The whole history of the customer: every completed sale less every refund.
    expect((await totals({ customer_id: String(who) })).sales).toBe(jan.grand_total + feb.grand_total + feb2.grand_total - 2000 - 1500 - 2000);
    expect((await totals({ ...february, status: 'pending' })).sales).toBe(0);
    expect((await totals({ ...february, status: 'completed', customer_id: String(who) })).sales).toBe(feb.grand_total + feb2.grand_total - 3500);
  });
});
