import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineSerialsPath } from '../../domain/documents/lines.ts';
import { SALES_API, saleTotalsInput } from '../../domain/documents/sale.ts';
import { computeTotals } from '../../domain/documents/totals.ts';
import { customers as C, products as P, units as UN } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { REGISTER_API } from '../../domain/pos/till.ts';
import { client, expectFieldError, expectSentence, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * postSale (server/documents/sales.ts) beyond the happy paths of sales.test.ts: a split payment
 * totalled to the cent, change only in cash, every refusal a 4xx under the field a person fixes
 * (with nothing recorded and no stock moved), and the lifecycle's refusals.
 */

let h: Harness;
let api: Client;
let unitId: number;
let customerId: number;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  customerId = (await api.create(C.api, { name: 'Posting Customer' })).id;
});
afterAll(() => h?.close());

let n = 0;
/** A product with `stock` units on hand at cost 1000 each. */
async function product(stock: number, fields: Record<string, unknown> = {}): Promise<any> {
  n++;
  const p = await api.create(P.api, { name: `Posted ${n}`, sku: `PS-${n}`, unit_id: unitId, sale_price: 2500, cost_price: 1000, ...fields });
  if (stock) {
    const res = await api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: stock, reason: 'opening', unit_cost: 1000 });
    expect(res.status, res.text).toBe(201);
  }
  return p;
}
const onHand = async (id: number) => (await api.get(`${P.api}/${id}`)).body.data.on_hand as number;
const sell = (body: Record<string, unknown>, headers?: Record<string, string>) => api.post(SALES_API, { sold_on: '2025-05-02', ...body }, headers);
const count = async () => (await api.get(SALES_API)).body.meta.total as number;

describe('totals and payments', () => {
  it('totals a split payment to the cent: lines, line tax, order discount, shipping', async () => {
    const a = await product(10, { tax_bps: 1000 });
    const b = await product(5, { sale_price: 990 });
    const res = await sell({
      customer_id: customerId,
      lines: [
        { product_id: a.id, quantity: 2, discount: 500 },
        { product_id: b.id, quantity: 3 },
      ],
      discount: 200,
      shipping: 300,
      payments: [
        { method: 'card', amount: 5000 },
        { method: 'cash', amount: 3000 },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const s = res.body.data;
    const t = computeTotals(saleTotalsInput(s, s.lines));
    // 2×2500 − 500 + 10% tax = 4950; 3×990 = 2970; −200 + 300 = 8020; 8000 tendered: 20 due.
    expect(t.grandTotal).toBe(8020);
    expect(s).toMatchObject({ customer_name: 'Posting Customer', subtotal: t.subtotal, line_tax: 450, grand_total: 8020, paid: 8000, change: 0, payment_status: 'partial', due: 20 });
    expect(s.payments.map((p: any) => [p.method, p.amount, p.paid_on])).toEqual([
      ['card', 5000, '2025-05-02'],
      ['cash', 3000, '2025-05-02'],
    ]);
    expect(s.lines.map((l: any) => l.unit_cost)).toEqual([1000, 1000]);
    expect([await onHand(a.id), await onHand(b.id)]).toEqual([8, 2]);
    expect(s.history.map((e: any) => [e.action, e.to_status])).toEqual([['create', 'completed']]);
    expectSentence(res.body.message);
  });

  it('gives change from cash only: card and cash beyond the total leave the card whole and the cash less the change', async () => {
    const a = await product(3);
    const till = (await api.create(REGISTER_API, { opening_float: 0 })).id;
    const res = await sell({ channel: 'pos', register_session_id: till, lines: [{ product_id: a.id, quantity: 1 }], payments: [{ method: 'card', amount: 1000 }, { method: 'cash', amount: 2000 }] });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ customer_id: null, customer_name: null, channel: 'pos', grand_total: 2500, paid: 2500, change: 500, payment_status: 'paid', due: 0 });
    expect(res.body.data.payments.map((p: any) => [p.method, p.amount])).toEqual([
      ['card', 1000],
      ['cash', 1500],
    ]);
    expect(res.body.message).toMatch(/change/);
  });

  it('refuses card paid beyond the total under that payment, recording nothing', async () => {
    const a = await product(3);
    const before = await count();
    expectFieldError(await sell({ lines: [{ product_id: a.id, quantity: 1 }], payments: [{ method: 'card', amount: 2600 }] }), 'payments.0.amount', /Only cash/);
    expect(await onHand(a.id)).toBe(3);
    expect(await count()).toBe(before);
  });
});

describe('refusals under their field', () => {
  it('an inactive, a missing product, a missing customer, a discount over the line, a price without the right', async () => {
    const a = await product(5);
    const off = await product(5, { status: 'inactive' });
    const before = await count();
    expectFieldError(await sell({ lines: [{ product_id: a.id, quantity: 1 }, { product_id: off.id, quantity: 1 }] }), 'lines.1.product_id', /inactive/);
    expectFieldError(await sell({ lines: [{ product_id: 999999, quantity: 1 }] }), 'lines.0.product_id');
    expectFieldError(await sell({ customer_id: 999999, lines: [{ product_id: a.id, quantity: 1 }] }), 'customer_id');
    expectFieldError(await sell({ lines: [{ product_id: a.id, quantity: 1, discount: 2600 }] }), 'lines.0.discount');
    // The product's own price is no override; another one is, which the Cashier may not make.
    const cashier = client(h, await h.tokenFor('cashier@example.com'));
    const priced = await cashier.post(SALES_API, { sold_on: '2025-05-02', lines: [{ product_id: a.id, quantity: 1, unit_price: 2500 }, { product_id: a.id, quantity: 1, unit_price: 100 }] });
    expectFieldError(priced, 'lines.1.unit_price', /sells at/);
    expect(Object.keys(priced.body.errors)).not.toContain('lines.0.unit_price');
    expectFieldError(await sell({ sold_on: '2025-02-30', lines: [{ product_id: a.id, quantity: 1 }] }), 'sold_on');
    expectFieldError(await sell({ channel: 'web', lines: [{ product_id: a.id, quantity: 1 }] }), 'channel');
    expectFieldError(await sell({ lines: [{ product_id: a.id, quantity: 1 }], payments: [{ method: 'cheque', amount: 1 }] }), 'payments.0.method');
    expect(await onHand(a.id)).toBe(5);
    expect(await count()).toBe(before);
  });

  it('an oversell across two lines of one product is a 409 naming it and what is available', async () => {
    const a = await product(3, { name: 'Twice Named' });
    const res = await sell({ lines: [{ product_id: a.id, quantity: 2 }, { product_id: a.id, quantity: 2 }] });
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toContain('Twice Named');
    expect(await onHand(a.id)).toBe(3);
  });

});

describe('serial-tracked goods on a pending sale', () => {
  /** A serial-tracked product with these serials in stock. */
  async function phone(serials: string[], fields: Record<string, unknown> = {}): Promise<any> {
    const p = await product(0, { tracks_serials: true, ...fields });
    if (serials.length) {
      const res = await api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: serials.length, reason: 'opening', unit_cost: 1000, serials });
      expect(res.status, res.text).toBe(201);
    }
    return p;
  }
  const complete = (id: number, body: Record<string, unknown>) => api.post(`${SALES_API}/${id}/complete`, body);
  const serialState = async (productId: number) => (await api.get(lineSerialsPath(productId))).body.data.map((s: any) => s.serial);

  it('a pending sale takes a serial-tracked product without serials; completing names them by line and they leave stock', async () => {
    const p = await phone(['PH-A1', 'PH-A2', 'PH-A3']);
    const plain = await product(5);
    const s = (await sell({ status: 'pending', lines: [{ product_id: plain.id, quantity: 2 }, { product_id: p.id, quantity: 2 }] })).body.data;
    expect(s.status).toBe('pending');
    expect(await onHand(p.id)).toBe(3);
    // The untracked line needs nothing; the tracked one names one serial per unit.
    const done = await complete(s.id, { lines: [{ line_id: s.lines[1].id, serials: ['ph-a2', 'PH-A3'] }] });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.status).toBe('completed');
    expect(done.body.data.lines[1].serials_out).toEqual(['PH-A2', 'PH-A3']);
    expect(done.body.data.invoice).toBeTruthy();
    expect(await onHand(p.id)).toBe(1);
    expect(await onHand(plain.id)).toBe(3);
    expect(await serialState(p.id)).toEqual(['PH-A1']);
  });

  it('naming serials on a pending sale is refused under them: nothing holds a unit for it', async () => {
    const p = await phone(['PH-B1']);
    expectFieldError(await sell({ status: 'pending', lines: [{ product_id: p.id, quantity: 1, serials: ['PH-B1'] }] }), 'lines.0.serials', /named when the sale is completed/);
  });

  it('refuses, with the texts a completed sale gives, under the body’s line: wrong count, not in stock, another product’s, none named, a line not on the sale', async () => {
    const p = await phone(['PH-C1', 'PH-C2'], { name: 'Count Phone' });
    const other = await phone(['OT-C1']);
    const plain = await product(5);
    const s = (await sell({ status: 'pending', lines: [{ product_id: plain.id, quantity: 1 }, { product_id: p.id, quantity: 2 }] })).body.data;
    const line = s.lines[1].id;
    // The same refusals a completed sale gets for the same serials.
    const atOnce = await sell({ lines: [{ product_id: p.id, quantity: 2, serials: ['PH-C1'] }] });
    const wrongCount = await complete(s.id, { lines: [{ line_id: line, serials: ['PH-C1'] }] });
    expectFieldError(wrongCount, 'lines.0.serials', /Count Phone.*tracks serial numbers: name one per unit \(2 units, 1 serial number\)/);
    expect(wrongCount.body.errors['lines.0.serials']).toEqual(atOnce.body.errors['lines.0.serials']);
    const notInStock = await complete(s.id, { lines: [{ line_id: line, serials: ['PH-C1', 'PH-NONE'] }] });
    expect(notInStock.status, notInStock.text).toBe(409);
    expect(notInStock.body.errors['lines.0.serials'][0]).toMatch(/PH-NONE/);
    expect(notInStock.body.errors['lines.0.serials']).toEqual((await sell({ lines: [{ product_id: p.id, quantity: 2, serials: ['PH-C1', 'PH-NONE'] }] })).body.errors['lines.0.serials']);
    const othersSerial = await complete(s.id, { lines: [{ line_id: line, serials: ['PH-C1', 'OT-C1'] }] });
    expect(othersSerial.status, othersSerial.text).toBe(409);
    expect(othersSerial.body.errors['lines.0.serials'][0]).toMatch(/OT-C1/);
    expectFieldError(await complete(s.id, {}), 'lines', /Count Phone.*tracks serial numbers/);
    expectFieldError(await complete(s.id, { lines: [{ line_id: 999_999, serials: ['PH-C1'] }] }), 'lines.0.line_id', /not a line of this sale/);
    expectFieldError(await complete(s.id, { lines: [{ line_id: line, serials: ['PH-C1', 'PH-C2'] }, { line_id: line, serials: [] }] }), 'lines.1.line_id', /named twice/);
    expectFieldError(await complete(s.id, { lines: [{ line_id: s.lines[0].id, serials: ['X'] }, { line_id: line, serials: ['PH-C1', 'PH-C2'] }] }), 'lines.0.serials', /does not track serial numbers/);
    // Nothing moved, and it is still pending; then right, it completes.
    expect(await onHand(p.id)).toBe(2);
    expect(await onHand(plain.id)).toBe(5);
    expect((await api.get(`${SALES_API}/${s.id}`)).body.data.status).toBe('pending');
    expect((await complete(s.id, { lines: [{ line_id: line, serials: ['PH-C1', 'PH-C2'] }] })).status).toBe(200);
  });

  it('a serial sold by one completion is refused to the next: 409 under its line, naming it', async () => {
    const p = await phone(['PH-D1', 'PH-D2']);
    const a = (await sell({ status: 'pending', lines: [{ product_id: p.id, quantity: 1 }] })).body.data;
    const b = (await sell({ status: 'pending', lines: [{ product_id: p.id, quantity: 1 }] })).body.data;
    expect((await complete(a.id, { lines: [{ line_id: a.lines[0].id, serials: ['PH-D1'] }] })).status).toBe(200);
    const again = await complete(b.id, { lines: [{ line_id: b.lines[0].id, serials: ['PH-D1'] }] });
    expect(again.status, again.text).toBe(409);
    expect(again.body.errors['lines.0.serials'][0]).toMatch(/PH-D1/);
    expect((await complete(b.id, { lines: [{ line_id: b.lines[0].id, serials: ['PH-D2'] }] })).status).toBe(200);
  });
});

describe('the lifecycle', () => {
  it('completes a pending sale once; pays it; a completed sale cannot be completed; a pending oversell at completion is a 409', async () => {
    const a = await product(4);
    const s = (await sell({ status: 'pending', lines: [{ product_id: a.id, quantity: 3 }], payments: [{ method: 'card', amount: 1000 }] })).body.data;
    expect(s).toMatchObject({ status: 'pending', paid: 1000, payment_status: 'partial' });
    expect(s.actions).toEqual(['edit', 'complete', 'pay']);
    expect(s.lines[0].unit_cost).toBe(0);
    const done = await api.post(`${SALES_API}/${s.id}/complete`, { note: 'Collected' });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.lines[0].unit_cost).toBe(1000);
    expect(done.body.data.history.map((e: any) => e.action)).toEqual(['create', 'complete']);
    const again = await api.post(`${SALES_API}/${s.id}/complete`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('transition_refused');
    expect(await onHand(a.id)).toBe(1);
    const over = await api.post(`${SALES_API}/${s.id}/payments`, { paid_on: '2025-05-03', amount: 99999, method: 'card' });
    expectFieldError(over, 'amount');
    const paid = await api.post(`${SALES_API}/${s.id}/payments`, { paid_on: '2025-05-03', amount: 6500, method: 'card' });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.data).toMatchObject({ paid: 7500, payment_status: 'paid', due: 0 });

    const short = (await sell({ status: 'pending', lines: [{ product_id: a.id, quantity: 2 }] })).body.data;
    const refused = await api.post(`${SALES_API}/${short.id}/complete`, {});
    expect(refused.status, refused.text).toBe(409);
    expect(Object.keys(refused.body.errors ?? {})).toContain('lines.0.quantity');
    expect((await api.get(`${SALES_API}/${short.id}`)).body.data.status).toBe('pending');
  });

  it('answers 404 for a sale that does not exist', async () => {
    expect((await api.get(`${SALES_API}/999999`)).status).toBe(404);
    expect((await api.post(`${SALES_API}/999999/complete`, {})).status).toBe(404);
  });
});
