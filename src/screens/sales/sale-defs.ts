import { SALE_RIGHTS, saleList } from '../../../domain/documents/sale.ts';
import type { ResourceList } from '../../../domain/resource.ts';

/**
 * The sale list (domain/documents/sale.ts) as the generic list screen's parts read it. Sales are
 * made and changed on their own screen, never deleted, so the list offers no delete.
 */
export const SALES: ResourceList = {
  key: saleList.key,
  label: { one: 'sale', many: 'sales' },
  api: saleList.api,
  // Sales are never deleted; edit is recording (a pending sale), export is seeing the list (no finer sales rights yet).
  permissions: { list: SALE_RIGHTS.list, create: SALE_RIGHTS.create, edit: SALE_RIGHTS.create, delete: SALE_RIGHTS.create, export: SALE_RIGHTS.list },
  columns: saleList.columns,
  filters: saleList.filters,
  searchHint: saleList.searchHint,
  defaultSort: saleList.defaultSort,
  titleField: 'reference',
  routes: { list: '/sales/list', create: '/sales/create', edit: '/sales/edit/:id' },
};
