import { products } from '../../../domain/resources/product.ts';
import type { Api } from '../../app/api.ts';
import type { AppSystem } from '../../app/system.ts';
import type { PageRequest } from '../page.ts';

/** What a product's own page shows of the product (its history list loads on its own). */
export type ProductData = Record<string, unknown>;

/** GET {products.api}/{id}; the page's loader and the record machine's own load ask through this one. */
export async function fetchProduct(api: Pick<Api, 'call'>, id: string): Promise<ProductData> {
  return (await api.call<{ data: ProductData }>(`${products.api}/${encodeURIComponent(id)}`)).data;
}

/** The product page (/admin/product/view/:id): the product. */
export async function loadProduct(system: Pick<AppSystem, 'api'>, request: Pick<PageRequest, 'params'>): Promise<ProductData> {
  return fetchProduct(system.api, request.params.id ?? '');
}
