import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_API } from '../../domain/documents/sale.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { POS_CATALOGUE_API, REGISTER_API, type CatalogueAnswer } from '../../domain/pos/till.ts';
import { products as P, units as UN } from '../../domain/resources/index.ts';
import { products } from '../../server/db/schema.ts';
import { post } from '../../server/stock/ledger.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * The till on PostgreSQL, where transactions really overlap. The catalogue cursor must not lose
 * a change committed late by a transaction that began before one committed earlier (what a
 * sequence's or a max-xid cursor would skip); one person's register opens race to one session;
 * 50 tills selling the last unit make one sale.
 * PGlite runs one transaction at a time, so there this proves nothing: POSTGRES_ONLY.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('pos-concurrency: skipped on PGlite, which runs one transaction at a time; set TEST_DATABASE_URL to race on PostgreSQL.');

let h: Harness;
let api: Client;
let unitId: number | undefined;
beforeAll(async () => void (onPostgres && (h = await createHarness()) && (api = client(h, await h.tokenFor('admin@example.com')))));
afterAll(() => h?.close());

let n = 0;
async function product() {
  unitId ??= (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id as number;
  return api.create(P.api, { name: `Raced ${++n}`, sku: `RC-${n}`, unit_id: unitId, sale_price: 1000, cost_price: 500 });
}

/** A whole pass from `since`: every product sent (the last sent wins) and the cursor to go on from. */
async function pass(since?: string) {
  const got = new Map<number, CatalogueAnswer['products'][number]>();
  let cursor = since;
  for (;;) {
    const res = await api.get(POS_CATALOGUE_API, cursor === undefined ? {} : { since: cursor });
    expect(res.status, res.text).toBe(200);
    const a = res.body as CatalogueAnswer;
    for (const p of a.products) got.set(p.id, p);
    cursor = a.cursor;
    if (!a.more) return { got, cursor };
  }
}

describe.skipIf(!onPostgres)('the till on PostgreSQL', () => {
  it('a change committed late by an older transaction still comes in the next delta: a price and stock through the ledger', async () => {
    const late = await product();
    const early = await product();
    const { cursor: c0 } = await pass();

    // The older transaction takes its id first (its writes), and commits last.
    let release!: () => void;
    let began!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const started = new Promise<void>((r) => (began = r));
    const slow = h.db.transaction(async (tx) => {
      await tx.update(products).set({ sale_price: 3100 }).where(eq(products.id, late.id));
      await post(tx, { kind: 'adjustment', reason: 'found', lines: [{ productId: late.id, quantity: 4, unitCost: 500 }], userId: null });
      began();
      await gate;
    });
    await started;
    let d1: Awaited<ReturnType<typeof pass>>;
    try {
      await api.update(P.api, early.id, { name: early.name, sku: early.sku, unit_id: unitId, sale_price: 1200, cost_price: 500 });
      d1 = await pass(c0);
    } finally {
      release();
      await slow;
    }
    expect(d1.got.get(early.id)?.sale_price).toBe(1200);
    // Not yet committed: not seen (a row may come again as it was; never as it will be).
    expect(d1.got.get(late.id)?.sale_price ?? 1000).toBe(1000);
    const d2 = await pass(d1.cursor);
    expect(d2.got.get(late.id)).toMatchObject({ sale_price: 3100, on_hand: 4 });

  });

  it('20 opens of one person’s register at once make one session; the others are told it is open', async () => {
    const all = await Promise.all(Array.from({ length: 20 }, () => api.post(REGISTER_API, { opening_float: 1000 })));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of all.filter((x) => x.status !== 201)) {
      expect(r.status, r.text).toBe(409);
      expect(r.body.message).toMatch(/open already/);
    }
    expect((await api.rows(REGISTER_API, { status: 'open' })).length).toBe(1);
  });

  it('50 tills selling the last unit at once: exactly one sale, the others told it is gone under lines.0.quantity', async () => {
    // The person's open session (the race above opened it): each till is a client of its own, with its own key.
    const current = await api.get(`${REGISTER_API}/current`);
    const session = current.body.data ?? (await api.post(REGISTER_API, { opening_float: 1000 })).body.data;
    const p = await product();
    const stocked = await api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: 1, reason: 'opening', unit_cost: 500 });
    expect(stocked.status, stocked.text).toBe(201);
    const sale = { sold_on: '2025-05-01', channel: 'pos', register_session_id: session.id, lines: [{ product_id: p.id, quantity: 1 }], payments: [{ method: 'cash', amount: 2000 }] };
    const all = await Promise.all(Array.from({ length: 50 }, (_, i) => api.post(SALES_API, sale, { 'X-Client-Id': `till-${i}`, 'Idempotency-Key': `last-unit-${p.id}-${i}` })));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = all.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(49).fill(409));
    for (const r of refused) expect(r.body.errors?.['lines.0.quantity'], r.text).toBeTruthy();
    expect((await api.get(`${P.api}/${p.id}`)).body.data).toMatchObject({ on_hand: 0, movements_count: 2 });
  });
});
