import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_API } from '../../domain/documents/sale.ts';
import { customers as C, products as P, units as UN } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * What each customer owes (the customer list's "Owes" and the customer's page): the due of their
 * completed sales, less what they paid since and what came back; pending sales are not owed
 * yet; sortable.
 */

let h: Harness;
let api: Client;
let productId: number;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  const unit = await api.create(UN.api, { name: 'Piece', short_name: 'pcs' });
  productId = (await api.create(P.api, { name: 'Kettle', sku: 'KT-1', unit_id: unit.id, sale_price: 2000, cost_price: 1000 })).id;
  const stocked = await api.post(ADJUSTMENTS_API, { product_id: productId, quantity: 50, reason: 'opening', unit_cost: 900 });
  expect(stocked.status, stocked.text).toBe(201);
});
afterAll(() => h?.close());

const sell = async (customer_id: number, quantity: number, rest: Record<string, unknown> = {}) => {
  const res = await api.post(SALES_API, { customer_id, sold_on: '2025-06-01', lines: [{ product_id: productId, quantity }], ...rest });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
};
const owes = async (id: number) => (await api.get(`${C.api}/${id}`)).body.data.due;

describe('what a customer owes', () => {
  it('is the due of their completed sales: part payments and later payments count, pending sales do not', async () => {
    const ann = (await api.create(C.api, { name: 'Ann Owing' })).id;
    const bob = (await api.create(C.api, { name: 'Bob Paid' })).id;
    expect(await owes(ann)).toBe(0);
    const first = await sell(ann, 3, { payments: [{ method: 'card', amount: 1000 }] }); // 6000, 1000 paid
    await sell(ann, 1); // 2000 on account
    await sell(ann, 4, { status: 'pending' }); // not owed until completed
    await sell(bob, 2, { payments: [{ method: 'cash', amount: 5000 }] }); // paid, 1000 change
    expect(await owes(ann)).toBe(7000);
    expect(await owes(bob)).toBe(0);

    const paid = await api.post(`${SALES_API}/${first.id}/payments`, { paid_on: '2025-06-05', amount: 2500, method: 'cash' });
    expect(paid.status, paid.text).toBe(201);
    expect(await owes(ann)).toBe(4500);

    const list = await api.get(C.api, { sort: 'due', dir: 'desc' });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((r: any) => [r.name, r.due])).toEqual([
      ['Ann Owing', 4500],
      ['Bob Paid', 0],
    ]);
    // No totals row: one subquery per customer over the whole list (see customerDue).
    expect(list.body.totals?.due).toBeUndefined();

    // A return lowers what is owed by what came back: one unit of 2000 off the first sale.
    const back = await api.post(`${SALES_API}/${first.id}/returns`, { returned_on: '2025-06-06', lines: [{ line_id: first.lines[0].id, quantity: 1, serials: [] }], refunds: [] });
    expect(back.status, back.text).toBe(201);
    expect(await owes(ann)).toBe(2500);
  });
});
