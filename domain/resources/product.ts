import { defineResource } from '../resource.ts';
import { STATUS_OPTIONS } from '../status.ts';
import { STOCK_ACCESS } from '../stock/access.ts';
import { QUANTITY_MAX, STOCK_STATE_OPTIONS } from '../stock/kinds.ts';

export const TAX_METHODS = [
  { value: 'exclusive', label: 'Tax added to the price' },
  { value: 'inclusive', label: 'Price includes tax' },
] as const;

export const SKU_MAX = 64;

/**
 * A product (PRODUCT §3). On hand is not a field: only stock operations change it (the
 * ledger); the list and the record carry it read-only, with average cost and stock value.
 */
export const products = defineResource({
  key: 'products',
  label: { one: 'product', many: 'products' },
  api: '/api/v1/admin/products',
  permissions: {
    list: STOCK_ACCESS.productList,
    create: STOCK_ACCESS.productCreate,
    edit: STOCK_ACCESS.productEdit,
    delete: STOCK_ACCESS.productDelete,
    export: STOCK_ACCESS.productExport,
  },
  routes: { list: '/products', create: '/product/create', edit: '/product/edit/:id' },
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
  schema: ({ z, requiredText, optionalBarcode, optionalRelationId, relationId, idList, money, basisPoints, optionalImage, optionalText, status }) =>
    z.strictObject({
      name: requiredText('a name'),
      sku: requiredText('a SKU', SKU_MAX).regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, {
        error: 'Use letters, digits and . _ / - only, starting with a letter or digit.',
      }),
      barcode: optionalBarcode(),
      category_id: optionalRelationId('a category'),
      brand_id: optionalRelationId('a brand'),
      unit_id: relationId('a unit'),
      color_id: optionalRelationId('a colour'),
      attribute_value_ids: idList('attribute values').default([]),
      cost_price: money('the cost price').default(0),
      sale_price: money('the sale price'),
      tax_bps: basisPoints('the tax rate').default(0),
      tax_method: z.enum(['exclusive', 'inclusive'], { error: 'Choose whether the price includes tax.' }).default('exclusive'),
      alert_quantity: z
        .number({ error: 'Enter the alert quantity.' })
        .int({ error: 'Enter a whole number.' })
        .min(0, { error: 'Use 0 or more.' })
        .max(QUANTITY_MAX, { error: `Use at most ${QUANTITY_MAX}.` })
        .default(0),
      tracks_serials: z.boolean({ error: 'Choose yes or no.' }).default(false),
      image: optionalImage(),
      description: optionalText(5000),
      status: status(),
    }),
  defaults: {
    name: '',
    sku: '',
    barcode: '',
    category_id: '',
    brand_id: '',
    unit_id: '',
    color_id: '',
    attribute_value_ids: [],
    cost_price: '',
    sale_price: '',
    tax_bps: 0,
    tax_method: 'exclusive',
    alert_quantity: '0',
    tracks_serials: false,
    image: null,
    description: '',
    status: 'active',
  },
  // On hand is not here: only stock operations change it (the stock screen, purchases, sales).
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'sku', label: 'SKU', kind: 'text', required: true, autoComplete: 'off', help: 'Your own code for the product; unique.' },
    { name: 'barcode', label: 'Barcode', kind: 'barcode', autoComplete: 'off', help: 'Scan it, type it or generate one. Leave empty for none.' },
    { name: 'category_id', label: 'Category', kind: 'relation', relation: 'categories' },
    { name: 'brand_id', label: 'Brand', kind: 'relation', relation: 'brands' },
    { name: 'unit_id', label: 'Unit', kind: 'relation', relation: 'units', required: true },
    { name: 'color_id', label: 'Colour', kind: 'relation', relation: 'colors' },
    { name: 'attribute_value_ids', label: 'Attributes', kind: 'relationMany', relation: 'attributeValues' },
    { name: 'cost_price', label: 'Cost price', kind: 'money', help: 'What you pay a supplier per unit.' },
    { name: 'sale_price', label: 'Sale price', kind: 'money', required: true },
    { name: 'tax_bps', label: 'Tax %', kind: 'percent' },
    { name: 'tax_method', label: 'Tax', kind: 'select', options: TAX_METHODS },
    { name: 'alert_quantity', label: 'Alert quantity', kind: 'integer', help: 'The bell warns when on hand falls to this or below.' },
    { name: 'tracks_serials', label: 'Tracks serial numbers', kind: 'switch', help: 'One serial number per unit, asked when stock comes in or goes out.' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, required: true },
    { name: 'image', label: 'Image', kind: 'image', help: 'JPEG, PNG or WebP, up to 5 MB.' },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  ],
});
