import { z } from 'zod';
import { basisPoints, isoDate, money, optionalText, relationId } from '../fields.ts';
import { serialList } from '../stock/adjustment.ts';
import { lineQuantity, movementLines } from './lines.ts';
import { LINES_MAX, type PurchaseStatus } from './purchase.facts.ts';
import { ROUNDINGS } from './rounding.ts';
import { discountFor, type DocumentInput, type Rounding } from './totals.ts';

export * from './purchase.facts.ts';
export * from './purchase.list.ts';

/*
 * The whole purchase declaration: its facts (purchase.facts.ts), its list (purchase.list.ts)
 * and what the server checks, with zod: line progress, totals and the request bodies.
 */

export interface LineProgress {
  quantity: number;
  received: number;
  returned: number;
}

/**
 * The header status from the lines: cancelled stays cancelled; nothing received is ordered;
 * everything received gone back is returned; some still to come is partially received.
 */
export function purchaseStatus(lines: readonly LineProgress[], cancelled: boolean): PurchaseStatus {
  if (cancelled) return 'cancelled';
  const received = lines.reduce((s, l) => s + l.received, 0);
  const returned = lines.reduce((s, l) => s + l.returned, 0);
  if (received === 0) return 'ordered';
  if (returned === received && lines.every((l) => l.received === l.quantity)) return 'returned';
  return lines.some((l) => l.received < l.quantity) ? 'partial' : 'received';
}

/**
 * What the supplier is owed for, per line: what was ordered (or, once cancelled, what came),
 * less what went back. The stored totals are computeTotals over these quantities, so a
 * return or a cancel lowers the grand total and the amount due with it.
 */
export const billedQuantity = (l: LineProgress, cancelled: boolean) => (cancelled ? l.received : l.quantity) - l.returned;

export interface PricedLine extends LineProgress {
  unit_cost: number;
  discount: number;
  tax_bps: number;
}

export interface PurchaseTerms {
  prices_include_tax: boolean;
  rounding: Rounding;
  discount: number;
  tax_bps: number;
  shipping: number;
}

/**
 * The totals function's input for a purchase. A line billed for fewer units than ordered keeps
 * its discount in proportion (rounded down), and shipping is charged only while something is billed.
 */
export function purchaseTotalsInput(terms: PurchaseTerms, lines: readonly PricedLine[], cancelled: boolean): DocumentInput {
  const billed = lines.map((l) => billedQuantity(l, cancelled));
  const anything = billed.some((q) => q > 0);
  return {
    pricesIncludeTax: terms.prices_include_tax,
    rounding: terms.rounding,
    discount: terms.discount,
    taxRate: terms.tax_bps,
    shipping: anything ? terms.shipping : 0,
    lines: lines.map((l, i) => ({
      quantity: billed[i]!,
      unitPrice: l.unit_cost,
      discount: discountFor(l.discount, billed[i]!, l.quantity),
      taxRate: l.tax_bps,
    })),
  };
}



export const purchaseLine = z.strictObject({
  product_id: relationId('a product'),
  quantity: lineQuantity(),
  /** Default: the product's cost price. */
  unit_cost: money('the unit cost').optional(),
  discount: money('the discount').default(0),
  tax_bps: basisPoints('the tax rate').default(0),
  /** Serial-tracked products received with the order: one per unit. */
  serials: serialList().optional(),
});
export type PurchaseLineBody = z.output<typeof purchaseLine>;

/** Line rules no single field can check: a discount over the line, a serial named on two lines of one product. */
function checkLines(lines: readonly { product_id: number; quantity: number; unit_cost?: number | undefined; discount: number; serials?: string[] | undefined }[], ctx: z.RefinementCtx) {
  const seen = new Map<string, number>();
  lines.forEach((l, i) => {
    if (l.unit_cost !== undefined && l.discount > l.quantity * l.unit_cost) {
      ctx.addIssue({ code: 'custom', path: ['lines', i, 'discount'], message: 'The discount cannot be more than the line’s amount.' });
    }
    (l.serials ?? []).forEach((s, k) => {
      const key = `${l.product_id}|${s.trim().toLowerCase()}`;
      const first = seen.get(key);
      if (first !== undefined && first !== i) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'serials', k], message: `Serial number ${s.trim()} is already named on line ${first + 1}.` });
      } else seen.set(key, i);
    });
  });
}

const header = {
  supplier_id: relationId('a supplier'),
  purchased_on: isoDate('the purchase date'),
  note: optionalText(1000),
  prices_include_tax: z.boolean({ error: 'Choose whether the unit costs include tax.' }).default(false),
  rounding: z.enum(ROUNDINGS, { error: 'Choose how tax is rounded: per line or per document.' }).default('line'),
  discount: money('the order discount').default(0),
  tax_bps: basisPoints('the order tax').default(0),
  shipping: money('the shipping').default(0),
  lines: z
    .array(purchaseLine, { error: 'Send the lines as a list.' })
    .min(1, { error: 'Add at least one product.' })
    .max(LINES_MAX, { error: `Use at most ${LINES_MAX} lines.` }),
};

/**
 * POST: a new purchase, ordered. `receive: true` receives every line at once in the same
 * transaction (the serial-number purchase screen), so serial-tracked lines name their serials.
 */
export const purchaseCreateBody = z
  .strictObject({ ...header, receive: z.boolean({ error: 'Choose whether to receive the goods now.' }).default(false) })
  .superRefine((b, ctx) => checkLines(b.lines, ctx));
export type PurchaseCreateBody = z.output<typeof purchaseCreateBody>;

/** PUT: an ordered purchase's header and lines, replaced whole (nothing has come in yet). */
export const purchaseUpdateBody = z.strictObject(header).superRefine((b, ctx) => checkLines(b.lines, ctx));
export type PurchaseUpdateBody = z.output<typeof purchaseUpdateBody>;

/** Receive some (lines) or everything still to come (no lines). */
export const receiveBody = z.strictObject({
  lines: movementLines('receive', 'purchase').optional(),
  note: optionalText(500),
});
export type ReceiveBody = z.output<typeof receiveBody>;

/** Goods going back to the supplier, out through the ledger. */
export const returnBody = z.strictObject({
  lines: movementLines('return', 'purchase'),
  note: optionalText(500),
});
export type ReturnBody = z.output<typeof returnBody>;

export const cancelBody = z.strictObject({ note: optionalText(500) });
