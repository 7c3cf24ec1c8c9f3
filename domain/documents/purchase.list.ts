import type { ColumnDef, FilterDef } from '../resource.ts';
import { PAYMENT_STATUS_OPTIONS } from './payments.facts.ts';
import { PURCHASE_STATUS_OPTIONS, PURCHASES_API } from './purchase.facts.ts';

/** The purchase list: columns, filters (supplier, status, payment status, date range) and the money it totals. */
export const purchaseColumns: readonly ColumnDef[] = [
  { name: 'reference', label: 'Reference', sortable: true },
  { name: 'supplier_name', label: 'Supplier', sortable: true },
  { name: 'purchased_on', label: 'Date', kind: 'date', sortable: true },
  { name: 'status', label: 'Status', kind: 'status', sortable: true },
  { name: 'grand_total', label: 'Total', kind: 'money', sortable: true },
  { name: 'paid', label: 'Paid', kind: 'money', sortable: true, minor: true },
  { name: 'due', label: 'Due', kind: 'money', sortable: true },
  { name: 'payment_status', label: 'Payment', kind: 'status', minor: true },
];
export const purchaseFilters: readonly FilterDef[] = [
  { name: 'supplier_id', label: 'Supplier', kind: 'relation', relation: 'suppliers' },
  { name: 'status', label: 'Status', kind: 'select', options: PURCHASE_STATUS_OPTIONS },
  { name: 'payment_status', label: 'Payment', kind: 'select', options: PAYMENT_STATUS_OPTIONS },
  { name: 'purchased_on', label: 'Date', kind: 'dateRange' },
];
export const purchaseList = {
  key: 'purchases',
  api: PURCHASES_API,
  columns: purchaseColumns,
  filters: purchaseFilters,
  defaultSort: { field: 'purchased_on', dir: 'desc' },
  searchHint: 'Search reference',
} as const;
