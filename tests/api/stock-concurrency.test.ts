import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products as P, units as UN } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { STOCK_COUNTS_API } from '../../domain/documents/stock-count.ts';
import { post } from '../../server/stock/ledger.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * Races on PostgreSQL, where requests really run at the same time (up to the pool's 10
 * connections). PGlite runs one query at a time, so there these would prove nothing: skipped.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.info('stock-concurrency: skipped on PGlite, which runs one query at a time; set TEST_DATABASE_URL to race on PostgreSQL.');
}

let h: Harness;
let api: Client;
let unitId: number;
let adminId: number;

beforeAll(async () => {
  if (!onPostgres) return;
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  adminId = (await api.get('/me')).body.id;
});
afterAll(() => h?.close());

let n = 0;
const product = (fields: Record<string, unknown> = {}) =>
  api.create(P.api, { name: `Last one ${++n}`, sku: `LAST-${n}`, unit_id: unitId, sale_price: 100, ...fields });

describe.skipIf(!onPostgres)('concurrent adjustments on PostgreSQL', () => {
  it('50 adjustments taking the last unit: exactly one succeeds, the others are 409s naming the product', async () => {
    const p = await product({ name: 'The last kettle' });
    expect((await api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: 1, reason: 'opening' })).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: -1, reason: 'loss' })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of answers.filter((a) => a.status === 409)) {
      expect(r.body).toMatchObject({ code: 'insufficient_stock', product: { id: p.id, name: 'The last kettle', available: 0 } });
      expect(r.body.message).toBe('Not enough stock of “The last kettle”: 0 available, 1 needed.');
    }
    const after = (await api.get(`${P.api}/${p.id}`)).body.data;
    expect(after).toMatchObject({ on_hand: 0, movements_count: 2 });
  });

  it('50 adjustments taking the last serial number: exactly one succeeds', async () => {
    const p = await product({ name: 'The last phone', tracks_serials: true });
    expect((await api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: 1, reason: 'opening', serials: ['ONLY-1'] })).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: -1, reason: 'damage', serials: ['ONLY-1'] })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409 && r.body.product?.id === p.id)).toHaveLength(49);
    expect((await api.get(`${P.api}/${p.id}`)).body.data).toMatchObject({ on_hand: 0, serials_in_stock_count: 0 });
  });

  it('50 adjustments adding at once lose none of them, and the average cost comes out the same', async () => {
    const p = await product();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: 2, reason: 'found', unit_cost: i % 2 ? 100 : 300 })),
    );
    expect(answers.every((r) => r.status === 201)).toBe(true);
    expect((await api.get(`${P.api}/${p.id}`)).body.data).toMatchObject({ on_hand: 100, avg_cost: 200, stock_value: 20_000, movements_count: 50 });
  });

  it('movements crossing the alert quantity racing changes of the alert quantity and status leave low_stock right', async () => {
    const body = { name: 'Racing hook', sku: 'RACE-HOOK', unit_id: unitId, sale_price: 100, alert_quantity: 2 };
    const p = await api.create(P.api, body);
    expect((await api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: 3, reason: 'opening' })).status).toBe(201);
    const check = async (round: number) => {
      const res = await h.db.execute(
        sql`select coalesce(l.qty, 0)::int as qty, p.alert_quantity, p.status, ls.active from products p left join stock_levels l on l.product_id = p.id left join low_stock ls on ls.product_id = p.id where p.id = ${p.id}`,
      );
      const [row] = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { qty: number; alert_quantity: number; status: string; active: boolean | null }[];
      expect(row!.active, `round ${round}: ${JSON.stringify(row)}`).toBe(row!.qty <= row!.alert_quantity ? row!.status === 'active' : null);
    };
    // On hand swings between 1 and 5 while the alert quantity moves between 0 and 4 and the status flips, all at once.
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 3 === 2
            ? api.put(`${P.api}/${p.id}`, { ...body, alert_quantity: (i + round) % 5, status: (i + round) % 2 ? 'active' : 'inactive' })
            : api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: i % 3 ? -2 : 2, reason: i % 3 ? 'loss' : 'found' }),
        ),
      );
      expect(answers.every((r) => [200, 201, 409].includes(r.status)), answers.map((r) => r.status).join(',')).toBe(true);
      await check(round);
    }
  });

  it('documents touching the same products in opposite orders never deadlock, and never oversell', async () => {
    const a = await product();
    const b = await product();
    await h.db.transaction((tx) => post(tx, { kind: 'purchase_receipt', userId: adminId, lines: [{ productId: a.id, quantity: 15, unitCost: 10 }, { productId: b.id, quantity: 15, unitCost: 10 }] }));
    const sales = Array.from({ length: 20 }, (_, i) =>
      h.db
        .transaction((tx) =>
          post(tx, {
            kind: 'sale',
            userId: adminId,
            lines: i % 2 ? [{ productId: a.id, quantity: -1 }, { productId: b.id, quantity: -1 }] : [{ productId: b.id, quantity: -1 }, { productId: a.id, quantity: -1 }],
          }),
        )
        .then(
          () => 'sold',
          (e: { status?: number }) => (e.status === 409 ? 'refused' : e),
        ),
    );
    const results = await Promise.all(sales);
    expect(results.filter((r) => r === 'sold')).toHaveLength(15);
    expect(results.filter((r) => r === 'refused')).toHaveLength(5);
    expect((await api.get(`${P.api}/${a.id}`)).body.data.on_hand).toBe(0);
    expect((await api.get(`${P.api}/${b.id}`)).body.data.on_hand).toBe(0);
  });

  it('a stock count racing adjustments posts its difference against what is on hand when it posts: never negative, the ledger explains every unit', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await product();
      expect((await api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: 5, reason: 'opening' })).status).toBe(201);
      // Counted 2 while 3 are written off and 4 found: whichever commits first, the count sets
      // the level to 2 at its moment and what commits after it moves on from there.
      const [count, loss, found] = await Promise.all([
        api.post(STOCK_COUNTS_API, { lines: [{ product_id: p.id, counted: 2 }] }),
        api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: -3, reason: 'loss' }),
        api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: 4, reason: 'found' }),
      ]);
      expect(count.status, count.text).toBe(201);
      for (const r of [loss, found]) expect([201, 409], r.text).toContain(r.status);
      expect(found.status).toBe(201);
      const shown = (await api.get(`${P.api}/${p.id}`)).body.data;
      const moves = (await api.get(`${P.api}/${p.id}/movements`, { per_page: 100 })).body.data as { id: number; quantity: number; qty_after: number }[];
      expect(shown.on_hand).toBeGreaterThanOrEqual(0);
      expect(shown.on_hand).toBe(moves.reduce((s, m) => s + m.quantity, 0));
      // Replaying the ledger in order: each movement's level after is the one before plus its quantity.
      let level = 0;
      for (const m of [...moves].sort((x, y) => x.id - y.id)) {
        level += m.quantity;
        expect(m.qty_after).toBe(level);
        expect(level).toBeGreaterThanOrEqual(0);
      }
      // The count's line says what it expected and what it found.
      const line = count.body.data.lines[0];
      expect(line.counted).toBe(2);
      expect(line.difference).toBe(2 - line.expected);
    }
  });
});
