import { describe, expect, it } from 'vitest';
import { ORDERS_API, SHOP_ORDERS_API } from '../../domain/documents/order.ts';
import { products as P } from '../../domain/resources/index.ts';
import { saleFixture, stockedProduct } from './sale-fixture.ts';

/**
 * Website orders racing on PostgreSQL, where requests really run at the same time. PGlite runs
 * one query at a time, so there these would prove nothing: skipped; CI's api-postgres step
 * (scripts/test.ts) runs them, as it runs the sales' races.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.info('orders-concurrency: skipped on PGlite, which runs one query at a time; set TEST_DATABASE_URL to race on PostgreSQL.');
}

const f = saleFixture('Counter Customer', onPostgres);
const stocked = (stock: number) => stockedProduct(f, stock, {}, 50);
const onHand = async (id: number) => (await f.api.get(`${P.api}/${id}`)).body.data.on_hand as number;
async function order(productId: number, quantity: number, i: number) {
  const res = await f.h.request('POST', SHOP_ORDERS_API, {
    xsrf: false,
    address: `192.0.2.${100 + i}`,
    body: { customer: { name: 'Racer', email: `racer${i}@example.net` }, shipping: { name: 'Racer', address: '1 Track', city: 'Leeds', country: 'UK' }, lines: [{ product_id: productId, quantity }] },
  });
  expect(res.status, res.text).toBe(201);
  return (await f.api.rows(ORDERS_API, { search: res.body.data.reference }))[0].id as number;
}
const step = (id: number, name: string) => f.api.post(`${ORDERS_API}/${id}/${name}`, {});

describe.skipIf(!onPostgres)('orders racing on PostgreSQL', () => {
  it('a cancel racing a ship: one wins, the other is refused, the order is in one state and its stock is right', async () => {
    const p = await stocked(100);
    const outcomes = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const before = await onHand(p.id);
      const id = await order(p.id, 3, i);
      expect((await step(id, 'process')).status).toBe(200);
      expect(await onHand(p.id)).toBe(before - 3);
      const [ship, cancel] = await Promise.all([step(id, 'ship'), step(id, 'cancel')]);
      expect([ship.status, cancel.status].sort()).toEqual([200, 409]);
      const o = (await f.api.get(`${ORDERS_API}/${id}`)).body.data;
      const won = ship.status === 200 ? 'shipped' : 'cancelled';
      outcomes.add(won);
      expect(o.status).toBe(won);
      expect(o.history.map((x: any) => x.action)).toEqual(['create', 'process', won === 'shipped' ? 'ship' : 'cancel']);
      // Shipped: the three units stay out; cancelled: they came back.
      expect(await onHand(p.id)).toBe(won === 'shipped' ? before - 3 : before);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('a cancel racing processing on the last units: stock moves at most once and ends where the winner leaves it', async () => {
    const p = await stocked(2);
    const id = await order(p.id, 2, 50);
    const [processed, cancelled] = await Promise.all([step(id, 'process'), step(id, 'cancel')]);
    const o = (await f.api.get(`${ORDERS_API}/${id}`)).body.data;
    if (processed.status === 200 && cancelled.status === 200) {
      // Processing first, then the cancel brought the units back.
      expect(o.status).toBe('cancelled');
      expect(await onHand(p.id)).toBe(2);
    } else {
      expect([processed.status, cancelled.status].sort()).toEqual([200, 409]);
      expect(await onHand(p.id)).toBe(o.status === 'processing' ? 0 : 2);
    }
  });

  it('10 concurrent placements under one Idempotency-Key from one website client: one order, ten identical answers', async () => {
    const p = await stocked(5);
    const body = { customer: { name: 'Keyed', email: 'keyed@example.net' }, shipping: { name: 'Keyed', address: '1 Key St', city: 'Leeds', country: 'UK' }, lines: [{ product_id: p.id, quantity: 1 }] };
    const all = await Promise.all(
      Array.from({ length: 10 }, () => f.h.request('POST', SHOP_ORDERS_API, { xsrf: false, address: '198.51.100.200', body, headers: { 'Idempotency-Key': `race-order-${p.id}` } })),
    );
    expect(all.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(all.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await f.api.rows(ORDERS_API, { search: all[0]!.body.data.reference })).toHaveLength(1);
  });
});
