import { eq, sql, type SQL } from 'drizzle-orm';
import { actionsFrom } from '../../domain/documents/lifecycle.ts';
import {
  effectiveStatus,
  QUOTATION_PREFIX,
  quotationLifecycle,
  quotationTotalsInput,
  type QuotationAction,
  type QuotationBody,
  type QuotationStatus,
} from '../../domain/documents/quotation.ts';
import { qualified } from '../crud/sql.ts';
import type { Db, Tx } from '../db/index.ts';
import { customers, quotationLines, quotations, sales } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';
import { act, create, dayOf, fromJson, gone, historyJson, shownColumns, type Actor, type DocumentKind } from './engine.ts';
import type { ClientKey } from './idempotency.ts';
import { parties } from './invoices.ts';
import { insertLines, linesJson, linesOf } from './lines.ts';
import { postSale, price } from './sales.ts';

/**
 * Quotations on the document engine (./engine.ts runs the protocol: lock, lifecycle, totals,
 * history, number): here only what is a quotation's own — priced exactly as a sale is (sales.ts
 * `price`), moving no stock and taking no payments, expiring when sent and past its day
 * (computed, never stored: domain effectiveStatus), and converted once into a pending sale by the
 * one sale service (postSale, `from`), which the database's unique sales.quotation_id makes once.
 */

export const DOC_TYPE = 'quotation';

type QuotationRow = typeof quotations.$inferSelect;
type LineRow = typeof quotationLines.$inferSelect;
const lines = { table: quotationLines, parent: 'quotation_id' };

/** The sale a quotation became, if any. */
const saleOf = (quotationId: SQL) =>
  sql<unknown>`(select json_build_object('id', s.id, 'reference', s.reference) from ${sales} s where s.quotation_id = ${quotationId})`;

/** The status a list row shows and filters by: effectiveStatus in SQL (a sent quotation past its valid-until day has expired). */
export const statusNow = sql<string>`(case when ${quotations.status} = 'sent' and ${quotations.valid_until} < current_date then 'expired' else ${quotations.status} end)`;

export const quotationKind: DocumentKind<QuotationStatus, QuotationAction, QuotationRow, LineRow> = {
  docType: DOC_TYPE,
  lifecycle: quotationLifecycle,
  prefix: QUOTATION_PREFIX,
  table: quotations,
  party: { table: customers, field: 'customer_id', noun: 'customer' },
  status: (doc, today) => effectiveStatus(doc, today),
  // A converted quotation names its sale; an expired one says since when and what to do instead.
  refusal: async (tx, doc, _action, status) => {
    if (status === 'converted') {
      const [row] = await tx.select({ reference: sales.reference }).from(sales).where(eq(sales.quotation_id, doc.id));
      return row ? `Quotation ${doc.reference} was converted already: it is sale ${row.reference}. Open that sale instead.` : undefined;
    }
    if (status === 'expired') return `Quotation ${doc.reference} expired: it was valid until ${doc.valid_until}. Write a new quotation for the customer.`;
    return undefined;
  },
  // Every step ends where the table says (`to`); an edit keeps it a draft.
  totals: { lines, input: (doc, ls) => quotationTotalsInput(doc, ls), status: (doc) => doc.status, unpaid: true },
};

/** The quotation's header and lines priced as a sale's: catalogue prices (another needs the override right), the customer's category discount. */
async function priceQuotation(tx: Tx, body: QuotationBody, actor: Actor) {
  const { quoted_on, valid_until, ...terms } = body;
  const priced = await price(tx, { ...terms, sold_on: quoted_on, status: 'pending', payments: [] }, actor);
  const { sold_on: _day, ...header } = priced.header;
  return { header: { ...header, quoted_on, valid_until }, rows: priced.rows };
}

/** THE one way a quotation is written: a draft, priced as a sale, totals, history and number from the engine. */
export async function createQuotation(tx: Tx, body: QuotationBody, actor: Actor, client?: ClientKey) {
  let rows: Record<string, unknown>[] = [];
  const header = async () => {
    const priced = await priceQuotation(tx, body, actor);
    rows = priced.rows;
    return { ...priced.header, status: 'draft', created_by: actor.userId };
  };
  return create(quotationKind, tx, actor, header, client, async (doc) => ({ lines: await insertLines<LineRow>(tx, lines, doc.id, rows) }));
}

/** A draft changed (If-Match: the version it was read at): priced again, its lines replaced. */
export const updateQuotation = (tx: Tx, id: number, body: QuotationBody, actor: Actor, ifMatch?: string) =>
  act(quotationKind, tx, id, 'edit', actor, async () => {
    const { header, rows } = await priceQuotation(tx, body, actor);
    await tx.delete(quotationLines).where(eq(quotationLines.quotation_id, id));
    return { lines: await insertLines<LineRow>(tx, lines, id, rows), set: header };
  }, ifMatch);

/** Sent to the customer: an offer valid until its day, so one whose day is past is refused under valid_until (edit it first). */
export const sendQuotation = (tx: Tx, id: number, note: string | null | undefined, actor: Actor) =>
  act(quotationKind, tx, id, 'send', actor, async (doc) => {
    if (doc.valid_until < dayOf(actor)) throw validationError({ valid_until: [`It was valid until ${doc.valid_until}, which is past. Edit the quotation to a later day, then send it.`] });
    return { note };
  });

/** The customer's answer: accepted or rejected (refused once it has expired). */
export const answerQuotation = (answer: 'accept' | 'reject') => (tx: Tx, id: number, note: string | null | undefined, actor: Actor) => act(quotationKind, tx, id, answer, actor, async () => ({ note }));

/**
 * An accepted quotation becomes ONE pending sale, through the one sale service (postSale): its
 * customer, lines at their quoted prices and discounts, its discount, tax and shipping, dated
 * the day it converts. The quotation row's lock queues concurrent converts; the one after finds
 * it converted and is told the sale (the kind's `refusal`); the unique sales.quotation_id holds
 * even without the lock. Whoever writes quotations converts them: the sale is pending (no
 * stock, no payment), and completing it needs the right to record sales.
 */
export const convertQuotation = (tx: Tx, id: number, note: string | null | undefined, actor: Actor) =>
  act(quotationKind, tx, id, 'convert', actor, async (doc) => {
    const quoted = await linesOf<LineRow>(tx, lines, id);
    const sale = await postSale(
      tx,
      {
        customer_id: doc.customer_id,
        sold_on: dayOf(actor),
        channel: 'backoffice',
        status: 'pending',
        lines: quoted.map((l) => ({ product_id: l.product_id, quantity: l.quantity, unit_price: l.unit_price, discount: l.discount })),
        discount: doc.discount,
        tax_bps: doc.tax_bps,
        shipping: doc.shipping,
        payments: [],
        note: doc.note,
      },
      actor,
      undefined,
      { quotationId: id },
    );
    return { note, data: { sale_id: sale.id } };
  });

type ShownLine = LineRow & { product_name: string; sku: string; barcode: string | null; tracks_serials: boolean; unit_name: string };

const docId = qualified(quotations.id);
const shown = { q: shownColumns(quotations), customer_name: customers.name, customer_email: customers.email, lines: linesJson(lines, docId), history: historyJson(DOC_TYPE, docId), sale: saleOf(docId) };

/** One quotation as the API shows it, in one statement: header, status today, customer, lines, history, the sale it became, what may be done next. */
export async function showQuotation(db: Db | Tx, id: number) {
  const [doc] = await db.select(shown).from(quotations).innerJoin(customers, eq(customers.id, quotations.customer_id)).where(eq(quotations.id, id));
  if (!doc) throw gone(quotationKind);
  const status = effectiveStatus(doc.q, dayOf({ userId: null }));
  // What its printed sheet heads with: the shop and the customer as they are now.
  const printed = await parties(db as Tx, doc.q.customer_id);
  return {
    ...printed,
    ...doc.q,
    status,
    customer_name: doc.customer_name,
    customer_email: doc.customer_email,
    actions: actionsFrom(quotationLifecycle, status),
    lines: fromJson<ShownLine[]>(doc.lines),
    // A quotation takes no payments: none, so every document page reads the same shape.
    payments: [] as never[],
    history: fromJson<Record<string, unknown>[]>(doc.history),
    sale: fromJson<{ id: number; reference: string } | null>(doc.sale),
  };
}
