import { z } from 'zod';
import type { Permission } from '../permissions.ts';

import { QUANTITY_MAX } from '../stock/kinds.ts';
import { optionalText, relationId } from '../fields.ts';
import { serialList } from '../stock/adjustment.ts';
import { LINES_MAX, type SoldProduct } from './lines.facts.ts';

export { LINES_MAX, LINE_SERIALS_API, lineSerialsPath, SELL_ACCESS, SERIALS_LOOKUP_MAX, type InStockSerial } from './lines.facts.ts';

/** How many of a product a document's line (or an action on it) names: a whole number, 1 or more. */
export const lineQuantity = (what = 'a quantity') =>
  z
    .number({ error: `Enter ${what}.` })
    .int({ error: 'Enter a whole number.' })
    .min(1, { error: 'Enter 1 or more.' })
    .max(QUANTITY_MAX, { error: `Use at most ${QUANTITY_MAX}.` });

/** A line named twice is refused under the second. */
const eachLineOnce = (lines: readonly { line_id: number }[], ctx: z.RefinementCtx) => {
  const at = new Map<number, number>();
  lines.forEach((l, i) => {
    if (at.has(l.line_id)) ctx.addIssue({ code: 'custom', path: [i, 'line_id'], message: `This line is named twice (also as line ${at.get(l.line_id)! + 1}).` });
    else at.set(l.line_id, i);
  });
};

/**
 * The lines of an action that moves some of a document's lines (receive or return a purchase's,
 * return a sale's): each names the document's line, how many and, for serial-tracked products,
 * which serials; a line named twice is refused under the second.
 */
export const movementLines = (what: string, noun: string) =>
  z
    .array(
      z.strictObject({
        line_id: relationId(`a line of this ${noun}`),
        quantity: lineQuantity(`how many to ${what}`),
        serials: serialList().default([]),
      }),
      { error: 'Send the lines as a list.' },
    )
    .min(1, { error: `Choose at least one line to ${what}.` })
    .max(LINES_MAX, { error: `Use at most ${LINES_MAX} lines.` })
    .superRefine(eachLineOnce);

/**
 * Stock leaving now for the lines a document set before (a pending sale completed, a website
 * order processed): the serials of each serial-tracked line, one per unit, by the document's line.
 * Untracked lines need nothing; a line named twice is refused under the second.
 */
export const serialLines = (noun: string) =>
  z
    .array(
      z.strictObject({
        line_id: relationId(`a line of this ${noun}`),
        serials: serialList(),
      }),
      { error: 'Send the lines as a list.' },
    )
    .max(LINES_MAX, { error: `Use at most ${LINES_MAX} lines.` })
    .superRefine(eachLineOnce)
    .default([]);

/** The body of such an action (complete, process): the serials by line, and a note history keeps. */
export const stockOutBody = (noun: string) => z.strictObject({ lines: serialLines(noun), note: optionalText(500) });
export type StockOutBody = z.output<ReturnType<typeof stockOutBody>>;

/**
 * Finding a product for a document line (purchase, count; next sale, quotation, the till):
 * by name, by SKU, or by a scanned barcode, which is an exact match and comes first.
 */
export const LINE_PRODUCTS_API = '/api/v1/admin/documents/products';
export const LOOKUP_MAX = 20;

/** Who may look products up for a line: whoever writes a document that has lines (purchases, counts, sales). */
export const LINE_LOOKUP_ACCESS = ['purchase create', 'purchase edit', 'stock', 'sales create', 'quotation create', 'pos'] as const satisfies readonly Permission[];

export const lookupQuery = z.strictObject({
  search: z.string({ error: 'Type a name or SKU, or scan a barcode.' }).trim().min(1, { error: 'Type a name or SKU, or scan a barcode.' }).max(100, { error: 'Use at most 100 characters.' }),
});

/** A selling line's serial search: empty lists the first in stock. */
export const serialLookupQuery = z.strictObject({
  search: z.string({ error: 'Type or scan a serial number.' }).trim().max(100, { error: 'Use at most 100 characters.' }).default(''),
});

/** One product as a line needs it. */
export interface LineProduct extends SoldProduct {
  cost_price: number;
  /** The search text was this product's barcode or SKU exactly (a scan). */
  exact: boolean;
}
