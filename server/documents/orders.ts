import { eq, inArray } from 'drizzle-orm';
import { ORDER_PREFIX, ORDER_STOCK_OUT, orderLifecycle, orderTotalsInput, type OrderAction, type OrderStatus, type ShopOrderBody } from '../../domain/documents/order.ts';
import type { StockOutBody } from '../../domain/documents/lines.ts';
import type { PaymentBody } from '../../domain/documents/payments.ts';
import { qualified } from '../crud/sql.ts';
import type { Db, Tx } from '../db/index.ts';
import { customers, orderLines, orders, products, stockLevels } from '../db/schema.ts';
import { StockError } from '../stock/ledger.ts';
import { act, create, fromJson, gone, historyJson, shownColumns, type Actor, type DocumentKind } from './engine.ts';
import type { ClientKey } from './idempotency.ts';
import { insertLines, linesJson, linesOf } from './lines.ts';
import { paidDocumentShown, pay, paymentsJson } from './payments.ts';
import { price } from './sales.ts';
import { invoiceJson, issueInvoice } from './invoices.ts';
import { giveStockBack, namedSerials, takeStock } from './stock-out.ts';

/**
 * Website orders on the document engine (./engine.ts runs the protocol: lock, lifecycle,
 * totals, history, number): here only what is an order's own — placed by the public website for
 * a customer found by e-mail or made, priced exactly as a sale (sales.ts `price`), its stock
 * out through the ledger when it goes to processing and back, at the cost it left at, when it
 * is cancelled after that.
 */

export const DOC_TYPE = 'order';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
const lines = { table: orderLines, parent: 'order_id' };
const stockOf = { docType: DOC_TYPE, lines };

export const orderKind: DocumentKind<OrderStatus, OrderAction, OrderRow, LineRow> = {
  docType: DOC_TYPE,
  lifecycle: orderLifecycle,
  prefix: ORDER_PREFIX,
  table: orders,
  party: { table: customers, field: 'customer_id', noun: 'customer' },
  status: (doc) => doc.status,
  // Every status change is an action with a fixed end (the lifecycle's `to`); creation: pending.
  totals: { lines, input: (doc, ls) => orderTotalsInput(doc, ls), status: (doc) => doc.status },
};

/** The customer with this e-mail address, or a new one with the name and phone the website sent. */
async function customerFor(tx: Tx, c: ShopOrderBody['customer']): Promise<number> {
  const [made] = await tx
    .insert(customers)
    .values({ name: c.name, email: c.email, phone: c.phone ?? null })
    .onConflictDoNothing({ target: customers.email })
    .returning({ id: customers.id });
  if (made) return made.id;
  const [had] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.email, c.email));
  return had!.id;
}

/**
 * Enough stock now for every line (each product's lines together): else a 409 naming the product
 * and what is available, under its first line's quantity. Nothing is reserved: the stock leaves
 * when the order goes to processing, and is checked again there.
 */
async function checkAvailable(tx: Tx, wanted: readonly { product_id: number; quantity: number }[]): Promise<void> {
  const ids = [...new Set(wanted.map((l) => l.product_id))];
  const rows = await tx
    .select({ id: products.id, name: products.name, qty: stockLevels.qty })
    .from(products)
    .leftJoin(stockLevels, eq(stockLevels.product_id, products.id))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const need = new Map<number, number>();
  for (const l of wanted) need.set(l.product_id, (need.get(l.product_id) ?? 0) + l.quantity);
  const i = wanted.findIndex((l) => need.get(l.product_id)! > (byId.get(l.product_id)?.qty ?? 0));
  if (i < 0) return;
  const p = byId.get(wanted[i]!.product_id)!;
  const available = p.qty ?? 0;
  const message = `Not enough stock of “${p.name}”: ${available} available, ${need.get(p.id)} ordered.`;
  throw new StockError(message, { id: p.id, name: p.name, available }, { code: 'insufficient_stock', errors: { [`lines.${i}.quantity`]: [message] } });
}

/**
 * THE one way a website order is placed (the public endpoint; the demo seed next): the customer
 * found by e-mail or made, the lines checked and priced from the catalogue as a sale's, enough
 * stock now (nothing moves until processing), totals, history and the number from the engine.
 */
export async function placeOrder(tx: Tx, body: ShopOrderBody, day: string, actor: Actor, client?: ClientKey) {
  let header: Record<string, unknown> = {};
  let rows: Record<string, unknown>[] = [];
  const values = async () => {
    const customerId = await customerFor(tx, body.customer);
    const priced = await price(
      tx,
      { customer_id: customerId, sold_on: day, status: 'pending', payments: [], lines: body.lines.map((l) => ({ ...l, discount: 0 })), discount: 0, tax_bps: 0, shipping: 0, note: body.note },
      actor,
    );
    await checkAvailable(tx, body.lines);
    const { sold_on, ...terms } = priced.header;
    header = { ...terms, ordered_on: sold_on };
    rows = priced.rows;
    const s = body.shipping;
    return { ...header, status: 'pending', ship_name: s.name, ship_address: s.address, ship_city: s.city, ship_postcode: s.postcode ?? null, ship_country: s.country, phone: body.customer.phone ?? null };
  };
  return create(orderKind, tx, actor, values, client, async (doc) => ({ lines: await insertLines<LineRow>(tx, lines, doc.id, rows) }));
}

/**
 * To processing: the order's stock leaves now, through the ledger as a sale's (takeStock; 409
 * naming the product when it is gone by now), the serials of serial-tracked lines named in the
 * body by line (the public order names products only).
 */
export const processOrder = (tx: Tx, id: number, body: StockOutBody, actor: Actor) =>
  act(orderKind, tx, id, 'process', actor, async (doc) => {
    const rows = await linesOf<LineRow>(tx, lines, id);
    await takeStock(tx, stockOf, doc, rows, await namedSerials(tx, rows, body.lines, 'order'), actor, `order ${doc.reference}`);
    return { note: body.note };
  });

/** Shipped. Its stock left at processing; its invoice is issued here, in this same transaction (server/documents/invoices.ts). */
export const shipOrder = (tx: Tx, id: number, note: string | null | undefined, actor: Actor) =>
  act(orderKind, tx, id, 'ship', actor, async () => {
    await issueInvoice(tx, { orderId: id }, actor);
    return { note };
  });

/** Delivered: the order's last step. */
export const deliverOrder = (tx: Tx, id: number, note: string | null | undefined, actor: Actor) => act(orderKind, tx, id, 'deliver', actor, async () => ({ note }));

/** Cancelled from pending (no stock moved) or processing (its stock comes back at the cost each line left at). */
export const cancelOrder = (tx: Tx, id: number, note: string | null | undefined, actor: Actor) =>
  act(orderKind, tx, id, 'cancel', actor, async (doc) => {
    if (ORDER_STOCK_OUT.includes(doc.status)) await giveStockBack(tx, stockOf, doc, await linesOf<LineRow>(tx, lines, id), actor, `order ${doc.reference} cancelled`);
    return { note };
  });

/** A payment from the customer, never more than is due. */
export const payOrder = (tx: Tx, id: number, body: PaymentBody, actor: Actor) => act(orderKind, tx, id, 'pay', actor, (doc) => pay(orderKind, tx, doc, body, actor));

type ShownLine = LineRow & { product_name: string; sku: string; barcode: string | null; tracks_serials: boolean; unit_name: string };

const docId = qualified(orders.id);
const shown = {
  o: shownColumns(orders),
  customer_name: customers.name,
  customer_email: customers.email,
  lines: linesJson(lines, docId),
  payments: paymentsJson(DOC_TYPE, docId),
  history: historyJson(DOC_TYPE, docId),
  invoice: invoiceJson('order', docId),
};

/** One order as the API shows it, in one statement: header, customer, shipping address, lines, payments, history, what may be done next. */
export async function showOrder(db: Db | Tx, id: number) {
  const [doc] = await db.select(shown).from(orders).innerJoin(customers, eq(customers.id, orders.customer_id)).where(eq(orders.id, id));
  if (!doc) throw gone(orderKind);
  const o = doc.o;
  return { ...o, customer_name: doc.customer_name, customer_email: doc.customer_email, lines: fromJson<ShownLine[]>(doc.lines), invoice: fromJson<{ id: number; number: string } | null>(doc.invoice), ...paidDocumentShown(orderLifecycle, o, doc) };
}
