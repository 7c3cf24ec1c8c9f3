import { z } from 'zod';
import { basisPoints, isoDate, money, optionalRelationId, optionalText, relationId } from '../fields.ts';
import { serialList } from '../stock/adjustment.ts';
import { postedLifecycle } from './lifecycle.ts';
import { lineQuantity, LINES_MAX, movementLines, stockOutBody } from './lines.ts';
import { PREFIXES } from './numbering.ts';
import { paymentBody } from './payments.ts';
import { SALE_CHANNEL_NAMES, SALE_STATUS_NAMES } from './sale.facts.ts';
import { computeTotals, discountFor, totalsLost, type DocumentInput, type DocumentTotals } from './totals.ts';

/** The sale's facts (no zod: the list page and the route table read them): ./sale.facts.ts. */
export * from './sale.facts.ts';

export interface SaleTerms {
  prices_include_tax: boolean;
  discount: number;
  tax_bps: number;
  shipping: number;
}
export interface SalePricedLine {
  quantity: number;
  unit_price: number;
  discount: number;
  tax_bps: number;
}

/**
 * The customer's category's share of a line's amount, in minor units, taken off on top of the
 * line's own discount and never more than what that leaves: the server prices a sale with it and
 * the till's cart previews with it, so the two agree.
 */
export const categoryDiscount = (amount: number, ownDiscount: number, bps: number) => Math.min(amount - ownDiscount, Math.round((amount * bps) / 10000));

/** The totals function's input for a sale: every line as sold, tax rounded per line. */
export const saleTotalsInput = (terms: SaleTerms, lines: readonly SalePricedLine[]): DocumentInput => ({
  pricesIncludeTax: terms.prices_include_tax,
  rounding: 'line',
  discount: terms.discount,
  taxRate: terms.tax_bps,
  shipping: terms.shipping,
  lines: lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unit_price, discount: l.discount, taxRate: l.tax_bps })),
});

export const saleLine = z.strictObject({
  product_id: relationId('a product'),
  quantity: lineQuantity(),
  /** Default: the product's sale price; another needs the price-override right. */
  unit_price: money('the unit price').optional(),
  discount: money('the discount').default(0),
  /** Serial-tracked products: one per unit sold. */
  serials: serialList().optional(),
  /** A till line scanned from a scale label: the server reads it again and prices the line by it (domain/pos/scale.ts labelLine). */
  scale_label: z.string({ error: 'Send the scale label as its 13 digits.' }).regex(/^\d{13}$/, { error: 'A scale label is 13 digits.' }).optional(),
});

/** A payment taken with the sale: how and how much (its date is the sale's). */
export const salePayment = paymentBody.pick({ method: true, amount: true });

/** What is sold on what terms, as a sale and a quotation both state it: lines priced as a sale's, the order discount, tax, shipping and a note. */
export const soldTermsFields = <L extends z.ZodType>(line: L) => ({
  lines: z
    .array(line, { error: 'Send the lines as a list.' })
    .min(1, { error: 'Add at least one product.' })
    .max(LINES_MAX, { error: `Use at most ${LINES_MAX} lines.` }),
  discount: money('the order discount').default(0),
  tax_bps: basisPoints('the order tax').default(0),
  shipping: money('the shipping').default(0),
  note: optionalText(1000),
});

const saleFields = {
  /** None: a walk-in customer. */
  customer_id: optionalRelationId('a customer'),
  sold_on: isoDate('the sale date'),
  channel: z.enum(SALE_CHANNEL_NAMES, { error: 'Choose the back office or the point of sale.' }).default('backoffice'),
  status: z.enum(SALE_STATUS_NAMES, { error: 'Choose completed or pending.' }).default('completed'),
  ...soldTermsFields(saleLine),
  payments: z.array(salePayment, { error: 'Send the payments as a list.' }).max(20, { error: 'Use at most 20 payments.' }).default([]),
  /** A till sale's register session (the seller's own, open); a back-office sale names none. */
  register_session_id: optionalRelationId('a register session'),
};
/** A till sale names its register session; a back-office sale none. */
const tillSession = (b: { channel: string; register_session_id?: number | null | undefined }, ctx: z.RefinementCtx) => {
  if (b.channel === 'pos' && b.register_session_id == null) ctx.addIssue({ code: 'custom', path: ['register_session_id'], message: 'Open the register first: a till sale names its register session.' });
  if (b.channel !== 'pos' && b.register_session_id != null) ctx.addIssue({ code: 'custom', path: ['register_session_id'], message: 'Only a till sale names a register session: leave it out.' });
};
/** A line's own discount is never more than its amount (when its price is sent; else the server checks). */
export const discountFits = (b: { lines: { quantity: number; unit_price?: number | undefined; discount: number }[] }, ctx: z.RefinementCtx) =>
  b.lines.forEach((l, i) => {
    if (l.unit_price !== undefined && l.discount > l.quantity * l.unit_price) {
      ctx.addIssue({ code: 'custom', path: ['lines', i, 'discount'], message: 'The discount cannot be more than the line’s amount.' });
    }
  });
export const saleCreateBody = z.strictObject(saleFields).superRefine(discountFits).superRefine(tillSession);
export type SaleCreateBody = z.output<typeof saleCreateBody>;
/** Editing a pending sale: what it sells and on what terms; it is completed and paid by its actions. */
const { status: _status, payments: _payments, channel: _channel, register_session_id: _session, ...editable } = saleFields;
export const saleUpdateBody = z.strictObject(editable).superRefine(discountFits);
export type SaleUpdateBody = z.output<typeof saleUpdateBody>;

/** Complete a pending sale: its stock goes out now, the serials of its serial-tracked lines named (one per unit). */
export const completeBody = stockOutBody('sale');

/** A sale line as returns see it: what was sold and what came back already. */
export interface SaleReturnableLine extends SalePricedLine {
  returned: number;
}

/**
 * The sale's totals over the units it keeps (`kept[i]` of line i): each line's discount in
 * proportion, the order discount in proportion to the lines total kept, shipping while anything
 * is kept. Over every unit it is the sale's own totals.
 */
export function saleKeptTotals(terms: SaleTerms, lines: readonly SalePricedLine[], kept: readonly number[]): DocumentTotals {
  const sold = computeTotals(saleTotalsInput(terms, lines));
  const input: DocumentInput = {
    ...saleTotalsInput(terms, lines),
    shipping: kept.some((q) => q > 0) ? terms.shipping : 0,
    lines: lines.map((l, i) => ({ quantity: kept[i]!, unitPrice: l.unit_price, discount: discountFor(l.discount, kept[i]!, l.quantity), taxRate: l.tax_bps })),
  };
  const keptLines = computeTotals({ ...input, discount: 0 }).linesTotal;
  const discount = keptLines === sold.linesTotal || sold.linesTotal === 0 ? terms.discount : Number((BigInt(terms.discount) * BigInt(keptLines)) / BigInt(sold.linesTotal));
  return computeTotals({ ...input, discount });
}

/**
 * A return's value: the sale's totals over what it kept before (sold less returned) less those
 * over what it keeps after (`returning[i]` more units of line i back), by the one totals
 * function. What every return of a sale is worth adds up to its grand total once all is back.
 */
export function returnValue(terms: SaleTerms, lines: readonly SaleReturnableLine[], returning: readonly number[]): DocumentTotals {
  const before = saleKeptTotals(terms, lines, lines.map((l) => l.quantity - l.returned));
  const after = saleKeptTotals(terms, lines, lines.map((l, i) => l.quantity - l.returned - returning[i]!));
  return totalsLost(before, after);
}

/**
 * What the customer and the shop still owe each other on a sale: the grand total less the value
 * returned, less what was paid, plus what was refunded. POSITIVE: the customer owes the shop
 * (still due); NEGATIVE: the shop owes the customer (a refund still to give).
 */
export const saleBalance = (s: { grand_total: number; returned_total: number; paid: number; refunded: number }) => s.grand_total - s.returned_total - s.paid + s.refunded;

/** Returning goods of a completed sale: which lines and how many (serials for serial-tracked ones), and the refunds given, by method. */
export const saleReturnBody = z.strictObject({
  returned_on: isoDate('the return date'),
  lines: movementLines('return', 'sale'),
  refunds: z.array(salePayment, { error: 'Send the refunds as a list.' }).max(20, { error: 'Use at most 20 refunds.' }).default([]),
  note: optionalText(500),
  /** The till's register session the refunds are given from (the returner's own, open): they count against its expected cash. */
  register_session_id: optionalRelationId('a register session'),
});
export type SaleReturnBody = z.output<typeof saleReturnBody>;

/** A sale return (SR-000001) is created posted: its goods back in stock and its refunds given in one go. */
export const SALE_RETURN_PREFIX = PREFIXES.saleReturn;
export const saleReturnLifecycle = postedLifecycle('sale return');
