import { defineLifecycle } from './lifecycle.ts';
import { PREFIXES } from './numbering.ts';
import { PAYMENT_STATUS_OPTIONS } from './payments.facts.ts';
import type { Permission } from '../permissions.ts';
import type { ColumnDef, FilterDef } from '../resource.ts';

/**
 * A website order (PRODUCT §3): WO-000001, placed by the public website through
 * SHOP_ORDERS_API (no staff session) for a customer found by e-mail or made, priced from the
 * catalogue exactly as a sale is (server/documents/sales.ts `price`), then moved along by staff:
 * pending → processing (its stock leaves through the ledger) → shipped (its invoice is issued)
 * → delivered, or cancelled from pending or processing (stock that left comes back at the cost
 * it left at). Paid like a sale. The server half is server/documents/orders.ts.
 *
 * Here the facts the list screen and an order's buttons read, without zod; order.ts adds the
 * bodies the API checks.
 */
export const ORDERS_API = '/api/v1/admin/orders';
/** Where the public website places an order: no session; an Idempotency-Key; throttled per client. */
export const SHOP_ORDERS_API = '/api/v1/shop/orders';
export const ORDER_PREFIX = PREFIXES.order;
/** Orders per minute one client address may place before a 429 (PRODUCT: at least 30). */
export const SHOP_ORDERS_PER_MINUTE = 30;
/** Who sees website orders, and who moves them along and takes their payments. */
export const ORDER_RIGHTS = { list: 'order list', update: 'order update' } as const satisfies Record<string, Permission>;

export const orderLifecycle = defineLifecycle({
  noun: 'order',
  statuses: {
    pending: { label: 'Pending', tone: 'warning' },
    processing: { label: 'Processing', tone: 'info' },
    shipped: { label: 'Shipped', tone: 'info' },
    delivered: { label: 'Delivered', tone: 'success' },
    cancelled: { label: 'Cancelled', tone: 'danger' },
  },
  actions: {
    process: { label: 'Start processing', from: ['pending'], done: 'processed', to: 'processing' },
    ship: { label: 'Mark shipped', from: ['processing'], done: 'shipped', to: 'shipped' },
    deliver: { label: 'Mark delivered', from: ['shipped'], done: 'delivered', to: 'delivered' },
    cancel: { label: 'Cancel order', from: ['pending', 'processing'], done: 'cancelled', to: 'cancelled' },
    pay: { label: 'Add payment', from: ['pending', 'processing', 'shipped', 'delivered'], done: 'paid' },
  },
});
export type OrderStatus = keyof typeof orderLifecycle.statuses;
export type OrderAction = keyof typeof orderLifecycle.actions;
export const ORDER_STATUS_NAMES = Object.keys(orderLifecycle.statuses) as OrderStatus[];
export const ORDER_STATUS_OPTIONS = ORDER_STATUS_NAMES.map((value) => ({ value, label: orderLifecycle.statuses[value].label }));
/** The statuses whose stock has left (cancelling from one of them brings it back). */
export const ORDER_STOCK_OUT: readonly OrderStatus[] = ['processing', 'shipped', 'delivered'];

export const orderColumns: readonly ColumnDef[] = [
  { name: 'reference', label: 'Reference', sortable: true },
  { name: 'ordered_on', label: 'Date', kind: 'date', sortable: true },
  { name: 'customer_name', label: 'Customer', sortable: true },
  { name: 'status', label: 'Status', kind: 'status', sortable: true },
  { name: 'grand_total', label: 'Total', kind: 'money', sortable: true },
  { name: 'paid', label: 'Paid', kind: 'money', sortable: true, minor: true },
  { name: 'due', label: 'Due', kind: 'money', sortable: true },
  { name: 'payment_status', label: 'Payment', kind: 'status', minor: true },
];
export const orderFilters: readonly FilterDef[] = [
  { name: 'status', label: 'Status', kind: 'select', options: ORDER_STATUS_OPTIONS },
  { name: 'customer_id', label: 'Customer', kind: 'relation', relation: 'customers' },
  { name: 'payment_status', label: 'Payment', kind: 'select', options: PAYMENT_STATUS_OPTIONS },
  { name: 'ordered_on', label: 'Date', kind: 'dateRange' },
];
export const orderList = {
  key: 'orders',
  api: ORDERS_API,
  columns: orderColumns,
  filters: orderFilters,
  defaultSort: { field: 'ordered_on', dir: 'desc' },
  // The list opens on the orders waiting for someone (SPEC "Pending Orders"); the rest are a choice away.
  defaultFilters: { status: 'pending' },
  searchHint: 'Search reference',
} as const;

