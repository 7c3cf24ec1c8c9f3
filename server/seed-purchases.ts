import { asc, inArray } from 'drizzle-orm';
import type { PaymentMethod } from '../domain/documents/payments.ts';
import type { Db, Tx } from './db/index.ts';
import { products, settings, suppliers } from './db/schema.ts';
import { cancelPurchase, createPurchase, payPurchase, receivePurchase, returnPurchase, showPurchase } from './documents/purchases.ts';
import { generator } from './seeded-random.ts';
import { DEMO_SUPPLIERS } from './seed-demo.ts';
import { demoProducts } from './seed-stock.ts';

/**
 * The demo shop's purchases (issue 11): about three months of orders from the demo suppliers
 * in every state — received and paid, received and owing, partly received, cancelled before
 * and after part came, some goods sent back, everything sent back, and recent orders still
 * to come — each made by the same code the API runs, so stock moves only through the ledger
 * and every level still equals its movements. Products the stock seed leaves low or out of
 * stock are not bought, so the low-stock bell still has something to say. Runs once per
 * database (its own marker).
 */
export const DEMO_PURCHASES_MARKER = 'demo.purchases';
export const DEMO_PURCHASE_COUNT = 36;

const DAY = 86_400_000;
const METHODS: PaymentMethod[] = ['bank', 'bank', 'cash', 'card'];

export async function seedDemoPurchases(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marker = await tx
      .insert(settings)
      .values({ key: DEMO_PURCHASES_MARKER, value: { seeded_at: now.toISOString() } })
      .onConflictDoNothing({ target: settings.key })
      .returning({ key: settings.key });
    if (!marker[0]) return false;
    await seedOrders(tx, now);
    return true;
  });
}

async function seedOrders(tx: Tx, now: Date): Promise<void> {
  const supplierRows = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(inArray(suppliers.company, DEMO_SUPPLIERS.map((s) => s[1])))
    .orderBy(asc(suppliers.id));
  // Goods the stock seed leaves comfortably in stock (not the low or sold-out ones).
  const skus = demoProducts()
    .filter((p, i) => i % 9 !== 4 && i % 25 !== 7 && p.status === 'active')
    .map((p) => p.sku);
  const goods = await tx
    .select({ id: products.id, sku: products.sku, tracks_serials: products.tracks_serials })
    .from(products)
    .where(inArray(products.sku, skus))
    .orderBy(asc(products.id));
  if (!supplierRows.length || goods.length < 10) return;

  const rnd = generator(11_000);
  for (let i = 0; i < DEMO_PURCHASE_COUNT; i++) {
    const daysAgo = Math.round(88 - i * 2.4);
    const at = (d: number) => new Date(now.getTime() - d * DAY + 9 * 3_600_000);
    const day = (d: number) => at(d).toISOString().slice(0, 10);
    const actor = (d: number) => ({ userId: null, at: at(d) });
    const picked = new Map<number, (typeof goods)[number]>();
    for (let k = rnd.int(1, 4); k > 0; k--) {
      const g = rnd.pick(goods);
      picked.set(g.id, g);
    }
    const lines = [...picked.values()].map((g) => ({ product_id: g.id, quantity: g.tracks_serials ? rnd.int(1, 3) : rnd.int(3, 14), discount: 0, tax_bps: rnd.next() < 0.8 ? 800 : 0 }));
    const { id } = await createPurchase(
      tx,
      {
        supplier_id: rnd.pick(supplierRows).id,
        purchased_on: day(daysAgo),
        note: i % 5 === 0 ? 'Monthly restock.' : null,
        prices_include_tax: false,
        rounding: i % 3 === 0 ? 'document' : 'line',
        discount: i % 7 === 0 ? 500 : 0,
        tax_bps: 0,
        shipping: i % 4 === 0 ? 1_500 : 0,
        receive: false,
        lines,
      },
      actor(daysAgo),
    );
    const doc = await showPurchase(tx, id);
    const serialsFor = (line: (typeof doc.lines)[number], count: number, from = 0) =>
      line.tracks_serials ? Array.from({ length: count }, (_, k) => `${line.sku.replace('-', '')}-P${String(i + 1).padStart(3, '0')}-${from + k + 1}`) : [];
    const receiveAll = (d: number) =>
      receivePurchase(tx, id, { lines: doc.lines.map((l) => ({ line_id: l.id, quantity: l.quantity, serials: serialsFor(l, l.quantity) })) }, actor(d));
    const pay = async (share: number, d: number) => {
      const fresh = await showPurchase(tx, id);
      const amount = Math.round(fresh.due * share);
      if (amount > 0) await payPurchase(tx, id, { paid_on: day(d), amount, method: METHODS[i % METHODS.length]!, note: share < 1 ? 'Part payment.' : null }, actor(d));
    };
    const arrives = Math.max(0, daysAgo - rnd.int(2, 6));
    if (i >= 30) {
      // Recent orders still to come; a few paid in advance.
      if (i % 2 === 0) await pay(0.3, daysAgo);
      continue;
    }
    switch (i % 9) {
      case 0:
      case 8:
        await receiveAll(arrives);
        if (i % 9 === 0) await pay(1, Math.max(0, arrives - 3));
        break;
      case 1:
        await receiveAll(arrives);
        await pay(0.5, Math.max(0, arrives - 5));
        break;
      case 2:
      case 5: {
        const first = doc.lines[0]!;
        const part = Math.max(1, Math.floor(first.quantity / 2));
        await receivePurchase(tx, id, { lines: [{ line_id: first.id, quantity: part, serials: serialsFor(first, part) }] }, actor(arrives));
        if (i % 9 === 5) {
          await cancelPurchase(tx, id, 'The supplier cannot deliver the rest.', actor(Math.max(0, arrives - 4)));
          await pay(1, Math.max(0, arrives - 6));
        }
        break;
      }
      case 3:
        await receiveAll(arrives);
        await pay(0.25, arrives);
        break;
      case 4:
        await cancelPurchase(tx, id, 'Ordered by mistake.', actor(Math.max(0, daysAgo - 1)));
        break;
      case 6:
      case 7: {
        await receiveAll(arrives);
        const back = Math.max(0, arrives - 2);
        if (i % 9 === 6) {
          const first = doc.lines[0]!;
          await returnPurchase(tx, id, { lines: [{ line_id: first.id, quantity: 1, serials: serialsFor(first, 1) }], note: 'Damaged in transit.' }, actor(back));
          await pay(1, Math.max(0, back - 2));
        } else {
          await returnPurchase(tx, id, { lines: doc.lines.map((l) => ({ line_id: l.id, quantity: l.quantity, serials: serialsFor(l, l.quantity) })), note: 'Wrong goods delivered.' }, actor(back));
        }
        break;
      }
    }
  }
}
