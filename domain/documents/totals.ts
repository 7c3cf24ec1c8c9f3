/**
 * The one totals function of every document (purchase, sale, return, quotation, order, the
 * till's cart). The browser shows its result as a live preview; the server stores its result
 * and ignores any totals a client sends. Money is integer minor units, rates are basis points
 * (1% = 100), quantities are integers of the product's unit.
 *
 * How a document adds up (the shape shops know from Stocky, OSPOS and NexoPOS):
 *   line:      gross = quantity × unit price; less the line's discount; the line's tax rate
 *              applies to what is left. With tax-exclusive prices the tax is added on top;
 *              with tax-inclusive prices it is the part of the amount that is tax
 *              (net = gross / (1 + rate), DOMAIN.md), so the line's total does not change.
 *   document:  lines total (what the lines cost, tax included), less the document discount,
 *              plus the document ("order") tax on what is left, plus shipping = grand total.
 *
 * Rounding is a stated choice kept on each document (DOMAIN.md): `line` rounds each line's tax
 * (Odoo's default), `document` rounds the tax once per rate over all lines (ERPNext's). Either
 * way the lines' totals and the document's agree exactly: with per-document rounding the
 * rate's rounded tax is shared out over its lines (largest remainder), so no cent appears or
 * disappears.
 * Halves round away from zero. Arithmetic that could overflow 2^53 is done in BigInt.
 */

export type Rounding = 'line' | 'document';

export interface LineInput {
  quantity: number;
  /** Per unit, in minor units; tax included when the document's prices include tax. */
  unitPrice: number;
  /** Off the line as a whole, in minor units (0 for none); never more than the line's gross. */
  discount: number;
  /** Basis points. */
  taxRate: number;
}

export interface DocumentInput {
  lines: readonly LineInput[];
  pricesIncludeTax: boolean;
  rounding: Rounding;
  /** Off the lines total, in minor units. */
  discount: number;
  /** The document ("order") tax rate on the lines total less the discount, in basis points. */
  taxRate: number;
  /** Added last, in minor units. */
  shipping: number;
}

export interface LineTotals {
  /** quantity × unit price. */
  gross: number;
  /** The discount actually taken (never more than the gross). */
  discount: number;
  /** Without tax. */
  net: number;
  tax: number;
  /** net + tax: what the line costs. */
  total: number;
}

export interface TaxBand {
  /** Basis points. */
  rate: number;
  /** The lines' net amount at this rate. */
  base: number;
  tax: number;
}

export interface DocumentTotals {
  lines: LineTotals[];
  /** Σ line net. */
  subtotal: number;
  /** Σ line tax. */
  lineTax: number;
  /** Σ line total. */
  linesTotal: number;
  /** The document discount actually taken (never more than the lines total). */
  discount: number;
  /** The document tax on (lines total − discount). */
  documentTax: number;
  shipping: number;
  grandTotal: number;
  /** Line tax by rate (the taxable amount and tax per rate an invoice shows), rates ascending. */
  taxes: TaxBand[];
}

const BASIS = 10_000n;

/** n / d rounded half away from zero (d > 0). */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/** The tax part of `amount`: on top of it (exclusive) or inside it (inclusive), unrounded as a fraction. */
const taxFraction = (amount: bigint, rate: bigint, inclusive: boolean): [bigint, bigint] =>
  inclusive ? [amount * rate, BASIS + rate] : [amount * rate, BASIS];

/** Tax on `amount` at `rate` basis points, rounded half away from zero. */
export function taxOf(amount: number, rate: number, inclusive: boolean): number {
  const [n, d] = taxFraction(BigInt(amount), BigInt(rate), inclusive);
  return Number(divRound(n, d));
}

function assertWhole(what: string, v: number, min = 0) {
  if (!Number.isSafeInteger(v) || v < min) throw new RangeError(`${what} must be a whole number of at least ${min}, not ${v}`);
}

export function computeTotals(doc: DocumentInput): DocumentTotals {
  const inclusive = doc.pricesIncludeTax;
  assertWhole('discount', doc.discount);
  assertWhole('tax rate', doc.taxRate);
  assertWhole('shipping', doc.shipping);

  // Gross, discount and the amount the line's tax is taken on (or out of).
  const bases = doc.lines.map((l, i) => {
    assertWhole(`line ${i + 1} quantity`, l.quantity);
    assertWhole(`line ${i + 1} unit price`, l.unitPrice);
    assertWhole(`line ${i + 1} discount`, l.discount);
    assertWhole(`line ${i + 1} tax rate`, l.taxRate);
    const gross = BigInt(l.quantity) * BigInt(l.unitPrice);
    const discount = l.discount > gross ? gross : BigInt(l.discount);
    return { gross, discount, amount: gross - discount, rate: BigInt(l.taxRate) };
  });

  const taxes = new Array<bigint>(bases.length);
  if (doc.rounding === 'line') {
    bases.forEach((b, i) => (taxes[i] = divRound(...taxFraction(b.amount, b.rate, inclusive))));
  } else {
    // Per rate: the rate's tax is rounded once, then shared out so the lines add up to it
    // exactly — each line gets its exact share rounded down, and the cents left over go to the
    // lines with the largest remainders (ties: the earlier line). No line is ever more than a
    // cent from its exact tax, and none goes negative.
    const byRate = new Map<bigint, number[]>();
    bases.forEach((b, i) => byRate.set(b.rate, [...(byRate.get(b.rate) ?? []), i]));
    for (const [rate, indexes] of byRate) {
      const exact = indexes.map((i) => taxFraction(bases[i]!.amount, rate, inclusive));
      const d = exact[0]![1];
      const bandTax = divRound(exact.reduce((s, [n]) => s + n, 0n), d);
      let left = bandTax - exact.reduce((s, [n]) => s + n / d, 0n);
      const byRemainder = indexes.map((i, k) => ({ i, k, r: exact[k]![0] % d })).sort((a, b) => (b.r === a.r ? a.k - b.k : b.r > a.r ? 1 : -1));
      for (const { i, k } of byRemainder) {
        taxes[i] = exact[k]![0] / d + (left > 0n ? 1n : 0n);
        if (left > 0n) left -= 1n;
      }
    }
  }

  const lines: LineTotals[] = bases.map((b, i) => {
    const tax = taxes[i]!;
    const net = inclusive ? b.amount - tax : b.amount;
    return { gross: Number(b.gross), discount: Number(b.discount), net: Number(net), tax: Number(tax), total: Number(net + tax) };
  });

  const sum = (f: (l: LineTotals) => number) => lines.reduce((s, l) => s + f(l), 0);
  const linesTotal = sum((l) => l.total);
  const discount = Math.min(doc.discount, linesTotal);
  const documentTax = taxOf(linesTotal - discount, doc.taxRate, false);

  const bands = new Map<number, TaxBand>();
  doc.lines.forEach((l, i) => {
    const band = bands.get(l.taxRate) ?? { rate: l.taxRate, base: 0, tax: 0 };
    band.base += lines[i]!.net;
    band.tax += lines[i]!.tax;
    bands.set(l.taxRate, band);
  });

  const totals: DocumentTotals = {
    lines,
    subtotal: sum((l) => l.net),
    lineTax: sum((l) => l.tax),
    linesTotal,
    discount,
    documentTax,
    shipping: doc.shipping,
    grandTotal: linesTotal - discount + documentTax + doc.shipping,
    taxes: [...bands.values()].sort((a, b) => a.rate - b.rate),
  };
  if (!Number.isSafeInteger(totals.grandTotal)) throw new RangeError('The document total is too large.');
  return totals;
}

/** A line's own discount when it counts `of` its `quantity` units (billed after a return): in proportion, rounded down. */
export const discountFor = (discount: number, of: number, quantity: number) => (of === quantity ? discount : Number((BigInt(discount) * BigInt(of)) / BigInt(quantity)));

/**
 * What a document's totals lose between `before` and `after` (the same lines, fewer units of
 * some): line by line and in every total, and tax by rate. A sale return's value is its sale's
 * totals over what it kept before the return less those over what it keeps after, so a sale's
 * returns add up to exactly its grand total when everything comes back.
 */
export function totalsLost(before: DocumentTotals, after: DocumentTotals): DocumentTotals {
  const bands = new Map<number, TaxBand>(before.taxes.map((b) => [b.rate, { ...b }]));
  for (const b of after.taxes) {
    const band = bands.get(b.rate) ?? { rate: b.rate, base: 0, tax: 0 };
    bands.set(b.rate, { rate: b.rate, base: band.base - b.base, tax: band.tax - b.tax });
  }
  const less = (k: Exclude<keyof DocumentTotals, 'lines' | 'taxes'>) => before[k] - after[k];
  return {
    lines: before.lines.map((l, i) => {
      const a = after.lines[i]!;
      return { gross: l.gross - a.gross, discount: l.discount - a.discount, net: l.net - a.net, tax: l.tax - a.tax, total: l.total - a.total };
    }),
    subtotal: less('subtotal'),
    lineTax: less('lineTax'),
    linesTotal: less('linesTotal'),
    discount: less('discount'),
    documentTax: less('documentTax'),
    shipping: less('shipping'),
    grandTotal: less('grandTotal'),
    taxes: [...bands.values()].filter((b) => b.base !== 0 || b.tax !== 0).sort((a, b) => a.rate - b.rate),
  };
}
