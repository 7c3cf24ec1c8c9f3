import { eq } from 'drizzle-orm';
import { amountDue, type PaymentBody } from '../../domain/documents/payments.ts';
import {
  PURCHASE_PREFIX,
  purchaseLifecycle,
  purchaseStatus,
  purchaseTotalsInput,
  type PricedLine,
  type PurchaseCreateBody,
  type PurchaseStatus,
  type PurchaseUpdateBody,
  type ReceiveBody,
  type ReturnBody,
} from '../../domain/documents/purchase.ts';
import { actionsFrom } from '../../domain/documents/lifecycle.ts';
import { computeTotals } from '../../domain/documents/totals.ts';
import type { Db, Tx } from '../db/index.ts';
import { purchaseLines, purchases, suppliers } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';
import { post } from '../stock/ledger.ts';
import { qualified } from '../crud/sql.ts';
import { act, checkParty, create, fromJson, gone, historyJson, shownColumns, type Actor, type DocumentKind } from './engine.ts';
import type { ClientKey } from './idempotency.ts';
import { checkSerialCounts, checkSerialsCameIn, checkSerialsNew, insertLines, linesJson, linesOf, linesWithProducts, movedData, productsFor, resolveMoving, addToLines, type Moving } from './lines.ts';
import type { ShownPayment } from '../../domain/documents/payments.facts.ts';
import { pay, paymentsJson } from './payments.ts';

/**
 * Purchases on the document engine (./engine.ts runs the protocol: lock, lifecycle, totals,
 * history, number): here only what is a purchase's own — its declaration, what each action does
 * to its lines, the cost stock comes in at, and which ledger kind receiving and returning post.
 */

export const DOC_TYPE = 'purchase';
export type { Actor };

type PurchaseRow = typeof purchases.$inferSelect;
type LineRow = typeof purchaseLines.$inferSelect;
const lines = { table: purchaseLines, parent: 'purchase_id' };

export const purchaseKind: DocumentKind<PurchaseStatus, keyof typeof purchaseLifecycle.actions, PurchaseRow, LineRow> = {
  docType: DOC_TYPE,
  lifecycle: purchaseLifecycle,
  prefix: PURCHASE_PREFIX,
  table: purchases,
  party: { table: suppliers, field: 'supplier_id', noun: 'supplier' },
  status: (doc) => doc.status,
  totals: { lines, input: (doc, ls) => purchaseTotalsInput(doc, ls, doc.cancelled), status: (doc, ls) => purchaseStatus(ls, doc.cancelled) },
};

/** The unit cost stock comes in at: the line's net amount per unit (its discount and any included tax taken off). */
function landedCost(line: PricedLine, inclusive: boolean): number {
  const t = computeTotals({ lines: [{ quantity: line.quantity, unitPrice: line.unit_cost, discount: line.discount, taxRate: line.tax_bps }], pricesIncludeTax: inclusive, rounding: 'line', discount: 0, taxRate: 0, shipping: 0 });
  return Math.round(t.lines[0]!.net / line.quantity);
}

const header = (b: PurchaseUpdateBody) => ({
  supplier_id: b.supplier_id,
  purchased_on: b.purchased_on,
  note: b.note ?? null,
  prices_include_tax: b.prices_include_tax,
  rounding: b.rounding,
  discount: b.discount,
  tax_bps: b.tax_bps,
  shipping: b.shipping,
});

/** The lines of a body, each at its unit cost or its product's; a discount over the line's amount is refused once that is known. */
async function writeLines(tx: Tx, id: number, body: PurchaseUpdateBody): Promise<LineRow[]> {
  const byId = await productsFor(tx, body.lines);
  const rows = body.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity, unit_cost: l.unit_cost ?? byId.get(l.product_id)!.cost_price, discount: l.discount, tax_bps: l.tax_bps }));
  const errors = Object.fromEntries(rows.flatMap((l, i) => (l.discount > l.quantity * l.unit_cost ? [[`lines.${i}.discount`, ['The discount cannot be more than the line’s amount.']]] : [])));
  if (Object.keys(errors).length) throw validationError(errors);
  return insertLines<LineRow>(tx, lines, id, rows);
}

/** A new purchase, ordered and numbered; with `receive`, everything received at once (after numbering: its ledger note names the number). */
export async function createPurchase(tx: Tx, body: PurchaseCreateBody, actor: Actor, client?: ClientKey) {
  let made: LineRow[] = [];
  return create(purchaseKind, tx, actor, { ...header(body), created_by: actor.userId }, client, async (doc) => ({ lines: (made = await writeLines(tx, doc.id, body)) }), (doc) =>
    body.receive ? receivePurchase(tx, doc.id, { lines: made.map((l, i) => ({ line_id: l.id, quantity: l.quantity, serials: body.lines[i]!.serials ?? [] })) }, actor) : Promise.resolve(),
  );
}

/** An ordered purchase's header and lines, replaced whole. */
export const updatePurchase = (tx: Tx, id: number, body: PurchaseUpdateBody, actor: Actor, ifMatch?: string) =>
  act(purchaseKind, tx, id, 'edit', actor, async () => {
    if (body.lines.some((l) => l.serials?.length)) throw validationError({ lines: ['Serial numbers are named when the goods are received, not when the order is edited.'] });
    await checkParty(purchaseKind, tx, body);
    await tx.delete(purchaseLines).where(eq(purchaseLines.purchase_id, id));
    return { lines: await writeLines(tx, id, body), set: header(body) };
  }, ifMatch);

/** What receiving and returning differ in: the counter they add to, the room a line has, the ledger kind and sign. */
interface Direction {
  action: 'receive' | 'return';
  column: 'received' | 'returned';
  room(l: LineRow): number;
  tooMany(n: number, name: string): string;
  ledger: 'purchase_receipt' | 'purchase_return';
  note: string;
}

/** Goods in or out on a purchase's lines: counted on the lines (CHECKs keep received ≤ quantity, returned ≤ received), stock through the ledger. */
function move(tx: Tx, id: number, body: { lines?: ReturnBody['lines'] | undefined; note?: string | null | undefined }, actor: Actor, d: Direction) {
  return act(purchaseKind, tx, id, d.action, actor, async (doc) => {
    const { lines: all, names, serial } = await linesWithProducts<LineRow>(tx, lines, id);
    const moving: Moving<LineRow>[] = body.lines ? resolveMoving(purchaseLifecycle.noun, all, body.lines, d.room, d.tooMany, names) : receiveAll(all, names, serial);
    checkSerialCounts(moving, serial, names);
    if (d.action === 'receive') await checkSerialsNew(tx, moving, names);
    else await checkSerialsCameIn(tx, moving, names, { type: DOC_TYPE, id, noun: purchaseLifecycle.noun });
    await addToLines(tx, lines, d.column, moving);
    const sign = d.action === 'receive' ? 1 : -1;
    await post(tx, {
      kind: d.ledger,
      lines: moving.map((m) => ({ productId: m.line.product_id, quantity: sign * m.quantity, ...(sign > 0 ? { unitCost: landedCost(m.line, doc.prices_include_tax) } : {}), serials: m.serials, sourceLineId: m.line.id, path: m.path })),
      source: { type: DOC_TYPE, id },
      userId: actor.userId,
      note: `${doc.reference} ${d.note}`,
      at: actor.at,
    });
    return { lines: all, note: body.note, data: movedData(moving) };
  });
}

/** Receiving without lines: everything still to come, refused when a serial-tracked line would need its serials named. */
function receiveAll(all: LineRow[], names: Map<number, string>, serial: Map<number, boolean>): Moving<LineRow>[] {
  const moving = all.filter((l) => l.quantity > l.received).map((l) => ({ line: l, quantity: l.quantity - l.received, serials: [], path: `lines.${l.position}` }));
  const need = moving.filter((m) => serial.get(m.line.product_id)).map((m) => `“${names.get(m.line.product_id)}”`);
  if (need.length) {
    const one = need.length === 1;
    throw validationError({ lines: [`${need.join(', ')} ${one ? 'tracks' : 'track'} serial numbers: receive ${one ? 'it' : 'them'} line by line, with one serial number per unit.`] });
  }
  return moving;
}

/** Receives some lines, or (no lines) everything still to come: stock in through the ledger, once. */
export const receivePurchase = (tx: Tx, id: number, body: ReceiveBody, actor: Actor) =>
  move(tx, id, body, actor, {
    action: 'receive',
    column: 'received',
    room: (l) => l.quantity - l.received,
    tooMany: (n, name) => (n === 0 ? `All of “${name}” has been received already.` : `Only ${n} of “${name}” ${n === 1 ? 'is' : 'are'} still to come.`),
    ledger: 'purchase_receipt',
    note: 'received',
  });

/** Goods back to the supplier: out through the ledger (409 naming the product when they have gone). */
export const returnPurchase = (tx: Tx, id: number, body: ReturnBody, actor: Actor) =>
  move(tx, id, body, actor, {
    action: 'return',
    column: 'returned',
    room: (l) => l.received - l.returned,
    tooMany: (n, name) => (n === 0 ? `No “${name}” from this purchase is left to return.` : `Only ${n} of “${name}” came in on this purchase and ${n === 1 ? 'has' : 'have'} not gone back.`),
    ledger: 'purchase_return',
    note: 'returned to supplier',
  });

/** Cancels what has not come yet; what came stays (and can go back with a return). */
export const cancelPurchase = (tx: Tx, id: number, note: string | null | undefined, actor: Actor) =>
  act(purchaseKind, tx, id, 'cancel', actor, async () => ({ lines: await linesOf<LineRow>(tx, lines, id), set: { cancelled: true }, note }));

/** A payment to the supplier, never more than is due. */
export const payPurchase = (tx: Tx, id: number, body: PaymentBody, actor: Actor) => act(purchaseKind, tx, id, 'pay', actor, (doc) => pay(purchaseKind, tx, doc, body, actor));

type ShownLine = LineRow & { product_name: string; sku: string; barcode: string | null; tracks_serials: boolean; unit_name: string };

/**
 * One purchase as the API shows it: header, supplier, lines with their products, payments,
 * history and what may be done next. One statement (lines, payments and history are JSON
 * subqueries of the purchase's row): every write answers with it.
 */
const docId = qualified(purchases.id);
const shown = { p: shownColumns(purchases), supplier_name: suppliers.name, supplier_company: suppliers.company, lines: linesJson(lines, docId), payments: paymentsJson(DOC_TYPE, docId), history: historyJson(DOC_TYPE, docId) };

export async function showPurchase(db: Db | Tx, id: number) {
  const [doc] = await db
    .select(shown)
    .from(purchases)
    .innerJoin(suppliers, eq(suppliers.id, purchases.supplier_id))
    .where(eq(purchases.id, id));
  if (!doc) throw gone(purchaseKind);
  const p = doc.p;
  return {
    ...p,
    supplier_name: doc.supplier_name,
    supplier_company: doc.supplier_company,
    due: amountDue(p.grand_total, p.paid),
    actions: actionsFrom(purchaseLifecycle, p.status),
    lines: fromJson<ShownLine[]>(doc.lines).map((l) => ({ ...l, to_receive: l.quantity - l.received, returnable: l.received - l.returned })),
    payments: fromJson<ShownPayment[]>(doc.payments),
    history: fromJson<Record<string, unknown>[]>(doc.history),
  };
}
