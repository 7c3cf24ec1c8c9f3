import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { LINES_MAX } from '../domain/documents/lines.ts';
import type { ShopOrderBody } from '../domain/documents/order.ts';
import { returnValue, saleBalance, type SaleCreateBody } from '../domain/documents/sale.ts';
import type { Db, Tx } from './db/index.ts';
import { customers, products, registerSessions, settings, stockLevels, suppliers, users } from './db/schema.ts';
import { closeRegister, expectedOf, openRegister } from './pos/registers.ts';
import { POS_RIGHT } from '../domain/pos/till.ts';
import type { Actor } from './documents/engine.ts';
import { cancelOrder, deliverOrder, payOrder, placeOrder, processOrder, shipOrder, showOrder } from './documents/orders.ts';
import { createPurchase, receivePurchase, showPurchase } from './documents/purchases.ts';
import { returnGoods } from './documents/sale-returns.ts';
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
 * One function, seedDemoSelling, seeds everything sold, under the one marker: the year's sales
 * (each completed one invoiced), some of them returned through the return service (credit notes,
 * serials back), the last month's website orders in every state through the orders' services,
 * and quotations. Sales, returns and order steps run in date order, so the ledger, serials and
 * invoice numbers read as the year happened; the year's delivery holds exactly what they take
 * away in the end. The till's sales are the demo Cashier's (on Saturdays the Manager's too), in
 * a register session per day and cashier through the register service: opened with a float
 * before the first sale, closed after the last with the cash counted a little off now and then.
 * All are closed, so the till asks its cashier to open one.
 */
export const DEMO_SALES_MARKER = 'demo.sales';
export const DEMO_SALE_DAYS = 365;
/**
 * Sales a day (Saturdays more, Sundays fewer). Each goes through postSale, about 11 ms on PGlite
 * (the whole service: lock, number, ledger, serials, payments, history), so the year is sized
 * for a fast start: 1 to 5 a day is ~1,100 sales. 8 to 20 a day took 52 s.
 */
const PER_DAY = { min: 1, max: 5 } as const;
/** How many days back a pending sale may hold serial-tracked goods (some completed since, naming their serials then). */
const TRACKED_PENDING_DAYS = 120;

/** Who sells at the demo till (server/seed.ts DEMO_USERS): the Cashier, and on Saturdays the Manager too. */
const TILL_EMAILS = ['cashier@example.com', 'manager@example.com'] as const;
/** What a closing count is off by, drawn in turn: mostly nothing, now and then a few coins. */
const COUNT_OFF = [0, 0, 0, 0, -50, 0, 100, 0, -200, 25] as const;
const FLOAT = 10_000;

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
    // A year of sales, some returned (credit notes), and the last month's website orders.
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
  /** The sale once posted: its id and the lines as sent (serials named). */
  sale?: { id: number; lines: SaleCreateBody['lines'] };
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
      // A few sales stay pending (an order put aside). Serial-tracked goods too in the last weeks
      // (their serials named when it completes); before, they were sold completed, by serial.
      const pending = !pos && rnd.next() < (daysAgo <= 20 ? 0.3 : 0.04) && (daysAgo <= TRACKED_PENDING_DAYS || [...picked.values()].every((g) => !g.tracks_serials));
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

/** One dated step of the year, run in date order: a sale posted, goods coming back, an order moved along. */
interface Step {
  at: number;
  /** Stock each product gains (+) or loses (−) at this step, for the plan's check that none runs short. */
  moves: [productId: number, delta: number][];
  run: () => Promise<void>;
}

/** Website orders in every state, by how they end: [state, days ago placed (min, max)]. */
const ORDER_ENDS = [
  ['delivered', 9, 30],
  ['shipped', 3, 8],
  ['processing', 2, 3],
  ['pending', 0, 2],
  ['cancelled from pending', 4, 25],
  ['cancelled from processing', 4, 25],
  ['delivered', 9, 30],
  ['shipped', 3, 8],
] as const;
const DEMO_ORDERS = 24;
/** The orders (by index: shipped, processing, pending) that take a serial-tracked unit too. */
const ORDER_TRACKED: readonly number[] = [1, 2, 3];
/** Returns: one completed sale in RETURN_EVERY comes back in part, 1 to 9 days after it was sold. */
const RETURN_EVERY = 25;

async function seedSales(tx: Tx, now: Date): Promise<void> {
  // Goods the stock seed leaves comfortably in stock (as the purchase seed buys): the low and sold-out ones stay so.
  const skus = demoProducts()
    .filter((p, i) => i % 9 !== 4 && i % 25 !== 7 && p.status === 'active')
    .map((p) => p.sku);
  const goods = await tx
    .select({ id: products.id, sku: products.sku, tracks_serials: products.tracks_serials, tax_method: products.tax_method, qty: stockLevels.qty })
    .from(products)
    .leftJoin(stockLevels, eq(stockLevels.product_id, products.id))
    .where(inArray(products.sku, skus))
    .orderBy(asc(products.id));
  const customerIds = (await tx.select({ id: customers.id }).from(customers).orderBy(asc(customers.id))).map((c) => c.id);
  const people = await tx
    .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone, address: customers.address, city: customers.city, country: customers.country })
    .from(customers)
    .where(and(eq(customers.status, 'active'), isNotNull(customers.email)))
    .orderBy(asc(customers.id));
  const [supplier] = await tx.select({ id: suppliers.id }).from(suppliers).where(inArray(suppliers.company, DEMO_SUPPLIERS.map((s) => s[1]))).orderBy(asc(suppliers.id)).limit(1);
  if (goods.length < 10 || !customerIds.length || !supplier) return;

  const good = new Map(goods.map((g) => [g.id, g]));
  const sales = plan(now, goods, customerIds);
  const tillers = (await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [...TILL_EMAILS]))).sort(
    (a, b) => TILL_EMAILS.indexOf(a.email as never) - TILL_EMAILS.indexOf(b.email as never),
  );
  const sessions = planSessions(sales, tillers.map((t) => t.id));
  // Serial-tracked units of the year, taken in turn by the sales; a unit returned goes back at the end of the queue.
  const serialsOf = new Map<number, string[]>();
  const steps: Step[] = [];
  const take = (productId: number, quantity: number) => serialsOf.get(productId)!.splice(0, quantity);
  // Only what leaves stock takes units of the queue (a sale that stays pending names none).
  const withSerials = (body: SaleCreateBody) => ({ ...body, lines: body.lines.map((l) => (good.get(l.product_id)!.tracks_serials ? { ...l, serials: take(l.product_id, l.quantity) } : l)) });

  for (const s of sales) {
    const stock = s.body.status === 'completed' || s.completeAfter !== undefined;
    const sale = { id: 0, lines: [] as SaleCreateBody['lines'] };
    const till = sessions.of.get(s);
    steps.push({
      at: s.at.getTime(),
      moves: stock ? s.body.lines.map((l) => [l.product_id, -l.quantity]) : [],
      run: async () => void Object.assign(sale, await sell(tx, s, { ...(stock ? withSerials(s.body) : s.body), ...(till ? { register_session_id: till.id } : {}) }, now, till?.userId)),
    });
    s.sale = sale;
  }
  for (const r of sessions.all) steps.push(...registerSteps(tx, r));
  for (const o of planOrders(now, goods, people)) steps.push(...orderSteps(tx, o, take));
  // A return that would leave a later sale short (a serial-tracked unit only comes back into
  // the queue when returned) is left out.
  for (const r of planReturns(now, sales, good)) {
    const step: Step = { at: r.at.getTime(), moves: [[r.productId, r.quantity]], run: () => giveBack(tx, r, serialsOf) };
    if (!shortOf([...steps, step], good)) steps.push(step);
  }
  steps.sort((a, b) => a.at - b.at);
  const short = shortOf(steps, good);
  if (short) throw new Error(`demo selling: ${short}`);

  // What the year takes away in the end, delivered before it starts, so every product ends where
  // the stock and purchase seeds leave it; serial-tracked units under names of their own.
  const wanted = [...bought(steps).entries()].filter(([, q]) => q > 0).sort(([a], [b]) => a - b);
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
  for (const st of steps) await st.run();
}

/** Posts one planned sale (postSale, the one writer), completes it and takes its later payment when planned. */
async function sell(tx: Tx, s: Planned, body: SaleCreateBody, now: Date, cashier?: number): Promise<{ id: number; lines: SaleCreateBody['lines'] }> {
  const actor: Actor = cashier === undefined ? { userId: null, at: s.at } : tillActor(cashier, s.at);
  if (body.payments.length) {
    // What the customer tenders depends on the total, which postSale computes: price once to know it.
    const total = await saleTotal(tx, body, actor);
    body.payments = body.payments.map((p) => ({ ...p, amount: tender(total, p.amount) })).filter((p) => p.amount > 0);
  }
  // A pending sale names its serials when it completes.
  const pending = body.status === 'pending';
  const { id } = await postSale(tx, pending ? { ...body, lines: body.lines.map(({ serials: _named, ...l }) => l) } : body, actor);
  const later = (days: number) => ({ userId: null, at: new Date(s.at.getTime() + days * DAY) });
  if (s.completeAfter !== undefined) {
    const { lines } = await showSale(tx, id);
    const named = lines.flatMap((l, i) => (l.tracks_serials ? [{ line_id: l.id, serials: body.lines[i]!.serials ?? [] }] : []));
    await completeSale(tx, id, { lines: named, note: null }, later(s.completeAfter));
  }
  if (s.later) {
    const when = later(s.later.days + (s.completeAfter ?? 0));
    if (when.at.getTime() <= now.getTime()) {
      const { due } = await showSale(tx, id);
      const amount = Math.round(due * s.later.share);
      if (amount > 0) await paySale(tx, id, { paid_on: when.at.toISOString().slice(0, 10), amount, method: s.later.share < 1 ? 'cash' : 'card', note: s.later.share < 1 ? 'Part payment.' : null }, when);
    }
  }
  return { id, lines: body.lines };
}

const tillActor = (userId: number, at: Date): Actor => ({ userId, at, rights: new Set([POS_RIGHT]) });

interface PlannedSession {
  userId: number;
  day: string;
  /** Set once opened. */
  id: number;
  off: number;
}

/**
 * The till's sales in register sessions, one per day and cashier: the Cashier's, and on Saturdays
 * every other sale the Manager's. Without the demo's till users, the till's sales are the back
 * office's.
 */
function planSessions(sales: readonly Planned[], tillers: readonly number[]) {
  const of = new Map<Planned, PlannedSession>();
  const byKey = new Map<string, PlannedSession>();
  let turn = 0;
  for (const s of sales) {
    if (s.body.channel !== 'pos') continue;
    if (!tillers.length) {
      s.body.channel = 'backoffice';
      continue;
    }
    const userId = s.at.getUTCDay() === 6 ? tillers[turn++ % tillers.length]! : tillers[0]!;
    const day = s.body.sold_on;
    const key = `${day}|${userId}`;
    let session = byKey.get(key);
    if (!session) byKey.set(key, (session = { userId, day, id: 0, off: COUNT_OFF[byKey.size % COUNT_OFF.length]! }));
    of.set(s, session);
  }
  return { of, all: [...byKey.values()] };
}

/** A session opened before the day's first sale with the float, and closed after its last, each method counted (cash a little off at times). */
function registerSteps(tx: Tx, r: PlannedSession): Step[] {
  const at = (time: string) => new Date(`${r.day}T${time}:00Z`);
  return [
    { at: at('08:30').getTime(), moves: [], run: async () => void (r.id = (await openRegister(tx, { opening_float: FLOAT, note: null }, tillActor(r.userId, at('08:30')))).id) },
    {
      at: at('18:30').getTime(),
      moves: [],
      run: async () => {
        const [session] = await tx.select().from(registerSessions).where(eq(registerSessions.id, r.id));
        const counted = (await expectedOf(tx, session!)).map((m) => ({ method: m.method as 'cash', amount: Math.max(0, m.expected + (m.method === 'cash' ? r.off : 0)) }));
        await closeRegister(tx, r.id, { counted, note: r.off ? 'Counted twice.' : null }, tillActor(r.userId, at('18:30')));
      },
    },
  ];
}

interface PlannedReturn {
  at: Date;
  sale: NonNullable<Planned['sale']>;
  productId: number;
  quantity: number;
  refund: boolean;
}

/**
 * Some of the year's completed sales come back in part: one line, some of its units (a
 * serial-tracked line its one unit), a few days on; most refunded, some (sales on account) not.
 */
function planReturns(now: Date, sales: readonly Planned[], good: ReadonlyMap<number, Good>): PlannedReturn[] {
  const rnd = generator(34_100);
  const out: PlannedReturn[] = [];
  let completed = 0;
  for (const s of sales) {
    if (s.body.status !== 'completed' || completed++ % RETURN_EVERY !== RETURN_EVERY - 1) continue;
    const at = new Date(s.at.getTime() + rnd.int(1, 9) * DAY);
    if (at.getTime() > now.getTime()) continue;
    // Every other return takes a serial-tracked unit back when the sale has one.
    const serial = s.body.lines.find((l) => good.get(l.product_id)!.tracks_serials);
    const line = serial && out.length % 2 === 0 ? serial : rnd.pick(s.body.lines);
    out.push({ at, sale: s.sale!, productId: line.product_id, quantity: good.get(line.product_id)!.tracks_serials ? 1 : rnd.int(1, line.quantity), refund: rnd.next() < 0.8 });
  }
  return out;
}

/**
 * Goods back through returnGoods (the API's one path: stock and serials back through the ledger,
 * the credit note of the invoiced sale), refunded in full by card or cash when the customer paid.
 */
async function giveBack(tx: Tx, r: PlannedReturn, serialsOf: Map<number, string[]>): Promise<void> {
  const shown = await showSale(tx, r.sale.id);
  const line = shown.lines.find((l) => l.product_id === r.productId)!;
  const serials = r.sale.lines.find((l) => l.product_id === r.productId)?.serials?.slice(0, r.quantity) ?? [];
  const returned_on = r.at.toISOString().slice(0, 10);
  const worth = returnValue(shown, shown.lines, shown.lines.map((l) => (l.id === line.id ? r.quantity : 0))).grandTotal;
  // What the shop owes the customer once the goods are back (nothing when the sale was not paid for).
  const owed = Math.max(0, -saleBalance({ ...shown, returned_total: shown.returned_total + worth }));
  const method = shown.payments.some((p) => p.method === 'card') ? ('card' as const) : ('cash' as const);
  const refunds = r.refund && owed > 0 ? [{ method, amount: owed }] : [];
  await returnGoods(tx, r.sale.id, { returned_on, lines: [{ line_id: line.id, quantity: r.quantity, serials }], refunds, note: r.refund ? 'Changed their mind.' : 'Faulty; credited to the account.' }, { userId: null, at: r.at });
  if (serials.length) serialsOf.get(r.productId)!.push(...serials);
}

type Person = { id: number; name: string; email: string | null; phone: string | null; address: string | null; city: string | null; country: string | null };
interface PlannedOrder {
  at: Date;
  end: (typeof ORDER_ENDS)[number][0];
  body: ShopOrderBody;
}

/** The last month's website orders, in every state, for the shop's customers (found by e-mail). */
function planOrders(now: Date, goods: readonly Good[], people: readonly Person[]): PlannedOrder[] {
  const rnd = generator(34_200);
  const untracked = goods.filter((g) => !g.tracks_serials);
  // One tax method an order, as a sale: the tracked units added are of the untracked goods' method.
  const tracked = goods.filter((g) => g.tracks_serials && g.tax_method === untracked[0]?.tax_method);
  const buyers = people.filter((p) => p.email && p.address && p.city && p.country);
  const out: PlannedOrder[] = [];
  for (let i = 0; i < DEMO_ORDERS; i++) {
    const [end, min, max] = ORDER_ENDS[i % ORDER_ENDS.length]!;
    const day = new Date(now.getTime() - rnd.int(min, max) * DAY).toISOString().slice(0, 10);
    const at = new Date(Math.min(now.getTime() - HOUR, Date.parse(`${day}T08:00:00Z`) + rnd.int(0, 12) * HOUR));
    const c = rnd.pick(buyers);
    const lines = new Map<number, number>();
    for (let k = rnd.int(1, 3); k > 0; k--) lines.set(rnd.pick(untracked).id, rnd.int(1, 2));
    // A few of the first (shipped, processing, pending) order a serial-tracked unit too: its serial is named at processing.
    if (tracked.length && ORDER_TRACKED.includes(i)) lines.set(tracked[i % tracked.length]!.id, 1);
    out.push({
      at,
      end,
      body: {
        customer: { name: c.name, email: c.email!, phone: c.phone ?? undefined },
        shipping: { name: c.name, address: c.address!, city: c.city!, postcode: null, country: c.country! },
        lines: [...lines].map(([product_id, quantity]) => ({ product_id, quantity })),
        note: rnd.next() < 0.3 ? 'Please leave it with a neighbour.' : null,
      },
    });
  }
  return out;
}

/**
 * An order's dated steps through orders.ts's services: placed, then (as its end asks) processed
 * a day on (stock out), shipped the next (its invoice), delivered some days after, or cancelled
 * (stock back when it had left). Paid by card when placed, unless it stays pending or is cancelled.
 */
function orderSteps(tx: Tx, o: PlannedOrder, take: (productId: number, quantity: number) => string[]): Step[] {
  const order = { id: 0 };
  const when = (days: number) => o.at.getTime() + days * DAY;
  const actorAt = (days: number) => ({ userId: null, at: new Date(when(days)) });
  const out = o.body.lines.map((l): [number, number] => [l.product_id, -l.quantity]);
  const steps: Step[] = [
    {
      at: when(0),
      moves: [],
      run: async () => {
        order.id = (await placeOrder(tx, o.body, o.at.toISOString().slice(0, 10), actorAt(0))).id;
        if (o.end === 'pending' || o.end.startsWith('cancelled')) return;
        const { grand_total } = await showOrder(tx, order.id);
        await payOrder(tx, order.id, { paid_on: o.at.toISOString().slice(0, 10), amount: grand_total, method: 'card', note: 'Paid on the website.' }, actorAt(0));
      },
    },
  ];
  const step = (days: number, moves: [number, number][], fn: typeof shipOrder) => steps.push({ at: when(days), moves, run: async () => void (await fn(tx, order.id, null, actorAt(days))) });
  if (o.end === 'cancelled from pending') step(1, [], cancelOrder);
  if (o.end === 'pending') return steps;
  // Processing names the serials of serial-tracked lines, the next units of the year's queue.
  const process = async () => {
    const { lines } = await showOrder(tx, order.id);
    const named = lines.filter((l) => l.tracks_serials).map((l) => ({ line_id: l.id, serials: take(l.product_id, l.quantity) }));
    await processOrder(tx, order.id, { lines: named, note: null }, actorAt(0.5));
  };
  if (o.end !== 'cancelled from pending') steps.push({ at: when(0.5), moves: out, run: process });
  if (o.end === 'cancelled from processing') step(1, out.map(([p, d]) => [p, -d]), cancelOrder);
  if (o.end === 'shipped' || o.end === 'delivered') step(1, [], shipOrder);
  if (o.end === 'delivered') step(4, [], deliverOrder);
  return steps;
}

/** What the steps take away in the end, product by product: the year's delivery. */
function bought(steps: readonly Step[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const st of steps) for (const [p, d] of st.moves) out.set(p, (out.get(p) ?? 0) - d);
  return out;
}

/**
 * Where the steps, in date order after the year's delivery, would sell, send or take back what
 * is not there at that moment (the services would refuse it); undefined when never. Serial-tracked
 * goods count only the year's own units, the queue the sales take them from.
 */
function shortOf(unsorted: readonly Step[], good: ReadonlyMap<number, Good & { qty: number | null }>): string | undefined {
  const steps = [...unsorted].sort((a, b) => a.at - b.at);
  const level = new Map<number, number>([...bought(steps)].map(([p, q]) => [p, Math.max(0, q) + (good.get(p)!.tracks_serials ? 0 : (good.get(p)!.qty ?? 0))]));
  for (const st of steps)
    for (const [p, d] of st.moves) {
      const now = (level.get(p) ?? 0) + d;
      if (now < 0) return `product ${p} would run short on ${new Date(st.at).toISOString()}`;
      level.set(p, now);
    }
  return undefined;
}
