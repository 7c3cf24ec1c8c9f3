import { like } from 'drizzle-orm';
import { loginLimits } from '../../../server/db/schema.ts';
import { ORDERS_API, SHOP_ORDERS_API, type OrderAction } from '../../../domain/documents/order.ts';
import { ADJUSTMENTS_API } from '../../../domain/stock/adjustment.ts';
import { placeOrder, processOrder, shipOrder } from '../../../server/documents/orders.ts';
import type { PreparedRequest, RouteFixture } from './fixtures.ts';
import type { Ctx } from './purchase-fixtures.ts';
import { makeProduct } from './stock-fixtures.ts';

/**
 * Valid requests for the order routes. Each write gets an order of its own, placed through the
 * order service itself (the public endpoint's throttle would refuse a matrix's worth from one
 * address) and moved to the status its step starts from, with stock enough for any actor.
 */

let placed = 0;

export function orderFixture(route: { method: string; path: string }, ctx: Ctx): RouteFixture | undefined {
  const req = (path: string, body?: unknown): PreparedRequest => ({ method: route.method, path, ...(body === undefined ? {} : { body }) });
  const body = async () => {
    const id = await makeProduct(ctx);
    const res = await ctx.admin('POST', ADJUSTMENTS_API, { product_id: id, quantity: 10, reason: 'opening', unit_cost: 600 });
    if (res.status !== 201) throw new Error(`fixtures: stocking failed: ${res.status} ${res.text.slice(0, 300)}`);
    placed++;
    return {
      customer: { name: `Fixture shopper ${placed}`, email: `fixture-shopper-${placed}-${Date.now().toString(36)}@example.net` },
      shipping: { name: 'Fixture shopper', address: '1 Fixture Road', city: 'Leeds', country: 'United Kingdom' },
      lines: [{ product_id: id, quantity: 1 }],
    };
  };
  /** An order in the status `action` starts from. */
  const order = async (action: OrderAction = 'process') => {
    const b = await body();
    return ctx.h.db.transaction(async (tx) => {
      const actor = { userId: null };
      const { id } = await placeOrder(tx, b, '2025-05-01', actor);
      if (action === 'ship' || action === 'deliver') await processOrder(tx, id, { lines: [], note: null }, actor);
      if (action === 'deliver') await shipOrder(tx, id, null, actor);
      return id;
    });
  };
  const observe = async (q: PreparedRequest) => {
    const res = await ctx.admin('GET', `${ORDERS_API}/${Number(/orders\/(\d+)/.exec(q.path)?.[1])}`);
    return { status: res.status, body: res.body };
  };

  const key = `${route.method} ${route.path}`;
  const step = /^POST \/api\/v1\/admin\/orders\/:id\/(process|ship|deliver|cancel)$/.exec(key)?.[1] as OrderAction | undefined;
  if (step) return { kind: 'explicit', build: async () => req(`${ORDERS_API}/${await order(step)}/${step}`, {}), observe };
  switch (key) {
    case `GET ${ORDERS_API}`:
    case `GET ${ORDERS_API}/export`:
      return { kind: 'explicit', build: async () => req(route.path) };
    case `GET ${ORDERS_API}/:id`:
      return { kind: 'explicit', build: async () => req(`${ORDERS_API}/${await order()}`) };
    case `POST ${SHOP_ORDERS_API}`:
      // Each generated request starts under the address's limit (the throttle has tests/api/orders.test.ts of its own).
      return {
        kind: 'explicit',
        build: async () => {
          await ctx.h.db.delete(loginLimits).where(like(loginLimits.key, 'shop order %'));
          return req(route.path, await body());
        },
        observe: async () => (await ctx.admin('GET', ORDERS_API)).body.meta?.total,
      };
    case `POST ${ORDERS_API}/:id/payments`:
      return { kind: 'explicit', build: async () => req(`${ORDERS_API}/${await order()}/payments`, { paid_on: '2025-05-04', amount: 100, method: 'cash', note: 'Fixture' }), observe };
    default:
      return undefined;
  }
}
