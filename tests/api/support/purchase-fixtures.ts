import { LINE_PRODUCTS_API } from '../../../domain/documents/lines.ts';
import { PURCHASES_API } from '../../../domain/documents/purchase.ts';
import { STOCK_COUNTS_API } from '../../../domain/documents/stock-count.ts';
import type { Harness, TestResponse } from '../harness.ts';
import type { PreparedRequest, RouteFixture } from './fixtures.ts';
import { makeProduct } from './stock-fixtures.ts';

/**
 * Valid requests for the document routes (purchases, stock counts, the line product lookup).
 * Each write gets a purchase of its own in the state its action needs, so every actor's
 * request is valid however many are sent.
 */

export interface Ctx {
  h: Harness;
  admin(method: string, path: string, body?: unknown): Promise<TestResponse>;
  anchor(key: string): Promise<number>;
  adminToken: string;
}

export function purchaseFixture(route: { method: string; path: string }, ctx: Ctx): RouteFixture | undefined {
  const key = `${route.method} ${route.path}`;
  const req = (path: string, body?: unknown): PreparedRequest => ({ method: route.method, path, ...(body === undefined ? {} : { body }) });
  let plain: Promise<number> | undefined;
  const product = () => (plain ??= makeProduct(ctx));
  const lines = async () => [{ product_id: await product(), quantity: 3, unit_cost: 700 }];
  /** A new purchase as the fixtures' admin; `received` receives it whole. */
  const purchase = async (received = false) => {
    const res = await ctx.admin('POST', PURCHASES_API, { supplier_id: await ctx.anchor('suppliers'), purchased_on: '2025-04-01', lines: await lines(), receive: received });
    if (res.status !== 201) throw new Error(`fixtures: ordering failed: ${res.status} ${res.text.slice(0, 300)}`);
    return res.body.data as { id: number; lines: { id: number }[] };
  };
  const show = async (id: number) => {
    const res = await ctx.admin('GET', `${PURCHASES_API}/${id}`);
    return { status: res.status, body: res.body };
  };
  const idFrom = (q: PreparedRequest) => Number(/purchases\/(\d+)/.exec(q.path)?.[1]);
  const observe = async (q: PreparedRequest) => show(idFrom(q));

  switch (key) {
    case `GET ${PURCHASES_API}`:
    case `GET ${PURCHASES_API}/export`:
    case `GET ${STOCK_COUNTS_API}`:
      return { kind: 'explicit', build: async () => req(route.path) };
    case `GET ${LINE_PRODUCTS_API}`:
      return { kind: 'explicit', build: async () => req(`${route.path}?search=Fixture`) };
    case `GET ${PURCHASES_API}/:id`:
      return { kind: 'explicit', build: async () => req(`${PURCHASES_API}/${(await purchase()).id}`) };
    case `POST ${PURCHASES_API}`:
      return {
        kind: 'explicit',
        build: async () => req(route.path, { supplier_id: await ctx.anchor('suppliers'), purchased_on: '2025-04-02', lines: await lines() }),
        observe: async () => (await ctx.admin('GET', PURCHASES_API)).body.meta?.total,
      };
    case `PUT ${PURCHASES_API}/:id`:
      return {
        kind: 'explicit',
        build: async () => req(`${PURCHASES_API}/${(await purchase()).id}`, { supplier_id: await ctx.anchor('suppliers'), purchased_on: '2025-04-03', lines: await lines() }),
        observe,
      };
    case `POST ${PURCHASES_API}/:id/receive`:
      return { kind: 'explicit', build: async () => req(`${PURCHASES_API}/${(await purchase()).id}/receive`, {}), observe };
    case `POST ${PURCHASES_API}/:id/cancel`:
      return { kind: 'explicit', build: async () => req(`${PURCHASES_API}/${(await purchase()).id}/cancel`, { note: 'Fixture' }), observe };
    case `POST ${PURCHASES_API}/:id/return`:
      return {
        kind: 'explicit',
        build: async () => {
          const p = await purchase(true);
          return req(`${PURCHASES_API}/${p.id}/return`, { lines: [{ line_id: p.lines[0]!.id, quantity: 1 }] });
        },
        observe,
      };
    case `POST ${PURCHASES_API}/:id/payments`:
      return {
        kind: 'explicit',
        build: async () => req(`${PURCHASES_API}/${(await purchase()).id}/payments`, { paid_on: '2025-04-04', amount: 100, method: 'cash', note: 'Fixture' }),
        observe,
      };
    case `GET ${STOCK_COUNTS_API}/:id`:
      return {
        kind: 'explicit',
        build: async () => {
          const res = await ctx.admin('POST', STOCK_COUNTS_API, { lines: [{ product_id: await product(), counted: 0 }] });
          if (res.status !== 201) throw new Error(`fixtures: counting failed: ${res.status} ${res.text.slice(0, 300)}`);
          return req(`${STOCK_COUNTS_API}/${res.body.data.id as number}`);
        },
      };
    case `POST ${STOCK_COUNTS_API}`:
      return {
        kind: 'explicit',
        build: async () => req(route.path, { note: 'Fixture count', lines: [{ product_id: await product(), counted: 2 }] }),
        observe: async () => (await ctx.admin('GET', STOCK_COUNTS_API)).body.meta?.total,
      };
    default:
      return undefined;
  }
}
