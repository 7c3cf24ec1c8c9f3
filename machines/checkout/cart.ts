import { categoryDiscount, saleTotalsInput, type SaleCreateBody } from '../../domain/documents/sale.ts';
import { computeTotals, type DocumentTotals } from '../../domain/documents/totals.ts';
import type { PaymentMethod } from '../../domain/documents/payments.facts.ts';
import type { CatalogueProduct, PosTerms } from '../../domain/pos/till.facts.ts';
import { labelLine, labelNames, isScaleLabel, readScaleLabel } from '../../domain/pos/scale.ts';

/**
 * The till's cart as data, and what it adds up to: pure functions the checkout machine
 * (./checkout.machine.ts) keeps its context with. The totals are the one totals function's
 * (domain/documents/totals.ts through saleTotalsInput), with the customer's category discount
 * taken off each line as the sale service takes it (categoryDiscount), so the cart shows what
 * the server will record.
 */

/** A discount as a person types it: a percent (basis points) or an amount (minor units). */
export interface Discount {
  kind: 'percent' | 'amount';
  value: number;
}
export const NO_DISCOUNT: Discount = { kind: 'amount', value: 0 };

export interface CartLine {
  product: CatalogueProduct;
  quantity: number;
  discount: Discount;
  /** Serial-tracked products: one per unit (quantity is their count). */
  serials: string[];
  /** A line scanned from a scale label: its code (the server prices it again from it), its price, and its weight when weighed. */
  label?: ScannedLabel;
}
export interface ScannedLabel {
  code: string;
  unit_price: number;
  grams: number | null;
}
/** What one unit of a line sells at: the label's price, else the product's. */
export const unitPrice = (l: CartLine) => l.label?.unit_price ?? l.product.sale_price;
export interface Customer {
  id: number;
  name: string;
  discount_bps: number;
}
export interface Cart {
  /** Made when the cart starts (a held cart is found again by it). */
  id: string;
  lines: CartLine[];
  discount: Discount;
  /** Null: the terms' default customer (walk-in when none). */
  customer: Customer | null;
  /** The idempotency key of its sale: made when it starts paying, kept until the sale is recorded or refused. */
  key: string | null;
  started_at: string;
}
export interface HeldCart extends Cart {
  held_at: string;
}
export interface PaymentRow {
  method: PaymentMethod;
  amount: number;
}

export const emptyCart = (id: string, now: string): Cart => ({ id, lines: [], discount: NO_DISCOUNT, customer: null, key: null, started_at: now });

/** A discount in minor units off `amount` (a percent rounded half up; never more than the amount). */
export const discountAmount = (d: Discount, amount: number) => Math.min(amount, d.kind === 'amount' ? d.value : Math.round((amount * d.value) / 10000));

export const customerOf = (cart: Cart, terms: PosTerms): Customer | null => cart.customer ?? terms.default_customer;

/** The lines priced as the server prices them: the line's own discount plus the customer's category's. */
function pricedLines(cart: Cart, terms: PosTerms) {
  const bps = customerOf(cart, terms)?.discount_bps ?? 0;
  return cart.lines.map((l) => {
    const amount = l.quantity * unitPrice(l);
    const own = discountAmount(l.discount, amount);
    return { quantity: l.quantity, unit_price: unitPrice(l), discount: own + categoryDiscount(amount, own, bps), tax_bps: l.product.tax_bps, own };
  });
}

/**
 * The cart's totals by the one totals function, on its products' tax method (a sale's lines share
 * one: the server refuses a cart that mixes them, naming the line).
 */
export function cartTotals(cart: Cart, terms: PosTerms): DocumentTotals {
  const lines = pricedLines(cart, terms);
  const prices_include_tax = cart.lines[0]?.product.prices_include_tax ?? false;
  const linesTotal = computeTotals(saleTotalsInput({ prices_include_tax, discount: 0, tax_bps: 0, shipping: 0 }, lines)).linesTotal;
  return computeTotals(saleTotalsInput({ prices_include_tax, discount: discountAmount(cart.discount, linesTotal), tax_bps: terms.default_tax_bps, shipping: 0 }, lines));
}

/** How many of the product the cart holds over all its lines. */
export const inCart = (cart: Cart, productId: number) => cart.lines.reduce((n, l) => n + (l.product.id === productId ? l.quantity : 0), 0);
/** What is left on the shelf after the cart: the catalogue's on hand less the cart's units. */
export const stockLeft = (cart: Cart, product: CatalogueProduct) => product.on_hand - inCart(cart, product.id);

export type CartChange = { cart: Cart } | { refused: string };

const noneLeft = (p: CatalogueProduct, want: number, left: number): { refused: string } => ({
  refused: left <= 0 ? `No “${p.name}” is left in stock.` : `Only ${left} “${p.name}” ${left === 1 ? 'is' : 'are'} left in stock; ${want} cannot be sold.`,
});

/**
 * A product joins the cart (its line's quantity goes up when there already), a serial with it for
 * tracked ones, a scale label's price with it for labelled ones (a line per label: two labels of
 * one product are two packs at their own prices); refused beyond the stock.
 */
export function addProduct(cart: Cart, product: CatalogueProduct, serial?: string, label?: ScannedLabel): CartChange {
  if (stockLeft(cart, product) < 1) return noneLeft(product, inCart(cart, product.id) + 1, stockLeft(cart, product));
  if (product.tracks_serials && !serial) return { refused: `“${product.name}” tracks serial numbers: pick or scan one.` };
  const i = cart.lines.findIndex((l) => l.product.id === product.id && l.label?.code === label?.code);
  if (i >= 0 && serial && cart.lines[i]!.serials.includes(serial)) return { refused: `Serial ${serial} is in the cart already.` };
  const line: CartLine = i >= 0 ? cart.lines[i]! : { product, quantity: 0, discount: NO_DISCOUNT, serials: [], ...(label ? { label } : {}) };
  const next = { ...line, product, quantity: line.quantity + 1, serials: serial ? [...line.serials, serial] : line.serials };
  return { cart: { ...cart, lines: i >= 0 ? cart.lines.map((l, k) => (k === i ? next : l)) : [...cart.lines, next] } };
}

/** A line's quantity set (0 removes it); tracked products change by their serials only. */
export function setQuantity(cart: Cart, index: number, quantity: number): CartChange {
  const line = cart.lines[index];
  if (!line) return { cart };
  if (quantity <= 0) return { cart: { ...cart, lines: cart.lines.filter((_, k) => k !== index) } };
  if (!Number.isSafeInteger(quantity)) return { refused: 'Enter a whole quantity.' };
  if (line.product.tracks_serials) return { refused: `“${line.product.name}” is sold by serial: scan or pick each unit, or remove one.` };
  const left = line.product.on_hand - (inCart(cart, line.product.id) - line.quantity);
  if (quantity > left) return noneLeft(line.product, quantity, left);
  return { cart: { ...cart, lines: cart.lines.map((l, k) => (k === index ? { ...l, quantity } : l)) } };
}

/** A discount fits when it is whole, not negative, a percent at most 100 and an amount at most `of`. */
export function discountRefusal(d: Discount, of: number): string | null {
  if (!Number.isSafeInteger(d.value) || d.value < 0) return 'Enter a discount of 0 or more.';
  if (d.kind === 'percent' && d.value > 10000) return 'A discount cannot be more than 100%.';
  if (d.kind === 'amount' && d.value > of) return 'The discount cannot be more than the amount it is taken off.';
  return null;
}

/** The sale the cart becomes: the sale service's body, on the till's channel, in its register session. */
export function saleBody(cart: Cart, terms: PosTerms, payments: PaymentRow[], sessionId: number, today: string): SaleCreateBody & { register_session_id: number } {
  const customer = customerOf(cart, terms);
  const lines = pricedLines(cart, terms);
  return {
    customer_id: customer?.id ?? null,
    sold_on: today,
    channel: 'pos',
    status: 'completed',
    lines: cart.lines.map((l, i) => ({
      product_id: l.product.id,
      quantity: l.quantity,
      unit_price: unitPrice(l),
      // The server reads the label again under the POS setting's prefixes and prices the line from it.
      ...(l.label ? { scale_label: l.label.code } : {}),
      // The line's own discount: the server adds the customer's category's itself.
      discount: lines[i]!.own,
      ...(l.product.tracks_serials ? { serials: l.serials } : {}),
    })),
    // The order discount as the cart shows it (a percent taken of the lines after the category's).
    discount: cartTotals(cart, terms).discount,
    tax_bps: terms.default_tax_bps,
    shipping: 0,
    note: null,
    payments: payments.filter((p) => p.amount > 0),
    register_session_id: sessionId,
  };
}

/** What the payments come to against the total: tendered, still due, and the change (only cash gives change). */
export function paymentSums(payments: PaymentRow[], total: number) {
  const tendered = payments.reduce((s, p) => s + p.amount, 0);
  const cash = payments.reduce((s, p) => s + (p.method === 'cash' ? p.amount : 0), 0);
  const change = Math.max(0, tendered - total);
  return { tendered, due: Math.max(0, total - tendered), change, covered: tendered >= total && change <= cash };
}

/** Quick cash amounts for a total: exact, then the next round notes above it. */
export function quickAmounts(total: number): number[] {
  const steps = [500, 1000, 2000, 5000, 10000];
  const up = steps.map((s) => Math.ceil(total / s) * s).filter((v) => v > total);
  return [...new Set([total, ...up])].slice(0, 4);
}

/**
 * A scanned code read as a scale label under the POS setting's prefixes: null when it is not one
 * (an ordinary code, looked up as it is); else the product it names in the local catalogue (by
 * base code or product code) with the label's price, the refusal in words (misread), or the base
 * code to ask the server for (`missing`: no product of the local catalogue has it).
 */
export function scanLabel(code: string, terms: PosTerms, byCode: (code: string) => CatalogueProduct | undefined): { product: CatalogueProduct; label: ScannedLabel } | { refused: string } | { missing: string } | null {
  const read = readScaleLabel(code, terms.scale);
  if (!isScaleLabel(read)) return read.reason === 'check-digit' ? { refused: read.message } : null;
  const product = [byCode(read.baseCode), byCode(read.productCode)].find((p) => p && labelNames(read, p));
  if (!product) return { missing: read.baseCode };
  const line = labelLine(code, terms.scale, product);
  return 'refused' in line ? line : { product, label: { code, ...line } };
}
