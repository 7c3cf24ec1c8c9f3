import { QUOTATIONS_API, type QuotationAction } from '../../../domain/documents/quotation.ts';
import { customers } from '../../../server/db/schema.ts';
import { answerQuotation, createQuotation, sendQuotation } from '../../../server/documents/quotations.ts';
import type { PreparedRequest, RouteFixture } from './fixtures.ts';
import type { Ctx } from './purchase-fixtures.ts';
import { makeProduct } from './stock-fixtures.ts';

/**
 * Valid requests for the quotation routes. Each write gets a quotation of its own, written and
 * moved along through the quotation service itself to the status its step starts from (a draft
 * to edit or send, a sent one to answer, an accepted one to convert).
 */

let customerId: number | undefined;

export function quotationFixture(route: { method: string; path: string }, ctx: Ctx): RouteFixture | undefined {
  const req = (path: string, body?: unknown): PreparedRequest => ({ method: route.method, path, ...(body === undefined ? {} : { body }) });
  const body = async () => {
    customerId ??= (await ctx.h.db.insert(customers).values({ name: 'Fixture customer of quotations' }).returning({ id: customers.id }))[0]!.id;
    return { customer_id: customerId, quoted_on: '2025-05-01', valid_until: '2999-12-31', lines: [{ product_id: await makeProduct(ctx), quantity: 2, discount: 0 }], discount: 0, tax_bps: 0, shipping: 0 };
  };
  /** A quotation in the status `action` starts from. */
  const quotation = async (action: QuotationAction = 'edit') => {
    const b = await body();
    return ctx.h.db.transaction(async (tx) => {
      const actor = { userId: null };
      const { id } = await createQuotation(tx, b, actor);
      if (action === 'accept' || action === 'reject' || action === 'convert') await sendQuotation(tx, id, null, actor);
      if (action === 'convert') await answerQuotation('accept')(tx, id, null, actor);
      return id;
    });
  };
  const observe = async (q: PreparedRequest) => {
    const res = await ctx.admin('GET', `${QUOTATIONS_API}/${Number(/quotations\/(\d+)/.exec(q.path)?.[1])}`);
    return { status: res.status, body: res.body };
  };

  const key = `${route.method} ${route.path}`;
  const step = /^POST \/api\/v1\/admin\/quotations\/:id\/(send|accept|reject|convert)$/.exec(key)?.[1] as QuotationAction | undefined;
  if (step) return { kind: 'explicit', build: async () => req(`${QUOTATIONS_API}/${await quotation(step)}/${step}`, {}), observe };
  switch (key) {
    case `GET ${QUOTATIONS_API}`:
    case `GET ${QUOTATIONS_API}/export`:
      return { kind: 'explicit', build: async () => req(route.path) };
    case `GET ${QUOTATIONS_API}/:id`:
      return { kind: 'explicit', build: async () => req(`${QUOTATIONS_API}/${await quotation()}`) };
    case `POST ${QUOTATIONS_API}`:
      return { kind: 'explicit', build: async () => req(route.path, await body()), observe: async () => (await ctx.admin('GET', QUOTATIONS_API)).body.meta?.total };
    case `PUT ${QUOTATIONS_API}/:id`:
      return { kind: 'explicit', build: async () => req(`${QUOTATIONS_API}/${await quotation()}`, await body()), observe };
    default:
      return undefined;
  }
}
