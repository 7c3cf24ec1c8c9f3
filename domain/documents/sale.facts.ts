import { adminHref } from '../paths.ts';
import type { Permission } from '../permissions.ts';
import type { ColumnDef, FilterDef } from '../resource.ts';
import { defineLifecycle } from './lifecycle.ts';
import { PREFIXES } from './numbering.ts';
import { PAYMENT_STATUS_OPTIONS } from './payments.facts.ts';

/**
 * A sale to a customer (PRODUCT §3): SL-000001, a customer (none: walk-in), a channel (the back
 * office or the till), completed at once (stock out through the ledger, each line keeping the
 * cost its units left at) or pending (no stock moves until it is completed); the one totals
 * function over its lines; payments (method, amount), what was paid, the change and the
 * payment status. The server half is server/documents/sales.ts.
 */
export const SALES_API = '/api/v1/admin/sales';
/** A sale's returns are posted at SALES_API/{id}/returns. */
export const SALE_RETURNS_PATH = 'returns';
export const SALE_PREFIX = PREFIXES.sale;
/** The rights of the sales module (domain/permissions.ts): who sees sales and who records them. */
export const SALE_RIGHTS = { list: 'sales list', create: 'sales create' } as const satisfies Record<string, Permission>;

export const saleLifecycle = defineLifecycle({
  noun: 'sale',
  statuses: {
    pending: { label: 'Pending', tone: 'warning' },
    completed: { label: 'Completed', tone: 'success' },
  },
  actions: {
    edit: { label: 'Edit', from: ['pending'], done: 'edited' },
    complete: { label: 'Complete', from: ['pending'], done: 'completed', to: 'completed' },
    pay: { label: 'Add payment', from: ['pending', 'completed'], done: 'paid' },
    // Goods come back only once they have left: a pending sale has moved no stock.
    return: { label: 'Return', from: ['completed'], done: 'returned' },
  },
});
export type SaleStatus = keyof typeof saleLifecycle.statuses;
export type SaleAction = keyof typeof saleLifecycle.actions;
export const SALE_STATUS_NAMES = Object.keys(saleLifecycle.statuses) as SaleStatus[];
export const SALE_STATUS_OPTIONS = SALE_STATUS_NAMES.map((value) => ({ value, label: saleLifecycle.statuses[value].label }));
/** Who may take goods back and refund them: whoever may record sales (the till takes returns too). */
export const SALE_ACTION_RIGHTS = { edit: SALE_RIGHTS.create, complete: SALE_RIGHTS.create, pay: SALE_RIGHTS.create, return: SALE_RIGHTS.create } as const;

export const SALE_CHANNELS = { backoffice: 'Back office', pos: 'Point of sale' } as const;
export type SaleChannel = keyof typeof SALE_CHANNELS;
export const SALE_CHANNEL_NAMES = Object.keys(SALE_CHANNELS) as SaleChannel[];
export const SALE_CHANNEL_OPTIONS = SALE_CHANNEL_NAMES.map((value) => ({ value, label: SALE_CHANNELS[value] }));

export const saleColumns: readonly ColumnDef[] = [
  { name: 'reference', label: 'Reference', sortable: true },
  { name: 'customer_name', label: 'Customer', sortable: true },
  { name: 'sold_on', label: 'Date', kind: 'date', sortable: true },
  { name: 'channel', label: 'Channel', kind: 'status', sortable: true, minor: 'wide' },
  { name: 'status', label: 'Status', kind: 'status', sortable: true },
  { name: 'grand_total', label: 'Total', kind: 'money', sortable: true },
  { name: 'paid', label: 'Paid', kind: 'money', sortable: true, minor: true },
  { name: 'due', label: 'Due', kind: 'money', sortable: true },
  { name: 'payment_status', label: 'Payment', kind: 'status', minor: true },
];
export const saleFilters: readonly FilterDef[] = [
  { name: 'customer_id', label: 'Customer', kind: 'relation', relation: 'customers' },
  { name: 'channel', label: 'Channel', kind: 'select', options: SALE_CHANNEL_OPTIONS },
  { name: 'status', label: 'Status', kind: 'select', options: SALE_STATUS_OPTIONS },
  { name: 'payment_status', label: 'Payment', kind: 'select', options: PAYMENT_STATUS_OPTIONS },
  { name: 'sold_on', label: 'Date', kind: 'dateRange' },
];
export const saleList = {
  key: 'sales',
  api: SALES_API,
  columns: saleColumns,
  filters: saleFilters,
  defaultSort: { field: 'sold_on', dir: 'desc' },
  searchHint: 'Search reference',
  /** Figures of the totals row beyond the column sums, each with what it counts (server: sale-routes.ts salesFigure). */
  figures: [
    {
      name: 'sales',
      label: 'Sales',
      kind: 'money',
      caption: 'Sales: the totals of completed sales in the period, less the refunds of returns made in it. Pending sales do not count.',
    },
  ],
} as const;

/** A sale's own page (the list's rows open it; here, apart from its view selectors, so a list page loads no zod). */
export const saleHref = (id: number | string) => adminHref('/sales/edit/:id', { id });
