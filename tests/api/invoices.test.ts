import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_NOTES_API, INVOICES_API } from '../../domain/documents/invoice.ts';
import { SALES_API, saleCreateBody, saleTotalsInput } from '../../domain/documents/sale.ts';
import { computeTotals } from '../../domain/documents/totals.ts';
import { formatAmount } from '../../domain/format.ts';
import { customers as C, posSetting, products as P, units as UN, websiteSetting } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { IMAGE_UPLOAD_API } from '../../domain/stock/image.ts';
import { invoices, roles, rolePermissions, permissions } from '../../server/db/schema.ts';
import { issueCreditNote } from '../../server/documents/invoices.ts';
import { postSale } from '../../server/documents/sales.ts';
import { client, expectFieldError, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';
import { picture } from './support/images.ts';

/**
 * Invoices and credit notes: issued when a sale completes (posted completed or completed later),
 * frozen (the database refuses UPDATE and DELETE), numbered gapless per prefix with an optional
 * yearly restart, readable by who sees sales or orders, and printed to an A4 PDF whose text a
 * parser reads back (pages, number, totals, tax lines).
 */

let h: Harness;
let api: Client;
let unitId: number;
let customerId: number;

const POS = { payment_methods: ['cash', 'card'], invoice_prefix: 'INV-' };

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  customerId = (await api.create(C.api, { name: 'Carla Customer', address: '1 High Street', tax_number: 'GB-123' })).id;
  expect((await api.put(posSetting.api, POS)).status).toBe(200);
  const web = await api.put(websiteSetting.api, { shop_name: 'Northwind Home', address: '120 Market Street', tax_number: 'US-91-4430217', currency: 'EUR' });
  expect(web.status, web.text).toBe(200);
}, 60_000);
afterAll(() => h?.close());

let n = 0;
async function product(fields: Record<string, unknown> = {}, stock = 100): Promise<any> {
  n++;
  const p = await api.create(P.api, { name: `Ware ${n}`, sku: `WA-${n}`, unit_id: unitId, sale_price: 2000, cost_price: 1000, ...fields });
  expect((await api.post(ADJUSTMENTS_API, { product_id: p.id, quantity: stock, reason: 'opening', unit_cost: 700 })).status).toBe(201);
  return p;
}
const sold = async (body: Record<string, unknown>) => {
  const res = await api.post(SALES_API, { sold_on: '2026-03-01', customer_id: customerId, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
};
/** The database's refusal, under the driver's wrapping. */
const refused = async (p: Promise<unknown>) => {
  const e = await p.then(() => undefined, (err: { cause?: { message?: string }; message: string }) => err.cause?.message ?? err.message);
  expect(e).toMatch(/never edited or deleted once issued/);
};
const pdfOf = async (path: string, token?: string) => {
  const res = await h.app.request(path, { headers: { authorization: `Bearer ${token ?? (await h.tokenFor('admin@example.com'))}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe('issuing', () => {
  it('a sale posted completed has its invoice: a number of its own series, the frozen shop, customer, lines, tax per rate and totals', async () => {
    const a = await product({ tax_bps: 2000 });
    const b = await product({ tax_bps: 500, sale_price: 1250 });
    const s = await sold({ lines: [{ product_id: a.id, quantity: 2 }, { product_id: b.id, quantity: 3 }], payments: [{ method: 'card', amount: 1000 }] });
    expect(s.invoice).toMatchObject({ id: expect.any(Number), number: expect.stringMatching(/^INV-\d{6}$/) });
    const inv = (await api.get(`${INVOICES_API}/${s.invoice.id}`)).body.data;
    expect(inv).toMatchObject({ kind: 'invoice', number: s.invoice.number, shop: { name: 'Northwind Home', tax_number: 'US-91-4430217', currency: 'EUR' }, customer: { name: 'Carla Customer', tax_number: 'GB-123' } });
    expect(inv.sale).toMatchObject({ id: s.id, reference: s.reference });
    const t = computeTotals(saleTotalsInput(s, s.lines));
    expect(inv.taxes).toEqual(t.taxes);
    expect(inv.taxes.map((x: any) => x.rate)).toEqual([500, 2000]);
    expect(inv.grand_total).toBe(t.grandTotal);
    expect(inv.lines.map((l: any) => [l.name, l.quantity, l.total])).toEqual([[a.name, 2, t.lines[0]!.total], [b.name, 3, t.lines[1]!.total]]);
    // Payments and balance due are the sale's, read live.
    expect([inv.paid, inv.due]).toEqual([1000, t.grandTotal - 1000]);
    await api.post(`${SALES_API}/${s.id}/payments`, { paid_on: '2026-03-02', amount: 500, method: 'cash' });
    const later = (await api.get(`${INVOICES_API}/${s.invoice.id}`)).body.data;
    expect([later.paid, later.due, later.payments.length]).toEqual([1500, t.grandTotal - 1500, 2]);
  });

  it('a pending sale has none until it completes, then one; a failed completion takes no number', async () => {
    const a = await product({}, 1);
    const p = await sold({ status: 'pending', lines: [{ product_id: a.id, quantity: 1 }] });
    expect(p.invoice).toBeNull();
    const q = await sold({ status: 'pending', lines: [{ product_id: a.id, quantity: 1 }] });
    const done = await api.post(`${SALES_API}/${p.id}/complete`, {});
    expect(done.status, done.text).toBe(200);
    expect(done.body.data.invoice.number).toMatch(/^INV-\d{6}$/);
    // The last unit is gone: the second completion is refused and its invoice number not spent.
    expect((await api.post(`${SALES_API}/${q.id}/complete`, {})).status).toBe(409);
    const next = await sold({ lines: [{ product_id: (await product()).id, quantity: 1 }] });
    const seq = (x: string) => Number(x.slice(-6));
    expect(seq(next.invoice.number)).toBe(seq(done.body.data.invoice.number) + 1);
  });
});

describe('frozen', () => {
  it('the database refuses to update or delete an issued invoice or credit note', async () => {
    const s = await sold({ lines: [{ product_id: (await product()).id, quantity: 1 }] });
    await refused(h.db.update(invoices).set({ grand_total: 1 }).where(eq(invoices.id, s.invoice.id)));
    await refused(h.db.delete(invoices).where(eq(invoices.id, s.invoice.id)));
    expect((await api.get(`${INVOICES_API}/${s.invoice.id}`)).body.data.grand_total).toBe(s.grand_total);
  });
});

describe('credit notes', () => {
  it('a return of an invoiced sale issues one in its own series (CN-), worth what the return is, naming the invoice; frozen too', async () => {
    const a = await product({ tax_bps: 2000 });
    const s = await sold({ lines: [{ product_id: a.id, quantity: 4 }], payments: [{ method: 'card', amount: 9600 }] });
    const res = await api.post(`${SALES_API}/${s.id}/returns`, { returned_on: '2026-03-05', lines: [{ line_id: s.lines[0].id, quantity: 1 }], refunds: [{ method: 'card', amount: 2400 }] });
    expect(res.status, res.text).toBe(201);
    const [cn] = res.body.data.credit_notes;
    expect(cn).toMatchObject({ number: expect.stringMatching(/^CN-\d{6}$/), return_id: res.body.data.returns[0].id });
    const shown = (await api.get(`${CREDIT_NOTES_API}/${cn.id}`)).body.data;
    expect(shown).toMatchObject({ kind: 'creditNote', invoice: { id: s.invoice.id, number: s.invoice.number }, grand_total: res.body.data.returns[0].grand_total, taxes: [{ rate: 2000, base: 2000, tax: 400 }] });
    expect(shown.lines).toMatchObject([{ name: a.name, quantity: 1, total: 2400 }]);
    await refused(h.db.execute(sql`delete from credit_notes where id = ${cn.id}`));
    await refused(h.db.execute(sql`update credit_notes set grand_total = 0 where id = ${cn.id}`));
    // The invoice's balance is the sale's, returns and refunds counted.
    expect((await api.get(`${INVOICES_API}/${s.invoice.id}`)).body.data.due).toBe(0);
  });

  it('only what was invoiced can be credited', async () => {
    const s = await sold({ lines: [{ product_id: (await product()).id, quantity: 1 }] });
    const other = await product();
    const totals = computeTotals({ lines: [], pricesIncludeTax: false, rounding: 'line', discount: 0, taxRate: 0, shipping: 0 });
    const line = { product_id: other.id, quantity: 1, unit_price: 1, discount: 0, tax_bps: 0, net: 1, tax: 0, total: 1 };
    await expect(h.db.transaction((tx) => issueCreditNote(tx, { saleId: s.id, lines: [line], totals }, { userId: null }))).rejects.toMatchObject({
      status: 422,
      errors: { 'lines.0.product_id': [expect.stringContaining(s.invoice.number)] },
    });
  });
});

describe('numbering', () => {
  it('is gapless per prefix, restarts each year when the setting says so, and refuses the sale prefix', async () => {
    const p = await product();
    const line = { lines: [{ product_id: p.id, quantity: 1 }] };
    expectFieldError(await api.put(posSetting.api, { ...POS, invoice_prefix: 'SL-' }), 'invoice_prefix', /Other documents are numbered/);
    expect((await api.put(posSetting.api, { ...POS, invoice_prefix: 'FAC-' })).status).toBe(200);
    const f1 = await sold(line);
    const f2 = await sold(line);
    expect([f1.invoice.number, f2.invoice.number]).toEqual(['FAC-000001', 'FAC-000002']);
    expect((await api.put(posSetting.api, { ...POS, invoice_prefix: 'FAC-', invoice_yearly_restart: true })).status).toBe(200);
    // The year is the issue day's: sales posted on the last day of a year and the first of the next.
    const on = async (day: string) => {
      const body = saleCreateBody.parse({ sold_on: day, ...line });
      const { id } = await h.db.transaction((tx) => postSale(tx, body, { userId: null, at: new Date(`${day}T12:00:00Z`) }));
      return (await api.get(`${SALES_API}/${id}`)).body.data.invoice.number;
    };
    expect([await on('2026-12-31'), await on('2026-12-31'), await on('2027-01-02'), await on('2027-01-03')]).toEqual(['FAC-2026-000001', 'FAC-2026-000002', 'FAC-2027-000001', 'FAC-2027-000002']);
    expect((await api.put(posSetting.api, POS)).status).toBe(200);
  });
});

describe('rights', () => {
  it('who sees sales or orders reads invoices; others get a 403; an unknown id a 404', async () => {
    const s = await sold({ lines: [{ product_id: (await product()).id, quantity: 1 }] });
    const permIds = new Map((await h.db.select().from(permissions)).map((p) => [p.name, p.id]));
    for (const [role, perm] of [['Orders only', 'order list'], ['Stock only', 'stock']] as const) {
      const [r] = await h.db.insert(roles).values({ name: role }).returning();
      await h.db.insert(rolePermissions).values({ role_id: r!.id, permission_id: permIds.get(perm)! });
      await h.createUser({ email: `${perm.replace(' ', '-')}@example.com`, roles: [role] });
    }
    const orders = client(h, await h.tokenFor('order-list@example.com'));
    const stock = client(h, await h.tokenFor('stock@example.com'));
    expect((await orders.get(`${INVOICES_API}/${s.invoice.id}`)).status).toBe(200);
    expect((await client(h, await h.tokenFor('cashier@example.com')).get(`${INVOICES_API}/${s.invoice.id}`)).status).toBe(200);
    expect((await stock.get(`${INVOICES_API}/${s.invoice.id}`)).status).toBe(403);
    expect((await pdfOf(`${INVOICES_API}/${s.invoice.id}/pdf`, await h.tokenFor('stock@example.com'))).status).toBe(403);
    const gone = await api.get(`${INVOICES_API}/999999`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatch(/invoice does not exist/);
  });
});

describe('the PDF', () => {
  it('a 60-line invoice prints on several A4 pages, each numbered, with its number, totals and tax lines as text', async () => {
    const a = await product({ tax_bps: 2000, sale_price: 1999 }, 1000);
    const b = await product({ tax_bps: 500, sale_price: 350 }, 1000);
    const lines = Array.from({ length: 60 }, (_, i) => ({ product_id: i % 2 ? b.id : a.id, quantity: 1 + (i % 3) }));
    const s = await sold({ lines, shipping: 1500 });
    const inv = (await api.get(`${INVOICES_API}/${s.invoice.id}`)).body.data;
    const pdf = await pdfOf(`${INVOICES_API}/${s.invoice.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const doc = await getDocumentProxy(pdf.bytes);
    const { totalPages, text } = await extractText(doc, { mergePages: false });
    expect(totalPages).toBe(2);
    const [first, last] = [text[0]!, text[totalPages - 1]!];
    const eur = (v: number) => formatAmount(v, { currency: 'EUR', locale: 'en-US' });
    text.forEach((page, i) => {
      expect(page).toContain(inv.number);
      expect(page).toContain(`Page ${i + 1} of ${totalPages}`);
      expect(page).toContain('Unit price'); // the column headers on every page
    });
    expect(first).toContain('Northwind Home');
    expect(first).toContain('US-91-4430217');
    expect(first).toContain('Carla Customer');
    for (const t of inv.taxes) expect(last).toContain(`Tax ${t.rate / 100}% on ${eur(t.base)}`);
    for (const t of inv.taxes) expect(last).toContain(eur(t.tax));
    expect(last).toContain(eur(inv.grand_total));
    expect(last).toContain('Balance due');
    // Every line is there, whole, on one page: its number and its amount.
    const all = text.join('\n');
    expect(all).toContain(`${a.name} (${a.sku})`);
    for (let i = 1; i <= 60; i++) expect(all).toMatch(new RegExp(`(^|\\s)${i}\\s`));
  }, 30_000);

  it('a credit note prints too, naming the invoice it corrects', async () => {
    const a = await product();
    const s = await sold({ lines: [{ product_id: a.id, quantity: 2 }] });
    const ret = await api.post(`${SALES_API}/${s.id}/returns`, { returned_on: '2026-03-05', lines: [{ line_id: s.lines[0].id, quantity: 1 }] });
    expect(ret.status, ret.text).toBe(201);
    const pdf = await pdfOf(`${CREDIT_NOTES_API}/${ret.body.data.credit_notes[0].id}/pdf`);
    const { text } = await extractText(await getDocumentProxy(pdf.bytes), { mergePages: true });
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Corrects invoice: ${s.invoice.number}`);
  });

  it('draws the shop’s logo when it is an image uploaded here (a WebP too), and goes without one from elsewhere', async () => {
    const up = await h.request('POST', IMAGE_UPLOAD_API, { token: await h.tokenFor('admin@example.com'), body: await picture('webp', { width: 400, height: 120 }), headers: { 'content-type': 'image/webp' } });
    expect(up.status, up.text).toBe(201);
    const web = { shop_name: 'Northwind Home', address: '120 Market Street', tax_number: 'US-91-4430217', currency: 'EUR' };
    const hasImage = async (logo: string) => {
      expect((await api.put(websiteSetting.api, { ...web, logo })).status).toBe(200);
      const s = await sold({ lines: [{ product_id: (await product()).id, quantity: 1 }] });
      const pdf = await pdfOf(`${INVOICES_API}/${s.invoice.id}/pdf`);
      expect(pdf.status).toBe(200);
      return Buffer.from(pdf.bytes).includes('/Subtype /Image');
    };
    expect(await hasImage(up.body.data.url)).toBe(true);
    expect(await hasImage('https://cdn.example.com/logo.png')).toBe(false);
    expect((await api.put(websiteSetting.api, web)).status).toBe(200);
  });
});
