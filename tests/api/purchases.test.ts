import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINE_PRODUCTS_API } from '../../domain/documents/lines.ts';
import { PURCHASES_API } from '../../domain/documents/purchase.ts';
import { STOCK_COUNTS_API } from '../../domain/documents/stock-count.ts';
import { computeTotals } from '../../domain/documents/totals.ts';
import { purchaseTotalsInput } from '../../domain/documents/purchase.ts';
import { products as P, suppliers as S, units as UN } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { client, expectFieldError, expectSentence, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * Purchases on the document engine: ordering, numbering, receiving (all, part, with serial
 * numbers, exactly once), returns through the ledger, cancelling, payments, history, the list
 * with its filters, totals and CSV, the supplier's balance, stock counts and the product lookup.
 */

let h: Harness;
let api: Client;
let unitId: number;
let supplierId: number;
let otherSupplierId: number;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  supplierId = (await api.create(S.api, { name: 'Ada Supplies', company: 'Ada Ltd' })).id;
  otherSupplierId = (await api.create(S.api, { name: 'Bob Wholesale' })).id;
});
afterAll(() => h?.close());

let n = 0;
async function product(fields: Record<string, unknown> = {}): Promise<any> {
  n++;
  return api.create(P.api, { name: `Item ${n}`, sku: `IT-${n}`, unit_id: unitId, sale_price: 2000, cost_price: 1000, ...fields });
}
const onHand = async (id: number) => (await api.get(`${P.api}/${id}`)).body.data.on_hand as number;
const order = async (lines: Record<string, unknown>[], extra: Record<string, unknown> = {}) => {
  const res = await api.post(PURCHASES_API, { supplier_id: supplierId, purchased_on: '2025-03-10', lines, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
};
const act = (id: number, action: string, body: unknown, headers?: Record<string, string>) => api.post(`${PURCHASES_API}/${id}/${action}`, body, headers);

/** Every level equals the sum of its movements; serial products' their serials in stock. */
async function expectLedgerExplainsEveryUnit() {
  const res = await h.db.execute(sql`
    select p.id, coalesce(l.qty, 0)::int as qty, p.tracks_serials,
      coalesce((select sum(quantity) from stock_movements m where m.product_id = p.id), 0)::int as moved,
      (select count(*) from serials s where s.product_id = p.id and s.state = 'in_stock')::int as serials_in
    from products p left join stock_levels l on l.product_id = p.id`);
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Record<string, any>[];
  for (const r of rows) {
    expect(r.qty, `product ${r.id}`).toBe(r.moved);
    expect(r.qty).toBeGreaterThanOrEqual(0);
    if (r.tracks_serials) expect(r.serials_in, `product ${r.id}`).toBe(r.qty);
  }
}

describe('ordering', () => {
  it('numbers purchases PO-000001, PO-000002… and stores the totals the one totals function gives', async () => {
    const a = await product();
    const b = await product({ cost_price: 250 });
    const first = await order(
      [
        { product_id: a.id, quantity: 3, unit_cost: 1999, discount: 100, tax_bps: 2000 },
        { product_id: b.id, quantity: 7, tax_bps: 500 },
      ],
      { discount: 300, tax_bps: 1000, shipping: 1250, rounding: 'document', note: 'First order' },
    );
    expect(first.reference).toMatch(/^PO-\d{6}$/);
    expect(first).toMatchObject({ status: 'ordered', payment_status: 'due', paid: 0, rounding: 'document', prices_include_tax: false });
    // The line without a unit cost takes the product's cost price.
    expect(first.lines[1]).toMatchObject({ unit_cost: 250, quantity: 7, received: 0, returned: 0, to_receive: 7 });
    const t = computeTotals(purchaseTotalsInput(first, first.lines, false));
    expect(first).toMatchObject({ subtotal: t.subtotal, line_tax: t.lineTax, lines_total: t.linesTotal, discount_total: t.discount, document_tax: t.documentTax, grand_total: t.grandTotal, due: t.grandTotal });
    expect(first.lines.map((l: any) => [l.net, l.tax, l.total])).toEqual(t.lines.map((l) => [l.net, l.tax, l.total]));
    expect(first.actions).toEqual(['edit', 'receive', 'cancel', 'pay']);
    const second = await order([{ product_id: a.id, quantity: 1 }]);
    expect(Number(second.reference.slice(3))).toBe(Number(first.reference.slice(3)) + 1);
    expect(first.history).toEqual([expect.objectContaining({ action: 'create', from_status: null, to_status: 'ordered', user_name: 'Admin' })]);
  });

  it('refuses totals sent by the client, naming them, and bad lines under their full path', async () => {
    const a = await product();
    const res = await api.post(PURCHASES_API, { supplier_id: supplierId, purchased_on: '2025-03-10', grand_total: 1, lines: [{ product_id: a.id, quantity: 1 }] });
    expectFieldError(res, 'grand_total');
    const bad = await api.post(PURCHASES_API, {
      supplier_id: supplierId,
      purchased_on: '2025-02-30',
      lines: [{ product_id: a.id, quantity: 2 }, { product_id: a.id, quantity: 0 }, { product_id: 999_999, quantity: 1 }],
    });
    expectFieldError(bad, 'lines.1.quantity', 'Enter 1 or more.');
    expectFieldError(bad, 'purchased_on');
    const gone = await api.post(PURCHASES_API, { supplier_id: supplierId, purchased_on: '2025-03-01', lines: [{ product_id: a.id, quantity: 2 }, { product_id: 999_999, quantity: 1 }] });
    expectFieldError(gone, 'lines.1.product_id', 'This product no longer exists. Choose another.');
    const noSupplier = await api.post(PURCHASES_API, { supplier_id: 999_999, purchased_on: '2025-03-01', lines: [{ product_id: a.id, quantity: 2 }] });
    expectFieldError(noSupplier, 'supplier_id', 'This supplier no longer exists. Choose another.');
    const discount = await api.post(PURCHASES_API, { supplier_id: supplierId, purchased_on: '2025-03-01', lines: [{ product_id: a.id, quantity: 2, discount: 5000 }] });
    expectFieldError(discount, 'lines.0.discount');
    expectSentence(discount.body.message);
  });

  it('edits an ordered purchase, and refuses to once anything came in (409 saying why)', async () => {
    const a = await product();
    const po = await order([{ product_id: a.id, quantity: 4 }]);
    const etag = (await api.get(`${PURCHASES_API}/${po.id}`)).headers.get('ETag')!;
    expect(etag).toBe(`W/"purchase-${po.id}-${po.version}"`);
    const res = await api.put(`${PURCHASES_API}/${po.id}`, { supplier_id: otherSupplierId, purchased_on: '2025-03-11', lines: [{ product_id: a.id, quantity: 5, unit_cost: 900 }] }, { 'If-Match': etag });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ supplier_id: otherSupplierId, grand_total: 4500, reference: po.reference });
    const stale = await api.put(`${PURCHASES_API}/${po.id}`, { supplier_id: supplierId, purchased_on: '2025-03-11', lines: [{ product_id: a.id, quantity: 5 }] }, { 'If-Match': etag });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale');
    expect((await act(po.id, 'receive', { lines: [{ line_id: res.body.data.lines[0].id, quantity: 1 }] })).status).toBe(200);
    const late = await api.put(`${PURCHASES_API}/${po.id}`, { supplier_id: supplierId, purchased_on: '2025-03-11', lines: [{ product_id: a.id, quantity: 5 }] });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'transition_refused', message: 'This purchase is partially received, so it cannot be edited: a purchase is edited only while ordered.' });
  });
});

describe('receiving', () => {
  it('receives part, then the rest: stock in at the landed cost, moving average, status and history', async () => {
    const a = await product({ cost_price: 500 });
    await api.post(ADJUSTMENTS_API, { product_id: a.id, quantity: 10, reason: 'opening', unit_cost: 500 });
    const po = await order([{ product_id: a.id, quantity: 10, unit_cost: 1100, discount: 1000 }]);
    const line = po.lines[0];
    const part = await act(po.id, 'receive', { lines: [{ line_id: line.id, quantity: 4 }] });
    expect(part.status, part.text).toBe(200);
    expect(part.body.data).toMatchObject({ status: 'partial', actions: ['receive', 'cancel', 'return', 'pay'] });
    expect(part.body.message).toBe(`Received on ${po.reference}; 6 units still to come.`);
    // 10 at 5.00 and 4 at 10.00 (11.00 less a tenth of the discount): 6.43 on average.
    const shown = (await api.get(`${P.api}/${a.id}`)).body.data;
    expect(shown).toMatchObject({ on_hand: 14, avg_cost: 643 });
    const tooMany = await act(po.id, 'receive', { lines: [{ line_id: line.id, quantity: 7 }] });
    expectFieldError(tooMany, 'lines.0.quantity', `Only 6 of “${a.name}” are still to come.`);
    const rest = await act(po.id, 'receive', {});
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.data).toMatchObject({ status: 'received', lines: [expect.objectContaining({ received: 10, to_receive: 0 })] });
    expect(await onHand(a.id)).toBe(20);
    expect(rest.body.data.history.map((e: any) => [e.action, e.from_status, e.to_status])).toEqual([
      ['create', null, 'ordered'],
      ['receive', 'ordered', 'partial'],
      ['receive', 'partial', 'received'],
    ]);
    expect(rest.body.data.history.every((e: any) => e.user_name === 'Admin' && !Number.isNaN(Date.parse(e.created_at)))).toBe(true);
    const again = await act(po.id, 'receive', {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This purchase is received, so it cannot be received: a purchase is received only while ordered or partially received.');
    const movements = await h.db.execute(sql`select count(*)::int as n from stock_movements where source_type = 'purchase' and source_id = ${po.id}`);
    expect(((Array.isArray(movements) ? movements : (movements as any).rows) as any[])[0].n).toBe(2);
    await expectLedgerExplainsEveryUnit();
  });

  it('asks one serial per unit for serial-tracked products, refusing duplicates under the serial’s own path', async () => {
    const phone = await product({ tracks_serials: true, name: 'Phone X' });
    const cable = await product();
    const po = await order([{ product_id: cable.id, quantity: 2 }, { product_id: phone.id, quantity: 3 }]);
    const [cl, pl] = po.lines;
    const all = await act(po.id, 'receive', {});
    expectFieldError(all, 'lines', /“Phone X” tracks serial numbers/);
    const short = await act(po.id, 'receive', { lines: [{ line_id: pl.id, quantity: 2, serials: ['A1'] }] });
    expectFieldError(short, 'lines.0.serials', '“Phone X” tracks serial numbers: name one per unit (2 units, 1 named).');
    const twice = await act(po.id, 'receive', { lines: [{ line_id: cl.id, quantity: 1 }, { line_id: pl.id, quantity: 2, serials: ['A1', 'a1'] }] });
    expectFieldError(twice, 'lines.1.serials.1', 'Serial number a1 is named twice.');
    const part = await act(po.id, 'receive', { lines: [{ line_id: pl.id, quantity: 2, serials: ['A1', 'A2'] }] });
    expect(part.status, part.text).toBe(200);
    const dup = await act(po.id, 'receive', { lines: [{ line_id: cl.id, quantity: 2 }, { line_id: pl.id, quantity: 1, serials: ['a2'] }] });
    expectFieldError(dup, 'lines.1.serials.0', 'Serial number a2 of “Phone X” is already in stock.');
    const rest = await act(po.id, 'receive', { lines: [{ line_id: cl.id, quantity: 2 }, { line_id: pl.id, quantity: 1, serials: ['A3'] }] });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.data.status).toBe('received');
    const serials = (await api.get(`${P.api}/${phone.id}/serials`)).body.data.map((s: any) => s.serial);
    expect(serials).toEqual(['A1', 'A2', 'A3']);
    await expectLedgerExplainsEveryUnit();
  });

  it('creates and receives at once (the serial purchase screen), a duplicate across lines named under its line', async () => {
    const phone = await product({ tracks_serials: true, name: 'Phone Y' });
    const dup = await api.post(PURCHASES_API, {
      supplier_id: supplierId,
      purchased_on: '2025-03-12',
      receive: true,
      lines: [
        { product_id: phone.id, quantity: 1, serials: ['Y1'] },
        { product_id: phone.id, quantity: 2, serials: ['Y2', 'y1'] },
      ],
    });
    expectFieldError(dup, 'lines.1.serials.1', 'Serial number y1 is already named on line 1.');
    const before = (await api.get(PURCHASES_API)).body.meta.total;
    const done = await order([{ product_id: phone.id, quantity: 2, serials: ['Y1', 'Y2'] }], { receive: true });
    expect(done).toMatchObject({ status: 'received', lines: [expect.objectContaining({ received: 2 })] });
    expect((await api.get(PURCHASES_API)).body.meta.total).toBe(before + 1);
    expect(await onHand(phone.id)).toBe(2);
  });

  it('receives exactly once: a retry under the same Idempotency-Key replays the first answer; another body under it is refused', async () => {
    const a = await product();
    const po = await order([{ product_id: a.id, quantity: 5 }]);
    const key = { 'Idempotency-Key': `recv-${po.id}` };
    const first = await act(po.id, 'receive', {}, key);
    const retry = await act(po.id, 'receive', {}, key);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await onHand(a.id)).toBe(5);
    const other = await act(po.id, 'receive', { note: 'different' }, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    const badKey = await act(po.id, 'receive', {}, { 'Idempotency-Key': 'has spaces in it' });
    expectFieldError(badKey, 'Idempotency-Key');
  });
});

describe('returns and cancelling', () => {
  it('returns goods through the ledger, and refuses with 409 naming the product when they have gone', async () => {
    const a = await product({ name: 'Kettle K' });
    const po = await order([{ product_id: a.id, quantity: 3, unit_cost: 1000 }]);
    await act(po.id, 'receive', {});
    const back = await act(po.id, 'return', { lines: [{ line_id: po.lines[0].id, quantity: 1 }], note: 'Dented' });
    expect(back.status, back.text).toBe(200);
    expect(back.body.data).toMatchObject({ status: 'received', grand_total: 2000, lines: [expect.objectContaining({ returned: 1, returnable: 2 })] });
    expect(back.body.message).toBe(`1 unit of ${po.reference} returned to Ada Supplies.`);
    expect(await onHand(a.id)).toBe(2);
    await api.post(ADJUSTMENTS_API, { product_id: a.id, quantity: -2, reason: 'loss' });
    const gone = await act(po.id, 'return', { lines: [{ line_id: po.lines[0].id, quantity: 1 }] });
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ code: 'insufficient_stock', product: { id: a.id, name: 'Kettle K', available: 0 } });
    expect(gone.body.message).toBe('Not enough stock of “Kettle K”: 0 available, 1 needed.');
    const tooMany = await act(po.id, 'return', { lines: [{ line_id: po.lines[0].id, quantity: 3 }] });
    expectFieldError(tooMany, 'lines.0.quantity', 'Only 2 of “Kettle K” came in on this purchase and have not gone back.');
    await expectLedgerExplainsEveryUnit();
  });

  it('returns serial numbers only to the purchase they came in on; everything back makes it returned', async () => {
    const phone = await product({ tracks_serials: true, name: 'Phone R' });
    const po = await order([{ product_id: phone.id, quantity: 2, serials: ['R1', 'R2'] }], { receive: true });
    await api.post(ADJUSTMENTS_API, { product_id: phone.id, quantity: 1, reason: 'found', serials: ['R9'] });
    const foreign = await act(po.id, 'return', { lines: [{ line_id: po.lines[0].id, quantity: 1, serials: ['R9'] }] });
    expectFieldError(foreign, 'lines.0.serials.0', 'Serial number R9 of “Phone R” did not come in on this purchase.');
    const back = await act(po.id, 'return', { lines: [{ line_id: po.lines[0].id, quantity: 2, serials: ['r1', 'R2'] }] });
    expect(back.status, back.text).toBe(200);
    expect(back.body.data).toMatchObject({ status: 'returned', grand_total: 0, actions: ['pay'] });
    expect(await onHand(phone.id)).toBe(1);
    await expectLedgerExplainsEveryUnit();
  });

  it('cancels what has not come; the number stays; what came can still go back', async () => {
    const a = await product();
    const po = await order([{ product_id: a.id, quantity: 10, unit_cost: 100 }], { shipping: 500 });
    expect(po.grand_total).toBe(1500);
    await act(po.id, 'receive', { lines: [{ line_id: po.lines[0].id, quantity: 4 }] });
    const cancelled = await act(po.id, 'cancel', { note: 'Supplier out of stock' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', reference: po.reference, grand_total: 900, actions: ['return', 'pay'] });
    const twice = await act(po.id, 'cancel', {});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This purchase is cancelled, so it cannot be cancelled: a purchase is cancelled only while ordered or partially received.');
    expect((await act(po.id, 'receive', {})).status).toBe(409);
    const back = await act(po.id, 'return', { lines: [{ line_id: po.lines[0].id, quantity: 4 }] });
    expect(back.body.data).toMatchObject({ status: 'cancelled', grand_total: 0 });
    const untouched = await order([{ product_id: a.id, quantity: 1, unit_cost: 100 }], { shipping: 500 });
    const c2 = await act(untouched.id, 'cancel', {});
    expect(c2.body.data).toMatchObject({ status: 'cancelled', grand_total: 0, payment_status: 'paid', due: 0 });
  });

  it('answers 404 for a purchase that does not exist', async () => {
    expect((await api.get(`${PURCHASES_API}/999999`)).status).toBe(404);
    expect((await api.get(`${PURCHASES_API}/abc`)).status).toBe(404);
    expect((await act(999_999, 'receive', {})).status).toBe(404);
  });
});

describe('payments', () => {
  it('pays part, then the rest: partial, then paid; never more than is due', async () => {
    const a = await product();
    const po = await order([{ product_id: a.id, quantity: 2, unit_cost: 5000 }]);
    const pay = (amount: number) => act(po.id, 'payments', { paid_on: '2025-03-15', amount, method: 'bank', note: 'Wire' });
    const first = await pay(4000);
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({ paid: 4000, due: 6000, payment_status: 'partial', payments: [expect.objectContaining({ amount: 4000, method: 'bank', paid_on: '2025-03-15' })] });
    expectFieldError(await pay(6001), 'amount', 'Only 60.00 is due on this purchase; enter at most that.');
    expectFieldError(await pay(0), 'amount');
    expectFieldError(await act(po.id, 'payments', { paid_on: '2025-03-15', amount: 10, method: 'cheque' }), 'method');
    const rest = await pay(6000);
    expect(rest.body.data).toMatchObject({ paid: 10_000, due: 0, payment_status: 'paid' });
    expectFieldError(await pay(1), 'amount', 'Nothing is due on this purchase.');
    expect(rest.body.data.history.filter((e: any) => e.action === 'pay')).toHaveLength(2);
  });
});

describe('the purchase list', () => {
  it('filters by supplier, status, payment status and date range, totals the filter and exports it', async () => {
    const a = await product();
    const made = [];
    for (const [i, day] of ['2024-01-05', '2024-01-20', '2024-02-03'].entries()) {
      made.push(await order([{ product_id: a.id, quantity: i + 1, unit_cost: 1000 }], { purchased_on: day, supplier_id: otherSupplierId }));
    }
    await act(made[1].id, 'payments', { paid_on: '2024-01-21', amount: 500, method: 'cash' });
    await act(made[2].id, 'receive', {});
    const jan = await api.get(PURCHASES_API, { supplier_id: otherSupplierId, purchased_on_from: '2024-01-01', purchased_on_to: '2024-01-31' });
    expect(jan.status, jan.text).toBe(200);
    expect(jan.body.data.map((r: any) => r.reference)).toEqual([made[1].reference, made[0].reference]);
    expect(jan.body.totals).toEqual({ grand_total: 3000, paid: 500, due: 2500 });
    expect(jan.body.data[0]).toMatchObject({ supplier_name: 'Bob Wholesale', due: 1500, payment_status: 'partial' });
    const received = await api.rows(PURCHASES_API, { supplier_id: otherSupplierId, status: 'received' });
    expect(received.map((r: any) => r.id)).toEqual([made[2].id]);
    const partial = await api.rows(PURCHASES_API, { payment_status: 'partial', supplier_id: otherSupplierId });
    expect(partial.map((r: any) => r.id)).toEqual([made[1].id]);
    const found = await api.rows(PURCHASES_API, { search: made[0].reference });
    expect(found.map((r: any) => r.id)).toEqual([made[0].id]);
    expectFieldError(await api.get(PURCHASES_API, { status: 'lost' }), 'status');
    expectFieldError(await api.get(PURCHASES_API, { purchased_on_from: '2024-02-01', purchased_on_to: '2024-01-01' }), 'purchased_on_to');
    const csv = await api.get(`${PURCHASES_API}/export`, { supplier_id: otherSupplierId, purchased_on_to: '2024-12-31', sort: 'purchased_on', dir: 'asc' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('Reference,Supplier,Date,Status,Total,Paid,Due,Payment');
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(made.map((m) => m.reference));
    expect(rows[2]).toContain('20.00,5.00,15.00');
  });

  it('shows each supplier’s balance due on the supplier list', async () => {
    const s = await api.create(S.api, { name: 'Cleo Imports' });
    const a = await product();
    const po = await order([{ product_id: a.id, quantity: 3, unit_cost: 1000 }], { supplier_id: s.id });
    await act(po.id, 'payments', { paid_on: '2025-03-15', amount: 1000, method: 'cash' });
    const [row] = await api.rows(S.api, { search: 'Cleo Imports' });
    expect(row.balance_due).toBe(2000);
    const del = await api.del(`${S.api}/${s.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/purchase/);
  });
});

describe('stock counts', () => {
  it('posts the differences of many products as one adjustment document, numbered, with its history', async () => {
    const a = await product();
    const b = await product();
    const phone = await product({ tracks_serials: true, name: 'Phone C' });
    await order([{ product_id: a.id, quantity: 5 }, { product_id: b.id, quantity: 5 }, { product_id: phone.id, quantity: 2, serials: ['C1', 'C2'] }], { receive: true });
    const res = await api.post(STOCK_COUNTS_API, {
      note: 'Monthly count',
      lines: [
        { product_id: a.id, counted: 3 },
        { product_id: b.id, counted: 5 },
        { product_id: phone.id, counted: 2, serials: ['C1', 'C3'] },
      ],
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ reference: expect.stringMatching(/^SC-\d{6}$/), units_in: 1, units_out: 3, lines_count: 3 });
    expect(res.body.data.lines.map((l: any) => [l.expected, l.counted, l.difference])).toEqual([[5, 3, -2], [5, 5, 0], [2, 2, 0]]);
    expect(res.body.data.history).toEqual([expect.objectContaining({ action: 'post', to_status: 'posted', user_name: 'Admin' })]);
    expect(await onHand(a.id)).toBe(3);
    expect(await onHand(phone.id)).toBe(2);
    const serials = (await api.get(`${P.api}/${phone.id}/serials`, { state: 'in_stock' })).body.data.map((s: any) => s.serial);
    expect(serials).toEqual(['C1', 'C3']);
    expect((await api.get(`${STOCK_COUNTS_API}/${res.body.data.id}`)).body.data.reference).toBe(res.body.data.reference);
    expect((await api.get(STOCK_COUNTS_API)).body.data[0].id).toBe(res.body.data.id);
    expectFieldError(await api.post(STOCK_COUNTS_API, { lines: [{ product_id: a.id, counted: 1 }, { product_id: a.id, counted: 2 }] }), 'lines.1.product_id');
    expectFieldError(await api.post(STOCK_COUNTS_API, { lines: [{ product_id: phone.id, counted: 1 }] }), 'lines.0.serials');
    expectFieldError(await api.post(STOCK_COUNTS_API, { lines: [{ product_id: a.id, counted: -1 }] }), 'lines.0.counted');
    await expectLedgerExplainsEveryUnit();
  });
});

describe('finding a product for a line', () => {
  it('finds by name or SKU, and a scanned barcode exactly, first', async () => {
    const a = await product({ name: 'Scan me 4006381333931', barcode: '4006381333900' });
    const b = await product({ name: 'Barcode thing', barcode: '4006381333931' });
    const res = await api.get(LINE_PRODUCTS_API, { search: '4006381333931' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((p: any) => [p.id, p.exact])).toEqual([[b.id, true], [a.id, false]]);
    expect(res.body.data[0]).toMatchObject({ cost_price: 1000, tracks_serials: false, unit_name: 'pcs' });
    expectFieldError(await api.get(LINE_PRODUCTS_API, { search: ' ' }), 'search');
  });
});
