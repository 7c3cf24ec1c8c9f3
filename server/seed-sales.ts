import { asc, inArray } from 'drizzle-orm';
import { LINES_MAX } from '../domain/documents/lines.ts';
import type { SaleCreateBody } from '../domain/documents/sale.ts';
import type { Db, Tx } from './db/index.ts';
import { customers, products, settings, suppliers } from './db/schema.ts';
import { createPurchase, receivePurchase, showPurchase } from './documents/purchases.ts';
import { completeSale, paySale, postSale, saleTotal, showSale } from './documents/sales.ts';
import { seedDemoQuotations } from './seed-quotations.ts';
import { generator } from './seeded-random.ts';
import { DEMO_SUPPLIERS } from './seed-demo.ts';
import { demoProducts } from './seed-stock.ts';

/**
 * The demo shop's selling (issue 34): a year of sales ending today, so the dashboard has a real
 * year to show. Each sale is posted by postSale, the one service the back office and the till
 * post through, so prices, the customer category's discount, totals, stock out through the
 * ledger (serial-tracked goods sold by serial) and payments are what the API would make. The
 * goods they sell come first, in deliveries received a year ago (purchases, through the same
 * code as the API) of exactly what the year's completed sales take, so every product ends where
 * the stock and purchase seeds leave it and every level still equals its ledger.
 *
 * One function, seedDemoSelling, seeds everything sold: returns, quotations, website orders and
 * invoices join it there (each after the sales they work on), under the one marker.
 */
export const DEMO_SALES_MARKER = 'demo.sales';
export const DEMO_SALE_DAYS = 365;
/**
 * Sales a day (Saturdays more, Sundays fewer). Each goes through postSale, about 11 ms on PGlite
 * (the whole service: lock, number, ledger, serials, payments, history), so the year is sized
 * for a fast start: 1 to 5 a day is ~1,100 sales. 8 to 20 a day took 52 s.
 */
const PER_DAY = { min: 1, max: 5 } as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;

export async function seedDemoSelling(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marker = await tx
      .insert(settings)
      .values({ key: DEMO_SALES_MARKER, value: { seeded_at: now.toISOString() } })
      .onConflictDoNothing({ target: settings.key })
      .returning({ key: settings.key });
    if (!marker[0]) return false;
    await seedSales(tx, now);
    await seedDemoQuotations(tx, now);
    return true;
  });
}

type Good = { id: number; sku: string; tracks_serials: boolean; tax_method: string };
interface Planned {
  at: Date;
  body: SaleCreateBody;
  /** Pay later: a share of what is due, some days on (back-office sales on account). */
  later?: { share: number; days: number };
  /** Pending sales completed some days on (stock leaves then). */
  completeAfter?: number;
}

/** The year's sales, drawn from the generator: which goods, to whom, on which channel, how paid. */
function plan(now: Date, goods: readonly Good[], customerIds: readonly number[]): Planned[] {
  const rnd = generator(34_000);
  // One tax method a sale: goods priced with tax included are sold apart from the others.
  const groups = [...new Set(goods.map((g) => g.tax_method))].map((m) => goods.filter((g) => g.tax_method === m));
  const out: Planned[] = [];
  for (let daysAgo = DEMO_SALE_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const day = new Date(now.getTime() - daysAgo * DAY);
    const sold_on = day.toISOString().slice(0, 10);
    const busy = day.getUTCDay() === 6 ? 1.4 : day.getUTCDay() === 0 ? 0.7 : 1;
    const count = Math.max(1, Math.round(rnd.int(PER_DAY.min, PER_DAY.max) * busy));
    for (let n = 0; n < count; n++) {
      const at = new Date(Date.parse(`${sold_on}T09:00:00Z`) + Math.floor(((n + rnd.next()) / count) * 9 * HOUR));
      const pos = rnd.next() < 0.6;
      const group = rnd.pick(groups);
      const picked = new Map<number, Good>();
      for (let k = pos ? rnd.int(1, 3) : rnd.int(1, 5); k > 0; k--) {
        const g = rnd.pick(group);
        picked.set(g.id, g);
      }
      // A few sales stay pending (an order put aside): none of serial-tracked goods, which are sold by serial.
      const pending = !pos && rnd.next() < (daysAgo <= 20 ? 0.3 : 0.04) && [...picked.values()].every((g) => !g.tracks_serials);
      const lines = [...picked.values()].map((g) => ({ product_id: g.id, quantity: g.tracks_serials ? 1 : rnd.int(1, pos ? 3 : 6), discount: 0 }));
      const body: SaleCreateBody = {
        customer_id: pos && rnd.next() < 0.7 ? null : rnd.pick(customerIds),
        sold_on,
        channel: pos ? 'pos' : 'backoffice',
        status: pending ? 'pending' : 'completed',
        lines,
        discount: !pos && rnd.next() < 0.1 ? 500 : 0,
        tax_bps: 0,
        shipping: !pos && rnd.next() < 0.2 ? 1_500 : 0,
        payments: [],
        note: null,
      };
      const roll = rnd.next();
      const p: Planned = { at, body };
      if (pending) {
        // Pending sales of the last weeks are still open; older ones were completed and paid.
        if (daysAgo > 20) p.completeAfter = rnd.int(1, 5);
        if (daysAgo > 20 || roll < 0.3) p.later = { share: daysAgo > 20 ? 1 : 0.3, days: 0 };
      } else if (pos) {
        // Paid at the till: card, cash (with change) or split over both.
        body.payments = roll < 0.45 ? [{ method: 'card', amount: -1 }] : roll < 0.85 ? [{ method: 'cash', amount: -2 }] : [{ method: 'cash', amount: -3 }, { method: 'card', amount: -4 }];
      } else if (roll < 0.55) body.payments = [{ method: 'card', amount: -1 }];
      else if (roll < 0.7) body.payments = [{ method: 'cash', amount: -3 }, { method: 'card', amount: -4 }];
      else if (roll < 0.85) p.later = { share: 1, days: rnd.int(3, 30) };
      else if (roll < 0.93) p.later = { share: 0.5, days: rnd.int(1, 20) };
      // else: on account, not paid yet.
      out.push(p);
    }
  }
  return out;
}

/** Tender for a placeholder amount (-1 all by card, -2 all in cash rounded up to $5, -3/-4 a cash part and the card rest). */
function tender(total: number, placeholder: number): number {
  if (placeholder === -1) return total;
  if (placeholder === -2) return Math.ceil(total / 500) * 500;
  const cash = Math.min(total, Math.max(100, Math.round(total / 3 / 100) * 100));
  return placeholder === -3 ? cash : total - cash;
}

async function seedSales(tx: Tx, now: Date): Promise<void> {
  // Goods the stock seed leaves comfortably in stock (as the purchase seed buys): the low and sold-out ones stay so.
  const skus = demoProducts()
    .filter((p, i) => i % 9 !== 4 && i % 25 !== 7 && p.status === 'active')
    .map((p) => p.sku);
  const goods = await tx
    .select({ id: products.id, sku: products.sku, tracks_serials: products.tracks_serials, tax_method: products.tax_method })
    .from(products)
    .where(inArray(products.sku, skus))
    .orderBy(asc(products.id));
  const customerIds = (await tx.select({ id: customers.id }).from(customers).orderBy(asc(customers.id))).map((c) => c.id);
  const [supplier] = await tx.select({ id: suppliers.id }).from(suppliers).where(inArray(suppliers.company, DEMO_SUPPLIERS.map((s) => s[1]))).orderBy(asc(suppliers.id)).limit(1);
  if (goods.length < 10 || !customerIds.length || !supplier) return;

  const sales = plan(now, goods, customerIds);
  const sold = new Map<number, number>();
  for (const s of sales) if (s.body.status === 'completed' || s.completeAfter !== undefined) for (const l of s.body.lines) sold.set(l.product_id, (sold.get(l.product_id) ?? 0) + l.quantity);

  // The year's goods, delivered before it starts; serial-tracked units under names of their own.
  const serialsOf = new Map<number, string[]>();
  const skuOf = new Map(goods.map((g) => [g.id, g]));
  const wanted = [...sold.entries()].sort(([a], [b]) => a - b);
  const start = new Date(now.getTime() - DEMO_SALE_DAYS * DAY - 2 * DAY);
  for (let i = 0; i < wanted.length; i += LINES_MAX) {
    const chunk = wanted.slice(i, i + LINES_MAX);
    const actor = { userId: null, at: start };
    const { id } = await createPurchase(
      tx,
      {
        supplier_id: supplier.id,
        purchased_on: start.toISOString().slice(0, 10),
        note: 'Stock for the year.',
        prices_include_tax: false,
        rounding: 'line',
        discount: 0,
        tax_bps: 0,
        shipping: 0,
        receive: false,
        lines: chunk.map(([product_id, quantity]) => ({ product_id, quantity, discount: 0, tax_bps: 0 })),
      },
      actor,
    );
    const doc = await showPurchase(tx, id);
    const received = doc.lines.map((l) => {
      const serials = l.tracks_serials ? Array.from({ length: l.quantity }, (_, k) => `${l.sku.replace('-', '')}-Y${String(k + 1).padStart(4, '0')}`) : [];
      if (serials.length) serialsOf.set(l.product_id, serials);
      return { line_id: l.id, quantity: l.quantity, serials };
    });
    await receivePurchase(tx, id, { lines: received }, actor);
  }

  for (const s of sales) {
    const actor = { userId: null, at: s.at };
    const body = { ...s.body, lines: s.body.lines.map((l) => (skuOf.get(l.product_id)!.tracks_serials ? { ...l, serials: serialsOf.get(l.product_id)!.splice(0, l.quantity) } : l)) };
    if (body.payments.length) {
      // What the customer tenders depends on the total, which postSale computes: price once to know it.
      const total = await saleTotal(tx, body, actor);
      body.payments = body.payments.map((p) => ({ ...p, amount: tender(total, p.amount) })).filter((p) => p.amount > 0);
    }
    const { id } = await postSale(tx, body, actor);
    const later = (days: number) => ({ userId: null, at: new Date(s.at.getTime() + days * DAY) });
    if (s.completeAfter !== undefined) await completeSale(tx, id, null, later(s.completeAfter));
    if (s.later) {
      const when = later(s.later.days + (s.completeAfter ?? 0));
      if (when.at.getTime() > now.getTime()) continue;
      const { due } = await showSale(tx, id);
      const amount = Math.round(due * s.later.share);
      if (amount > 0) await paySale(tx, id, { paid_on: when.at.toISOString().slice(0, 10), amount, method: s.later.share < 1 ? 'cash' : 'card', note: s.later.share < 1 ? 'Part payment.' : null }, when);
    }
  }
}
