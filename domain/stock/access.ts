import type { Permission } from '../permissions.ts';

/**
 * Who may do what with products, images and stock, in one place. SPEC §6 has three names for
 * this part of the shop (product create, product list, stock); finer ones (product edit,
 * product delete, stock adjust, like the other resources' since issue 8) can replace a line here
 * without touching the routes.
 * A list means any one of them will do.
 */
export const STOCK_ACCESS = {
  productList: 'product list',
  productCreate: 'product create',
  productEdit: 'product create',
  productDelete: 'product create',
  /** The product list as CSV: whoever sees the list, as before finer rights. */
  productExport: 'product list',
  /** Generate a barcode: the product form's button. */
  productBarcode: 'product create',
  /** A product's movement history and serial numbers, on its view page. */
  productHistory: 'product list',
  /** Product pickers: the stock screen's adjustment form and the product list's own filters. */
  productOptions: ['product list', 'product create', 'stock'],
  stockList: 'stock',
  stockMovements: 'stock',
  stockAdjust: 'stock',
  /** The top bar's bell: whoever looks after products or stock. */
  stockAlerts: ['stock', 'product list'],
  /** Uploading an image: whoever may add or edit a record with an image field (product, website logo, banners and other content). */
  imageUpload: ['product create', 'website setting', 'banner create', 'banner edit', 'service create', 'service edit', 'solution create', 'solution edit'],
} as const satisfies Record<string, Permission | readonly Permission[]>;
