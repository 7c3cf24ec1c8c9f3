import { STATUS_OPTIONS } from '../status.ts';
import { defineList } from '../resource.ts';
import { STOCK_STATE_OPTIONS } from '../stock/kinds.ts';
import * as facts from './product.facts.ts';

/** The products list: columns, filters and sort (no schema, no form fields). */
export const products = defineList({
  ...facts.products,
  // Also in every row: image_url, unit_name, avg_cost, stock_value, stock_state.
  // What a person looks for first comes first (price, stock, status), so it is in view beside the
  // menu on a laptop; category follows (from 1264 px), barcode and brand only on wide screens
  // (from 1536 px: at 1280-1366 beside the open menu they pushed the row actions out of the card).
  columns: [
    { name: 'thumbnail_url', label: 'Image', kind: 'image' },
    { name: 'name', label: 'Name', sortable: true },
    { name: 'sku', label: 'SKU', sortable: true },
    { name: 'sale_price', label: 'Price', kind: 'money', sortable: true, total: false },
    { name: 'on_hand', label: 'On hand', kind: 'number', sortable: true },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
    { name: 'barcode', label: 'Barcode', sortable: true, minor: 'wide' },
    { name: 'category_name', label: 'Category', sortable: true, minor: true },
    { name: 'brand_name', label: 'Brand', sortable: true, minor: 'wide' },
  ],
  filters: [
    { name: 'category_id', label: 'Category', kind: 'relation', relation: 'categories' },
    { name: 'brand_id', label: 'Brand', kind: 'relation', relation: 'brands' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS },
    { name: 'stock_state', label: 'Stock', kind: 'select', options: STOCK_STATE_OPTIONS },
  ],
  searchHint: 'Search name or SKU, or scan a barcode',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
});
