import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASES_API, purchaseTotalsInput } from '../../domain/documents/purchase.ts';
import { computeTotals } from '../../domain/documents/totals.ts';
import { products as P, suppliers as S, units as UN } from '../../domain/resources/index.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * Stored totals = computed totals, for random purchases: the server stores what the one totals
 * function gives for the lines a client sends (never a total it sends), and after a random
 * partial receipt, cancel or return, what it gives for the quantities still billed.
 * PURCHASE_TOTALS_RUNS sets the number of documents (default 40); FC_SEED replays one.
 */

const RUNS = Number(process.env.PURCHASE_TOTALS_RUNS ?? 40);
const SEED = Number(process.env.FC_SEED ?? 20_260_111);

let h: Harness;
let api: Client;
let supplierId: number;
const productIds: number[] = [];

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  const unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  supplierId = (await api.create(S.api, { name: 'Random Supplies' })).id;
  for (let i = 0; i < 3; i++) productIds.push((await api.create(P.api, { name: `Random ${i}`, sku: `RND-${i}`, unit_id: unitId, sale_price: 100, cost_price: 777 + i })).id);
});
afterAll(() => h?.close());

const line = fc
  .record({
    which: fc.nat(2),
    quantity: fc.integer({ min: 1, max: 40 }),
    unit_cost: fc.option(fc.integer({ min: 0, max: 250_000 }), { nil: undefined }),
    discountShare: fc.integer({ min: 0, max: 100 }),
    tax_bps: fc.constantFrom(0, 500, 825, 1000, 1999, 2000, 2500),
  })
  .map(({ which, quantity, unit_cost, discountShare, tax_bps }) => ({
    product_id: which,
    quantity,
    ...(unit_cost === undefined ? {} : { unit_cost }),
    discount: Math.floor((quantity * (unit_cost ?? 777 + which) * discountShare) / 400),
    tax_bps,
  }));

const doc = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 6 }),
  prices_include_tax: fc.boolean(),
  rounding: fc.constantFrom('line' as const, 'document' as const),
  discount: fc.integer({ min: 0, max: 50_000 }),
  tax_bps: fc.constantFrom(0, 500, 1000),
  shipping: fc.integer({ min: 0, max: 10_000 }),
  then: fc.constantFrom('nothing', 'receive part', 'receive part and cancel', 'receive and return'),
});

/** What the purchase's stored header and lines must say, from the totals function alone. */
function expectStored(stored: any, expected: ReturnType<typeof computeTotals>) {
  expect({
    subtotal: stored.subtotal,
    line_tax: stored.line_tax,
    lines_total: stored.lines_total,
    discount_total: stored.discount_total,
    document_tax: stored.document_tax,
    shipping_total: stored.shipping_total,
    grand_total: stored.grand_total,
    lines: stored.lines.map((l: any) => [l.net, l.tax, l.total]),
  }).toEqual({
    subtotal: expected.subtotal,
    line_tax: expected.lineTax,
    lines_total: expected.linesTotal,
    discount_total: expected.discount,
    document_tax: expected.documentTax,
    shipping_total: expected.shipping,
    grand_total: expected.grandTotal,
    lines: expected.lines.map((l) => [l.net, l.tax, l.total]),
  });
}

describe('stored totals', () => {
  it(`equal the totals function's for ${RUNS} random purchases, before and after receipts, cancels and returns`, async () => {
    await fc.assert(
      fc.asyncProperty(doc, async ({ then, ...d }) => {
        const lines = d.lines.map((l) => ({ ...l, product_id: productIds[l.product_id]! }));
        const res = await api.post(PURCHASES_API, { supplier_id: supplierId, purchased_on: '2025-06-01', ...d, lines });
        expect(res.status, res.text).toBe(201);
        const created = res.body.data;
        // From the request alone: the unit cost a line leaves out is its product's cost price.
        const withCosts = lines.map((l, i) => ({ ...l, unit_cost: l.unit_cost ?? 777 + d.lines[i]!.product_id }));
        expectStored(
          created,
          computeTotals({ pricesIncludeTax: d.prices_include_tax, rounding: d.rounding, discount: d.discount, taxRate: d.tax_bps, shipping: d.shipping, lines: withCosts.map((l) => ({ quantity: l.quantity, unitPrice: l.unit_cost, discount: l.discount, taxRate: l.tax_bps })) }),
        );
        if (then === 'nothing') return;
        const first = created.lines[0];
        const part = Math.max(1, Math.floor(first.quantity / 2));
        expect((await api.post(`${PURCHASES_API}/${created.id}/receive`, { lines: [{ line_id: first.id, quantity: part }] })).status).toBe(200);
        let cancelled = false;
        const progress = created.lines.map((l: any, i: number) => ({ ...withCosts[i]!, received: i === 0 ? part : 0, returned: 0 }));
        if (then === 'receive part and cancel') {
          expect((await api.post(`${PURCHASES_API}/${created.id}/cancel`, {})).status).toBe(200);
          cancelled = true;
        }
        if (then === 'receive and return') {
          expect((await api.post(`${PURCHASES_API}/${created.id}/return`, { lines: [{ line_id: first.id, quantity: 1 }] })).status).toBe(200);
          progress[0].returned = 1;
        }
        const now = (await api.get(`${PURCHASES_API}/${created.id}`)).body.data;
        expectStored(now, computeTotals(purchaseTotalsInput(d, progress, cancelled)));
        expect(now.due).toBe(now.grand_total - now.paid);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 600_000);
});
