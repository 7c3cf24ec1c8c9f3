import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASES_API } from '../../domain/documents/purchase.ts';
import { products as P, suppliers as S, units as UN } from '../../domain/resources/index.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * Purchases racing on PostgreSQL, where requests really run at the same time (up to the pool's
 * 10 connections). PGlite runs one query at a time, so there these would prove nothing:
 * skipped; CI's api-postgres step (scripts/test.ts) runs them.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.info('purchase-concurrency: skipped on PGlite, which runs one query at a time; set TEST_DATABASE_URL to race on PostgreSQL.');
}

let h: Harness;
let api: Client;
let unitId: number;
let supplierId: number;

beforeAll(async () => {
  if (!onPostgres) return;
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  supplierId = (await api.create(S.api, { name: 'Racing Supplies' })).id;
});
afterAll(() => h?.close());

let n = 0;
const product = (fields: Record<string, unknown> = {}) => api.create(P.api, { name: `Raced ${++n}`, sku: `RACE-${n}`, unit_id: unitId, sale_price: 100, cost_price: 50, ...fields });
const order = async (lines: Record<string, unknown>[]) => {
  const res = await api.post(PURCHASES_API, { supplier_id: supplierId, purchased_on: '2025-05-01', lines });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
};
const onHand = async (id: number) => (await api.get(`${P.api}/${id}`)).body.data;

describe.skipIf(!onPostgres)('concurrent purchases on PostgreSQL', () => {
  it('10 concurrent receives of one purchase post its stock once (with and without an Idempotency-Key)', async () => {
    const a = await product();
    const b = await product();
    const po = await order([{ product_id: a.id, quantity: 6 }, { product_id: b.id, quantity: 4 }]);
    const plain = await Promise.all(Array.from({ length: 10 }, () => api.post(`${PURCHASES_API}/${po.id}/receive`, {})));
    expect(plain.filter((r) => r.status === 200)).toHaveLength(1);
    expect(plain.filter((r) => r.status === 409 && r.body.code === 'transition_refused')).toHaveLength(9);
    expect(await onHand(a.id)).toMatchObject({ on_hand: 6, movements_count: 1 });
    expect(await onHand(b.id)).toMatchObject({ on_hand: 4, movements_count: 1 });

    const c = await product();
    const po2 = await order([{ product_id: c.id, quantity: 5 }]);
    const keyed = await Promise.all(Array.from({ length: 10 }, () => api.post(`${PURCHASES_API}/${po2.id}/receive`, {}, { 'Idempotency-Key': `race-${po2.id}` })));
    expect(keyed.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(keyed.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(9);
    expect(new Set(keyed.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await onHand(c.id)).toMatchObject({ on_hand: 5, movements_count: 1 });
  });

  it('20 concurrent purchases get 20 distinct, consecutive numbers', async () => {
    const a = await product();
    const made = await Promise.all(
      Array.from({ length: 20 }, () => api.post(PURCHASES_API, { supplier_id: supplierId, purchased_on: '2025-05-02', lines: [{ product_id: a.id, quantity: 1 }] })),
    );
    expect(made.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = made.map((r) => Number(String(r.body.data.reference).slice(3))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
  });

  it('a receive racing a return never leaves a level negative, and the ledger explains every unit', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await product();
      const first = await order([{ product_id: a.id, quantity: 3 }]);
      await api.post(`${PURCHASES_API}/${first.id}/receive`, {});
      const second = await order([{ product_id: a.id, quantity: 2 }]);
      // Sell-offs by hand take stock down while a return and a receive race each other.
      const results = await Promise.all([
        api.post(`${PURCHASES_API}/${first.id}/return`, { lines: [{ line_id: first.lines[0].id, quantity: 3 }] }),
        api.post(`${PURCHASES_API}/${second.id}/receive`, {}),
        api.post('/api/v1/admin/stock/adjustments', { product_id: a.id, quantity: -2, reason: 'loss' }),
      ]);
      for (const r of results) expect([200, 201, 409], r.text).toContain(r.status);
      const shown = await onHand(a.id);
      expect(shown.on_hand).toBeGreaterThanOrEqual(0);
      const moved = (await api.get(`${P.api}/${a.id}/movements`, { per_page: 100 })).body.data.reduce((s: number, m: any) => s + m.quantity, 0);
      expect(shown.on_hand).toBe(moved);
      const returned = results[0]!.status === 200 ? 3 : 0;
      const lost = results[2]!.status === 201 ? 2 : 0;
      expect(shown.on_hand).toBe(3 + 2 - returned - lost);
    }
  });

  it('40 concurrent writes across suppliers and days (create, receive, pay, cancel, move) keep the tallies equal to the purchases, without a deadlock', async () => {
    const other = (await api.create(S.api, { name: 'Racing Rivals' })).id;
    const p = await product();
    const days = ['2025-07-01', '2025-07-02'];
    const docs = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api.post(PURCHASES_API, { supplier_id: i % 2 ? other : supplierId, purchased_on: days[i % 3 === 0 ? 0 : 1], lines: [{ product_id: p.id, quantity: 2, unit_cost: 300 + i }] }),
      ),
    );
    expect(docs.map((r) => r.status)).toEqual(Array(12).fill(201));
    const ids = docs.map((r) => r.body.data.id as number);
    const writes = Array.from({ length: 40 }, (_, i) => {
      const id = ids[i % ids.length]!;
      switch (i % 5) {
        case 0:
          return api.post(PURCHASES_API, { supplier_id: i % 2 ? supplierId : other, purchased_on: days[i % 2]!, lines: [{ product_id: p.id, quantity: 1, unit_cost: 90 }], receive: true });
        case 1:
          return api.post(`${PURCHASES_API}/${id}/receive`, {});
        case 2:
          return api.post(`${PURCHASES_API}/${id}/payments`, { paid_on: days[1], amount: 100, method: 'cash' });
        case 3:
          return api.post(`${PURCHASES_API}/${id}/cancel`, {});
        default:
          return api.put(`${PURCHASES_API}/${id}`, { supplier_id: i % 2 ? supplierId : other, purchased_on: days[(i + 1) % 2]!, lines: [{ product_id: p.id, quantity: 3, unit_cost: 310 }] });
      }
    });
    const answers = await Promise.all(writes);
    // Refusals (already received, cancelled, nothing due) are fine; a deadlock would be a 500.
    for (const r of answers) expect([200, 201, 409, 422], r.text).toContain(r.status);
    expect(answers.filter((r) => r.status < 300).length).toBeGreaterThan(10);
    const rowsOf = async (q: string) => {
      const res = await h.db.execute(sql.raw(q));
      return (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Record<string, unknown>[];
    };
    for (const [table, key, column] of [['document_tallies_by_party', 'party_id', 'supplier_id'], ['document_tallies_by_day', 'day', 'purchased_on']] as const) {
      const kept = await rowsOf(`select ${key}::text as k, status, payment_status, docs::int as n, grand_total::text as g, paid::text as p from ${table}
        where doc_type = 'purchase' and (docs <> 0 or grand_total <> 0 or paid <> 0) order by 1, 2, 3`);
      const summed = await rowsOf(`select ${column}::text as k, status, payment_status, count(*)::int as n, sum(grand_total)::text as g, sum(paid)::text as p
        from purchases group by 1, 2, 3 order by 1, 2, 3`);
      expect(kept, table).toEqual(summed);
    }
  });
});
