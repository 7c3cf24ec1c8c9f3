import { CREDIT_NOTES_API, INVOICES_API } from '../../../domain/documents/invoice.ts';
import { LINE_SERIALS_API } from '../../../domain/documents/lines.ts';
import { SALES_API } from '../../../domain/documents/sale.ts';
import { ADJUSTMENTS_API } from '../../../domain/stock/adjustment.ts';
import type { PreparedRequest, RouteFixture } from './fixtures.ts';
import type { Ctx } from './purchase-fixtures.ts';
import { makeProduct } from './stock-fixtures.ts';

/**
 * Valid requests for the sale routes. Each write gets a pending sale of its own (pending: no
 * stock needed to make it), and `complete` a product with stock enough, so every actor's
 * request is valid however many are sent.
 */

export function saleFixture(route: { method: string; path: string }, ctx: Ctx): RouteFixture | undefined {
  const req = (path: string, body?: unknown): PreparedRequest => ({ method: route.method, path, ...(body === undefined ? {} : { body }) });
  const stocked = async () => {
    const id = await makeProduct(ctx);
    const res = await ctx.admin('POST', ADJUSTMENTS_API, { product_id: id, quantity: 10, reason: 'opening', unit_cost: 600 });
    if (res.status !== 201) throw new Error(`fixtures: stocking failed: ${res.status} ${res.text.slice(0, 300)}`);
    return id;
  };
  const body = async () => ({ sold_on: '2025-04-01', status: 'pending', lines: [{ product_id: await stocked(), quantity: 1 }] });
  const pending = async () => {
    const res = await ctx.admin('POST', SALES_API, await body());
    if (res.status !== 201) throw new Error(`fixtures: selling failed: ${res.status} ${res.text.slice(0, 300)}`);
    return res.body.data.id as number;
  };
  const observe = async (q: PreparedRequest) => {
    const res = await ctx.admin('GET', `${SALES_API}/${Number(/sales\/(\d+)/.exec(q.path)?.[1])}`);
    return { status: res.status, body: res.body };
  };

  /** A completed sale of two units (so it has its invoice); `returned`: one unit back, so it has a credit note too. */
  const completed = async (returned = false) => {
    const res = await ctx.admin('POST', SALES_API, { sold_on: '2025-04-01', lines: [{ product_id: await stocked(), quantity: 2 }] });
    if (res.status !== 201) throw new Error(`fixtures: selling failed: ${res.status} ${res.text.slice(0, 300)}`);
    const sale = res.body.data as { id: number; lines: { id: number }[]; invoice: { id: number } };
    if (!returned) return { invoice: sale.invoice.id, creditNote: 0 };
    const back = await ctx.admin('POST', `${SALES_API}/${sale.id}/returns`, { returned_on: '2025-04-03', lines: [{ line_id: sale.lines[0]!.id, quantity: 1 }] });
    if (back.status !== 201) throw new Error(`fixtures: returning failed: ${back.status} ${back.text.slice(0, 300)}`);
    return { invoice: sale.invoice.id, creditNote: back.body.data.credit_notes[0].id as number };
  };

  switch (`${route.method} ${route.path}`) {
    case `GET ${INVOICES_API}/:id`:
    case `GET ${INVOICES_API}/:id/pdf`:
      return { kind: 'explicit', build: async () => req(route.path.replace(':id', String((await completed()).invoice))) };
    case `GET ${CREDIT_NOTES_API}/:id`:
    case `GET ${CREDIT_NOTES_API}/:id/pdf`:
      return { kind: 'explicit', build: async () => req(route.path.replace(':id', String((await completed(true)).creditNote))) };
    case `GET ${SALES_API}`:
    case `GET ${SALES_API}/export`:
      return { kind: 'explicit', build: async () => req(route.path) };
    case `GET ${SALES_API}/:id`:
      return { kind: 'explicit', build: async () => req(`${SALES_API}/${await pending()}`) };
    case `GET ${LINE_SERIALS_API}`:
      return { kind: 'explicit', build: async () => req(route.path.replace(':id', String(await makeProduct(ctx)))) };
    case `POST ${SALES_API}`:
      return { kind: 'explicit', build: async () => req(route.path, await body()), observe: async () => (await ctx.admin('GET', SALES_API)).body.meta?.total };
    case `PUT ${SALES_API}/:id`:
      return { kind: 'explicit', build: async () => req(`${SALES_API}/${await pending()}`, { sold_on: '2025-04-02', lines: [{ product_id: await stocked(), quantity: 2 }] }), observe };
    case `POST ${SALES_API}/:id/complete`:
      return { kind: 'explicit', build: async () => req(`${SALES_API}/${await pending()}/complete`, {}), observe };
    case `POST ${SALES_API}/:id/returns`:
      // A completed sale of its own, one unit of which comes back with its refund.
      return {
        kind: 'explicit',
        build: async () => {
          const res = await ctx.admin('POST', SALES_API, { sold_on: '2025-04-01', lines: [{ product_id: await stocked(), quantity: 2 }], payments: [{ method: 'cash', amount: 2000 }] });
          if (res.status !== 201) throw new Error(`fixtures: selling failed: ${res.status} ${res.text.slice(0, 300)}`);
          const sale = res.body.data as { id: number; lines: { id: number; unit_price: number }[] };
          return req(`${SALES_API}/${sale.id}/returns`, { returned_on: '2025-04-03', lines: [{ line_id: sale.lines[0]!.id, quantity: 1 }], refunds: [{ method: 'cash', amount: 1 }] });
        },
        observe,
      };
    case `POST ${SALES_API}/:id/payments`:
      return { kind: 'explicit', build: async () => req(`${SALES_API}/${await pending()}/payments`, { paid_on: '2025-04-04', amount: 100, method: 'cash', note: 'Fixture' }), observe };
    default:
      return undefined;
  }
}
