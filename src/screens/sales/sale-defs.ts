import { SALE_RIGHTS, saleList } from '../../../domain/documents/sale.facts.ts';
import { documentList } from '../documents/document-list.ts';

/**
 * The sale list (domain/documents/sale.ts) as the generic list screen's parts read it. Sales are
 * made and changed on their own screen, never deleted, so the list offers no delete.
 */
export const SALES = documentList(saleList, {
  label: { one: 'sale', many: 'sales' },
  // Whoever records sales changes pending ones; the list exports to whoever sees it (sale-routes.ts); no one deletes (the list screen offers no delete).
  permissions: { list: SALE_RIGHTS.list, create: SALE_RIGHTS.create, edit: SALE_RIGHTS.create, delete: SALE_RIGHTS.create, export: SALE_RIGHTS.list },
  routes: { list: '/sales/list', create: '/sales/create', edit: '/sales/edit/:id' },
});
