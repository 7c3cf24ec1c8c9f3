import type { DocumentTotals } from '../../domain/documents/totals.ts';
import type { PosTerms } from '../../domain/pos/till.facts.ts';
import type { CustomerDisplayView } from '../../src/pos/customer-display.ts';
import { cartTotals, paymentSums, unitPrice, type Cart, type CartLine, type PaymentRow } from './cart.ts';

/**
 * What the customer display shows of the till (src/pos/customer-display.ts): the cart as it fills,
 * the total asked while paying, and once paid the sale with its change, until the next sale's
 * first line. Amounts come from the one totals function, as the till's own.
 */
export function displayViewOf(c: { terms: PosTerms; cart: Cart; phase: string; payments: PaymentRow[]; receipt: { lines: CartLine[]; totals: DocumentTotals; payments: PaymentRow[]; change: number } | null }): CustomerDisplayView {
  const base = { shop: c.terms.shop.name, currency: c.terms.shop.currency };
  const shown = (lines: CartLine[], totals: DocumentTotals) => ({
    lines: lines.map((l, i) => ({ name: l.product.name, quantity: l.quantity, unit_price: unitPrice(l), total: totals.lines[i]?.total ?? 0 })),
    subtotal: totals.linesTotal,
    discount: totals.lines.reduce((n, l) => n + l.discount, 0) + totals.discount,
    tax: totals.lineTax + totals.documentTax,
    total: totals.grandTotal,
  });
  if (c.cart.lines.length) {
    const totals = cartTotals(c.cart, c.terms);
    const paying = c.phase !== 'cart';
    const sums = paymentSums(c.payments, totals.grandTotal);
    return { ...base, phase: paying ? 'paying' : 'cart', ...shown(c.cart.lines, totals), paid: paying ? sums.tendered : 0, change: paying ? sums.change : 0 };
  }
  if (c.receipt) {
    const r = c.receipt;
    return { ...base, phase: 'done', ...shown(r.lines, r.totals), paid: r.payments.reduce((n, p) => n + p.amount, 0), change: r.change };
  }
  return { ...base, phase: 'idle', lines: [], subtotal: 0, discount: 0, tax: 0, total: 0, paid: 0, change: 0 };
}
