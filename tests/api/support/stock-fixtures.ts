import { products } from '../../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../../domain/stock/adjustment.ts';
import { IMAGE_UPLOAD_API, IMAGES_API } from '../../../domain/stock/image.ts';
import { MOVEMENTS_API, STOCK_ALERTS_API, STOCK_API } from '../../../domain/stock/lists.ts';
import type { Harness, TestResponse } from '../harness.ts';
import type { PreparedRequest, RouteFixture } from './fixtures.ts';
import { picture } from './images.ts';

/**
 * Valid requests for the product, stock and image routes that are not plain CRUD (the CRUD ones
 * come from the products definition like any resource's). Stock fixtures use a product of their
 * own that does not track serials, so "found +1" is always a valid adjustment.
 */

interface Ctx {
  h: Harness;
  admin(method: string, path: string, body?: unknown): Promise<TestResponse>;
  anchor(key: string): Promise<number>;
  adminToken: string;
}

/** A product with the given fields, made through the API as the fixtures' admin. */
export async function makeProduct(ctx: Ctx, fields: Record<string, unknown> = {}): Promise<number> {
  const n = ++made;
  const res = await ctx.admin('POST', products.api, {
    name: `Fixture product ${n}`,
    sku: `FIX-${n}-${Date.now().toString(36)}`,
    unit_id: await ctx.anchor('units'),
    sale_price: 1000,
    cost_price: 600,
    tracks_serials: false,
    ...fields,
  });
  if (res.status !== 201) throw new Error(`fixtures: creating a product failed: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body.data.id as number;
}
let made = 0;

/** An uploaded image's id. */
export async function uploadImage(ctx: Ctx, seed = 1): Promise<string> {
  const res = await ctx.h.request('POST', IMAGE_UPLOAD_API, {
    token: ctx.adminToken,
    body: await picture('png', { seed }),
    headers: { 'content-type': 'image/png' },
  });
  if (res.status !== 201) throw new Error(`fixtures: uploading an image failed: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body.data.id as string;
}

export function stockFixture(route: { method: string; path: string }, ctx: Ctx): RouteFixture | undefined {
  const key = `${route.method} ${route.path}`;
  const req = (path: string, body?: unknown, headers?: Record<string, string>): PreparedRequest => ({
    method: route.method,
    path,
    ...(body === undefined ? {} : { body }),
    ...(headers ? { headers } : {}),
  });
  let plain: Promise<number> | undefined;
  const plainProduct = () => (plain ??= makeProduct(ctx));
  let image: Promise<string> | undefined;
  const anImage = () => (image ??= uploadImage(ctx));
  const show = async (id: number) => {
    const res = await ctx.admin('GET', `${products.api}/${id}`);
    return { status: res.status, body: res.body };
  };

  switch (key) {
    case `GET ${products.api}/barcode`:
      return { kind: 'explicit', build: async () => req(route.path) };
    case `POST ${products.api}/bulk-status`:
      return {
        kind: 'explicit',
        build: async () => req(route.path, { ids: [await plainProduct()], status: 'active' }),
        observe: async (q) => Promise.all(((q.body as { ids?: number[] }).ids ?? []).map(show)),
      };
    case `GET ${products.api}/:id/movements`:
      return { kind: 'explicit', build: async () => req(`${products.api}/${await plainProduct()}/movements`) };
    case `GET ${products.api}/:id/serials`:
      return { kind: 'explicit', build: async () => req(`${products.api}/${await plainProduct()}/serials`) };
    case `GET ${STOCK_API}`:
    case `GET ${MOVEMENTS_API}`:
    case `GET ${STOCK_ALERTS_API}`:
      return { kind: 'explicit', build: async () => req(route.path) };
    case `POST ${ADJUSTMENTS_API}`:
      return {
        kind: 'explicit',
        build: async () => req(route.path, { product_id: await plainProduct(), quantity: 1, reason: 'found', note: 'Fixture' }),
        observe: async (q) => show((q.body as { product_id: number }).product_id),
      };
    case `POST ${IMAGE_UPLOAD_API}`:
      return { kind: 'explicit', build: async () => req(route.path, await picture('png', { seed: 7 }), { 'content-type': 'image/png' }) };
    case `GET ${IMAGES_API}/:id`:
      return { kind: 'explicit', build: async () => req(`${IMAGES_API}/${await anImage()}`) };
    case `GET ${IMAGES_API}/:id/thumb`:
      return { kind: 'explicit', build: async () => req(`${IMAGES_API}/${await anImage()}/thumb`) };
    default:
      return undefined;
  }
}
