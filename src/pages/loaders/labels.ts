import { products } from '../../../domain/resources/product.ts';
import { labelIds } from '../../../domain/stock/labels.ts';
import type { LabelItem } from '../../../machines/products/labels.machine.ts';
import type { Api } from '../../app/api.ts';
import type { AppSystem } from '../../app/system.ts';
import type { PageRequest } from '../page.ts';

/** What the labels page shows of each chosen product: its name, price and barcode. */
export type LabelProducts = Omit<LabelItem, 'count'>[];

/** The chosen products, GET {products.api}/{id} each; the page's loader and the labels machine's own load ask through this one. */
export async function fetchLabelProducts(api: Pick<Api, 'call'>, ids: number[]): Promise<LabelProducts> {
  const rows = await Promise.all(ids.map((id) => api.call<{ data: Record<string, unknown> }>(`${products.api}/${id}`).then((r) => r.data)));
  return rows.map((p) => ({ id: Number(p.id), name: String(p.name ?? ''), price: Number(p.sale_price ?? 0), barcode: typeof p.barcode === 'string' && p.barcode ? p.barcode : null }));
}

/** The labels page (/admin/product/labels?ids=…): the products its address chose; none chosen, nothing to load. */
export async function loadLabels(system: Pick<AppSystem, 'api'>, request: Pick<PageRequest, 'search'>): Promise<LabelProducts | undefined> {
  const ids = labelIds(request.search);
  return ids.length ? fetchLabelProducts(system.api, ids) : undefined;
}
