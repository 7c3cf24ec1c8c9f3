import { ORDER_RIGHTS, orderList } from '../../../domain/documents/order.facts.ts';
import type { ResourceList } from '../../../domain/resource.ts';

/**
 * The website order list (domain/documents/order.facts.ts) as the generic list screen's parts
 * read it: no schema, no form. Orders are placed by the website (no create screen) and never
 * deleted (a cancelled order keeps its number); the list opens on the pending ones.
 */
export const ORDERS: ResourceList = {
  key: orderList.key,
  label: { one: 'order', many: 'orders' },
  api: orderList.api,
  permissions: { list: ORDER_RIGHTS.list, create: ORDER_RIGHTS.update, edit: ORDER_RIGHTS.update, delete: ORDER_RIGHTS.update, export: ORDER_RIGHTS.list },
  columns: orderList.columns,
  filters: orderList.filters,
  searchHint: orderList.searchHint,
  defaultSort: orderList.defaultSort,
  defaultFilters: orderList.defaultFilters,
  titleField: 'reference',
  routes: { list: '/orders', edit: '/orders/:id' },
};
