import fc from 'fast-check';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units as UN } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { PURCHASES_API, purchaseStatus } from '../../domain/documents/purchase.ts';
import { STOCK_COUNTS_API } from '../../domain/documents/stock-count.ts';
import { SALES_API } from '../../domain/documents/sale.ts';
import { ORDER_STOCK_OUT, ORDERS_API, SHOP_ORDERS_API, type OrderAction, type OrderStatus } from '../../domain/documents/order.ts';
import { orderLines, orders, products } from '../../server/db/schema.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * A model of stock against the real API: random sequences of adjustments in and out, purchase
 * receipts (whole and partial, serial numbers included), returns to the supplier, cancels and
 * stock counts on plain and serial-tracked products, sales (completed at once, or pending and
 * completed later) and returns of their lines (serials named), and website orders placed on the
 * public endpoint and moved along (processing takes the stock, cancelling after that brings it
 * back, shipped and delivered move nothing). The model says what each answer must be (201, or 409 when
 * there is not enough or a serial is not where it should be, or 422 for a second opening);
 * after every step each level equals the sum of its movements and the model's count, is never
 * negative, and a serial product's level equals its serials in stock.
 * Half the runs start from a count of 5 of each product, so sales go through and come back.
 * STOCK_MODEL_RUNS sets the number of runs (default 200); FC_SEED replays one.
 */

const RUNS = Number(process.env.STOCK_MODEL_RUNS ?? 200);
const SEED = Number(process.env.FC_SEED ?? 20_260_110);

let h: Harness;
let api: Client;
let unitId: number;
let supplierId: number;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  unitId = (await api.create(UN.api, { name: 'Piece', short_name: 'pcs' })).id;
  supplierId = (await api.create('/api/v1/admin/suppliers', { name: 'Model supplier' })).id;
});
afterAll(() => h?.close());

interface ProductModel {
  id: number;
  serial: boolean;
  qty: number;
  moved: boolean;
  /** Serial numbers in stock, and every one the product ever had (lower case). */
  inStock: Set<string>;
  known: Set<string>;
}
interface PurchaseModel {
  id: number;
  cancelled: boolean;
  lines: { id: number; which: number; quantity: number; received: number; returned: number }[];
}
interface SaleModel {
  id: number;
  pending: boolean;
  /** `out`: the serials sold on the line and not back from the customer (lower case). */
  lines: { id: number; which: number; quantity: number; returned: number; out: string[] }[];
}
interface OrderModel {
  id: number;
  status: OrderStatus;
  /** `out`: the serials processing took out (lower case), back when it is cancelled. */
  lines: { id: number; which: number; quantity: number; out: string[] }[];
}
interface Model {
  products: ProductModel[];
  purchases: PurchaseModel[];
  sales: SaleModel[];
  orders: OrderModel[];
  next: number;
}
interface Real {
  ids: number[];
}

const IN_REASONS = ['found', 'count_correction', 'opening'] as const;
const OUT_REASONS = ['loss', 'damage', 'count_correction'] as const;

/** What the API must answer, from the model alone. */
function expected(p: ProductModel, quantity: number, reason: string, serials: string[]): number {
  if (reason === 'opening' && p.moved) return 422;
  if (quantity < 0 && p.qty + quantity < 0) return 409;
  if (p.serial && quantity > 0 && serials.some((s) => p.inStock.has(s.toLowerCase()))) return 409;
  if (p.serial && quantity < 0 && serials.some((s) => !p.inStock.has(s.toLowerCase()))) return 409;
  return 201;
}

class Adjust implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly which: number,
    readonly size: number,
    readonly out: boolean,
    readonly reasonPick: number,
    /** For serial products: which serials to name (indexes into a pool, some new, some known). */
    readonly picks: number[],
  ) {}

  check = () => true;

  private serials(p: ProductModel, m: Model): string[] {
    if (!p.serial) return [];
    const known = [...p.known];
    const inStock = [...p.inStock];
    const out: string[] = [];
    for (const pick of this.picks.slice(0, this.size)) {
      // Mostly the right kind of serial, now and then the wrong one (the model then expects a 409).
      const wrongOne = pick % 7 === 0;
      let s: string | undefined;
      if (this.out) s = wrongOne ? (known.find((k) => !p.inStock.has(k)) ?? `never-${pick}`) : inStock[pick % Math.max(1, inStock.length)];
      else s = wrongOne && inStock.length ? inStock[pick % inStock.length] : (known.find((k) => !p.inStock.has(k) && !out.includes(k)) ?? `SN-${m.next++}`);
      if (s === undefined || out.includes(s)) s = this.out ? `missing-${m.next++}` : `SN-${m.next++}`;
      out.push(s);
    }
    return out;
  }

  async run(m: Model, r: Real): Promise<void> {
    const p = m.products[this.which]!;
    const quantity = this.out ? -this.size : this.size;
    const reason = this.out ? OUT_REASONS[this.reasonPick % 3]! : IN_REASONS[this.reasonPick % 3]!;
    const serials = this.serials(p, m);
    const want = expected(p, quantity, reason, serials);
    const res = await api.post(ADJUSTMENTS_API, { product_id: p.id, quantity, reason, ...(p.serial ? { serials } : {}) });
    expect(res.status, `${reason} ${quantity} ${JSON.stringify(serials)} on #${p.id} (model: ${p.qty} on hand): ${res.text}`).toBe(want);
    if (want === 201) {
      p.qty += quantity;
      p.moved = true;
      for (const s of serials) {
        const k = s.toLowerCase();
        if (quantity > 0) {
          p.inStock.add(k);
          p.known.add(k);
          // Found again: it no longer stands as out on the sale it left on.
          for (const sale of m.sales) for (const l of sale.lines) if (l.which === this.which) l.out = l.out.filter((x) => x !== k);
        } else p.inStock.delete(k);
      }
    } else if (want === 409) {
      expect(res.body.product?.id).toBe(p.id);
      expect(res.body.message).toContain(`#${p.id}`);
    }
    await checkInvariants(m, r);
  }

  toString = () => `${this.out ? 'out' : 'in'}(#${this.which} × ${this.size}, reason ${this.reasonPick % 3}, picks ${this.picks.join(',')})`;
}

async function checkInvariants(m: Model, r: Real): Promise<void> {
  const res = await h.db.execute(sql`
    select p.id, coalesce(l.qty, 0)::int as qty,
      coalesce((select sum(quantity) from stock_movements s where s.product_id = p.id), 0)::int as moved,
      (select count(*) from serials s where s.product_id = p.id and s.state = 'in_stock')::int as serials_in,
      exists (select 1 from low_stock ls where ls.product_id = p.id) as low, p.alert_quantity
    from products p left join stock_levels l on l.product_id = p.id
    where p.id in (${sql.join(r.ids.map((id) => sql`${id}`), sql`, `)})`);
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { id: number; qty: number; moved: number; serials_in: number; low: boolean; alert_quantity: number }[];
  for (const row of rows) {
    const p = m.products.find((x) => x.id === row.id)!;
    expect(row.qty, `#${row.id}: level vs sum of movements`).toBe(row.moved);
    expect(row.qty, `#${row.id}: level`).toBeGreaterThanOrEqual(0);
    expect(row.qty, `#${row.id}: level vs model`).toBe(p.qty);
    if (p.serial) expect(row.serials_in, `#${row.id}: serials in stock vs level`).toBe(row.qty);
    expect(row.low, `#${row.id}: low_stock row vs level`).toBe(row.qty <= row.alert_quantity);
  }
}

async function startStocked(list: ProductModel[]): Promise<void> {
  const lines = list.map((p) => (p.serial ? { product_id: p.id, counted: 5, serials: Array.from({ length: 5 }, (_, i) => `OPEN-${p.id}-${i}`) } : { product_id: p.id, counted: 5 }));
  const res = await api.post(STOCK_COUNTS_API, { lines });
  expect(res.status, res.text).toBe(201);
  for (const [i, l] of lines.entries()) {
    const p = list[i]!;
    p.qty = 5;
    p.moved = true;
    for (const s of l.serials ?? []) p.inStock.add(s.toLowerCase()), p.known.add(s.toLowerCase());
  }
}

let made = 0;
/** Fresh products for one run, straight into the table (the API's product rules are tested elsewhere). */
async function freshProducts(): Promise<ProductModel[]> {
  const kinds = [false, false, true, true];
  const rows = await h.db
    .insert(products)
    .values(kinds.map((serial) => ({ name: `Model product #${++made}`, sku: `MODEL-${made}`, unit_id: unitId, sale_price: 100, cost_price: 50, tracks_serials: serial })))
    .returning({ id: products.id, tracks_serials: products.tracks_serials });
  // The name carries the id, so a 409's message can be checked for the right product.
  await h.db
    .update(products)
    .set({ name: sql`'Model product #' || ${products.id}` })
    .where(inArray(products.id, rows.map((row) => row.id)));
  return rows.map((row) => ({ id: row.id, serial: row.tracks_serials, qty: 0, moved: false, inStock: new Set(), known: new Set() }));
}

const adjust = fc
  .record({
    which: fc.nat(3),
    size: fc.integer({ min: 1, max: 4 }),
    out: fc.boolean(),
    reason: fc.nat(2),
    picks: fc.array(fc.nat(50), { minLength: 4, maxLength: 4 }),
  })
  .map(({ which, size, out, reason, picks }) => new Adjust(which, size, out, reason, picks));

const statusOf = (p: PurchaseModel) => purchaseStatus(p.lines, p.cancelled);

/** An order for one or two products (nothing moves yet). */
class Order implements fc.AsyncCommand<Model, Real> {
  constructor(readonly items: { which: number; quantity: number }[]) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const items = this.items.filter((x, i) => this.items.findIndex((y) => y.which === x.which) === i);
    const res = await api.post(PURCHASES_API, { supplier_id: supplierId, purchased_on: '2025-07-01', lines: items.map((x) => ({ product_id: m.products[x.which]!.id, quantity: x.quantity, unit_cost: 60 })) });
    expect(res.status, res.text).toBe(201);
    m.purchases.push({ id: res.body.data.id, cancelled: false, lines: res.body.data.lines.map((l: any, i: number) => ({ id: l.id, which: items[i]!.which, quantity: l.quantity, received: 0, returned: 0 })) });
    await checkInvariants(m, r);
  }
  toString = () => `order(${this.items.map((x) => `#${x.which} × ${x.quantity}`).join(', ')})`;
}

/** Receives part of a line (serial products: new serial numbers, now and then one already in stock). */
class Receive implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly size: number, readonly wrongSerial: boolean) {}
  check = (m: Readonly<Model>) => m.purchases.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const po = m.purchases[this.pick % m.purchases.length]!;
    const line = po.lines[this.pick % po.lines.length]!;
    const p = m.products[line.which]!;
    const serials = p.serial ? Array.from({ length: this.size }, () => `SN-${m.next++}`) : [];
    if (p.serial && this.wrongSerial && p.inStock.size) serials[0] = [...p.inStock][0]!;
    const open = statusOf(po) === 'ordered' || statusOf(po) === 'partial';
    const want = !open ? 409 : this.size > line.quantity - line.received || (p.serial && serials.some((s) => p.inStock.has(s.toLowerCase()))) ? 422 : 200;
    const res = await api.post(`${PURCHASES_API}/${po.id}/receive`, { lines: [{ line_id: line.id, quantity: this.size, serials }] });
    expect(res.status, `${this} (${statusOf(po)}, ${line.received}/${line.quantity}): ${res.text}`).toBe(want);
    if (want === 200) {
      line.received += this.size;
      p.qty += this.size;
      p.moved = true;
      for (const s of serials) p.inStock.add(s.toLowerCase()), p.known.add(s.toLowerCase());
      expect(res.body.data.status).toBe(statusOf(po));
    }
    await checkInvariants(m, r);
  }
  toString = () => `receive(pick ${this.pick}, × ${this.size}${this.wrongSerial ? ', a serial in stock' : ''})`;
}

/** Returns part of a plain product's line: 409 when the goods have gone since, naming the product. */
class Return implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly size: number) {}
  check = (m: Readonly<Model>) => m.purchases.some((po) => po.lines.some((l) => !m.products[l.which]!.serial));
  async run(m: Model, r: Real): Promise<void> {
    const candidates = m.purchases.flatMap((po) => po.lines.filter((l) => !m.products[l.which]!.serial).map((l) => ({ po, line: l })));
    const { po, line } = candidates[this.pick % candidates.length]!;
    const p = m.products[line.which]!;
    const allowed = ['partial', 'received', 'cancelled'].includes(statusOf(po));
    const want = !allowed ? 409 : this.size > line.received - line.returned ? 422 : this.size > p.qty ? 409 : 200;
    const res = await api.post(`${PURCHASES_API}/${po.id}/return`, { lines: [{ line_id: line.id, quantity: this.size }] });
    expect(res.status, `${this} (${statusOf(po)}, ${line.returned}/${line.received} back, ${p.qty} on hand): ${res.text}`).toBe(want);
    if (want === 409 && allowed) expect(res.body.product?.id).toBe(p.id);
    if (want === 200) {
      line.returned += this.size;
      p.qty -= this.size;
    }
    await checkInvariants(m, r);
  }
  toString = () => `return(pick ${this.pick}, × ${this.size})`;
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.purchases.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const po = m.purchases[this.pick % m.purchases.length]!;
    const want = statusOf(po) === 'ordered' || statusOf(po) === 'partial' ? 200 : 409;
    const res = await api.post(`${PURCHASES_API}/${po.id}/cancel`, {});
    expect(res.status, res.text).toBe(want);
    if (want === 200) po.cancelled = true;
    await checkInvariants(m, r);
  }
  toString = () => `cancel(pick ${this.pick})`;
}

/** Counts every product: plain ones at a random quantity, serial ones by their serials less one found missing, plus one new. */
class Count implements fc.AsyncCommand<Model, Real> {
  constructor(readonly counts: number[], readonly loseOne: boolean) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const lines = m.products.map((p, i) => {
      if (!p.serial) return { product_id: p.id, counted: this.counts[i]! };
      const found = [...p.inStock].slice(this.loseOne ? 1 : 0);
      found.push(`SN-${m.next++}`);
      return { product_id: p.id, counted: found.length, serials: found };
    });
    const res = await api.post(STOCK_COUNTS_API, { lines });
    expect(res.status, res.text).toBe(201);
    for (const [i, l] of lines.entries()) {
      const p = m.products[i]!;
      if (l.counted !== p.qty || l.serials) p.moved = true;
      p.qty = l.counted;
      if (l.serials) {
        p.inStock = new Set(l.serials.map((s) => s.toLowerCase()));
        for (const s of p.inStock) p.known.add(s);
      }
    }
    await checkInvariants(m, r);
  }
  toString = () => `count(${this.counts.join(',')}${this.loseOne ? ', one serial missing' : ''})`;
}

/**
 * A sale of one or two products: completed (stock out now; serial products by serials in
 * stock) or pending (nothing moves; serial-tracked products name their serials on completing).
 * Selling more than is on hand is a 409 naming the product, and nothing moves.
 */
class Sell implements fc.AsyncCommand<Model, Real> {
  constructor(readonly items: { which: number; quantity: number }[], readonly pending: boolean, readonly over: boolean) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const items = this.items
      .filter((x, i) => this.items.findIndex((y) => y.which === x.which) === i)
      // Mostly what is on hand (so sales go through and can come back), now and then more.
      .map((x) => (this.over ? x : { ...x, quantity: Math.min(x.quantity, m.products[x.which]!.qty) }))
      .map((x) => {
        const p = m.products[x.which]!;
        // A serial product sells the serials in stock (as many as there are, at most the quantity).
        return p.serial && !this.pending ? { ...x, quantity: Math.min(x.quantity, p.inStock.size), serials: [...p.inStock].slice(0, x.quantity) } : { ...x, serials: undefined };
      })
      .filter((x) => x.quantity > 0);
    if (!items.length) return;
    const short = items.find((x) => x.quantity > m.products[x.which]!.qty);
    const want = !this.pending && short ? 409 : 201;
    const res = await api.post(SALES_API, {
      sold_on: '2025-08-01',
      status: this.pending ? 'pending' : 'completed',
      lines: items.map((x) => ({ product_id: m.products[x.which]!.id, quantity: x.quantity, ...(x.serials ? { serials: x.serials } : {}) })),
    });
    expect(res.status, `${this} (on hand ${items.map((x) => m.products[x.which]!.qty).join(', ')}): ${res.text}`).toBe(want);
    if (want === 409) expect(res.body.message).toContain(`#${m.products[short!.which]!.id}`);
    if (want === 201) {
      m.sales.push({ id: res.body.data.id, pending: this.pending, lines: res.body.data.lines.map((l: any, i: number) => ({ id: l.id, which: items[i]!.which, quantity: l.quantity, returned: 0, out: items[i]!.serials ?? [] })) });
      if (!this.pending) for (const x of items) take(m.products[x.which]!, x.quantity, x.serials);
    }
    await checkInvariants(m, r);
  }
  toString = () => `sell${this.pending ? ' pending' : ''}${this.over ? ' over' : ''}(${this.items.map((x) => `#${x.which} × ${x.quantity}`).join(', ')})`;
}

function take(p: ProductModel, quantity: number, serials: readonly string[] | undefined): void {
  p.qty -= quantity;
  p.moved = true;
  for (const s of serials ?? []) p.inStock.delete(s);
}

/**
 * The serials a complete or a process names for serial-tracked lines (those in stock, at most
 * one per unit), and what the server must answer: 422 when a line cannot name one per unit,
 * else 409 when a line is short, else 200.
 */
function nameSerials(m: Model, lines: readonly { id: number; which: number; quantity: number }[]) {
  const named = lines.flatMap((l) => (m.products[l.which]!.serial ? [{ line_id: l.id, serials: [...m.products[l.which]!.inStock].slice(0, l.quantity) }] : []));
  const few = lines.some((l) => m.products[l.which]!.serial && m.products[l.which]!.inStock.size < l.quantity);
  const short = lines.some((l) => l.quantity > m.products[l.which]!.qty);
  return { named, want: few ? 422 : short ? 409 : 200, serialsOf: (id: number) => named.find((n) => n.line_id === id)?.serials ?? [] };
}

/** Completes a pending sale: its stock goes out now, serial-tracked lines by serials in stock (409 when there is not enough), or 409 when it was completed already. */
class Complete implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.sales.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const sale = m.sales[this.pick % m.sales.length]!;
    const { named, want: naming, serialsOf } = nameSerials(m, sale.lines);
    const want = !sale.pending ? 409 : naming;
    const res = await api.post(`${SALES_API}/${sale.id}/complete`, { lines: named });
    expect(res.status, `${this} (${sale.pending ? 'pending' : 'completed'}): ${res.text}`).toBe(want);
    if (want === 200) {
      sale.pending = false;
      for (const l of sale.lines) {
        l.out = serialsOf(l.id);
        take(m.products[l.which]!, l.quantity, l.out);
      }
    }
    await checkInvariants(m, r);
  }
  toString = () => `complete(pick ${this.pick})`;
}

/**
 * Returns part of a sale's line: 409 while pending, 422 for more than sold less returned or a
 * serial that did not leave on it (or is back in stock since, found by an adjustment); else the
 * units and serials are in stock again.
 */
class SaleReturn implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly want: number, readonly wrongSerial: boolean, readonly anyLine: boolean) {}
  check = (m: Readonly<Model>) => m.sales.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    // Mostly a line of a completed sale with something left to come back, and no more than that; now and then any line, any size.
    const open = m.sales.flatMap((sale) => (sale.pending ? [] : sale.lines.filter((l) => l.returned < l.quantity).map((line) => ({ sale, line }))));
    const all = m.sales.flatMap((sale) => sale.lines.map((line) => ({ sale, line })));
    const pool = this.anyLine || !open.length ? all : open;
    const { sale, line } = pool[this.pick % pool.length]!;
    const size = this.anyLine ? this.want : Math.max(1, Math.min(this.want, line.quantity - line.returned));
    const p = m.products[line.which]!;
    const serials = p.serial ? line.out.slice(0, size) : [];
    if (p.serial && this.wrongSerial) serials[0] = `never-${m.next++}`;
    const badSerial = p.serial && (serials.length !== size || serials.some((s) => p.inStock.has(s) || !line.out.includes(s)));
    const want = sale.pending ? 409 : size > line.quantity - line.returned || badSerial ? 422 : 201;
    const res = await api.post(`${SALES_API}/${sale.id}/returns`, { returned_on: '2025-08-02', lines: [{ line_id: line.id, quantity: size, serials }] });
    expect(res.status, `${this} (${line.returned}/${line.quantity} back, out ${line.out.join(',')}): ${res.text}`).toBe(want);
    if (want === 201) {
      line.returned += size;
      p.qty += size;
      p.moved = true;
      for (const s of serials) p.inStock.add(s), p.known.add(s);
      line.out = line.out.filter((s) => !serials.includes(s));
      expect(res.body.data.lines.find((l: any) => l.id === line.id).returned).toBe(line.returned);
    }
    await checkInvariants(m, r);
  }
  toString = () => `saleReturn(pick ${this.pick}, × ${this.want}${this.anyLine ? ', any line' : ''}${this.wrongSerial ? ', a serial not sold' : ''})`;
}

let placed = 0;
/**
 * The public website orders one or two products (serial-tracked ones too: their serials are
 * named at processing): 409 naming the product when there is not enough now, else a
 * pending order and nothing moves. Each from an address of its own (the endpoint throttles per address).
 */
class WebOrder implements fc.AsyncCommand<Model, Real> {
  constructor(readonly items: { which: number; quantity: number }[], readonly over: boolean) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const items = this.items
      .filter((x, i) => this.items.findIndex((y) => y.which === x.which) === i)
      .map((x) => (this.over ? x : { ...x, quantity: Math.min(x.quantity, m.products[x.which]!.qty) }))
      .filter((x) => x.quantity > 0);
    if (!items.length) return;
    const short = items.find((x) => x.quantity > m.products[x.which]!.qty);
    const want = short ? 409 : 201;
    const n = ++placed;
    const res = await h.request('POST', SHOP_ORDERS_API, {
      xsrf: false,
      address: `10.${(n >> 8) & 255}.${n & 255}.7`,
      body: {
        customer: { name: 'Model Shopper', email: 'model.shopper@example.net' },
        shipping: { name: 'Model Shopper', address: '1 Model Row', city: 'Leeds', country: 'United Kingdom' },
        lines: items.map((x) => ({ product_id: m.products[x.which]!.id, quantity: x.quantity })),
      },
    });
    expect(res.status, `${this} (on hand ${items.map((x) => m.products[x.which]!.qty).join(', ')}): ${res.text}`).toBe(want);
    if (want === 409) expect(res.body.product?.id).toBe(m.products[short!.which]!.id);
    if (want === 201) {
      // The website's answer names the order by its reference only.
      const [row] = await h.db.select({ id: orders.id }).from(orders).where(eq(orders.reference, res.body.data.reference));
      const lines = await h.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.order_id, row!.id)).orderBy(asc(orderLines.id));
      m.orders.push({ id: row!.id, status: 'pending', lines: items.map(({ which, quantity }, i) => ({ id: lines[i]!.id, which, quantity, out: [] })) });
    }
    await checkInvariants(m, r);
  }
  toString = () => `webOrder${this.over ? ' over' : ''}(${this.items.map((x) => `#${x.which} × ${x.quantity}`).join(', ')})`;
}

/** What each step does to an order: where it may start, where it ends, and the stock it moves (−1 out, +1 back, 0 none). */
const ORDER_STEPS: Record<Exclude<OrderAction, 'pay'>, { from: OrderStatus[]; to: OrderStatus; stock: (from: OrderStatus) => -1 | 0 | 1 }> = {
  process: { from: ['pending'], to: 'processing', stock: () => -1 },
  ship: { from: ['processing'], to: 'shipped', stock: () => 0 },
  deliver: { from: ['shipped'], to: 'delivered', stock: () => 0 },
  cancel: { from: ['pending', 'processing'], to: 'cancelled', stock: (from) => (ORDER_STOCK_OUT.includes(from) ? 1 : 0) },
};

const NEXT_STEP: Partial<Record<OrderStatus, keyof typeof ORDER_STEPS>> = { pending: 'process', processing: 'ship', shipped: 'deliver' };

/**
 * Moves an order along: 409 from a status the step does not start from, or (processing) when a
 * product is short now, naming it; else its stock leaves at processing and comes back when it is
 * cancelled after that.
 */
class OrderStep implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly named: keyof typeof ORDER_STEPS | 'next', readonly anyOrder: boolean) {}
  check = (m: Readonly<Model>) => m.orders.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    // 'next': an open order's next step on the way to delivered (so orders get all the way along).
    const ahead = m.orders.filter((o) => NEXT_STEP[o.status]);
    const step = this.named === 'next' ? (ahead.length ? NEXT_STEP[ahead[this.pick % ahead.length]!.status]! : 'deliver') : this.named;
    const def = ORDER_STEPS[step];
    // Mostly an order the step starts from, now and then any (the server refuses it).
    const open = this.named === 'next' ? ahead : m.orders.filter((o) => def.from.includes(o.status));
    const pool = this.anyOrder || !open.length ? m.orders : open;
    const order = pool[this.pick % pool.length]!;
    const can = def.from.includes(order.status);
    const move = can ? def.stock(order.status) : 0;
    const short = move < 0 ? order.lines.find((l) => l.quantity > m.products[l.which]!.qty) : undefined;
    // Processing names the serials of serial-tracked lines, as a pending sale's complete.
    const naming = nameSerials(m, order.lines);
    const want = !can ? 409 : move < 0 ? naming.want : 200;
    const res = await api.post(`${ORDERS_API}/${order.id}/${step}`, step === 'process' ? { lines: naming.named } : {});
    expect(res.status, `${this} (${order.status}, on hand ${order.lines.map((l) => m.products[l.which]!.qty).join(', ')}): ${res.text}`).toBe(want);
    if (want === 409 && short) expect(res.body.product?.id).toBe(m.products[short.which]!.id);
    if (want === 200) {
      for (const l of order.lines) {
        const p = m.products[l.which]!;
        p.qty += move * l.quantity;
        if (move) p.moved = true;
        // Out with the serials named; back with the same ones on a cancel.
        if (move < 0) l.out = naming.serialsOf(l.id);
        for (const sn of l.out) if (move < 0) p.inStock.delete(sn);
        else if (move > 0) p.inStock.add(sn);
      }
      order.status = def.to;
      expect(res.body.data.status).toBe(def.to);
    }
    await checkInvariants(m, r);
  }
  toString = () => `${this.named}Order(pick ${this.pick}${this.anyOrder ? ', any order' : ''})`;
}

const command = fc.oneof(
  { weight: 4, arbitrary: adjust },
  { weight: 2, arbitrary: fc.array(fc.record({ which: fc.nat(3), quantity: fc.integer({ min: 1, max: 5 }) }), { minLength: 1, maxLength: 2 }).map((items) => new Order(items)) },
  { weight: 3, arbitrary: fc.tuple(fc.nat(20), fc.integer({ min: 1, max: 3 }), fc.boolean()).map(([pick, size, wrong]) => new Receive(pick, size, wrong)) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(20), fc.integer({ min: 1, max: 3 })).map(([pick, size]) => new Return(pick, size)) },
  { weight: 1, arbitrary: fc.nat(20).map((pick) => new Cancel(pick)) },
  { weight: 1, arbitrary: fc.tuple(fc.array(fc.nat(6), { minLength: 4, maxLength: 4 }), fc.boolean()).map(([counts, lose]) => new Count(counts, lose)) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.array(fc.record({ which: fc.nat(3), quantity: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 2 }), fc.boolean(), fc.nat(3))
      .map(([items, pending, over]) => new Sell(items, pending, over === 0)),
  },
  { weight: 2, arbitrary: fc.nat(20).map((pick) => new Complete(pick)) },
  { weight: 3, arbitrary: fc.tuple(fc.nat(20), fc.integer({ min: 1, max: 3 }), fc.nat(4), fc.nat(4)).map(([pick, size, wrong, any]) => new SaleReturn(pick, size, wrong === 0, any === 0)) },
  {
    weight: 3,
    // Mostly the plain products (0 and 1), now and then a serial-tracked one too.
    arbitrary: fc
      .tuple(fc.array(fc.record({ which: fc.nat(1), quantity: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 2 }), fc.nat(4), fc.nat(4))
      .map(([items, over, serial]) => new WebOrder(serial === 0 ? [...items, { which: 2 + (over % 2), quantity: 1 }] : items, over === 0)),
  },
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.nat(20), fc.constantFrom(...(Object.keys(ORDER_STEPS) as (keyof typeof ORDER_STEPS)[]), 'next', 'next', 'next', 'next'), fc.nat(3))
      .map(([pick, step, any]) => new OrderStep(pick, step, any === 0)),
  },
);

describe('stock model', () => {
  it(`keeps every level equal to its movements (and serials), never negative, over ${RUNS} random runs`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.commands([command], { maxCommands: 16, size: 'medium' }), async (stocked, cmds) => {
        const list = await freshProducts();
        // Half the runs start with stock (one count: 5 of each, by serials where tracked), so sales go through and come back.
        if (stocked) await startStocked(list);
        await fc.asyncModelRun(() => ({ model: { products: list, purchases: [], sales: [], orders: [], next: 1 }, real: { ids: list.map((p) => p.id) } }), cmds);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The runs did what they are for: sales completed at once and later, goods (serials too) back,
    // orders processed, shipped, delivered and cancelled after their stock left.
    const res = await h.db.execute(sql`select
      (select count(*) from document_history where doc_type = 'order' and action = 'process')::int as processed,
      (select count(*) from document_history where doc_type = 'order' and action = 'ship')::int as shipped,
      (select count(*) from document_history where doc_type = 'order' and action = 'deliver')::int as delivered,
      (select count(*) from stock_movements where source_type = 'order' and quantity > 0)::int as back_from_cancelled_orders,
      (select count(*) from sales where status = 'completed')::int as completed,
      (select count(*) from document_history where doc_type = 'sale' and action = 'complete')::int as completed_later,
      (select count(*) from sale_returns)::int as returns,
      (select count(*) from stock_movements m join stock_movement_serials ms on ms.movement_id = m.id where m.kind = 'sale_return')::int as serials_back`);
    const done = ((Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Record<string, number>[])[0]!;
    for (const [what, count] of Object.entries(done)) expect(count, what).toBeGreaterThan(0);
  }, 600_000);
});
