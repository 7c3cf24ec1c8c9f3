import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands as B, categories as CAT, products as P, units as UN, users as U } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { MOVEMENTS_API, STOCK_ALERTS_API, STOCK_API } from '../../domain/stock/lists.ts';
import { products, serials, stockLevels, stockMovements } from '../../server/db/schema.ts';
import { post, type PostInput } from '../../server/stock/ledger.ts';
import { ALERTS_SHOWN } from '../../server/stock/routes.ts';
import { client, expectFieldError, expectSentence, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/** The stock ledger through the adjustments API and the ledger module itself. */

let h: Harness;
let api: Client;
let unitId: number;
let adminId: number;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  adminId = (await api.get('/me')).body.id;
});
afterAll(() => h?.close());

let n = 0;
async function product(fields: Record<string, unknown> = {}): Promise<any> {
  n++;
  return api.create(P.api, { name: `Widget ${n}`, sku: `W-${n}`, unit_id: unitId, sale_price: 1500, cost_price: 1000, ...fields });
}
const adjust = (body: Record<string, unknown>) => api.post(ADJUSTMENTS_API, body);
const ok = async (body: Record<string, unknown>) => {
  const res = await adjust(body);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
};
const show = async (id: number) => (await api.get(`${P.api}/${id}`)).body.data;
const ledger = (input: Omit<PostInput, 'userId'>) => h.db.transaction((tx) => post(tx, { userId: adminId, ...input }));

/**
 * Every level equals the sum of its product's movements, serial products' their serials in
 * stock, and a product has a low_stock row (active as the product is) exactly when it is at or
 * below its alert quantity.
 */
async function expectLedgerExplainsEveryUnit() {
  const rows = await h.db.execute(sql`
    select p.id, coalesce(l.qty, 0) as qty,
      coalesce((select sum(quantity) from stock_movements m where m.product_id = p.id), 0)::int as moved,
      (select count(*) from serials s where s.product_id = p.id and s.state = 'in_stock')::int as serials_in,
      p.tracks_serials, p.alert_quantity, p.status, ls.active as low_active
    from products p left join stock_levels l on l.product_id = p.id left join low_stock ls on ls.product_id = p.id`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { id: number; qty: number; moved: number; serials_in: number; tracks_serials: boolean; alert_quantity: number; status: string; low_active: boolean | null }[];
  for (const r of list) {
    const low = Number(r.qty) <= Number(r.alert_quantity);
    expect(r.low_active, `product ${r.id}: its low_stock row`).toBe(low ? r.status === 'active' : null);
    expect(Number(r.qty), `product ${r.id}: level vs movements`).toBe(Number(r.moved));
    if (r.tracks_serials) expect(Number(r.serials_in), `product ${r.id}: level vs serials in stock`).toBe(Number(r.qty));
  }
}

describe('adjustments', () => {
  it('records opening stock, then a loss, each a movement with who, when and what is left', async () => {
    const p = await product({ alert_quantity: 3 });
    const opening = await ok({ product_id: p.id, quantity: 10, reason: 'opening', unit_cost: 800, note: 'First count' });
    expect(opening.movement).toMatchObject({ kind: 'opening', reason: 'opening', quantity: 10, unit_cost: 800, value: 8000, qty_after: 10, value_after: 8000 });
    expect(opening.product).toMatchObject({ on_hand: 10, avg_cost: 800, stock_value: 8000, stock_state: 'in_stock' });
    const loss = await adjust({ product_id: p.id, quantity: -8, reason: 'loss', note: 'Broken shelf' });
    expect(loss.status, loss.text).toBe(201);
    expectSentence(loss.body.message);
    expect(loss.body.message).toContain('now has 2 pcs on hand');
    expect(loss.body.data.movement).toMatchObject({ kind: 'adjustment', reason: 'loss', quantity: -8, unit_cost: 800, value: -6400, qty_after: 2, value_after: 1600 });
    expect(loss.body.data.product.stock_state).toBe('low');

    const history = await api.get(`${P.api}/${p.id}/movements`);
    expect(history.status).toBe(200);
    expect(history.body.meta.total).toBe(2);
    expect(history.body.data.map((m: any) => [m.kind, m.quantity, m.qty_after, m.user_name, m.note])).toEqual([
      ['adjustment', -8, 2, 'Admin', 'Broken shelf'],
      ['opening', 10, 10, 'Admin', 'First count'],
    ]);
    expect(Date.parse(history.body.data[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await show(p.id)).toMatchObject({ on_hand: 2, avg_cost: 800, stock_value: 1600, stock_state: 'low', movements_count: 2 });
  });

  it.each([
    ['loss', 2, 'quantity', 'Loss takes stock out: enter a negative quantity, like -2.'],
    ['damage', 1, 'quantity', 'Damage takes stock out: enter a negative quantity, like -1.'],
    ['found', -3, 'quantity', 'Found puts stock in: enter a positive quantity, like 3.'],
    ['opening', -1, 'quantity', 'Opening stock puts stock in: enter a positive quantity, like 1.'],
    ['count_correction', 0, 'quantity', 'Enter a quantity other than 0: negative takes stock out, positive puts it in.'],
  ])('refuses %s with quantity %i under %s', async (reason, quantity, field, message) => {
    const p = await product();
    expectFieldError(await adjust({ product_id: p.id, quantity, reason }), field, message);
    expect((await show(p.id)).on_hand).toBe(0);
  });

  it('refuses a unit cost on stock going out, an unknown reason, an unknown product and an unknown field', async () => {
    const p = await product();
    await ok({ product_id: p.id, quantity: 2, reason: 'found' });
    expectFieldError(await adjust({ product_id: p.id, quantity: -1, reason: 'loss', unit_cost: 5 }), 'unit_cost');
    expectFieldError(await adjust({ product_id: p.id, quantity: 1, reason: 'stolen' }), 'reason', 'Choose a reason.');
    expectFieldError(await adjust({ product_id: 999_999, quantity: 1, reason: 'found' }), 'product_id', 'This product no longer exists. Choose another.');
    expectFieldError(await adjust({ product_id: p.id, quantity: 1, reason: 'found', qty_after: 100 }), 'qty_after');
    expect((await show(p.id)).on_hand).toBe(2);
  });

  it('takes opening stock only as the first movement', async () => {
    const p = await product();
    await ok({ product_id: p.id, quantity: 1, reason: 'found' });
    expectFieldError(await adjust({ product_id: p.id, quantity: 5, reason: 'opening' }), 'reason', /recorded once/);
    expect((await show(p.id)).on_hand).toBe(1);
  });

  it('never lets stock go negative: a 409 names the product and what is available, and nothing changes', async () => {
    const p = await product({ name: 'Blue Kettle' });
    await ok({ product_id: p.id, quantity: 3, reason: 'opening' });
    const res = await adjust({ product_id: p.id, quantity: -4, reason: 'damage' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: 'Not enough stock of “Blue Kettle”: 3 available, 4 needed.',
      code: 'insufficient_stock',
      product: { id: p.id, name: 'Blue Kettle', available: 3 },
      errors: { quantity: ['Not enough stock of “Blue Kettle”: 3 available, 4 needed.'] },
    });
    expect(await show(p.id)).toMatchObject({ on_hand: 3, movements_count: 1 });
    // A product that never had stock has 0 available.
    const empty = await product({ name: 'Empty Jar' });
    const none = await adjust({ product_id: empty.id, quantity: -1, reason: 'count_correction' });
    expect(none.status).toBe(409);
    expect(none.body.product).toEqual({ id: empty.id, name: 'Empty Jar', available: 0 });
    await expectLedgerExplainsEveryUnit();
  });
});

describe('the adjustment answer', () => {
  it('shows the product as it now stands, in three statements with the session check', async () => {
    const p = await product({ name: 'Green Kettle', alert_quantity: 2 });
    await ok({ product_id: p.id, quantity: 2, unit_cost: 100, reason: 'opening' });
    await ok({ product_id: p.id, quantity: 1, unit_cost: 101, reason: 'found' });
    for (const body of [
      { product_id: p.id, quantity: 1, unit_cost: 103, reason: 'found' },
      { product_id: p.id, quantity: -2, reason: 'damage' },
      { product_id: p.id, quantity: 1, reason: 'count_correction' },
    ]) {
      const { result: res, statements } = await h.statementsOf(() => adjust(body));
      expect(res.status, res.text).toBe(201);
      // The session, the product's lock, and the level's change with its movement in one.
      expect(statements).toHaveLength(3);
      const shown = await show(p.id);
      expect(res.body.data.product).toEqual({
        id: p.id,
        name: 'Green Kettle',
        alert_quantity: 2,
        unit_name: 'pcs',
        avg_cost: shown.avg_cost,
        stock_value: shown.stock_value,
        on_hand: shown.on_hand,
        stock_state: shown.stock_state,
      });
      expect(res.body.message).toBe(`${{ found: 'Found', damage: 'Damage', count_correction: 'Count correction' }[body.reason]} recorded: “Green Kettle” now has ${shown.on_hand} pcs on hand.`);
    }
    await expectLedgerExplainsEveryUnit();
  });
});

describe('moving average cost', () => {
  it('moves with every incoming movement and is what outgoing movements leave at', async () => {
    const p = await product({ cost_price: 500 });
    await ok({ product_id: p.id, quantity: 10, reason: 'opening', unit_cost: 100 });
    const [bought] = await ledger({ kind: 'purchase_receipt', lines: [{ productId: p.id, quantity: 10, unitCost: 200 }], source: { type: 'purchase', id: 1 } });
    expect(bought).toMatchObject({ unitCost: 200, qtyAfter: 20, avgCostAfter: 150, valueAfter: 3000 });
    const [sold] = await ledger({ kind: 'sale', lines: [{ productId: p.id, quantity: -5, sourceLineId: 9 }], source: { type: 'sale', id: 3 } });
    expect(sold).toMatchObject({ unitCost: 150, value: -750, qtyAfter: 15, valueAfter: 2250 });
    // Found stock without a cost comes in at the average, which stays.
    const found = await ok({ product_id: p.id, quantity: 1, reason: 'found' });
    expect(found.movement).toMatchObject({ unit_cost: 150, qty_after: 16 });
    // Sold out, then restocked: the new cost alone.
    await ledger({ kind: 'sale', lines: [{ productId: p.id, quantity: -16 }] });
    const [again] = await ledger({ kind: 'purchase_receipt', lines: [{ productId: p.id, quantity: 4, unitCost: 333 }] });
    expect(again).toMatchObject({ avgCostAfter: 333, valueAfter: 1332 });
    const rows = await h.db.select().from(stockMovements).where(eq(stockMovements.product_id, p.id));
    expect(rows.find((m) => m.kind === 'sale' && m.source_id === 3)).toMatchObject({ source_type: 'sale', source_line_id: 9, unit_cost: 150 });
  });

  it('brings stock without a cost in at the cost price when the product never had any', async () => {
    const p = await product({ cost_price: 725 });
    const found = await ok({ product_id: p.id, quantity: 2, reason: 'found' });
    expect(found.movement).toMatchObject({ unit_cost: 725, value_after: 1450 });
  });

  it('keeps the average to a fraction of a cent: three units at 100, 100 and 101 average 100.33', async () => {
    const p = await product();
    await ledger({ kind: 'purchase_receipt', lines: [{ productId: p.id, quantity: 2, unitCost: 100 }] });
    const [m] = await ledger({ kind: 'purchase_receipt', lines: [{ productId: p.id, quantity: 1, unitCost: 101 }] });
    expect(m!.avgCostAfter).toBeCloseTo(100.3333, 4);
    expect(m!.valueAfter).toBe(301);
  });
});

describe('the ledger module', () => {
  it('refuses a quantity against its kind with a 422 under the line', async () => {
    const p = await product();
    await expect(ledger({ kind: 'sale', lines: [{ productId: p.id, quantity: 1 }] })).rejects.toMatchObject({ status: 422, errors: { 'lines.0.quantity': [expect.stringContaining('takes stock out')] } });
    await expect(ledger({ kind: 'purchase_receipt', lines: [{ productId: p.id, quantity: -1 }] })).rejects.toMatchObject({ status: 422 });
    await expect(ledger({ kind: 'adjustment', lines: [] })).rejects.toMatchObject({ status: 422 });
  });

  it('posts several products in one transaction, all or none', async () => {
    const a = await product();
    const b = await product();
    await ledger({ kind: 'purchase_receipt', lines: [{ productId: b.id, quantity: 5, unitCost: 10 }, { productId: a.id, quantity: 2, unitCost: 10 }] });
    await expect(
      ledger({ kind: 'sale', lines: [{ productId: b.id, quantity: -1 }, { productId: a.id, quantity: -3 }] }),
    ).rejects.toMatchObject({ status: 409, product: { id: a.id, available: 2 }, errors: { 'lines.1.quantity': [expect.any(String)] } });
    expect((await show(a.id)).on_hand).toBe(2);
    expect((await show(b.id)).on_hand).toBe(5);
  });

  it('moves a product named on several lines of one document line by line', async () => {
    const a = await product();
    const b = await product();
    const posted = await ledger({
      kind: 'adjustment',
      lines: [{ productId: a.id, quantity: 3, unitCost: 100 }, { productId: b.id, quantity: 1, unitCost: 50 }, { productId: a.id, quantity: -2 }, { productId: a.id, quantity: 4, unitCost: 400 }],
    });
    expect(posted.map((m) => [m.productId, m.quantity, m.qtyAfter, m.unitCost])).toEqual([
      [a.id, 3, 3, 100],
      [b.id, 1, 1, 50],
      [a.id, -2, 1, 100],
      [a.id, 4, 5, 400],
    ]);
    expect(posted[3]!.avgCostAfter).toBe(340);
    await expect(ledger({ kind: 'adjustment', lines: [{ productId: a.id, quantity: -5 }, { productId: a.id, quantity: -1 }] })).rejects.toMatchObject({
      status: 409,
      errors: { 'lines.1.quantity': [expect.any(String)] },
    });
    expect((await show(a.id)).on_hand).toBe(5);
    await expectLedgerExplainsEveryUnit();
  });

  it('is append-only: the database refuses to change or remove a movement', async () => {
    const p = await product();
    const [m] = await ledger({ kind: 'adjustment', lines: [{ productId: p.id, quantity: 1 }] });
    await expect(h.db.update(stockMovements).set({ quantity: 5 }).where(eq(stockMovements.id, m!.id))).rejects.toThrow();
    await expect(h.db.delete(stockMovements).where(eq(stockMovements.id, m!.id))).rejects.toThrow();
    // And a level cannot go below zero even when written around the ledger.
    await expect(h.db.update(stockLevels).set({ qty: -1 }).where(eq(stockLevels.product_id, p.id))).rejects.toThrow();
  });
});

describe('serial numbers', () => {
  let phone: any;
  beforeAll(async () => {
    phone = await product({ name: 'Pixelon 8', tracks_serials: true });
  });

  it('asks one serial per unit, each once', async () => {
    expectFieldError(await adjust({ product_id: phone.id, quantity: 2, reason: 'opening' }), 'serials', /tracks serial numbers: name one per unit \(2 units, 0 serial numbers\)/);
    expectFieldError(await adjust({ product_id: phone.id, quantity: 2, reason: 'opening', serials: ['A1'] }), 'serials', 'Name one serial number per unit: 2 units, 1 serial number.');
    expectFieldError(await adjust({ product_id: phone.id, quantity: 2, reason: 'opening', serials: ['A1', 'a1'] }), 'serials.1', 'Serial number a1 is named twice.');
    const plain = await product();
    expectFieldError(await adjust({ product_id: plain.id, quantity: 1, reason: 'found', serials: ['X'] }), 'serials', /does not track serial numbers/);
  });

  it('brings serials in, refuses one already in stock, takes named ones out and back', async () => {
    await ok({ product_id: phone.id, quantity: 3, reason: 'opening', unit_cost: 30_000, serials: ['SN-1', 'SN-2', 'SN-3'] });
    const dup = await adjust({ product_id: phone.id, quantity: 1, reason: 'found', serials: ['sn-2'] });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'serial_in_stock', message: 'Serial number sn-2 of “Pixelon 8” is already in stock.', errors: { serials: [expect.any(String)] } });

    const lost = await ok({ product_id: phone.id, quantity: -1, reason: 'loss', serials: ['SN-2'] });
    expect(lost.movement.serials).toEqual(['SN-2']);
    const gone = await adjust({ product_id: phone.id, quantity: -1, reason: 'damage', serials: ['SN-2'] });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe('Serial number SN-2 (written off) of “Pixelon 8” is not in stock.');
    const unknown = await adjust({ product_id: phone.id, quantity: -1, reason: 'damage', serials: ['NOPE'] });
    expect(unknown.body).toMatchObject({ code: 'serial_not_in_stock', message: 'Serial number NOPE (not known) of “Pixelon 8” is not in stock.' });

    // Found again: the same row comes back in stock.
    await ok({ product_id: phone.id, quantity: 1, reason: 'found', serials: ['SN-2'] });
    const [sold] = await ledger({ kind: 'sale', lines: [{ productId: phone.id, quantity: -1, serials: ['sn-3'] }], source: { type: 'sale', id: 1 } });
    expect(sold!.unitCost).toBe(30_000);

    const rows = await h.db.select().from(serials).where(eq(serials.product_id, phone.id));
    expect(rows.map((r) => [r.serial, r.state]).sort()).toEqual([
      ['SN-1', 'in_stock'],
      ['SN-2', 'in_stock'],
      ['SN-3', 'sold'],
    ]);
    const view = await show(phone.id);
    expect(view).toMatchObject({ on_hand: 2, serials_in_stock: ['SN-1', 'SN-2'], serials_in_stock_count: 2 });
    const list = await api.get(`${P.api}/${phone.id}/serials`, { state: 'sold' });
    expect(list.body.data).toEqual([expect.objectContaining({ serial: 'SN-3', state: 'sold', unit_cost: 30_000, in_kind: 'opening' })]);
    expect((await api.get(`${P.api}/${phone.id}/serials`, { search: 'sn-' })).body.meta.total).toBe(3);
    const history = (await api.get(`${P.api}/${phone.id}/movements`)).body.data;
    expect(history[0]).toMatchObject({ kind: 'sale', serials: ['SN-3'], source_type: 'sale', source_id: 1 });
    await expectLedgerExplainsEveryUnit();
  });

  it('switches serial tracking only while none are in stock', async () => {
    const res = await api.put(`${P.api}/${phone.id}`, { name: 'Pixelon 8', sku: phone.sku, unit_id: unitId, sale_price: 1500, tracks_serials: false });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'has_stock', errors: { tracks_serials: [expect.any(String)] } });
    const fresh = await product({ tracks_serials: true });
    const off = await api.put(`${P.api}/${fresh.id}`, { name: fresh.name, sku: fresh.sku, unit_id: unitId, sale_price: 1500, tracks_serials: false });
    expect(off.status, off.text).toBe(200);
  });
});

describe('the stock screen', () => {
  let ids: Record<'kitchen' | 'pans' | 'garden' | 'acme' | 'pan' | 'pot' | 'hose' | 'old', number>;
  beforeAll(async () => {
    const kitchen = (await api.create(CAT.api, { name: 'Kitchen' })).id;
    const pans = (await api.create(CAT.api, { name: 'Pans', parent_id: kitchen })).id;
    const garden = (await api.create(CAT.api, { name: 'Garden' })).id;
    const acme = (await api.create(B.api, { name: 'Acme' })).id;
    const pan = await product({ name: 'Steel pan', category_id: pans, brand_id: acme, alert_quantity: 5 });
    const pot = await product({ name: 'Clay pot', category_id: kitchen, alert_quantity: 2 });
    const hose = await product({ name: 'Garden hose', category_id: garden, brand_id: acme, alert_quantity: 1 });
    const old = await product({ name: 'Old rake', category_id: garden, status: 'inactive' });
    await ok({ product_id: pan.id, quantity: 4, reason: 'opening', unit_cost: 250 });
    await ok({ product_id: pot.id, quantity: 20, reason: 'opening', unit_cost: 100 });
    await ok({ product_id: hose.id, quantity: 1, reason: 'opening', unit_cost: 900 });
    ids = { kitchen, pans, garden, acme, pan: pan.id, pot: pot.id, hose: hose.id, old: old.id };
  });

  it('lists every product’s on hand, alert quantity, average cost and value, with the totals of the filter', async () => {
    const all = await api.get(STOCK_API, { per_page: 100, search: '' });
    expect(all.status).toBe(200);
    const pan = all.body.data.find((r: any) => r.id === ids.pan);
    expect(pan).toMatchObject({ name: 'Steel pan', on_hand: 4, alert_quantity: 5, avg_cost: 250, stock_value: 1000, stock_state: 'low', unit_name: 'pcs' });
    const kitchen = await api.get(STOCK_API, { category_id: ids.kitchen });
    expect(kitchen.body.data.map((r: any) => r.name).sort()).toEqual(['Clay pot', 'Steel pan']);
    expect(kitchen.body.totals).toEqual({ on_hand: 24, stock_value: 3000 });
    const acme = await api.get(STOCK_API, { brand_id: ids.acme, sort: 'stock_value', dir: 'desc' });
    expect(acme.body.data.map((r: any) => r.name)).toEqual(['Steel pan', 'Garden hose']);
    expect(acme.body.totals.stock_value).toBe(1900);
    expect((await api.get(STOCK_API, { category_id: ids.garden, stock_state: 'out' })).body.data.map((r: any) => r.name)).toEqual(['Old rake']);
    expect((await api.get(STOCK_API, { category_id: ids.kitchen, stock_state: 'in_stock' })).body.data.map((r: any) => r.name)).toEqual(['Clay pot']);
    expectFieldError(await api.get(STOCK_API, { stock_state: 'plenty' }), 'stock_state');
  });

  it('answers the bell: how many active products are low or out, the worst first, with links', async () => {
    const res = await api.get(STOCK_ALERTS_API);
    expect(res.status).toBe(200);
    const names = res.body.data.map((r: any) => r.name);
    expect(names).toContain('Steel pan');
    expect(names).toContain('Garden hose');
    expect(names).not.toContain('Clay pot');
    expect(names).not.toContain('Old rake'); // inactive
    expect(res.body.count).toBe((await api.get(P.api, { stock_state: 'alert', status: 'active' })).body.meta.total);
    const pan = res.body.data.find((r: any) => r.name === 'Steel pan');
    expect(pan).toMatchObject({ on_hand: 4, alert_quantity: 5, stock_state: 'low', href: `/admin/product/view/${ids.pan}` });
    expect(res.body.data.findIndex((r: any) => r.stock_state === 'out')).toBe(0);
    expect(res.body.href).toBe('/admin/products?stock_state=alert');
  });

  it('keeps the bell right when a product is made, stock comes and goes, the alert quantity or status changes, or someone writes the product', async () => {
    const bell = async () => (await api.get(STOCK_ALERTS_API)).body.count as number;
    const before = await bell();
    const body = { name: 'Lamp shade', sku: 'SHADE-1', unit_id: unitId, sale_price: 1500, alert_quantity: 0 };
    const shade = await api.create(P.api, body);
    expect(await bell(), 'never stocked: out').toBe(before + 1);
    await ok({ product_id: shade.id, quantity: 3, reason: 'opening', unit_cost: 100 });
    expect(await bell()).toBe(before);
    await api.update(P.api, shade.id, { ...body, alert_quantity: 3 });
    expect(await bell(), 'at its new alert quantity').toBe(before + 1);
    await h.db.update(products).set({ description: 'Written by hand' }).where(eq(products.id, shade.id));
    expect(await bell(), 'a write that changes nothing of it keeps it').toBe(before + 1);
    await ok({ product_id: shade.id, quantity: 1, reason: 'found' });
    expect(await bell()).toBe(before);
    await ok({ product_id: shade.id, quantity: -4, reason: 'loss' });
    expect(await bell()).toBe(before + 1);
    await api.update(P.api, shade.id, { ...body, alert_quantity: 3, status: 'inactive' });
    expect(await bell(), 'inactive products are not counted').toBe(before);
    expect((await api.get(P.api, { stock_state: 'out', search: 'SHADE-1' })).body.data.map((r: any) => r.id), 'but they are still out').toEqual([shade.id]);
    await api.post(`${P.api}/bulk-status`, { ids: [shade.id], status: 'active' });
    expect(await bell(), 'made active again').toBe(before + 1);
    await expectLedgerExplainsEveryUnit();
  });

  it('counts every low product on the bell, though it lists only the first few', async () => {
    const before = (await api.get(STOCK_ALERTS_API)).body;
    const made: number[] = [];
    for (let i = 0; i <= ALERTS_SHOWN - before.data.length; i++) {
      made.push((await api.create(P.api, { name: `Bell filler ${i}`, sku: `BELL-${i}`, unit_id: unitId, sale_price: 100, alert_quantity: 0 })).id);
    }
    const after = (await api.get(STOCK_ALERTS_API)).body;
    expect(after.data).toHaveLength(ALERTS_SHOWN);
    expect(after.count).toBe(before.count + made.length);
    expect(after.count).toBeGreaterThan(ALERTS_SHOWN);
    await api.post(`${P.api}/bulk-status`, { ids: made, status: 'inactive' });
    expect((await api.get(STOCK_ALERTS_API)).body.count).toBe(before.count);
  });

  it('moves stock across the alert quantity both ways without writing the product row, the bell and the filters following', async () => {
    const bell = async () => (await api.get(STOCK_ALERTS_API)).body;
    const before = (await bell()).count as number;
    const made = await api.create(P.api, { name: 'Wall hook', sku: 'HOOK-1', unit_id: unitId, sale_price: 300, alert_quantity: 2 });
    const other = await api.create(P.api, { name: 'Door hook', sku: 'HOOK-2', unit_id: unitId, sale_price: 300, alert_quantity: 1 });
    // The product row's version (xmin), place (ctid) and stamp: an UPDATE of the row changes the first two.
    const rowOf = async (id: number) => {
      const res = await h.db.execute(sql`select xmin::text as xmin, ctid::text as ctid, updated_at::text as updated_at from products where id = ${id}`);
      return ((Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Record<string, string>[])[0];
    };
    const rows = { [made.id]: await rowOf(made.id), [other.id]: await rowOf(other.id) };
    const statesOf = async (id: number) => {
      const found: string[] = [];
      for (const state of ['in_stock', 'low', 'out', 'alert']) {
        const list = await api.get(P.api, { stock_state: state, search: 'HOOK-' });
        const stock = await api.get(STOCK_API, { stock_state: state, search: 'HOOK-' });
        const inList = list.body.data.some((r: any) => r.id === id);
        expect(stock.body.data.some((r: any) => r.id === id), `${state}: stock list agrees with product list`).toBe(inList);
        if (inList) found.push(state);
      }
      return found;
    };
    const expectState = async (id: number, state: 'in_stock' | 'low' | 'out', bellCount: number) => {
      expect(await statesOf(id)).toEqual(state === 'in_stock' ? ['in_stock'] : [state, 'alert']);
      expect((await show(id)).stock_state, 'the row’s badge').toBe(state);
      const b = await bell();
      expect(b.count).toBe(bellCount);
      expect(b.data.some((r: any) => r.id === id), 'on the bell').toBe(state !== 'in_stock');
    };
    await expectState(made.id, 'out', before + 2);
    await ok({ product_id: made.id, quantity: 5, reason: 'opening', unit_cost: 100 });
    await expectState(made.id, 'in_stock', before + 1);
    await ok({ product_id: made.id, quantity: -3, reason: 'loss' });
    await expectState(made.id, 'low', before + 2);
    await ok({ product_id: made.id, quantity: -2, reason: 'loss' });
    await expectState(made.id, 'out', before + 2);
    await ok({ product_id: made.id, quantity: 4, reason: 'found' });
    await expectState(made.id, 'in_stock', before + 1);
    // Several lines in one post (the ledger's set-based statements): one flips out of, one into the alert.
    await ledger({ kind: 'adjustment', reason: 'found', lines: [{ productId: other.id, quantity: 3 }, { productId: made.id, quantity: -2 }] });
    await expectState(made.id, 'low', before + 1);
    await expectState(other.id, 'in_stock', before + 1);
    await ledger({ kind: 'adjustment', reason: 'loss', lines: [{ productId: other.id, quantity: -3 }, { productId: made.id, quantity: 3 }] });
    await expectState(made.id, 'in_stock', before + 1);
    await expectState(other.id, 'out', before + 1);
    expect(await rowOf(made.id), 'no stock movement wrote the product row').toEqual(rows[made.id]);
    expect(await rowOf(other.id), 'no stock movement wrote the product row').toEqual(rows[other.id]);
    await expectLedgerExplainsEveryUnit();
  });

  it('lists the movement ledger, filtered by product, kind and date range', async () => {
    const byProduct = await api.get(MOVEMENTS_API, { product_id: ids.pan });
    expect(byProduct.body.meta.total).toBe(1);
    expect(byProduct.body.data[0]).toMatchObject({ product_name: 'Steel pan', kind: 'opening', quantity: 4, user_name: 'Admin' });
    const openings = await api.get(MOVEMENTS_API, { kind: 'opening', per_page: 100 });
    expect(openings.body.data.every((m: any) => m.kind === 'opening')).toBe(true);
    // Backdated movements (the demo seed's history) fall in their own days.
    await ledger({ kind: 'adjustment', reason: 'found', lines: [{ productId: ids.pot, quantity: 1 }], at: new Date('2025-03-10T12:00:00Z') });
    await ledger({ kind: 'adjustment', reason: 'found', lines: [{ productId: ids.pot, quantity: 1 }], at: new Date('2025-03-12T23:59:00Z') });
    const march = await api.get(MOVEMENTS_API, { created_at_from: '2025-03-10', created_at_to: '2025-03-11' });
    expect(march.body.meta.total).toBe(1);
    expect((await api.get(MOVEMENTS_API, { created_at_from: '2025-03-10', created_at_to: '2025-03-12' })).body.meta.total).toBe(2);
    // Open at one end: from the 12th on holds the second of them only.
    expect((await api.get(MOVEMENTS_API, { created_at_from: '2025-03-12', kind: 'adjustment', product_id: ids.pot })).body.meta.total).toBe(1);
    expect((await api.get(MOVEMENTS_API, { product_id: ids.pot, kind: 'adjustment', dir: 'asc' })).body.data.map((m: any) => m.qty_after)).toEqual([21, 22]);
    expectFieldError(await api.get(MOVEMENTS_API, { created_at_from: '2025-02-30' }), 'created_at_from');
    expectFieldError(await api.get(MOVEMENTS_API, { created_at_from: '2025-03-12', created_at_to: '2025-03-10' }), 'created_at_to');
    // The old keys are refused by name, not ignored.
    expectFieldError(await api.get(MOVEMENTS_API, { from: '2025-03-10' }), 'from');
    expectFieldError(await api.get(MOVEMENTS_API, { kind: 'theft' }), 'kind');
    await expectLedgerExplainsEveryUnit();
  });

  it('keeps the people in the ledger: a user who moved stock cannot be deleted', async () => {
    const id = await h.createUser({ email: 'stocker@example.com', roles: ['Super Admin'] });
    const own = client(h, await h.tokenFor('stocker@example.com'));
    const res = await own.post(ADJUSTMENTS_API, { product_id: ids.pot, quantity: 1, reason: 'found' });
    expect(res.status).toBe(201);
    const del = await api.del(`${U.api}/${id}`);
    expect(del.status).toBe(409);
    expectSentence(del.body.message);
  });
});
