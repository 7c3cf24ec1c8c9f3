import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { amountDue, paymentStatus, type PaymentBody } from '../../domain/documents/payments.ts';
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
import { formatMoney } from '../../domain/format.ts';
import type { Db, Tx } from '../db/index.ts';
import { documentPayments, products, purchaseLines, purchases, serials, stockMovements, suppliers, units } from '../db/schema.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { post, type PostLine } from '../stock/ledger.ts';
import { checkTransition, historyOf, nextNumber, recordHistory } from './engine.ts';

/**
 * Purchases on the document engine: every write locks the purchase row first (so its lines
 * change one request at a time), checks the lifecycle table, moves stock through the ledger,
 * stores totals from computeTotals and records its history, all in the caller's transaction.
 */

export const DOC_TYPE = 'purchase';

type PurchaseRow = typeof purchases.$inferSelect;
type LineRow = typeof purchaseLines.$inferSelect;

export interface Actor {
  userId: number | null;
  /** The demo seed backdates its documents. */
  at?: Date | undefined;
}

/** The purchase, locked for the rest of the transaction, or a 404. */
export async function lockPurchase(tx: Tx, id: number): Promise<PurchaseRow> {
  const [row] = await tx.select().from(purchases).where(eq(purchases.id, id)).for('update');
  if (!row) throw new ApiError(404, 'This purchase no longer exists.');
  return row;
}

const linesOf = (tx: Tx, id: number) => tx.select().from(purchaseLines).where(eq(purchaseLines.purchase_id, id)).orderBy(asc(purchaseLines.position));

/** The products of `lines`, or a 422 under the first line whose product is gone. */
async function productsFor(tx: Tx, lines: readonly { product_id: number }[]) {
  const ids = [...new Set(lines.map((l) => l.product_id))];
  const rows = await tx
    .select({ id: products.id, name: products.name, cost_price: products.cost_price, tracks_serials: products.tracks_serials, tax_bps: products.tax_bps })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((p) => [p.id, p]));
  const errors: Record<string, string[]> = {};
  lines.forEach((l, i) => {
    if (!byId.has(l.product_id)) errors[`lines.${i}.product_id`] = ['This product no longer exists. Choose another.'];
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return byId;
}

async function checkSupplier(tx: Tx, id: number): Promise<void> {
  const [s] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id));
  if (!s) throw validationError({ supplier_id: ['This supplier no longer exists. Choose another.'] });
}

/** The unit cost stock comes in at: the line's net amount per unit (its discount and any included tax taken off). */
function landedCost(line: PricedLine, inclusive: boolean): number {
  const t = computeTotals({ lines: [{ quantity: line.quantity, unitPrice: line.unit_cost, discount: line.discount, taxRate: line.tax_bps }], pricesIncludeTax: inclusive, rounding: 'line', discount: 0, taxRate: 0, shipping: 0 });
  return Math.round(t.lines[0]!.net / line.quantity);
}

/** Recomputes and stores the totals, status and payment status from the lines as they are now. */
async function restate(tx: Tx, doc: PurchaseRow, lines: LineRow[], cancelled: boolean, extra: Partial<PurchaseRow> = {}): Promise<PurchaseRow> {
  const terms = { ...doc, ...extra };
  const totals = computeTotals(purchaseTotalsInput(terms, lines, cancelled));
  for (const [i, l] of lines.entries()) {
    const t = totals.lines[i]!;
    if (l.net !== t.net || l.tax !== t.tax || l.total !== t.total) {
      await tx.update(purchaseLines).set({ net: t.net, tax: t.tax, total: t.total }).where(eq(purchaseLines.id, l.id));
    }
  }
  const paid = extra.paid ?? doc.paid;
  const [row] = await tx
    .update(purchases)
    .set({
      ...extra,
      status: purchaseStatus(lines, cancelled),
      cancelled,
      subtotal: totals.subtotal,
      line_tax: totals.lineTax,
      lines_total: totals.linesTotal,
      discount_total: totals.discount,
      document_tax: totals.documentTax,
      shipping_total: totals.shipping,
      grand_total: totals.grandTotal,
      paid,
      payment_status: paymentStatus(totals.grandTotal, paid),
      version: sql`${purchases.version} + 1`,
      updated_at: sql`now()`,
    })
    .where(eq(purchases.id, doc.id))
    .returning();
  return row!;
}

async function insertLines(tx: Tx, purchaseId: number, body: PurchaseUpdateBody, byId: Awaited<ReturnType<typeof productsFor>>): Promise<LineRow[]> {
  return tx
    .insert(purchaseLines)
    .values(
      body.lines.map((l, i) => ({
        purchase_id: purchaseId,
        position: i,
        product_id: l.product_id,
        quantity: l.quantity,
        unit_cost: l.unit_cost ?? byId.get(l.product_id)!.cost_price,
        discount: l.discount,
        tax_bps: l.tax_bps,
      })),
    )
    .returning()
    .then((rows) => rows.sort((a, b) => a.position - b.position));
}

/** A line's discount cannot be more than its amount once the default unit cost is known. */
function checkDiscounts(lines: readonly LineRow[]): void {
  const errors: Record<string, string[]> = {};
  lines.forEach((l, i) => {
    if (l.discount > l.quantity * l.unit_cost) errors[`lines.${i}.discount`] = ['The discount cannot be more than the line’s amount.'];
  });
  if (Object.keys(errors).length) throw validationError(errors);
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

/** A new purchase, ordered and numbered; with `receive`, everything received at once. */
export async function createPurchase(tx: Tx, body: PurchaseCreateBody, actor: Actor): Promise<number> {
  await checkSupplier(tx, body.supplier_id);
  const byId = await productsFor(tx, body.lines);
  const reference = await nextNumber(tx, PURCHASE_PREFIX);
  const [doc] = await tx
    .insert(purchases)
    .values({ reference, ...header(body), created_by: actor.userId, ...(actor.at ? { created_at: actor.at, updated_at: actor.at } : {}) })
    .returning();
  const lines = await insertLines(tx, doc!.id, body, byId);
  checkDiscounts(lines);
  const saved = await restate(tx, doc!, lines, false);
  await recordHistory(tx, { docType: DOC_TYPE, docId: doc!.id, action: 'create', from: null, to: saved.status, userId: actor.userId, at: actor.at });
  if (body.receive) {
    await receivePurchase(tx, doc!.id, { lines: lines.map((l, i) => ({ line_id: l.id, quantity: l.quantity, serials: body.lines[i]!.serials ?? [] })) }, actor);
  }
  return doc!.id;
}

/** An ordered purchase's header and lines, replaced whole. */
export async function updatePurchase(tx: Tx, id: number, body: PurchaseUpdateBody, actor: Actor, ifMatch?: string): Promise<void> {
  const doc = await lockPurchase(tx, id);
  if (ifMatch && ifMatch !== '*' && ifMatch !== purchaseEtag(doc)) {
    throw new ApiError(409, 'Someone else changed this purchase while you were editing it. Reload to see their changes, then make yours again.', { code: 'stale' });
  }
  checkTransition(purchaseLifecycle, 'edit', doc.status);
  if (body.lines.some((l) => l.serials?.length)) {
    throw validationError({ lines: ['Serial numbers are named when the goods are received, not when the order is edited.'] });
  }
  await checkSupplier(tx, body.supplier_id);
  const byId = await productsFor(tx, body.lines);
  await tx.delete(purchaseLines).where(eq(purchaseLines.purchase_id, id));
  const lines = await insertLines(tx, id, body, byId);
  checkDiscounts(lines);
  const saved = await restate(tx, doc, lines, false, header(body));
  await recordHistory(tx, { docType: DOC_TYPE, docId: id, action: 'edit', from: doc.status, to: saved.status, userId: actor.userId, at: actor.at });
}

export const purchaseEtag = (doc: Pick<PurchaseRow, 'id' | 'version'>) => `W/"purchase-${doc.id}-${doc.version}"`;

interface Moving {
  line: LineRow;
  quantity: number;
  serials: string[];
  /** Where errors about it go. */
  path: string;
}

/** Request lines → purchase lines, with 422s under the request line's own path. */
function resolve(lines: LineRow[], wanted: NonNullable<ReceiveBody['lines']>, room: (l: LineRow) => number, tooMany: (n: number, name: string) => string, names: Map<number, string>): Moving[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const errors: Record<string, string[]> = {};
  const out: Moving[] = [];
  wanted.forEach((w, i) => {
    const line = byId.get(w.line_id);
    if (!line) {
      errors[`lines.${i}.line_id`] = ['This line is not on this purchase. Reload the purchase and try again.'];
      return;
    }
    if (w.quantity > room(line)) errors[`lines.${i}.quantity`] = [tooMany(room(line), names.get(line.product_id) ?? 'this product')];
    out.push({ line, quantity: w.quantity, serials: w.serials, path: `lines.${i}` });
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}

async function productNames(tx: Tx, lines: LineRow[]) {
  const rows = await tx.select({ id: products.id, name: products.name, tracks_serials: products.tracks_serials }).from(products).where(inArray(products.id, [...new Set(lines.map((l) => l.product_id))]));
  return { names: new Map(rows.map((r) => [r.id, r.name])), serial: new Map(rows.map((r) => [r.id, r.tracks_serials])) };
}

/** A serial coming in that is already in stock: refused under its own path (lines.2.serials.0), naming it. */
async function checkSerialsNew(tx: Tx, moving: Moving[], names: Map<number, string>): Promise<void> {
  const withSerials = moving.filter((m) => m.serials.length);
  if (!withSerials.length) return;
  const errors: Record<string, string[]> = {};
  for (const m of withSerials) {
    const lowered = m.serials.map((s) => s.trim().toLowerCase());
    const hits = await tx
      .select({ serial: serials.serial })
      .from(serials)
      .where(and(eq(serials.product_id, m.line.product_id), eq(serials.state, 'in_stock'), sql`lower(${serials.serial}) = any(${sql`array[${sql.join(lowered.map((s) => sql`${s}`), sql`, `)}]::text[]`})`));
    const taken = new Set(hits.map((h) => h.serial.toLowerCase()));
    lowered.forEach((s, k) => {
      if (taken.has(s)) errors[`${m.path}.serials.${k}`] = [`Serial number ${m.serials[k]!.trim()} of “${names.get(m.line.product_id)}” is already in stock.`];
    });
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/** Serial-tracked lines name one serial per unit; others none. Said under the line before the ledger would. */
function checkSerialCounts(moving: Moving[], serial: Map<number, boolean>, names: Map<number, string>): void {
  const errors: Record<string, string[]> = {};
  for (const m of moving) {
    const tracks = serial.get(m.line.product_id);
    if (tracks && m.serials.length !== m.quantity) {
      errors[`${m.path}.serials`] = [`“${names.get(m.line.product_id)}” tracks serial numbers: name one per unit (${m.quantity} ${m.quantity === 1 ? 'unit' : 'units'}, ${m.serials.length} named).`];
    }
    if (!tracks && m.serials.length) errors[`${m.path}.serials`] = [`“${names.get(m.line.product_id)}” does not track serial numbers; leave them out.`];
  }
  if (Object.keys(errors).length) throw validationError(errors);
}

/** Receives some lines, or (no lines) everything still to come: stock in through the ledger, once. */
export async function receivePurchase(tx: Tx, id: number, body: ReceiveBody, actor: Actor): Promise<void> {
  const doc = await lockPurchase(tx, id);
  checkTransition(purchaseLifecycle, 'receive', doc.status);
  const lines = await linesOf(tx, id);
  const { names, serial } = await productNames(tx, lines);
  const room = (l: LineRow) => l.quantity - l.received;
  let moving: Moving[];
  if (body.lines) {
    moving = resolve(lines, body.lines, room, (n, name) => (n === 0 ? `All of “${name}” has been received already.` : `Only ${n} of “${name}” ${n === 1 ? 'is' : 'are'} still to come.`), names);
  } else {
    moving = lines.filter((l) => room(l) > 0).map((l) => ({ line: l, quantity: room(l), serials: [], path: `lines.${l.position}` }));
    const needSerials = moving.filter((m) => serial.get(m.line.product_id));
    if (needSerials.length) {
      throw validationError({
        lines: [`${needSerials.map((m) => `“${names.get(m.line.product_id)}”`).join(', ')} ${needSerials.length === 1 ? 'tracks' : 'track'} serial numbers: receive ${needSerials.length === 1 ? 'it' : 'them'} line by line, with one serial number per unit.`],
      });
    }
  }
  checkSerialCounts(moving, serial, names);
  await checkSerialsNew(tx, moving, names);
  for (const m of moving) {
    // The CHECK (received <= quantity) makes "never more than ordered" a database fact.
    await tx.update(purchaseLines).set({ received: sql`${purchaseLines.received} + ${m.quantity}` }).where(eq(purchaseLines.id, m.line.id));
    m.line.received += m.quantity;
  }
  const postLines: PostLine[] = moving.map((m) => ({
    productId: m.line.product_id,
    quantity: m.quantity,
    unitCost: landedCost(m.line, doc.prices_include_tax),
    serials: m.serials,
    sourceLineId: m.line.id,
    path: m.path,
  }));
  await post(tx, { kind: 'purchase_receipt', lines: postLines, source: { type: DOC_TYPE, id }, userId: actor.userId, note: `${doc.reference} received`, at: actor.at });
  const saved = await restate(tx, doc, lines, doc.cancelled);
  await recordHistory(tx, {
    docType: DOC_TYPE,
    docId: id,
    action: 'receive',
    from: doc.status,
    to: saved.status,
    userId: actor.userId,
    note: body.note,
    at: actor.at,
    data: { lines: moving.map((m) => ({ line_id: m.line.id, product_id: m.line.product_id, quantity: m.quantity, serials: m.serials })) },
  });
}

/** Goods back to the supplier: out through the ledger (409 naming the product when they have gone). */
export async function returnPurchase(tx: Tx, id: number, body: ReturnBody, actor: Actor): Promise<void> {
  const doc = await lockPurchase(tx, id);
  checkTransition(purchaseLifecycle, 'return', doc.status);
  const lines = await linesOf(tx, id);
  const { names, serial } = await productNames(tx, lines);
  const moving = resolve(
    lines,
    body.lines,
    (l) => l.received - l.returned,
    (n, name) => (n === 0 ? `No “${name}” from this purchase is left to return.` : `Only ${n} of “${name}” came in on this purchase and ${n === 1 ? 'has' : 'have'} not gone back.`),
    names,
  );
  checkSerialCounts(moving, serial, names);
  // A serial goes back to the supplier it came from: it must have come in on this purchase.
  const errors: Record<string, string[]> = {};
  for (const m of moving.filter((x) => x.serials.length)) {
    const lowered = m.serials.map((s) => s.trim().toLowerCase());
    const came = await tx
      .select({ serial: serials.serial })
      .from(serials)
      .innerJoin(stockMovements, eq(stockMovements.id, serials.in_movement_id))
      .where(and(eq(serials.product_id, m.line.product_id), eq(stockMovements.source_type, DOC_TYPE), eq(stockMovements.source_id, id), sql`lower(${serials.serial}) = any(${sql`array[${sql.join(lowered.map((s) => sql`${s}`), sql`, `)}]::text[]`})`));
    const ours = new Set(came.map((c) => c.serial.toLowerCase()));
    lowered.forEach((s, k) => {
      if (!ours.has(s)) errors[`${m.path}.serials.${k}`] = [`Serial number ${m.serials[k]!.trim()} of “${names.get(m.line.product_id)}” did not come in on this purchase.`];
    });
  }
  if (Object.keys(errors).length) throw validationError(errors);
  for (const m of moving) {
    await tx.update(purchaseLines).set({ returned: sql`${purchaseLines.returned} + ${m.quantity}` }).where(eq(purchaseLines.id, m.line.id));
    m.line.returned += m.quantity;
  }
  await post(tx, {
    kind: 'purchase_return',
    lines: moving.map((m) => ({ productId: m.line.product_id, quantity: -m.quantity, serials: m.serials, sourceLineId: m.line.id, path: m.path })),
    source: { type: DOC_TYPE, id },
    userId: actor.userId,
    note: `${doc.reference} returned to supplier`,
    at: actor.at,
  });
  const saved = await restate(tx, doc, lines, doc.cancelled);
  await recordHistory(tx, {
    docType: DOC_TYPE,
    docId: id,
    action: 'return',
    from: doc.status,
    to: saved.status,
    userId: actor.userId,
    note: body.note,
    at: actor.at,
    data: { lines: moving.map((m) => ({ line_id: m.line.id, product_id: m.line.product_id, quantity: m.quantity, serials: m.serials })) },
  });
}

/** Cancels what has not come yet; what came stays (and can go back with a return). */
export async function cancelPurchase(tx: Tx, id: number, note: string | null | undefined, actor: Actor): Promise<void> {
  const doc = await lockPurchase(tx, id);
  checkTransition(purchaseLifecycle, 'cancel', doc.status);
  const lines = await linesOf(tx, id);
  const saved = await restate(tx, doc, lines, true);
  await recordHistory(tx, { docType: DOC_TYPE, docId: id, action: 'cancel', from: doc.status, to: saved.status, userId: actor.userId, note, at: actor.at });
}

/** A payment to the supplier, never more than is due. */
export async function payPurchase(tx: Tx, id: number, body: PaymentBody, actor: Actor): Promise<void> {
  const doc = await lockPurchase(tx, id);
  checkTransition(purchaseLifecycle, 'pay', doc.status);
  const due = amountDue(doc.grand_total, doc.paid);
  if (body.amount > due) {
    throw validationError({ amount: [due <= 0 ? 'Nothing is due on this purchase.' : `Only ${formatMoney(due)} is due on this purchase; enter at most that.`] });
  }
  await tx.insert(documentPayments).values({
    doc_type: DOC_TYPE,
    doc_id: id,
    paid_on: body.paid_on,
    amount: body.amount,
    method: body.method,
    note: body.note ?? null,
    user_id: actor.userId,
    ...(actor.at ? { created_at: actor.at } : {}),
  });
  const paid = doc.paid + body.amount;
  await tx
    .update(purchases)
    .set({ paid, payment_status: paymentStatus(doc.grand_total, paid), version: sql`${purchases.version} + 1`, updated_at: sql`now()` })
    .where(eq(purchases.id, id));
  await recordHistory(tx, { docType: DOC_TYPE, docId: id, action: 'pay', from: doc.status, to: doc.status, userId: actor.userId, note: body.note, at: actor.at, data: { amount: body.amount, method: body.method, paid_on: body.paid_on } });
}

/** One purchase as the API shows it: header, supplier, lines with their products, payments, history and what may be done next. */
export async function showPurchase(db: Db | Tx, id: number) {
  const [doc] = await db
    .select({ p: purchases, supplier_name: suppliers.name, supplier_company: suppliers.company })
    .from(purchases)
    .innerJoin(suppliers, eq(suppliers.id, purchases.supplier_id))
    .where(eq(purchases.id, id));
  if (!doc) throw new ApiError(404, 'This purchase no longer exists.');
  const lines = await db
    .select({
      l: purchaseLines,
      product_name: products.name,
      sku: products.sku,
      barcode: products.barcode,
      tracks_serials: products.tracks_serials,
      unit_name: units.short_name,
    })
    .from(purchaseLines)
    .innerJoin(products, eq(products.id, purchaseLines.product_id))
    .innerJoin(units, eq(units.id, products.unit_id))
    .where(eq(purchaseLines.purchase_id, id))
    .orderBy(asc(purchaseLines.position));
  const payments = await db
    .select({ id: documentPayments.id, paid_on: documentPayments.paid_on, amount: documentPayments.amount, method: documentPayments.method, note: documentPayments.note, created_at: documentPayments.created_at })
    .from(documentPayments)
    .where(and(eq(documentPayments.doc_type, DOC_TYPE), eq(documentPayments.doc_id, id)))
    .orderBy(asc(documentPayments.id));
  const p = doc.p;
  const status = p.status as PurchaseStatus;
  return {
    ...p,
    supplier_name: doc.supplier_name,
    supplier_company: doc.supplier_company,
    due: amountDue(p.grand_total, p.paid),
    actions: actionsFrom(purchaseLifecycle, status),
    lines: lines.map(({ l, ...product }) => ({ ...l, ...product, to_receive: l.quantity - l.received, returnable: l.received - l.returned })),
    payments,
    history: await historyOf(db, DOC_TYPE, id),
  };
}
