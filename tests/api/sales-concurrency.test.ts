import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_API } from '../../domain/documents/sale.ts';
import { products as P, units as UN } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * Sales racing on PostgreSQL, where requests really run at the same time (up to the pool's
 * connections). PGlite runs one query at a time, so there these would prove nothing: skipped;
 * CI's api-postgres step (scripts/test.ts) runs them.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.info('sales-concurrency: skipped on PGlite, which runs one query at a time; set TEST_DATABASE_URL to race on PostgreSQL.');
}

let h: Harness;
let api: Client;
let unitId: number;

beforeAll(async () => {
  if (!onPostgres) return;
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
});
afterAll(() => h?.close());

let n = 0;
/** A product with `stock` units on hand. */
async function stocked(stock: number) {
  const p = await api.create(P.api, { name: `Last one ${++n}`, sku: `LAST-${n}`, unit_id: unitId, sale_price: 100, cost_price: 50 });
  const res = await api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: stock, reason: 'opening', unit_cost: 50 });
  expect(res.status, res.text).toBe(201);
  return p;
}
const levelOf = async (id: number) => (await api.get(`${P.api}/${id}`)).body.data;
const sell = (productId: number, headers?: Record<string, string>) => api.post(SALES_API, { sold_on: '2025-05-01', lines: [{ product_id: productId, quantity: 1 }] }, headers);

describe.skipIf(!onPostgres)('concurrent sales on PostgreSQL', () => {
  it('50 concurrent sales of the last unit: exactly one is made, the others are told it is gone under lines.0.quantity', async () => {
    const p = await stocked(1);
    const all = await Promise.all(Array.from({ length: 50 }, () => sell(p.id)));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = all.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(49).fill(409));
    for (const r of refused) expect(r.body.errors?.['lines.0.quantity'], r.text).toBeTruthy();
    expect(await levelOf(p.id)).toMatchObject({ on_hand: 0, movements_count: 2 });
  });

  it('10 concurrent returns of the one unit sold: exactly one comes back, the others are told under lines.0.quantity', async () => {
    const p = await stocked(1);
    const sold = await sell(p.id);
    expect(sold.status, sold.text).toBe(201);
    const line = sold.body.data.lines[0].id;
    const all = await Promise.all(Array.from({ length: 10 }, () => api.post(`${SALES_API}/${sold.body.data.id}/returns`, { returned_on: '2025-05-02', lines: [{ line_id: line, quantity: 1 }] })));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of all.filter((x) => x.status !== 201)) expect(r.body.errors?.['lines.0.quantity'], r.text).toEqual(['Only 0 can come back.']);
    expect(await levelOf(p.id)).toMatchObject({ on_hand: 1, movements_count: 3 });
  });

  it('10 concurrent sales under one Idempotency-Key: one sale, ten identical answers', async () => {
    const p = await stocked(5);
    const keyed = await Promise.all(Array.from({ length: 10 }, () => sell(p.id, { 'Idempotency-Key': `race-sale-${p.id}` })));
    expect(keyed.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(keyed.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(9);
    expect(new Set(keyed.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await levelOf(p.id)).toMatchObject({ on_hand: 4, movements_count: 2 });
  });
});
