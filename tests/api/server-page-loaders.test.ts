/**
 * Pages the server draws with their loader's data (src/pages/loaders/): an edit form its
 * record's values, settings theirs, a product's page the product, a purchase's page the
 * purchase, and the stock page its lists' first pages, in the first HTML (no spinner), and the
 * state handed to the browser holds the same data its machines start from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASES_API } from '../../domain/documents/purchase.ts';
import { products as P, suppliers as S, units as UN } from '../../domain/resources/index.ts';
import { drawPage } from '../../src/entry-server.tsx';
import { client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
let token: string;
let purchase: { id: number; reference: string };
let productId: number;
let supplierId: number;

const draw = (url: string) => drawPage({ url, token, hints: {}, fetch: (input, init) => Promise.resolve(h.app.request(String(input), init)), timeoutMs: 120_000 });

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenFor('admin@example.com');
  const api = client(h, token);
  const unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  supplierId = (await api.create(S.api, { name: 'Ada Supplies', email: 'orders@ada.example' })).id;
  productId = (await api.create(P.api, { name: 'Loader Cable', sku: 'LDR-1', unit_id: unitId, sale_price: 2000, cost_price: 1000 })).id;
  const res = await api.post(PURCHASES_API, { supplier_id: supplierId, purchased_on: '2025-03-10', lines: [{ product_id: productId, quantity: 3 }] });
  expect(res.status, res.text).toBe(201);
  purchase = res.body.data;
  // The test runner compiles the app's modules on their first use.
  expect(await draw('/admin/stock')).not.toBeNull();
}, 180_000);
afterAll(() => h?.close());

describe('the server draws a page with what its loader got', () => {
  it("an edit form: its record's values in the fields, and the record with its version for the browser", async () => {
    const drawn = await draw(`/admin/suppliers/edit/${supplierId}`);
    expect(drawn).not.toBeNull();
    expect(drawn!.html).toMatch(/<input[^>]*value="Ada Supplies"/);
    expect(drawn!.html).toMatch(/<input[^>]*value="orders@ada.example"/);
    const data = drawn!.data.state.screen!.data as { data: { name: string }; version: string | null };
    expect(data.data.name).toBe('Ada Supplies');
    expect(data.version).toBeTruthy();
    // A new record's form has nothing to load.
    expect((await draw('/admin/suppliers/create'))!.data.state.screen!.data).toBeUndefined();
  });

  it('settings: the settings record in the fields', async () => {
    const drawn = await draw('/admin/website/setting');
    expect(drawn).not.toBeNull();
    const data = drawn!.data.state.screen!.data as { data: Record<string, unknown> };
    expect(Object.keys(data.data).length).toBeGreaterThan(0);
    const text = Object.values(data.data).find((v): v is string => typeof v === 'string' && v.length > 2 && !/[<>&"']/.test(v));
    expect(text && drawn!.html.includes(`value="${text}"`)).toBe(true);
  });

  it('the labels page: the chosen products, one label each', async () => {
    const drawn = await draw(`/admin/product/labels?ids=${productId}`);
    expect(drawn).not.toBeNull();
    expect(drawn!.html).toContain('Loader Cable');
    expect(drawn!.html).not.toContain('Loading the products');
    expect(drawn!.data.state.screen!.data).toEqual([{ id: productId, name: 'Loader Cable', price: 2000, barcode: null }]);
    // None chosen: nothing to load.
    expect((await draw('/admin/product/labels'))!.data.state.screen!.data).toBeUndefined();
  });

  it("a product's page: the product", async () => {
    const drawn = await draw(`/admin/product/view/${productId}`);
    expect(drawn).not.toBeNull();
    // Its figures and details; the title names it once the browser's record machine has started.
    expect(drawn!.html).toContain('LDR-1');
    expect(drawn!.html).toContain('$20.00');
    expect(drawn!.html).not.toContain('Loading the product');
    expect((drawn!.data.state.screen!.data as { name: string }).name).toBe('Loader Cable');
  });

  it("a purchase's page: the purchase itself, and the purchase with its ETag for the browser", async () => {
    const drawn = await draw(`/admin/purchase/edit/${purchase.id}`);
    expect(drawn).not.toBeNull();
    const html = drawn!.html;
    expect(html).toContain(purchase.reference);
    expect(html).toContain('Ada Supplies');
    expect(html).toContain('Loader Cable');
    expect(html).not.toContain('Loading the purchase');
    const data = drawn!.data.state.screen!.data as { id: number; reference: string; etag: string };
    expect(data).toMatchObject({ id: purchase.id, reference: purchase.reference });
    expect(data.etag).toMatch(/purchase/);
  });

  it('a new purchase loads nothing: its page is drawn with no data', async () => {
    const drawn = await draw('/admin/purchase/create');
    expect(drawn).not.toBeNull();
    expect(drawn!.data.state.screen!.data).toBeUndefined();
  });

  it('the stock page: the levels and the ledger, drawn from their first pages', async () => {
    const drawn = await draw('/admin/stock');
    expect(drawn).not.toBeNull();
    const html = drawn!.html;
    expect(html).toContain('Loader Cable');
    expect(html).not.toContain('Loading products');
    // Nothing has moved yet: the ledger is drawn empty, not loading.
    expect(html).toContain('No movements yet.');
    expect(html).not.toContain('Loading movements');
    const data = drawn!.data.state.screen!.data as { levels: { page: { data: { name: string }[] } }; ledger: { page: { data: unknown[] } } };
    expect(data.levels.page.data.map((r) => r.name)).toContain('Loader Cable');
    expect(data.ledger.page.data).toEqual([]);
  });
});
