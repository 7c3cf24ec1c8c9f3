import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals } from '../../domain/documents/totals.ts';
import { SALES_API, saleTotalsInput } from '../../domain/documents/sale.ts';
import { customerCategories as CC, customers as C, posSetting, products as P, units as UN } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { REGISTER_API } from '../../domain/pos/till.ts';
import { client, expectFieldError, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * Sales on the document engine: numbering, totals from the one totals function, stock out
 * through the ledger (at once when completed, on `complete` when pending), oversell refused
 * under its line, serials, payments with change, idempotent creation, the list and its CSV.
 */

let h: Harness;
let api: Client;
let unitId: number;
let customerId: number;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  customerId = (await api.create(C.api, { name: 'Carla Customer' })).id;
});
afterAll(() => h?.close());

let n = 0;
async function product(fields: Record<string, unknown> = {}, stock = 0): Promise<any> {
  n++;
  const p = await api.create(P.api, { name: `Ware ${n}`, sku: `WA-${n}`, unit_id: unitId, sale_price: 2000, cost_price: 1000, ...fields });
  if (stock) {
    const res = await api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: stock, reason: 'opening', unit_cost: 700 });
    expect(res.status, res.text).toBe(201);
  }
  return p;
}
const onHand = async (id: number) => (await api.get(`${P.api}/${id}`)).body.data.on_hand as number;
const sell = (body: Record<string, unknown>, headers?: Record<string, string>) => api.post(SALES_API, { sold_on: '2025-04-01', ...body }, headers);
const sold = async (body: Record<string, unknown>) => {
  const res = await sell(body);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
};

describe('recording a sale', () => {
  it('numbers SL-…, prices from the product, takes stock out with the cost it left at, and stores the totals the one totals function gives', async () => {
    const a = await product({}, 5);
    const s = await sold({ customer_id: customerId, lines: [{ product_id: a.id, quantity: 2, discount: 100 }], tax_bps: 1000, payments: [{ method: 'cash', amount: 10000 }] });
    expect(s.reference).toMatch(/^SL-\d{6}$/);
    expect(s.lines[0]).toMatchObject({ unit_price: 2000, quantity: 2, unit_cost: 700 });
    const t = computeTotals(saleTotalsInput(s, s.lines));
    expect(s.grand_total).toBe(t.grandTotal);
    expect(s).toMatchObject({ status: 'completed', paid: t.grandTotal, change: 10000 - t.grandTotal, payment_status: 'paid' });
    expect(await onHand(a.id)).toBe(3);
  });

  it('splits a payment across methods; what is short stays due', async () => {
    const a = await product({}, 5);
    const s = await sold({ lines: [{ product_id: a.id, quantity: 3 }], payments: [{ method: 'cash', amount: 1000 }, { method: 'card', amount: 2000 }] });
    expect(s).toMatchObject({ customer_id: null, paid: 3000, change: 0, payment_status: 'partial', due: 3000 });
    expect(s.payments).toHaveLength(2);
  });

  it('refuses to oversell: 409 naming the product and what is available, under lines.N.quantity', async () => {
    const a = await product({ name: 'Scarce Lamp' }, 1);
    const b = await product({}, 5);
    const res = await sell({ lines: [{ product_id: b.id, quantity: 1 }, { product_id: a.id, quantity: 2 }] });
    expect(res.status, res.text).toBe(409);
    expect(res.text).toContain('Scarce Lamp');
    expect(res.body.errors?.['lines.1.quantity']).toBeTruthy();
    expect(await onHand(a.id)).toBe(1);
    expect(await onHand(b.id)).toBe(5);
  });

  it('sells at another price only with the price-override right: the Cashier is refused under lines.N.unit_price', async () => {
    const a = await product({}, 5);
    const cashier = client(h, await h.tokenFor('cashier@example.com'));
    expectFieldError(await cashier.post(SALES_API, { sold_on: '2025-04-01', lines: [{ product_id: a.id, quantity: 1, unit_price: 1 }] }), 'lines.0.unit_price', /sells at/);
    expect(await onHand(a.id)).toBe(5);
    const ok = await sold({ lines: [{ product_id: a.id, quantity: 1, unit_price: 1500 }] });
    expect(ok.lines[0].unit_price).toBe(1500);
  });

  it('takes the customer category discount off every line', async () => {
    const a = await product({}, 5);
    const category = (await api.create(CC.api, { name: 'Trade', discount_bps: 1000 })).id;
    const trader = (await api.create(C.api, { name: 'Tina Trade', category_id: category })).id;
    const s = await sold({ customer_id: trader, lines: [{ product_id: a.id, quantity: 2, discount: 400 }] });
    // 2 × 2000 = 4000: its own 400 and the category's 10% (400).
    expect(s.lines[0]).toMatchObject({ discount: 800, net: 3200 });
    expect(s.grand_total).toBe(3200);
  });

  it('without a customer takes the POS setting default (none there: walk-in), and only its payment methods', async () => {
    const a = await product({}, 5);
    const pos = (await api.get(posSetting.api)).body.data;
    const walkIn = await sold({ lines: [{ product_id: a.id, quantity: 1 }] });
    expect(walkIn.customer_id).toBeNull();
    const saved = await api.put(posSetting.api, { ...pos, default_customer_id: customerId, payment_methods: ['cash'] });
    expect(saved.status, saved.text).toBe(200);
    try {
      const s = await sold({ lines: [{ product_id: a.id, quantity: 1 }], payments: [{ method: 'cash', amount: 2000 }] });
      expect(s).toMatchObject({ customer_id: customerId, customer_name: 'Carla Customer', payment_status: 'paid' });
      expectFieldError(await sell({ lines: [{ product_id: a.id, quantity: 1 }], payments: [{ method: 'card', amount: 2000 }] }), 'payments.0.method', /does not take card/);
      expect(await onHand(a.id)).toBe(3);
    } finally {
      await api.put(posSetting.api, pos);
    }
  });

  it('a pending sale moves no stock; complete moves it then', async () => {
    const a = await product({}, 4);
    const s = await sold({ status: 'pending', lines: [{ product_id: a.id, quantity: 3 }] });
    expect(s.status).toBe('pending');
    expect(await onHand(a.id)).toBe(4);
    const done = await api.post(`${SALES_API}/${s.id}/complete`, {});
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.status).toBe('completed');
    expect(await onHand(a.id)).toBe(1);
  });

  it('edits a pending sale under If-Match (priced again, no stock moved); a completed one cannot be edited', async () => {
    const a = await product({}, 4);
    const s = await sold({ status: 'pending', lines: [{ product_id: a.id, quantity: 1 }] });
    const etag = (await api.get(`${SALES_API}/${s.id}`)).headers.get('ETag')!;
    const res = await api.put(`${SALES_API}/${s.id}`, { customer_id: customerId, sold_on: '2025-04-02', lines: [{ product_id: a.id, quantity: 3 }], shipping: 500 }, { 'If-Match': etag });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', customer_id: customerId, grand_total: 6500, sold_on: '2025-04-02' });
    expect(res.body.data.lines).toHaveLength(1);
    expect(await onHand(a.id)).toBe(4);
    const stale = await api.put(`${SALES_API}/${s.id}`, { sold_on: '2025-04-02', lines: [{ product_id: a.id, quantity: 2 }] }, { 'If-Match': etag });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale');
    expect((await api.post(`${SALES_API}/${s.id}/complete`, {})).status).toBe(200);
    expect(await onHand(a.id)).toBe(1);
    const late = await api.put(`${SALES_API}/${s.id}`, { sold_on: '2025-04-02', lines: [{ product_id: a.id, quantity: 1 }] });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('transition_refused');
  });

  it('sells serial-tracked units only by serials in stock', async () => {
    const phone = await product({ tracks_serials: true });
    const adj = await api.post(ADJUSTMENTS_API, { product_id: phone.id, quantity: 2, reason: 'opening', unit_cost: 500, serials: ['S1', 'S2'] });
    expect(adj.status, adj.text).toBe(201);
    const bad = await sell({ lines: [{ product_id: phone.id, quantity: 1, serials: ['NOPE'] }] });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    await sold({ lines: [{ product_id: phone.id, quantity: 1, serials: ['S1'] }] });
    expect(await onHand(phone.id)).toBe(1);
  });

  it('answers bad input with 422 under the field', async () => {
    expectFieldError(await sell({ lines: [{ product_id: 1, quantity: 0 }] }), 'lines.0.quantity');
    expectFieldError(await sell({ lines: [] }), 'lines');
  });
});

describe('idempotency', () => {
  it('same key, same body: one sale, the first answer (10 in sequence and 10 at once); another body: 422', async () => {
    const a = await product({}, 50);
    const body = { lines: [{ product_id: a.id, quantity: 1 }] };
    const key = { 'Idempotency-Key': `sale-seq-${a.id}` };
    const seq = [];
    for (let i = 0; i < 10; i++) seq.push(await sell(body, key));
    expect(seq.every((r) => r.status === 201)).toBe(true);
    expect(new Set(seq.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const par = await Promise.all(Array.from({ length: 10 }, () => sell(body, { 'Idempotency-Key': `sale-par-${a.id}` })));
    expect(par.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(par.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await onHand(a.id)).toBe(48);
    const other = await sell({ lines: [{ product_id: a.id, quantity: 2 }] }, key);
    expect(other.status).toBe(422);
  });
});

describe('the list', () => {
  it('filters by customer, channel, status, payment status and date range, totals the filter and exports it', async () => {
    const a = await product({}, 20);
    const who = (await api.create(C.api, { name: 'Dora Listed' })).id;
    const made = [];
    // The till's sale names its register session.
    const till = (await api.create(REGISTER_API, { opening_float: 0 })).id;
    for (const [i, day] of ['2024-01-05', '2024-01-20', '2024-02-03'].entries()) {
      made.push(await sold({ customer_id: who, sold_on: day, ...(i === 2 ? { channel: 'pos', register_session_id: till } : {}), lines: [{ product_id: a.id, quantity: i + 1 }], payments: i === 1 ? [{ method: 'card', amount: 500 }] : [] }));
    }
    const jan = await api.get(SALES_API, { customer_id: who, sold_on_from: '2024-01-01', sold_on_to: '2024-01-31' });
    expect(jan.status, jan.text).toBe(200);
    expect(jan.body.data.map((r: any) => r.reference)).toEqual([made[1].reference, made[0].reference]);
    // Every sale here is completed and none returned: the sales figure is their grand total.
    expect(jan.body.totals).toEqual({ grand_total: 6000, paid: 500, due: 5500, sales: 6000 });
    expect(jan.body.data[0]).toMatchObject({ customer_name: 'Dora Listed', due: 3500, payment_status: 'partial' });
    expect((await api.rows(SALES_API, { customer_id: who, channel: 'pos' })).map((r: any) => r.id)).toEqual([made[2].id]);
    expect((await api.rows(SALES_API, { customer_id: who, payment_status: 'partial' })).map((r: any) => r.id)).toEqual([made[1].id]);
    expect((await api.rows(SALES_API, { customer_id: who, status: 'pending' })).length).toBe(0);
    expectFieldError(await api.get(SALES_API, { status: 'lost' }), 'status');
    const csv = await api.get(`${SALES_API}/export`, { customer_id: who, sort: 'sold_on', dir: 'asc' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(made.map((m) => m.reference));
  });
});
