import { PURCHASES_API } from '../../../domain/documents/purchase.facts.ts';
import type { PurchaseDoc } from '../../../machines/purchases/purchase-view.selectors.ts';
import type { AppSystem } from '../../app/system.ts';
import type { PageRequest } from '../page.ts';
import { fetchDocument } from './document.ts';

/** What a purchase's page shows: the purchase as it stands, with its ETag. */
export type PurchaseData = PurchaseDoc & { etag: string };

/**
 * The purchase pages (/admin/purchase/edit/:id): the purchase. Creating one loads nothing up
 * front (an empty form; its supplier and product pickers ask as the person types), so a page
 * without an id resolves to nothing.
 */
export async function loadPurchase(system: Pick<AppSystem, 'api'>, request: Pick<PageRequest, 'params'>): Promise<PurchaseData | undefined> {
  const id = request.params.id;
  return id ? fetchDocument<PurchaseData>(system.api, PURCHASES_API, id) : undefined;
}
