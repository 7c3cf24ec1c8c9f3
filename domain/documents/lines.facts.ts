import type { Permission } from '../permissions.ts';

/**
 * What every document with lines shares, without zod (the browser's list and line editor read
 * it as the server's bodies do): purchases, stock counts, and sales, returns and quotations next.
 */

/** At most this many lines on one document. */
export const LINES_MAX = 200;

/**
 * Who may sell (the back office's sales, the till): they pick serial-tracked lines' serials from
 * what is in stock, and their session carries the payment methods the shop takes.
 */
export const SELL_ACCESS = ['sales create', 'pos'] as const satisfies readonly Permission[];

/** A product's serials in stock, for a line that sells it: `?search=` narrows them (an exact one first). */
export const LINE_SERIALS_API = '/api/v1/admin/documents/products/:id/serials';
export const lineSerialsPath = (productId: number) => LINE_SERIALS_API.replace(':id', String(productId));
/** At most this many serials in one answer: a person narrows them by typing. */
export const SERIALS_LOOKUP_MAX = 50;

/** A product as whoever sells it needs it: a document line's lookup and the till's catalogue both start from it. */
export interface SoldProduct {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  sale_price: number;
  tax_bps: number;
  /** Its sale price includes tax (the product's tax method): a sale's lines share one method. */
  prices_include_tax: boolean;
  tracks_serials: boolean;
  unit_name: string;
  on_hand: number;
}

/** One serial in stock as a selling line picks it. */
export interface InStockSerial {
  serial: string;
  /** The search text was this serial exactly (a scan). */
  exact: boolean;
}
