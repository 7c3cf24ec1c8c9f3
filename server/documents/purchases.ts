import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
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
import { qualified } from '../crud/sql.ts';
import { checkTransition, fromJson, historyJson, isoJson, nextNumber, recordHistory } from './engine.ts';

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

/** The lines with what errors say of their products (name, serial tracking): one statement. */
async function linesAndProducts(tx: Tx, id: number) {
  const got = await tx
    .select({ l: purchaseLines, name: products.name, tracks_serials: products.tracks_serials })
    .from(purchaseLines)
    .innerJoin(products, eq(products.id, purchaseLines.product_id))
    .where(eq(purchaseLines.purchase_id, id))
    .orderBy(asc(purchaseLines.position));
  return {
    lines: got.map((r) => r.l),
    names: new Map(got.map((r) => [r.l.product_id, r.name])),
    serial: new Map(got.map((r) => [r.l.product_id, r.tracks_serials])),
  };
}

/**
 * Adds to a counter column of several lines in ONE statement (UPDATE … FROM VALUES), whatever
 * their number; a line named twice adds both. The lines are the locked purchase's, so no other
 * writer waits on them; the table's CHECK keeps received ≤ quantity and returned ≤ received.
 */
async function addToLines(tx: Tx, column: 'received' | 'returned', moving: readonly { line: LineRow; quantity: number }[]): Promise<void> {
  const byLine = new Map<number, number>();
  for (const m of moving) byLine.set(m.line.id, (byLine.get(m.line.id) ?? 0) + m.quantity);
  if (!byLine.size) return;
  const sorted = [...byLine].sort(([a], [b]) => a - b);
  const col = sql.identifier(column);
  await tx.execute(sql`update ${purchaseLines} as l set ${col} = l.${col} + v.q
    from unnest(${sql.param(sorted.map(([id]) => id))}::int[], ${sql.param(sorted.map(([, q]) => q))}::int[]) as v(id, q) where l.id = v.id`);
  for (const m of moving) m.line[column] += m.quantity;
}

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
  const changed = lines.flatMap((l, i) => {
    const t = totals.lines[i]!;
    return l.net !== t.net || l.tax !== t.tax || l.total !== t.total ? [sql`(${l.id}::int, ${t.net}::bigint, ${t.tax}::bigint, ${t.total}::bigint)`] : [];
  });
  if (changed.length) {
    await tx.execute(sql`update ${purchaseLines} as l set net = v.net, tax = v.tax, total = v.total
      from (values ${sql.join(changed, sql`, `)}) as v(id, net, tax, total) where l.id = v.id`);
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

/** A serial coming in that is already in stock: refused under its own path (lines.2.serials.0), naming it. */
async function checkSerialsNew(tx: Tx, moving: Moving[], names: Map<number, string>): Promise<void> {
  const withSerials = moving.filter((m) => m.serials.length);
  if (!withSerials.length) return;
  // One statement for every line: the (product, serial) pairs already in stock.
  const pairs = withSerials.flatMap((m) => m.serials.map((s) => ({ product: m.line.product_id, serial: s.trim().toLowerCase() })));
  const hits = await tx
    .select({ product_id: serials.product_id, serial: serials.serial })
    .from(serials)
    .where(
      and(
        eq(serials.state, 'in_stock'),
        sql`(${serials.product_id}, lower(${serials.serial})) in (select * from unnest(${sql`array[${sql.join(pairs.map((p) => sql`${p.product}`), sql`, `)}]::int[]`}, ${sql`array[${sql.join(pairs.map((p) => sql`${p.serial}`), sql`, `)}]::text[]`}))`,
      ),
    );
  const taken = new Set(hits.map((h) => `${h.product_id} ${h.serial.toLowerCase()}`));
  const errors: Record<string, string[]> = {};
  for (const m of withSerials) {
    m.serials.forEach((s, k) => {
      if (taken.has(`${m.line.product_id} ${s.trim().toLowerCase()}`)) errors[`${m.path}.serials.${k}`] = [`Serial number ${s.trim()} of “${names.get(m.line.product_id)}” is already in stock.`];
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
  const { lines, names, serial } = await linesAndProducts(tx, id);
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
  // The CHECK (received <= quantity) makes "never more than ordered" a database fact.
  await addToLines(tx, 'received', moving);
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
  const { lines, names, serial } = await linesAndProducts(tx, id);
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
  await addToLines(tx, 'returned', moving);
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

/** A purchase's lines with their products, as one JSON array (a subquery of the purchase's row). */
const lineColumns = Object.entries(getTableColumns(purchaseLines)).map(([key, col]) => sql.raw(`'${key}', l."${col.name}"`));
const linesJson = sql<unknown>`(
  select coalesce(json_agg(json_build_object(${sql.join(lineColumns, sql`, `)}, 'product_name', pr.name, 'sku', pr.sku,
    'barcode', pr.barcode, 'tracks_serials', pr.tracks_serials, 'unit_name', un.short_name) order by l.position), '[]')
  from ${purchaseLines} l join ${products} pr on pr.id = l.product_id join ${units} un on un.id = pr.unit_id
  where l.purchase_id = ${qualified(purchases.id)})`;
const paymentsJson = sql<unknown>`(
  select coalesce(json_agg(json_build_object('id', dp.id, 'paid_on', dp.paid_on, 'amount', dp.amount, 'method', dp.method,
    'note', dp.note, 'created_at', ${isoJson(sql`dp.created_at`)}) order by dp.id), '[]')
  from ${documentPayments} dp where dp.doc_type = ${DOC_TYPE} and dp.doc_id = ${qualified(purchases.id)})`;

type ShownLine = LineRow & { product_name: string; sku: string; barcode: string | null; tracks_serials: boolean; unit_name: string };
interface ShownPayment {
  id: number;
  paid_on: string;
  amount: number;
  method: string;
  note: string | null;
  created_at: string;
}

/**
 * One purchase as the API shows it: header, supplier, lines with their products, payments,
 * history and what may be done next. One statement (lines, payments and history are JSON
 * subqueries of the purchase's row): every write answers with it.
 */
export async function showPurchase(db: Db | Tx, id: number) {
  const [doc] = await db
    .select({ p: purchases, supplier_name: suppliers.name, supplier_company: suppliers.company, lines: linesJson, payments: paymentsJson, history: historyJson(DOC_TYPE, qualified(purchases.id)) })
    .from(purchases)
    .innerJoin(suppliers, eq(suppliers.id, purchases.supplier_id))
    .where(eq(purchases.id, id));
  if (!doc) throw new ApiError(404, 'This purchase no longer exists.');
  const p = doc.p;
  const status = p.status as PurchaseStatus;
  return {
    ...p,
    supplier_name: doc.supplier_name,
    supplier_company: doc.supplier_company,
    due: amountDue(p.grand_total, p.paid),
    actions: actionsFrom(purchaseLifecycle, status),
    lines: fromJson<ShownLine[]>(doc.lines).map((l) => ({ ...l, to_receive: l.quantity - l.received, returnable: l.received - l.returned })),
    payments: fromJson<ShownPayment[]>(doc.payments),
    history: fromJson<Record<string, unknown>[]>(doc.history),
  };
}
