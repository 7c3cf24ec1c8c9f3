import { ORDER_RIGHTS, orderList } from '../../../domain/documents/order.facts.ts';
import { documentList } from '../documents/document-list.ts';

/**
 * The website order list (domain/documents/order.facts.ts) as the generic list screen's parts
 * read it: no schema, no form. Orders are placed by the website (no create screen) and never
 * deleted (a cancelled order keeps its number); the list opens on the pending ones.
 */
export const ORDERS = documentList(orderList, {
  label: { one: 'order', many: 'orders' },
  permissions: { list: ORDER_RIGHTS.list, create: ORDER_RIGHTS.update, edit: ORDER_RIGHTS.update, delete: ORDER_RIGHTS.update, export: ORDER_RIGHTS.list },
  routes: { list: '/orders', edit: '/orders/:id' },
});
