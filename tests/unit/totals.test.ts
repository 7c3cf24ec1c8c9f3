/**
 * domain/documents/totals.ts: a table of tax-exclusive and tax-inclusive cases worked out by
 * hand in minor units, both rounding modes, and properties that hold for any document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, divRound, taxOf, type DocumentInput, type LineInput } from '../../domain/documents/totals.ts';

const line = (quantity: number, unitPrice: number, taxRate: number, discount = 0): LineInput => ({ quantity, unitPrice, discount, taxRate });
const doc = (lines: LineInput[], o: Partial<Omit<DocumentInput, 'lines'>> = {}): DocumentInput => ({
  lines,
  pricesIncludeTax: false,
  rounding: 'line',
  discount: 0,
  taxRate: 0,
  shipping: 0,
  ...o,
});
const pick = (t: ReturnType<typeof computeTotals>) => t.lines.map((l) => [l.gross, l.discount, l.net, l.tax, l.total]);

describe('rounding', () => {
  it('rounds halves away from zero, in integers', () => {
    expect([divRound(5n, 2n), divRound(7n, 2n), divRound(-5n, 2n), divRound(4n, 3n), divRound(5n, 3n), divRound(0n, 7n)]).toEqual([3n, 4n, -3n, 1n, 2n, 0n]);
    // 1 × 0.25 at 10% is 0.025 of tax: 0.03 (not banker's 0.02); 0.15 → 0.02.
    expect(taxOf(25, 1000, false)).toBe(3);
    expect(taxOf(15, 1000, false)).toBe(2);
  });
});

describe('a table of documents', () => {
  const cases: { name: string; input: DocumentInput; lines: number[][]; totals: Record<string, number>; taxes?: unknown }[] = [
    {
      name: 'exclusive, per line: two rates, a line discount, a document discount, document tax and shipping',
      input: doc([line(3, 333, 2000), line(1, 1000, 500, 100)], { discount: 144, taxRate: 1000, shipping: 500 }),
      // 3 × 3.33 = 9.99, 20% = 1.998 → 2.00; 10.00 − 1.00 = 9.00, 5% = 0.45.
      lines: [
        [999, 0, 999, 200, 1199],
        [1000, 100, 900, 45, 945],
      ],
      // 21.44 − 1.44 = 20.00; 10% = 2.00; + 5.00 shipping = 27.00.
      totals: { subtotal: 1899, lineTax: 245, linesTotal: 2144, discount: 144, documentTax: 200, shipping: 500, grandTotal: 2700 },
      taxes: [
        { rate: 500, base: 900, tax: 45 },
        { rate: 2000, base: 999, tax: 200 },
      ],
    },
    {
      name: 'exclusive, per line: three 0.05 lines at 10% each round their 0.005 up',
      input: doc([line(1, 5, 1000), line(1, 5, 1000), line(1, 5, 1000)]),
      lines: [
        [5, 0, 5, 1, 6],
        [5, 0, 5, 1, 6],
        [5, 0, 5, 1, 6],
      ],
      totals: { subtotal: 15, lineTax: 3, linesTotal: 18, grandTotal: 18 },
    },
    {
      name: 'exclusive, per document: the same three lines pay 0.015 → 0.02 of tax, shared by largest remainder',
      input: doc([line(1, 5, 1000), line(1, 5, 1000), line(1, 5, 1000)], { rounding: 'document' }),
      lines: [
        [5, 0, 5, 1, 6],
        [5, 0, 5, 1, 6],
        [5, 0, 5, 0, 5],
      ],
      totals: { subtotal: 15, lineTax: 2, linesTotal: 17, grandTotal: 17 },
    },
    {
      name: 'exclusive, per document: four such lines pay 0.02, and no line goes negative',
      input: doc([line(1, 5, 1000), line(1, 5, 1000), line(1, 5, 1000), line(1, 5, 1000)], { rounding: 'document' }),
      lines: [
        [5, 0, 5, 1, 6],
        [5, 0, 5, 1, 6],
        [5, 0, 5, 0, 5],
        [5, 0, 5, 0, 5],
      ],
      totals: { lineTax: 2, linesTotal: 22 },
    },
    {
      name: 'inclusive, per line: the tax is the part of the price that is tax; totals do not move',
      input: doc([line(1, 1199, 2000), line(2, 250, 500)], { pricesIncludeTax: true }),
      // 11.99 × 20/120 = 1.998 → 2.00, net 9.99; 5.00 × 5/105 = 0.238 → 0.24, net 4.76.
      lines: [
        [1199, 0, 999, 200, 1199],
        [500, 0, 476, 24, 500],
      ],
      totals: { subtotal: 1475, lineTax: 224, linesTotal: 1699, grandTotal: 1699 },
    },
    {
      name: 'inclusive, per line: three 1.00 lines at 20% each hold 0.1667 → 0.17',
      input: doc([line(1, 100, 2000), line(1, 100, 2000), line(1, 100, 2000)], { pricesIncludeTax: true }),
      lines: [
        [100, 0, 83, 17, 100],
        [100, 0, 83, 17, 100],
        [100, 0, 83, 17, 100],
      ],
      totals: { subtotal: 249, lineTax: 51, linesTotal: 300 },
    },
    {
      name: 'inclusive, per document: the same lines hold 0.50 in all, 0.17 + 0.17 + 0.16',
      input: doc([line(1, 100, 2000), line(1, 100, 2000), line(1, 100, 2000)], { pricesIncludeTax: true, rounding: 'document' }),
      lines: [
        [100, 0, 83, 17, 100],
        [100, 0, 83, 17, 100],
        [100, 0, 84, 16, 100],
      ],
      totals: { subtotal: 250, lineTax: 50, linesTotal: 300 },
      taxes: [{ rate: 2000, base: 250, tax: 50 }],
    },
    {
      name: 'inclusive with a line discount: tax is taken out of what is left',
      input: doc([line(2, 1050, 500, 100)], { pricesIncludeTax: true }),
      // 21.00 − 1.00 = 20.00, 5/105 of it = 0.952 → 0.95.
      lines: [[2100, 100, 1905, 95, 2000]],
      totals: { subtotal: 1905, lineTax: 95, linesTotal: 2000 },
    },
    {
      name: 'a discount larger than what it is taken from is capped',
      input: doc([line(1, 300, 0, 999)], { discount: 50, shipping: 250 }),
      lines: [[300, 300, 0, 0, 0]],
      totals: { linesTotal: 0, discount: 0, grandTotal: 250 },
    },
    {
      name: 'zero rate, no lines: an empty document is only its shipping',
      input: doc([], { shipping: 990, taxRate: 2000 }),
      lines: [],
      totals: { subtotal: 0, lineTax: 0, linesTotal: 0, documentTax: 0, grandTotal: 990 },
      taxes: [],
    },
    {
      name: 'large amounts stay exact (a million units at 10,000,000.00)',
      input: doc([line(1_000_000, 1_000_000_000, 2500)]),
      lines: [[1e15, 0, 1e15, 2.5e14, 1.25e15]],
      totals: { grandTotal: 1.25e15 },
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const t = computeTotals(c.input);
      expect(pick(t)).toEqual(c.lines);
      expect(t).toMatchObject(c.totals);
      if (c.taxes) expect(t.taxes).toEqual(c.taxes);
    });
  }

  it('refuses what is not a whole non-negative number, naming it', () => {
    expect(() => computeTotals(doc([line(1.5, 100, 0)]))).toThrow('line 1 quantity');
    expect(() => computeTotals(doc([line(1, -1, 0)]))).toThrow('line 1 unit price');
    expect(() => computeTotals(doc([], { shipping: Number.NaN }))).toThrow('shipping');
  });
});

// ---------------------------------------------------------------- properties
const lineArb = fc.record({
  quantity: fc.integer({ min: 0, max: 10_000 }),
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }),
  discount: fc.integer({ min: 0, max: 5_000_000 }),
  taxRate: fc.constantFrom(0, 500, 700, 1000, 1250, 1900, 2000, 2500),
});
const docArb = fc.record({
  lines: fc.array(lineArb, { maxLength: 25 }),
  pricesIncludeTax: fc.boolean(),
  rounding: fc.constantFrom<'line' | 'document'>('line', 'document'),
  discount: fc.integer({ min: 0, max: 100_000_000 }),
  taxRate: fc.constantFrom(0, 500, 1000, 2000),
  shipping: fc.integer({ min: 0, max: 1_000_000 }),
});
/** The exact tax of a line as a fraction (what rounding may move by at most a cent). */
const exactTax = (amount: number, rate: number, inclusive: boolean) => (amount * rate) / (inclusive ? 10_000 + rate : 10_000);

describe('properties of any document', () => {
  const run = (p: fc.IProperty<[DocumentInput]>) => fc.assert(p, { numRuns: 500, seed: 20261122 });

  it('every part adds up: line net + tax = total, lines to the document, bands to the line tax', () =>
    run(
      fc.property(docArb, (d) => {
        const t = computeTotals(d);
        for (const [i, l] of t.lines.entries()) {
          const input = d.lines[i]!;
          expect(l.gross).toBe(input.quantity * input.unitPrice);
          expect(l.discount).toBe(Math.min(input.discount, l.gross));
          expect(l.net + l.tax).toBe(l.total);
          expect(l.tax).toBeGreaterThanOrEqual(0);
          expect(l.net).toBeGreaterThanOrEqual(0);
          // Exclusive prices: tax on top. Inclusive: the line costs what its price says.
          expect(d.pricesIncludeTax ? l.total : l.net).toBe(l.gross - l.discount);
          expect(Math.abs(l.tax - exactTax(l.gross - l.discount, input.taxRate, d.pricesIncludeTax))).toBeLessThanOrEqual(d.rounding === 'line' ? 0.5 : 1);
        }
        const sum = (f: (l: (typeof t.lines)[number]) => number) => t.lines.reduce((s, l) => s + f(l), 0);
        expect(t.subtotal).toBe(sum((l) => l.net));
        expect(t.lineTax).toBe(sum((l) => l.tax));
        expect(t.linesTotal).toBe(sum((l) => l.total));
        expect(t.discount).toBe(Math.min(d.discount, t.linesTotal));
        expect(t.grandTotal).toBe(t.linesTotal - t.discount + t.documentTax + t.shipping);
        expect(t.taxes.reduce((s, b) => s + b.tax, 0)).toBe(t.lineTax);
        expect(t.taxes.reduce((s, b) => s + b.base, 0)).toBe(t.subtotal);
      }),
    ));

  it('per-document rounding rounds each rate once; per-line rounding differs from it by at most half a cent a line', () =>
    run(
      fc.property(docArb, (d) => {
        const byDoc = computeTotals({ ...d, rounding: 'document' });
        const byLine = computeTotals({ ...d, rounding: 'line' });
        for (const band of byDoc.taxes) {
          const exact = d.lines.reduce((s, l) => (l.taxRate === band.rate ? s + exactTax(l.quantity * l.unitPrice - Math.min(l.discount, l.quantity * l.unitPrice), band.rate, d.pricesIncludeTax) : s), 0);
          expect(Math.abs(band.tax - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
        }
        expect(Math.abs(byDoc.lineTax - byLine.lineTax)).toBeLessThanOrEqual(d.lines.length / 2 + 1);
      }),
    ));

  it('the order of the lines does not change what the document adds up to', () =>
    run(
      fc.property(docArb, (d) => {
        const reversed = computeTotals({ ...d, lines: [...d.lines].reverse() });
        const { lines: _a, ...totals } = computeTotals(d);
        const { lines: _b, ...again } = reversed;
        expect(again).toEqual(totals);
        // Per line, each line keeps its own figures wherever it stands.
        if (d.rounding === 'line') expect(reversed.lines).toEqual(computeTotals(d).lines.reverse());
      }),
    ));
});
