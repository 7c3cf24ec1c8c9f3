import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineLifecycle } from '../../domain/documents/lifecycle.ts';
import { purchaseLifecycle, PURCHASES_API } from '../../domain/documents/purchase.ts';
import { STOCK_COUNTS_API } from '../../domain/documents/stock-count.ts';
import { products as P, suppliers as S, units as UN } from '../../domain/resources/index.ts';
import { documentHistory, idempotencyKeys, purchases } from '../../server/db/schema.ts';
import { act, type DocumentKind } from '../../server/documents/engine.ts';
import { purchaseKind } from '../../server/documents/purchases.ts';
import { client, expectFieldError, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * The document engine itself: an action that names its end status in the lifecycle table gets
 * it with no code of the kind's, and idempotency keys belong to the client that made them (a
 * till, a tab: X-Client-Id), kept on the document they made for good.
 */

let h: Harness;
let admin: Client;
let other: Client;
let supplierId: number;
let productId: number;

beforeAll(async () => {
  h = await createHarness();
  admin = client(h, await h.tokenFor('admin@example.com'));
  await h.createUser({ email: 'second-shift@example.com', name: 'Second Shift', roles: ['Super Admin'] });
  other = client(h, await h.tokenFor('second-shift@example.com'));
  const unitId = (await admin.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  supplierId = (await admin.create(S.api, { name: 'Engine Supplies' })).id;
  productId = (await admin.create(P.api, { name: 'Engine part', sku: 'ENG-1', unit_id: unitId, sale_price: 900, cost_price: 400 })).id;
});
afterAll(() => h?.close());

const orderBody = (quantity = 2) => ({ supplier_id: supplierId, purchased_on: '2026-02-01', lines: [{ product_id: productId, quantity }] });
const purchaseCount = async () => (await h.db.select({ n: sql<number>`count(*)::int` }).from(purchases))[0]!.n;

describe('an action with a target status', () => {
  // A kind like purchases whose lifecycle has a linear step: hold goes ordered → cancelled by the table alone.
  const lifecycle = defineLifecycle({
    ...purchaseLifecycle,
    actions: { ...purchaseLifecycle.actions, hold: { label: 'Hold', from: ['ordered'], done: 'held', to: 'cancelled' } },
  });
  const kind = { ...purchaseKind, lifecycle } as unknown as DocumentKind<keyof typeof lifecycle.statuses, keyof typeof lifecycle.actions, typeof purchases.$inferSelect>;

  it('ends in the `to` the table names, not in what the kind would derive, and records it in history', async () => {
    const po = await admin.create(PURCHASES_API, orderBody());
    const to = await h.db.transaction((tx) => act(kind, tx, po.id, 'hold', { userId: null }, async () => ({})));
    expect(to).toBe('cancelled');
    const [row] = await h.db.select().from(purchases).where(eq(purchases.id, po.id));
    // The kind would derive "ordered" (nothing received, not cancelled): the table's `to` wins.
    expect(row).toMatchObject({ status: 'cancelled', cancelled: false, version: po.version + 1 });
    const history = await h.db.select().from(documentHistory).where(eq(documentHistory.doc_id, po.id)).orderBy(documentHistory.id);
    expect(history.map((r) => [r.action, r.from_status, r.to_status])).toEqual([
      ['create', null, 'ordered'],
      ['hold', 'ordered', 'cancelled'],
    ]);
    // And the table's `from` still guards it: held once, it cannot be held again.
    await expect(h.db.transaction((tx) => act(kind, tx, po.id, 'hold', { userId: null }, async () => ({})))).rejects.toMatchObject({ status: 409, code: 'transition_refused' });
  });

  it('without `to`, the kind derives the status from its lines', async () => {
    const po = await admin.create(PURCHASES_API, orderBody());
    const to = await h.db.transaction((tx) => act(kind, tx, po.id, 'cancel', { userId: null }, async () => ({ set: { cancelled: true }, lines: po.lines })));
    expect(to).toBe('cancelled');
    const [row] = await h.db.select().from(purchases).where(eq(purchases.id, po.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelled: true });
  });
});

describe('idempotency keys belong to the client that made them', () => {
  const till = (key: string, clientId = 'till-7f3a2c') => ({ 'Idempotency-Key': key, 'X-Client-Id': clientId });

  it('a key replayed after a shift change on the same till gives the first document, not a 422', async () => {
    const before = await purchaseCount();
    const first = await admin.post(PURCHASES_API, orderBody(), till('shift-1'));
    expect(first.status, first.text).toBe(201);
    const replay = await other.post(PURCHASES_API, orderBody(), till('shift-1'));
    expect(replay.status, replay.text).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await purchaseCount()).toBe(before + 1);
  });

  it('the same key from another client is another request', async () => {
    const a = await admin.post(PURCHASES_API, orderBody(), till('shared-key', 'till-a'));
    const b = await admin.post(PURCHASES_API, orderBody(), till('shared-key', 'till-b'));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get('Idempotent-Replayed')).toBeNull();
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(b.body.data.reference).not.toBe(a.body.data.reference);
  });

  it('without X-Client-Id a key is its user’s: another user’s same key is another request', async () => {
    const a = await admin.post(PURCHASES_API, orderBody(), { 'Idempotency-Key': 'per-user' });
    const again = await admin.post(PURCHASES_API, orderBody(), { 'Idempotency-Key': 'per-user' });
    const b = await other.post(PURCHASES_API, orderBody(), { 'Idempotency-Key': 'per-user' });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.data.id).toBe(a.body.data.id);
    expect(b.status, b.text).toBe(201);
    expect(b.body.data.id).not.toBe(a.body.data.id);
  });

  it('a replay after the key row was purged still answers the first document (the document keeps its key)', async () => {
    const first = await admin.post(PURCHASES_API, orderBody(3), till('purged-later'));
    expect(first.status, first.text).toBe(201);
    const before = await purchaseCount();
    await h.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, 'purged-later'));
    const replay = await other.post(PURCHASES_API, orderBody(3), till('purged-later'));
    expect(replay.status, replay.text).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect(replay.body.data.reference).toBe(first.body.data.reference);
    expect(await purchaseCount()).toBe(before);
    // The key is claimed again, so the next retry replays from the key row.
    const again = await admin.post(PURCHASES_API, orderBody(3), till('purged-later'));
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('the same for a stock count', async () => {
    const body = { lines: [{ product_id: productId, counted: 4 }] };
    const first = await admin.post(STOCK_COUNTS_API, body, till('count-1'));
    expect(first.status, first.text).toBe(201);
    await h.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, 'count-1'));
    const replay = await admin.post(STOCK_COUNTS_API, body, till('count-1'));
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect((await admin.get(`${P.api}/${productId}`)).body.data.on_hand).toBe(4);
  });

  it('a bad X-Client-Id is a 422 naming the header', async () => {
    const before = await purchaseCount();
    expectFieldError(await admin.post(PURCHASES_API, orderBody(), till('k-1', 'has spaces')), 'X-Client-Id');
    expectFieldError(await admin.post(PURCHASES_API, orderBody(), till('k-2', 'x'.repeat(65))), 'X-Client-Id');
    expectFieldError(await admin.post(PURCHASES_API, orderBody(), till('k-3', '')), 'X-Client-Id');
    expect(await purchaseCount()).toBe(before);
  });

  it('answers and lists never show the client key', async () => {
    const made = await admin.post(PURCHASES_API, orderBody(), till('hidden-key'));
    expect(made.body.data).not.toHaveProperty('client_key');
    const listed = await admin.get(PURCHASES_API, { search: made.body.data.reference });
    expect(listed.body.data[0]).not.toHaveProperty('client_id');
  });
});

describe('numbers', () => {
  it('a document cannot be committed without its number (the engine numbers last, in the same transaction)', async () => {
    await expect(
      h.db.transaction(async (tx) => {
        await tx.insert(purchases).values({ supplier_id: supplierId, purchased_on: '2026-02-01' });
      }),
    ).rejects.toThrow();
    const [row] = await h.db.select({ n: sql<number>`count(*)::int` }).from(purchases).where(sql`${purchases.reference} is null`);
    expect(row!.n).toBe(0);
  });
});
