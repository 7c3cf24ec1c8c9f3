import { eq, sql, type SQL } from 'drizzle-orm';
import { actionsFrom } from '../../domain/documents/lifecycle.ts';
import type { StockOutBody } from '../../domain/documents/lines.ts';
import { type PaymentBody, type ShownPayment } from '../../domain/documents/payments.ts';
import { SALE_PREFIX, saleBalance, saleLifecycle, saleTotalsInput, type SaleAction, type SaleCreateBody, type SaleStatus, type SaleUpdateBody } from '../../domain/documents/sale.ts';
import type { Permission } from '../../domain/permissions.ts';
import { computeTotals } from '../../domain/documents/totals.ts';
import { formatMoney } from '../../domain/format.ts';
import { qualified } from '../crud/sql.ts';
import type { Db, Tx } from '../db/index.ts';
import { creditNotes, customers, quotations, saleLines, saleReturnLines, saleReturns, sales, serials, stockMovements } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';
import { act, create, fromJson, gone, historyJson, shownColumns, type Actor, type DocumentKind } from './engine.ts';
import type { ClientKey } from './idempotency.ts';
import { invoiceJson, issueInvoice } from './invoices.ts';
import { insertLines, linesJson, linesOf, productsFor, setOnLines } from './lines.ts';
import { pay, paymentsJson, recordPayments } from './payments.ts';
import { returnsJson } from './sale-return-kind.ts';
import { categoryDiscount, checkMethods, saleTerms } from './sale-terms.ts';
import { asSent, namedSerials, takeStock } from './stock-out.ts';
import { holdTillSession, mustSellAtTill } from '../pos/registers.ts';
import { labelLine } from '../../domain/pos/scale.ts';

/**
 * Sales on the document engine (./engine.ts runs the protocol: lock, lifecycle, totals,
 * history, number): here only what is a sale's own — prices from the products, stock out
 * through the ledger (at once when completed, on `complete` when pending), each line keeping
 * the average cost its units left at, and the payments taken at the till with their change.
 */

export const DOC_TYPE = 'sale';
/** Who may sell at another price than the product's (the demo Cashier may not). */
const PRICE_OVERRIDE = 'sales price override' satisfies Permission;

type SaleRow = typeof sales.$inferSelect;
type LineRow = typeof saleLines.$inferSelect;
const lines = { table: saleLines, parent: 'sale_id' };
const stockOf = { docType: DOC_TYPE, lines };

export const saleKind: DocumentKind<SaleStatus, SaleAction, SaleRow, LineRow> = {
  docType: DOC_TYPE,
  lifecycle: saleLifecycle,
  prefix: SALE_PREFIX,
  table: sales,
  party: { table: customers, field: 'customer_id', noun: 'customer', optional: true },
  status: (doc) => doc.status,
  // A sale's status moves only by its actions (completed or pending on creation, `complete`).
  // Payment status after returns: what the customer keeps (grand total less the value returned)
  // against what they paid less what was refunded: paid once that covers it (also when the shop
  // owes a refund still), partial while some does, due while none does.
  totals: { lines, input: (doc, ls) => saleTotalsInput(doc, ls), status: (doc) => doc.status, owed: (doc) => ({ total: doc.grand_total - doc.returned_total, paid: doc.paid - doc.refunded }) },
};

type Errors = Record<string, string[]>;
const refuse = (errors: Errors) => {
  if (Object.keys(errors).length) throw validationError(errors);
};

/**
 * The payments as taken, applied to the total: what is tendered beyond it is change, which only
 * cash can give (taken off the cash payments, last first). 422 under the payment that cannot be
 * more than is due.
 */
function settlePayments(total: number, payments: SaleCreateBody['payments']) {
  const tendered = payments.reduce((s, p) => s + p.amount, 0);
  const change = Math.max(0, tendered - total);
  const cash = payments.reduce((s, p) => s + (p.method === 'cash' ? p.amount : 0), 0);
  if (change > cash) {
    const last = payments.findLastIndex((p) => p.method !== 'cash');
    refuse({ [`payments.${last}.amount`]: [`Only cash can be paid beyond the total (${formatMoney(total)}): the other payments come to ${formatMoney(tendered - cash)}. Lower this one.`] });
  }
  let left = change;
  const applied = [...payments]
    .reverse()
    .map((p) => {
      if (p.method !== 'cash' || left === 0) return p;
      const back = Math.min(left, p.amount);
      left -= back;
      return { ...p, amount: p.amount - back };
    })
    .reverse()
    .filter((p) => p.amount > 0);
  return { applied, paid: tendered - change, change };
}

/**
 * THE one way a sale is recorded (the back office's form and the till, whose sale names the
 * seller's open register session: server/pos/registers.ts holdTillSession): products checked
 * (there, active), priced at their sale price unless the seller may set another
 * (`canOverridePrice`; else 422 under `lines.N.unit_price`), the totals computeTotals gives,
 * stock out through the ledger when completed (a pending sale moves none), the payments with
 * their change and payment status, and the number taken last (engine `create`). In the caller's
 * one transaction; with a client key, a replay answers the sale first made under it (even once
 * its register session has closed: the session is checked only when a sale is made).
 */
export async function postSale(tx: Tx, body: SaleCreateBody, actor: Actor, client?: ClientKey, from?: { quotationId: number }) {
  let priced: Priced | undefined;
  const header = async () => {
    // A till sale: by whoever may sell at the till, in their own open register session (held until it commits).
    if (body.channel === 'pos') {
      mustSellAtTill(actor);
      await holdTillSession(tx, body.register_session_id!, actor);
    }
    priced = await price(tx, body, actor, from !== undefined);
    return {
      ...priced.header,
      channel: body.channel,
      status: body.status,
      created_by: actor.userId,
      register_session_id: body.channel === 'pos' ? body.register_session_id : null,
      ...(from ? { quotation_id: from.quotationId } : {}),
    };
  };
  return create(saleKind, tx, actor, header, client, async (doc) => {
    const made = await insertLines<LineRow>(tx, lines, doc.id, priced!.rows);
    if (body.status === 'completed') await takeStock(tx, stockOf, doc, made, asSent((i) => body.lines[i]!.serials), actor);
    const total = computeTotals(saleTotalsInput(doc, made)).grandTotal;
    const { applied, paid, change } = settlePayments(total, body.payments);
    await recordPayments(saleKind, tx, doc.id, applied.map((p) => ({ ...p, paid_on: body.sold_on })), actor);
    return { lines: made, set: { paid, change }, data: change ? { change } : undefined };
  }, async (doc) => {
    // A sale completed at once has its invoice, numbered after the sale (the invoice counter: the last lock).
    if (body.status === 'completed') await issueInvoice(tx, { saleId: doc.id }, actor);
  });
}

type Priced = Awaited<ReturnType<typeof price>>;

/** What a sale would come to, priced as postSale prices it, recording nothing (what to tender before paying: the demo seed, the till's total). */
export async function saleTotal(tx: Tx, body: SaleCreateBody, actor: Actor): Promise<number> {
  const { header, rows } = await price(tx, body, actor);
  return computeTotals(saleTotalsInput(header, rows)).grandTotal;
}

/**
 * A sale's body checked and priced, for recording it and for editing it while pending, and a
 * website order's (server/documents/orders.ts, as a pending sale whose stock leaves later): its
 * terms from the shop and customer (sale-terms.ts), products there and active, priced at their
 * sale price unless the seller holds the override right (else 422 under `lines.N.unit_price`),
 * one tax method, and each line's discount with the customer's category's on top. Stock that
 * leaves later (status pending) names no serials now: they are named when it leaves (a pending
 * sale's complete, an order's process), since nothing holds a named unit for it until then.
 * `quoted`: the lines are an accepted quotation's (postSale `from`), whose prices and discounts
 * were agreed and already carry the category's: they are taken as they are.
 */
export async function price(tx: Tx, body: SaleUpdateBody & { status: SaleStatus; payments: SaleCreateBody['payments'] }, actor: Actor, quoted = false) {
  const canOverridePrice = quoted || (actor.rights?.has(PRICE_OVERRIDE) ?? false);
  const terms = await saleTerms(tx, body);
  const byId = await productsFor(tx, body.lines, (l, p) => {
    if (p.status !== 'active') return ['product_id', `“${p.name}” is inactive and cannot be sold. Choose another product.`];
    // Naming serials on a pending sale would promise units nothing holds for it: they are named on completing.
    if (body.status === 'pending' && l.serials?.length) return ['serials', `Serial numbers are named when the sale is completed (nothing holds a unit for a pending sale): leave them out now.`];
    if (l.scale_label !== undefined) {
      // The price a label gives is the label's (or its weight's), never the body's: the server reads it again.
      const line = labelLine(l.scale_label, terms.scale, p);
      if ('refused' in line) return ['scale_label', line.refused];
      if (l.unit_price !== undefined && l.unit_price !== line.unit_price) return ['unit_price', `This label prices “${p.name}” at ${formatMoney(line.unit_price)}, not ${formatMoney(l.unit_price)}. Scan it again.`];
      return undefined;
    }
    if (l.unit_price !== undefined && l.unit_price !== p.sale_price && !canOverridePrice) {
      return ['unit_price', `“${p.name}” sells at ${formatMoney(p.sale_price)}; you may not change its price. Leave the price as it is.`];
    }
    return undefined;
  });
  const methods = body.lines.map((l) => byId.get(l.product_id)!.tax_method);
  const mixed = methods.findIndex((m) => m !== methods[0]);
  if (mixed >= 0) {
    refuse({ [`lines.${mixed}.product_id`]: ['Its price includes tax where the other lines’ do not (or the other way round): sell it on a sale of its own.'] });
  }
  const rows = body.lines.map((l) => {
    const p = byId.get(l.product_id)!;
    const labelled = l.scale_label === undefined ? undefined : labelLine(l.scale_label, terms.scale, p);
    const unit_price = labelled && 'unit_price' in labelled ? labelled.unit_price : (l.unit_price ?? p.sale_price);
    return { product_id: l.product_id, quantity: l.quantity, unit_price, discount: l.discount, tax_bps: p.tax_bps };
  });
  refuse(Object.fromEntries(rows.flatMap((l, i) => (l.discount > l.quantity * l.unit_price ? [[`lines.${i}.discount`, ['The discount cannot be more than the line’s amount.']]] : []))));
  return {
    header: {
      customer_id: terms.customerId,
      sold_on: body.sold_on,
      note: body.note ?? null,
      prices_include_tax: methods[0] === 'inclusive',
      discount: body.discount,
      tax_bps: body.tax_bps,
      shipping: body.shipping,
    },
    // The customer's category discount is taken off each line, on top of the line's own.
    rows: quoted ? rows : rows.map((l) => ({ ...l, discount: l.discount + categoryDiscount(l.quantity * l.unit_price, l.discount, terms.categoryBps) })),
  };
}

/** A pending sale edited (If-Match: the version it was read at): priced again, its lines replaced; no stock has moved yet. */
export const updateSale = (tx: Tx, id: number, body: SaleUpdateBody, actor: Actor, ifMatch?: string) =>
  act(saleKind, tx, id, 'edit', actor, async () => {
    const { header, rows } = await price(tx, { ...body, status: 'pending', payments: [] }, actor);
    await tx.delete(saleLines).where(eq(saleLines.sale_id, id));
    return { lines: await insertLines<LineRow>(tx, lines, id, rows), set: header };
  }, ifMatch);

/**
 * A pending sale completed: its stock goes out now, through the ledger, as a sale completed at
 * once (takeStock), the serials of its serial-tracked lines named in the body by line.
 */
export const completeSale = (tx: Tx, id: number, body: StockOutBody, actor: Actor) =>
  act(saleKind, tx, id, 'complete', actor, async (doc) => {
    const rows = await linesOf<LineRow>(tx, lines, id);
    await takeStock(tx, stockOf, doc, rows, await namedSerials(tx, rows, body.lines, 'sale'), actor);
    await issueInvoice(tx, { saleId: id }, actor);
    return { note: body.note };
  });

/** A payment from the customer, never more than is due. */
/** A later payment of a sale, by a method the shop takes (the POS setting's), as its first ones. */
export const paySale = (tx: Tx, id: number, body: PaymentBody, actor: Actor) =>
  act(saleKind, tx, id, 'pay', actor, async (doc) => {
    await checkMethods(tx, null, [body]);
    return pay(saleKind, tx, doc, body, actor);
  });

/** A return as a sale's answer shows it (./sale-return-kind.ts returnsJson). */
type ShownReturn = Omit<typeof saleReturns.$inferSelect, 'client_id' | 'client_key' | 'sale_id' | 'created_by' | 'created_at'> & { created_at: string; lines: (typeof saleReturnLines.$inferSelect)[]; refunds: ShownPayment[] };

type ShownLine = LineRow & { product_name: string; sku: string; barcode: string | null; tracks_serials: boolean; unit_name: string };

const docId = qualified(sales.id);
/** The credit notes a sale's returns issued. */
const creditNotesOf = (saleId: SQL) =>
  sql<unknown>`(select coalesce(json_agg(json_build_object('id', cn.id, 'number', cn.number, 'return_id', cn.return_id) order by cn.id), '[]') from ${creditNotes} cn where cn.sale_id = ${saleId})`;
/** The quotation a sale was converted from, if any. */
const quotationOf = (quotationId: SQL) => sql<unknown>`(select json_build_object('id', q.id, 'reference', q.reference) from ${quotations} q where q.id = ${quotationId})`;
/**
 * The serials each line sold and that have not come back, as [{ line_id, serial }] (a return
 * names them: the return panel offers these): those whose last way out was this sale's line.
 */
const serialsOutOf = (saleId: SQL) =>
  sql<unknown>`(select coalesce(json_agg(json_build_object('line_id', m.source_line_id, 'serial', sr.serial) order by m.source_line_id, sr.serial), '[]')
    from ${serials} sr join ${stockMovements} m on m.id = sr.out_movement_id
    where m.source_type = ${DOC_TYPE} and m.source_id = ${saleId} and sr.state <> 'in_stock')`;
const shown = {
  s: shownColumns(sales),
  customer_name: customers.name,
  quotation: quotationOf(qualified(sales.quotation_id)),
  lines: linesJson(lines, docId),
  serials_out: serialsOutOf(docId),
  payments: paymentsJson(DOC_TYPE, docId),
  returns: returnsJson(docId),
  history: historyJson(DOC_TYPE, docId),
  invoice: invoiceJson('sale', docId),
  credit_notes: creditNotesOf(docId),
};

/** One sale as the API shows it, in one statement: header, customer (none: walk-in), lines, payments, history, what may be done next. */
export async function showSale(db: Db | Tx, id: number) {
  const [doc] = await db.select(shown).from(sales).leftJoin(customers, eq(customers.id, sales.customer_id)).where(eq(sales.id, id));
  if (!doc) throw gone(saleKind);
  const s = doc.s;
  const out = fromJson<{ line_id: number; serial: string }[]>(doc.serials_out);
  return {
    ...s,
    customer_name: doc.customer_name,
    // saleBalance: positive, the customer still owes it; negative, the shop owes the customer a refund.
    due: saleBalance(s),
    actions: actionsFrom(saleLifecycle, s.status),
    lines: fromJson<ShownLine[]>(doc.lines).map((l) => ({
      ...l,
      returnable: s.status === 'completed' ? l.quantity - l.returned : 0,
      serials_out: out.filter((o) => o.line_id === l.id).map((o) => o.serial),
    })),
    payments: fromJson<ShownPayment[]>(doc.payments),
    returns: fromJson<ShownReturn[]>(doc.returns),
    history: fromJson<Record<string, unknown>[]>(doc.history),
    invoice: fromJson<{ id: number; number: string } | null>(doc.invoice),
    credit_notes: fromJson<{ id: number; number: string; return_id: number | null }[]>(doc.credit_notes),
    quotation: fromJson<{ id: number; reference: string } | null>(doc.quotation),
  };
}
