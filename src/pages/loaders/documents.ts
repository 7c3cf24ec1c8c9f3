import { PURCHASES_API } from '../../../domain/documents/purchase.facts.ts';
import type { ResourceList } from '../../../domain/resource.ts';
import type { ListFirst } from '../../../machines/list/list.machine.ts';
import type { AppSystem } from '../../app/system.ts';
import { PURCHASES } from '../../screens/purchases/purchase-defs.ts';
import { ORDERS_API } from '../../../domain/documents/order.facts.ts';
import { ORDERS } from '../../screens/orders/order-defs.ts';
import { SALES } from '../../screens/sales/sale-defs.ts';
import { QUOTATIONS } from '../../screens/quotations/quotation-defs.ts';
import { REGISTER_SESSIONS } from '../../screens/pos/session-defs.ts';
import type { PageRequest } from '../page.ts';
import { fetchDocument, type SavedDocument } from './document.ts';
import { loadList } from './list.ts';

/** A document kind's two loaders: its list page's and its document page's. */
export interface DocumentLoaders {
  /** The list's first page (document lists keep no per-person columns or saved filters). */
  list(system: AppSystem, request: PageRequest): Promise<ListFirst>;
  /**
   * The document page (…/edit/:id, …/view/:id): the document with its ETag. A create screen
   * loads nothing up front (an empty form; its pickers ask as the person types), so a page
   * without an id resolves to nothing.
   */
  record(system: Pick<AppSystem, 'api'>, request: Pick<PageRequest, 'params'>): Promise<SavedDocument | undefined>;
}

export const documentLoaders = (api: string, list: ResourceList): DocumentLoaders => ({
  list: (system, request) => loadList(system, list, request, { settings: false }),
  record: async (system, request) => (request.params.id ? fetchDocument(system.api, api, request.params.id) : undefined),
});

/** Each document kind's loaders, by the name src/pages/index.ts gives them. */
export const purchases = documentLoaders(PURCHASES_API, PURCHASES);
export const orders = documentLoaders(ORDERS_API, ORDERS);
export const sales = documentLoaders(SALES.api, SALES);
export const quotations = documentLoaders(QUOTATIONS.api, QUOTATIONS);
export const registerSessions = documentLoaders(REGISTER_SESSIONS.api, REGISTER_SESSIONS);
