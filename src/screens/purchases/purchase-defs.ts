import { z } from 'zod';
import { PURCHASE_RIGHTS, purchaseList } from '../../../domain/documents/purchase.ts';
import type { FieldDef, ResourceDef } from '../../../domain/resource.ts';

/**
 * The purchase list (domain/documents/purchase.ts) as the generic list screen's parts read it.
 * Purchases are made and changed on their own screen, never deleted (a cancelled purchase
 * keeps its number), so the list offers no delete.
 */
export const PURCHASES: ResourceDef = {
  key: purchaseList.key,
  label: { one: 'purchase', many: 'purchases' },
  api: purchaseList.api,
  permissions: PURCHASE_RIGHTS,
  schema: z.strictObject({}),
  defaults: {},
  columns: purchaseList.columns,
  fields: [],
  filters: purchaseList.filters.map((f) => (f.kind === 'relation' ? { ...f, searchable: true } : f)),
  searchHint: purchaseList.searchHint,
  defaultSort: purchaseList.defaultSort,
  titleField: 'reference',
  routes: { list: '/purchase/list', create: '/purchase/create', edit: '/purchase/edit/:id' },
};

/** The header's fields, drawn by the generic field views. */
export const SUPPLIER_FIELD: FieldDef = { name: 'supplier_id', label: 'Supplier', kind: 'relation', relation: 'suppliers', required: true };
