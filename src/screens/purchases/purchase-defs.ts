import { PURCHASE_RIGHTS } from '../../../domain/documents/purchase.facts.ts';
import { purchaseList } from '../../../domain/documents/purchase.list.ts';
import { documentList } from '../documents/document-list.ts';

/**
 * The purchase list (domain/documents/purchase.list.ts) as the generic list screen's parts read it:
 * a list declaration (no schema, no form fields: the list page loads no zod). Purchases are made
 * and changed on their own screen, never deleted (a cancelled purchase keeps its number), so the
 * list offers no delete.
 */
export const PURCHASES = documentList(purchaseList, {
  label: { one: 'purchase', many: 'purchases' },
  permissions: PURCHASE_RIGHTS,
  routes: { list: '/purchase/list', create: '/purchase/create', edit: '/purchase/edit/:id' },
});

