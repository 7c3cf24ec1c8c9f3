import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { attributes as A, attributeValues as AV, brands as B, categories as CAT, colors as COL, products as P, units as UN } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { barcodeProblem, gtinCheckDigit } from '../../domain/stock/barcode.ts';
import { IMAGE_UPLOAD_API } from '../../domain/stock/image.ts';
import { client, expectFieldError, expectSentence, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';
import { picture } from './support/images.ts';

/** Products: the catalogue's rules, its list and its record. */

let h: Harness;
let api: Client;
let unitId: number;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
});
afterAll(() => h?.close());
afterEach(() => vi.restoreAllMocks());

let n = 0;
const base = (fields: Record<string, unknown> = {}) => ({ name: `Item ${++n}`, sku: `IT-${n}`, unit_id: unitId, sale_price: 999, ...fields });
const make = (fields: Record<string, unknown> = {}) => api.create(P.api, base(fields));

describe('a product', () => {
  it('keeps every field of the form, and shows its names, image and stock', async () => {
    const cat = await api.create(CAT.api, { name: 'Audio' });
    const brand = await api.create(B.api, { name: 'Auralis' });
    const colour = await api.create(COL.api, { name: 'Black', hex: '#111111' });
    const size = await api.create(A.api, { name: 'Size' });
    const xl = await api.create(AV.api, { attribute_id: size.id, name: 'XL' });
    const img = (await h.request('POST', IMAGE_UPLOAD_API, { token: await h.tokenFor('admin@example.com'), body: await picture('png') })).body.data;
    const p = await api.create(P.api, {
      name: 'Auralis Buds',
      sku: 'AUR-BUDS',
      barcode: '4006381333931',
      category_id: cat.id,
      brand_id: brand.id,
      unit_id: unitId,
      color_id: colour.id,
      attribute_value_ids: [xl.id],
      cost_price: 2500,
      sale_price: 4999,
      tax_bps: 800,
      tax_method: 'inclusive',
      alert_quantity: 4,
      tracks_serials: false,
      image: img.id,
      description: 'Wireless earbuds.',
      status: 'active',
    });
    expect(p).toMatchObject({
      category_name: 'Audio',
      brand_name: 'Auralis',
      unit_name: 'pcs',
      color_name: 'Black',
      attribute_value_ids: [xl.id],
      image: img.id,
      image_url: img.url,
      thumbnail_url: img.thumbnail_url,
      on_hand: 0,
      avg_cost: null,
      stock_value: 0,
      stock_state: 'out',
      serials_in_stock: [],
      movements_count: 0,
    });
    const [row] = await api.rows(P.api, { search: 'AUR-BUDS' });
    for (const key of ['thumbnail_url', 'name', 'sku', 'barcode', 'category_name', 'brand_name', 'sale_price', 'on_hand', 'stock_state', 'status']) expect(row).toHaveProperty(key);
    // The AV picker names each value with its attribute.
    expect((await api.get(`${AV.api}/options`, { search: 'XL' })).body.data).toEqual([{ id: xl.id, label: 'Size: XL' }]);
    expect((await api.get(`${AV.api}/options`, { attribute_id: size.id })).body.data.map((o: any) => o.label)).toEqual(['Size: XL']);
  });

  it('has a SKU of its own, letter case aside, and a barcode of its own', async () => {
    await make({ sku: 'MUG-1', barcode: '96385074' });
    expectFieldError(await api.post(P.api, base({ sku: 'mug-1' })), 'sku', 'Another product already has this SKU.');
    expectFieldError(await api.post(P.api, base({ barcode: '96385074' })), 'barcode', 'Another product already has this barcode.');
    expectFieldError(await api.post(P.api, base({ sku: 'has space' })), 'sku');
  });

  it.each([
    ['EAN-13', '4006381333932', 'This EAN-13 barcode’s check digit is wrong: it should end in 1, not 2. Check the number.'],
    ['EAN-8', '96385075', 'This EAN-8 barcode’s check digit is wrong: it should end in 4, not 5. Check the number.'],
    ['UPC-A', '036000291453', 'This UPC-A barcode’s check digit is wrong: it should end in 2, not 3. Check the number.'],
  ])('refuses an %s with a wrong check digit, saying which it should be', async (_kind, barcode, message) => {
    expectFieldError(await api.post(P.api, base({ barcode })), 'barcode', message);
  });

  it('takes valid codes, codes of other lengths and letters, and no barcode at all', async () => {
    expect((await make({ barcode: '036000291452' })).barcode).toBe('036000291452');
    expect((await make({ barcode: ' INT-000123 ' })).barcode).toBe('INT-000123');
    expect((await make({ barcode: '12345' })).barcode).toBe('12345');
    expect((await make({ barcode: '' })).barcode).toBeNull();
    expect((await make({ barcode: null })).barcode).toBeNull();
    expectFieldError(await api.post(P.api, base({ barcode: 'has space' })), 'barcode');
  });

  it('never takes on hand from the form', async () => {
    expectFieldError(await api.post(P.api, base({ on_hand: 50 })), 'on_hand');
    const p = await make();
    expectFieldError(await api.put(`${P.api}/${p.id}`, { ...base(), on_hand: 5 }), 'on_hand');
    expect((await api.get(`${P.api}/${p.id}`)).body.data.on_hand).toBe(0);
  });

  it('refuses an image that was never uploaded', async () => {
    expectFieldError(await api.post(P.api, base({ image: 'f'.repeat(64) })), 'image', 'This image is not on the server. Upload it again.');
    expectFieldError(await api.post(P.api, base({ image: 'logo.png' })), 'image', 'Upload the image again.');
  });

  it('is deleted while it has no movements; after that the answer is a 409 that suggests making it inactive', async () => {
    const gone = await make();
    expect((await api.del(`${P.api}/${gone.id}`)).status).toBe(200);
    const kept = await make({ name: 'Kept kettle' });
    expect((await api.post(ADJUSTMENTS_API, { product_id: kept.id, quantity: 1, reason: 'opening' })).status).toBe(201);
    const res = await api.del(`${P.api}/${kept.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'has_movements', message: '“Kept kettle” has stock movements, so it cannot be deleted: its history must stay. Make it inactive instead.' });
    const bulk = await api.post(`${P.api}/bulk-delete`, { ids: [kept.id, (await make()).id] });
    expect(bulk.status).toBe(409);
    expect((await api.get(`${P.api}/${kept.id}`)).status).toBe(200);
  });

  it('keeps its category, brand and unit from being deleted under it', async () => {
    const brand = await api.create(B.api, { name: 'Sturdy' });
    await make({ brand_id: brand.id });
    const res = await api.del(`${B.api}/${brand.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This brand cannot be deleted: it is used by 1 product.');
    const unit = await api.del(`${UN.api}/${unitId}`);
    expect(unit.status).toBe(409);
    expectSentence(unit.body.message);
  });
});

describe('generate barcode', () => {
  it('answers a valid in-store EAN-13 (prefix 20) that no product uses yet', async () => {
    const res = await api.get(`${P.api}/barcode`);
    expect(res.status).toBe(200);
    const code: string = res.body.data.barcode;
    expect(code).toMatch(/^20\d{11}$/);
    expect(barcodeProblem(code)).toBeUndefined();
    expect(Number(code.at(-1))).toBe(gtinCheckDigit(code.slice(0, -1)));
  });

  it('skips a number a product already has', async () => {
    // Math.random always 0.1 makes 2011111111118 first.
    const taken = `201111111111${gtinCheckDigit('201111111111')}`;
    await make({ barcode: taken });
    const values = [...Array(10 * 8).fill(0.1), ...Array(10).fill(0.2)];
    vi.spyOn(Math, 'random').mockImplementation(() => values.shift() ?? 0.3);
    const res = await api.get(`${P.api}/barcode`);
    expect(res.body.data.barcode).not.toBe(taken);
    expect(barcodeProblem(res.body.data.barcode)).toBeUndefined();
  });
});

describe('the product list', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const home = (await api.create(CAT.api, { name: 'Home' })).id;
    const lamps = (await api.create(CAT.api, { name: 'Lamps', parent_id: home })).id;
    const desk = (await api.create(CAT.api, { name: 'Desk lamps', parent_id: lamps })).id;
    const toys = (await api.create(CAT.api, { name: 'Toys' })).id;
    const lumio = (await api.create(B.api, { name: 'Lumio' })).id;
    const mk = async (key: string, fields: Record<string, unknown>, stock = 0) => {
      ids[key] = (await make(fields)).id;
      if (stock) await api.post(ADJUSTMENTS_API, { product_id: ids[key], quantity: stock, reason: 'opening', unit_cost: 100 });
    };
    await mk('floor', { name: 'Floor lamp', sku: 'LMP-FLOOR', category_id: lamps, brand_id: lumio, alert_quantity: 2 }, 10);
    await mk('desk', { name: 'Desk lamp 2000000000008', sku: 'LMP-DESK', category_id: desk, brand_id: lumio, alert_quantity: 5 }, 3);
    await mk('rug', { name: 'Wool rug', sku: 'RUG-1', category_id: home, barcode: '2000000000008' });
    await mk('robot', { name: 'Toy robot', sku: 'TOY-ROBOT', category_id: toys, status: 'inactive' }, 1);
    ids.home = home;
    ids.lamps = lamps;
    ids.lumio = lumio;
  });
  const names = async (query: Record<string, string | number>) => (await api.rows(P.api, query)).map((r) => r.name);

  it('filters by category with its sub-categories, brand and status', async () => {
    expect(await names({ category_id: ids.home! })).toEqual(['Desk lamp 2000000000008', 'Floor lamp', 'Wool rug']);
    expect(await names({ category_id: ids.lamps! })).toEqual(['Desk lamp 2000000000008', 'Floor lamp']);
    expect(await names({ brand_id: ids.lumio!, sort: 'on_hand', dir: 'desc' })).toEqual(['Floor lamp', 'Desk lamp 2000000000008']);
    expect(await names({ status: 'inactive' })).toEqual(['Toy robot']);
  });

  it('filters by stock state: in stock, low, out, and low or out', async () => {
    const mine = (list: string[]) => list.filter((x) => /lamp|rug|robot/i.test(x));
    expect(mine(await names({ stock_state: 'in_stock' }))).toEqual(['Floor lamp', 'Toy robot']);
    expect(mine(await names({ stock_state: 'low' }))).toEqual(['Desk lamp 2000000000008']);
    expect(mine(await names({ stock_state: 'out' }))).toEqual(['Wool rug']);
    expect(mine(await names({ stock_state: 'alert' }))).toEqual(['Desk lamp 2000000000008', 'Wool rug']);
    const [desk] = await api.rows(P.api, { search: 'LMP-DESK' });
    expect(desk).toMatchObject({ on_hand: 3, stock_state: 'low', avg_cost: 100, stock_value: 300 });
  });

  it('searches name and SKU, and puts an exact barcode match first', async () => {
    expect(await names({ search: 'lmp-' })).toEqual(['Desk lamp 2000000000008', 'Floor lamp']);
    expect(await names({ search: 'rug' })).toEqual(['Wool rug']);
    // Several words: the whole text, in any letter case, not each word somewhere.
    expect(await names({ search: 'DESK lamp' })).toEqual(['Desk lamp 2000000000008']);
    expect(await names({ search: 'lamp desk' })).toEqual([]);
    expect(await names({ search: 'Wool rug' })).toEqual(['Wool rug']);
    // The rug's barcode is in the desk lamp's name; the scanned product still comes first.
    expect(await names({ search: '2000000000008' })).toEqual(['Wool rug', 'Desk lamp 2000000000008']);
  });

  it('changes the status of several at once', async () => {
    const res = await api.post(`${P.api}/bulk-status`, { ids: [ids.floor, ids.rug], status: 'inactive' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ updated: 2, message: '2 products made inactive.' });
    expect(await names({ status: 'inactive', category_id: ids.home! })).toEqual(['Floor lamp', 'Wool rug']);
    expectFieldError(await api.post(`${P.api}/bulk-status`, { ids: [ids.floor], status: 'gone' }), 'status');
    await api.post(`${P.api}/bulk-status`, { ids: [ids.floor, ids.rug], status: 'active' });
  });

  it('exports what the list shows as CSV', async () => {
    const res = await api.get(`${P.api}/export`, { category_id: ids.lamps! });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Floor lamp');
    expect(res.text.split('\r\n')[0]).toContain('On hand');
  });

  it('pages a product’s history, newest first', async () => {
    for (let i = 0; i < 11; i++) await api.post(ADJUSTMENTS_API, { product_id: ids.floor, quantity: 1, reason: 'found' });
    const { result: first, statements } = await h.statementsOf(() => api.get(`${P.api}/${ids.floor}/movements`));
    expect(first.body.meta).toEqual({ page: 1, per_page: 10, total: 12, last_page: 2 });
    // The session; the product and its movement count (the total) in one read; the page.
    expect(statements).toHaveLength(3);
    expect(first.body.data[0].qty_after).toBe(21);
    const second = await api.get(`${P.api}/${ids.floor}/movements`, { page: 2 });
    expect(second.body.data.map((m: any) => m.kind)).toEqual(['adjustment', 'opening']);
    expect((await api.get(`${P.api}/${ids.floor}/movements`, { kind: 'opening' })).body.meta.total).toBe(1);
    expect((await api.get(`${P.api}/999999/movements`)).status).toBe(404);
    expect((await api.get(`${P.api}/abc/serials`)).status).toBe(404);
  });
});
