/**
 * domain/documents/sale.ts: what a sale return is worth (returnValue, saleKeptTotals, over the
 * one totals function) and the sale's balance. For any sale and any order of returns, every
 * return is worth something, never more than what is left, and all of them add up to the
 * sale's grand total once everything is back.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnValue, saleBalance, saleKeptTotals, saleTotalsInput, type SaleReturnableLine } from '../../domain/documents/sale.ts';
import { computeTotals } from '../../domain/documents/totals.ts';

const terms = (o: Partial<{ prices_include_tax: boolean; discount: number; tax_bps: number; shipping: number }> = {}) => ({ prices_include_tax: false, discount: 0, tax_bps: 0, shipping: 0, ...o });
const line = (quantity: number, unit_price: number, discount = 0, tax_bps = 0, returned = 0): SaleReturnableLine => ({ quantity, unit_price, discount, tax_bps, returned });

describe('a return’s value', () => {
  it('is the line’s share at the price sold, tax included, by hand', () => {
    // 3 × 20.00 less 1.50 at 10%: one back is 20.00 − 0.50 = 19.50 net, 1.95 tax.
    const v = returnValue(terms(), [line(3, 2000, 150, 1000)], [1]);
    expect(v.lines[0]).toMatchObject({ net: 1950, tax: 195, total: 2145 });
    expect(v.grandTotal).toBe(2145);
  });

  it('takes the order discount in proportion and shipping with the last unit', () => {
    const t = terms({ discount: 1000, shipping: 500 });
    const lines = [line(2, 5000), line(1, 5000)];
    const sale = computeTotals(saleTotalsInput(t, lines)).grandTotal;
    expect(sale).toBe(15000 - 1000 + 500);
    // One of three equal units back: the discount kept is two thirds rounded down (666), so the return carries 334 of it.
    const first = returnValue(t, lines, [1, 0]);
    expect(first.grandTotal).toBe(5000 - 334);
    const rest = returnValue(t, [line(2, 5000, 0, 0, 1), line(1, 5000)], [1, 1]);
    expect(first.grandTotal + rest.grandTotal).toBe(sale);
    expect(rest.shipping).toBe(500);
  });

  it('over every unit kept is the sale’s own totals', () => {
    const t = terms({ discount: 700, tax_bps: 500, shipping: 250 });
    const lines = [line(4, 1999, 300, 1000), line(1, 12345, 0, 0)];
    expect(saleKeptTotals(t, lines, [4, 1])).toEqual(computeTotals(saleTotalsInput(t, lines)));
  });

  it('adds up to the grand total whatever the sale and the order of returns; none is negative', () => {
    const arb = fc.record({
      inclusive: fc.boolean(),
      discount: fc.nat(5000),
      tax: fc.constantFrom(0, 500, 1000, 2000),
      shipping: fc.nat(1000),
      lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 6 }), price: fc.integer({ min: 0, max: 9999 }), off: fc.nat(100), rate: fc.constantFrom(0, 700, 1000, 2500) }), { minLength: 1, maxLength: 4 }),
      order: fc.array(fc.tuple(fc.nat(3), fc.integer({ min: 1, max: 3 })), { maxLength: 12 }),
    });
    fc.assert(
      fc.property(arb, (a) => {
        const t = terms({ prices_include_tax: a.inclusive, discount: a.discount, tax_bps: a.tax, shipping: a.shipping });
        const lines = a.lines.map((l) => line(l.quantity, l.price, Math.min(l.off, l.quantity * l.price), l.rate));
        const sale = computeTotals(saleTotalsInput(t, lines)).grandTotal;
        let back = 0;
        // Returns in the order drawn, then whatever is left in one last return.
        const steps = [...a.order.map(([i, q]) => lines.map((_, k) => (k === i % lines.length ? q : 0))), lines.map(() => Infinity)];
        for (const step of steps) {
          const returning = lines.map((l, k) => Math.min(step[k]!, l.quantity - l.returned));
          if (returning.every((q) => q === 0)) continue;
          const v = returnValue(t, lines, returning);
          expect(v.grandTotal).toBeGreaterThanOrEqual(0);
          expect(v.lines.every((l) => l.total >= 0)).toBe(true);
          back += v.grandTotal;
          lines.forEach((l, k) => (l.returned += returning[k]!));
          expect(back).toBeLessThanOrEqual(sale);
        }
        expect(back).toBe(sale);
      }),
      { numRuns: 300, seed: 34 },
    );
  });
});

describe('a sale’s balance', () => {
  it('is positive while the customer owes, negative while the shop owes a refund', () => {
    expect(saleBalance({ grand_total: 5000, returned_total: 0, paid: 3000, refunded: 0 })).toBe(2000);
    expect(saleBalance({ grand_total: 5000, returned_total: 2000, paid: 5000, refunded: 0 })).toBe(-2000);
    expect(saleBalance({ grand_total: 5000, returned_total: 2000, paid: 5000, refunded: 2000 })).toBe(0);
  });
});
