import { describe, expect, it } from 'vitest';
import { PURCHASES_API } from '../../domain/documents/purchase.facts.ts';
import { SALES_API } from '../../domain/documents/sale.facts.ts';
import { suppliers as S } from '../../domain/resources/index.ts';
import { SEARCH_API, SEARCH_MAX, type SearchAnswer } from '../../domain/search.ts';
import { client, expectFieldError, type Client } from './crud-helpers.ts';
import { saleFixture, stockedProduct } from './sale-fixture.ts';

/**
 * GET SEARCH_API: one answer in groups, each only for who holds its list right (the server
 * decides; the palette shows what it gets), an exact barcode or reference first.
 */
const f = saleFixture('Selma Searcher');
let cashier: Client;
const ask = async (q: string, api: Client = f.api) => {
  const res = await api.get(SEARCH_API, { q });
  expect(res.status, res.text).toBe(200);
  return res.body as SearchAnswer;
};
const group = (a: SearchAnswer, key: string) => a.groups.find((g) => g.key === key)?.hits ?? [];

let scanned: { id: number };
let purchaseRef: string;
let saleRef: string;
let saleId: number;

describe('search everywhere', () => {
  it('sets the shop up: a scanned product among look-alikes, a supplier, a purchase and a sale', async () => {
    cashier = client(f.h, await f.h.tokenFor('cashier@example.com'));
    scanned = await stockedProduct(f, 5, { name: 'Searchable kettle', barcode: '4006381333931' });
    // Its name contains the barcode's digits, so only the exact match may come first.
    await stockedProduct(f, 0, { name: 'Adapter 4006381333931-X' });
    await stockedProduct(f, 0, { name: 'Searchable teapot' });
    const supplier = await f.api.create(S.api, { name: 'Searchable Supplies Ltd', email: 'sales@searchable.test' });
    const po = await f.api.post(PURCHASES_API, { supplier_id: supplier.id, purchased_on: '2025-06-01', lines: [{ product_id: scanned.id, quantity: 2, unit_cost: 500 }] });
    expect(po.status, po.text).toBe(201);
    purchaseRef = po.body.data.reference;
    const sale = await f.api.post(SALES_API, { sold_on: '2025-06-02', customer_id: f.customerId, lines: [{ product_id: scanned.id, quantity: 1 }] });
    expect(sale.status, sale.text).toBe(201);
    saleRef = sale.body.data.reference;
    saleId = sale.body.data.id;
  });

  it('puts an exact barcode first, then names containing it, and links the product page', async () => {
    const hits = group(await ask('4006381333931'), 'products');
    expect(hits.map((h) => [h.label, h.exact])).toEqual([
      ['Searchable kettle', true],
      ['Adapter 4006381333931-X', false],
    ]);
    expect(hits[0]!.href).toBe(`/admin/product/view/${scanned.id}`);
  });

  it('finds by name across groups for the admin: products, customers, suppliers', async () => {
    const a = await ask('searchable');
    expect(group(a, 'products').map((h) => h.label)).toEqual(['Searchable kettle', 'Searchable teapot']);
    expect(group(a, 'suppliers').map((h) => h.label)).toEqual(['Searchable Supplies Ltd']);
    expect(group(a, 'suppliers')[0]!.href).toMatch(/^\/admin\/suppliers\/edit\/\d+$/);
    expect(group(await ask('selma'), 'customers').map((h) => h.label)).toEqual(['Selma Searcher']);
  });

  it('finds a document by its reference as typed, in any case and without the padding', async () => {
    const short = purchaseRef.replace(/-0+/, '-').toLowerCase(); // PO-000001 → po-1
    for (const q of [purchaseRef, short]) {
      const docs = group(await ask(q), 'documents');
      expect(docs).toEqual([{ label: purchaseRef, detail: 'Purchase · 2025-06-01', href: expect.stringMatching(/^\/admin\/purchase\/edit\/\d+$/), exact: true }]);
    }
    const sale = group(await ask(saleRef), 'documents');
    expect(sale).toEqual([{ label: saleRef, detail: 'Sale · 2025-06-02', href: `/admin/sales/edit/${saleId}`, exact: true }]);
  });

  it('answers a cashier only what a cashier may list: no suppliers, no purchases, no products list', async () => {
    const a = await ask('searchable', cashier);
    expect(a.groups.map((g) => g.key)).toEqual([]);
    expect(group(await ask(purchaseRef, cashier), 'documents')).toEqual([]);
    // Sales and customers are the cashier's.
    expect(group(await ask(saleRef, cashier), 'documents').map((h) => h.label)).toEqual([saleRef]);
    const customers = group(await ask('selma', cashier), 'customers');
    expect(customers.map((h) => h.label)).toEqual(['Selma Searcher']);
  });

  it('searches names from three characters (an index serves them); shorter text still finds an exact SKU', async () => {
    expect(group(await ask('ke'), 'products')).toEqual([]);
    expect(group(await ask('ket'), 'products').map((h) => h.label)).toEqual(['Searchable kettle']);
    const short = await stockedProduct(f, 0, { name: 'Short coded', sku: 'Q7' });
    expect(group(await ask('q7'), 'products')).toEqual([{ label: 'Short coded', detail: 'SKU Q7', href: `/admin/product/view/${short.id}`, exact: true }]);
  });

  it('refuses an empty or too long search with a 422 that says what to type', async () => {
    for (const q of ['', '   ']) expectFieldError(await f.api.get(SEARCH_API, { q }), 'q', /Type a name, SKU, barcode or reference/);
    expectFieldError(await f.api.get(SEARCH_API, { q: 'x'.repeat(SEARCH_MAX + 1) }), 'q', /at most 100 characters/);
    expectFieldError(await f.api.get(SEARCH_API), 'q', /Type a name/);
    const odd = await f.api.get(SEARCH_API, { q: 'a', extra: '1' });
    expect(odd.status).toBe(422);
  });

  it('treats LIKE wildcards as text, and needs a signed-in person', async () => {
    expect(group(await ask('%%%'), 'products')).toEqual([]);
    expect(group(await ask('___'), 'products')).toEqual([]);
    expect((await f.h.request('GET', `${SEARCH_API}?q=kettle`)).status).toBe(401);
  });
});
