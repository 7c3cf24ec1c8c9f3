import { STATUS_OPTIONS } from '../fields.ts';
import type { ColumnDef, FilterDef, SortDir } from '../resource.ts';
import { MOVEMENTS_API, STOCK_API } from './api-paths.ts';
import { MOVEMENT_KIND_OPTIONS, SERIAL_STATES, STOCK_STATE_OPTIONS } from './kinds.ts';

/**
 * The stock screen's two lists and a product's serial numbers, declared like a resource's list
 * (columns, filters, default sort), so the list engine can show them and the API reads their
 * query strictly with apiListQuery.
 */
export interface ListDef {
  key: string;
  api: string;
  columns: readonly ColumnDef[];
  filters: readonly FilterDef[];
  defaultSort: { field: string; dir: SortDir };
  searchHint?: string;
}

export { MOVEMENTS_API, STOCK_ALERTS_API, STOCK_API } from './api-paths.ts';

/** Every product's stock: on hand, alert quantity, average cost and value; `totals` for the filter. */
export const stockList = {
  key: 'stock',
  api: STOCK_API,
  columns: [
    { name: 'name', label: 'Product', sortable: true },
    { name: 'sku', label: 'SKU', sortable: true, minor: true },
    { name: 'on_hand', label: 'On hand', kind: 'number', sortable: true },
    { name: 'alert_quantity', label: 'Alert at', kind: 'number', sortable: true, minor: true },
    { name: 'avg_cost', label: 'Average cost', kind: 'money', sortable: true },
    { name: 'stock_value', label: 'Value', kind: 'money', sortable: true },
  ],
  filters: [
    { name: 'category_id', label: 'Category', kind: 'relation', relation: 'categories' },
    { name: 'brand_id', label: 'Brand', kind: 'relation', relation: 'brands' },
    { name: 'stock_state', label: 'Stock', kind: 'select', options: STOCK_STATE_OPTIONS },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS },
  ],
  defaultSort: { field: 'name', dir: 'asc' },
  searchHint: 'Search name or SKU, or scan a barcode',
} as const satisfies ListDef;

/**
 * Movement filters shared by the ledger and a product's history: kind, and when, as the list
 * engine's date range (created_at_from, created_at_to: YYYY-MM-DD, days in UTC, both ends included).
 */
const movementFilters: FilterDef[] = [
  { name: 'kind', label: 'Kind', kind: 'select', options: MOVEMENT_KIND_OPTIONS },
  { name: 'created_at', label: 'Date', kind: 'dateRange' },
];
const movementColumns: ColumnDef[] = [
  { name: 'created_at', label: 'When', kind: 'datetime', sortable: true },
  { name: 'product_name', label: 'Product' },
  { name: 'kind', label: 'Kind' },
  { name: 'quantity', label: 'Quantity', kind: 'number' },
  // On hand after each movement is what explains every unit: beside the quantity, in view on a laptop.
  { name: 'qty_after', label: 'On hand after', kind: 'number' },
  // Who and at what cost, on wide screens (from 1536 px): beside the open menu at 1280-1366 the
  // ledger has room for when, what and what is left.
  { name: 'unit_cost', label: 'Unit cost', kind: 'money', minor: 'wide' },
  { name: 'value_after', label: 'Value after', kind: 'money', minor: true },
  { name: 'user_name', label: 'By', minor: 'wide' },
];

/** The movement ledger of every product (the stock screen), newest first. */
export const movementList = {
  key: 'stockMovements',
  api: MOVEMENTS_API,
  columns: movementColumns,
  // Thousands of products: the filter searches as the person types rather than listing the first.
  filters: [{ name: 'product_id', label: 'Product', kind: 'relation', relation: 'products', searchable: true }, ...movementFilters],
  defaultSort: { field: 'created_at', dir: 'desc' },
} as const satisfies ListDef;

/** One product's history (its view page): GET {products.api}/:id/movements. */
export const productMovementList = {
  key: 'productMovements',
  api: '/api/v1/admin/products/:id/movements',
  columns: movementColumns.filter((c) => c.name !== 'product_name'),
  filters: movementFilters,
  defaultSort: { field: 'created_at', dir: 'desc' },
} as const satisfies ListDef;

export const SERIAL_STATE_OPTIONS = Object.entries(SERIAL_STATES).map(([value, label]) => ({ value, label }));

/** One product's serial numbers (its view page): GET {products.api}/:id/serials. */
export const productSerialList = {
  key: 'productSerials',
  api: '/api/v1/admin/products/:id/serials',
  columns: [
    { name: 'serial', label: 'Serial number', sortable: true },
    { name: 'state', label: 'State', sortable: true },
    { name: 'unit_cost', label: 'Cost', kind: 'money', minor: true },
    { name: 'created_at', label: 'First came in', kind: 'datetime', sortable: true, minor: true },
  ],
  filters: [{ name: 'state', label: 'State', kind: 'select', options: SERIAL_STATE_OPTIONS }],
  defaultSort: { field: 'serial', dir: 'asc' },
  searchHint: 'Search serial number',
} as const satisfies ListDef;
