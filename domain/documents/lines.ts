import { z } from 'zod';
import type { Permission } from '../permissions.ts';

import { QUANTITY_MAX } from '../stock/kinds.ts';

export { LINES_MAX } from './lines.facts.ts';

/** How many of a product a document's line (or an action on it) names: a whole number, 1 or more. */
export const lineQuantity = (what = 'a quantity') =>
  z
    .number({ error: `Enter ${what}.` })
    .int({ error: 'Enter a whole number.' })
    .min(1, { error: 'Enter 1 or more.' })
    .max(QUANTITY_MAX, { error: `Use at most ${QUANTITY_MAX}.` });

/**
 * Finding a product for a document line (purchase, count; next sale, quotation, the till):
 * by name, by SKU, or by a scanned barcode, which is an exact match and comes first.
 */
export const LINE_PRODUCTS_API = '/api/v1/admin/documents/products';
export const LOOKUP_MAX = 20;

/** Who may look products up for a line: whoever writes a document that has lines. */
export const LINE_LOOKUP_ACCESS = ['purchase create', 'purchase edit', 'stock'] as const satisfies readonly Permission[];

export const lookupQuery = z.strictObject({
  search: z.string({ error: 'Type a name or SKU, or scan a barcode.' }).trim().min(1, { error: 'Type a name or SKU, or scan a barcode.' }).max(100, { error: 'Use at most 100 characters.' }),
});

/** One product as a line needs it. */
export interface LineProduct {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  cost_price: number;
  sale_price: number;
  tax_bps: number;
  tracks_serials: boolean;
  unit_name: string;
  on_hand: number;
  /** The search text was this product's barcode or SKU exactly (a scan). */
  exact: boolean;
}
