import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { type IssuedCustomer, type IssuedKind, type IssuedLine, type IssuedShop, type IssuedShown } from '../../domain/documents/invoice.ts';
import { PREFIXES, yearlySeries } from '../../domain/documents/numbering.ts';
import type { ShownPayment } from '../../domain/documents/payments.ts';
import { saleBalance, saleTotalsInput } from '../../domain/documents/sale.ts';
import { computeTotals, type DocumentInput, type DocumentTotals, type TaxBand } from '../../domain/documents/totals.ts';
import { posSetting, websiteSetting } from '../../domain/resources/index.ts';
import type { SingletonDef } from '../../domain/resource.ts';
import { qualified } from '../crud/sql.ts';
import type { Db, Tx } from '../db/index.ts';
import { creditNotes, customers, invoices, orderLines, orders, products, saleLines, sales } from '../db/schema.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { readSetting } from '../resources/settings.ts';
import { fromJson, nextNumber, type Actor } from './engine.ts';
import { paymentsJson } from './payments.ts';

/**
 * Invoices and credit notes (domain/documents/invoice.ts): issued inside the transaction of what
 * causes them — `issueInvoice` when a sale completes (server/documents/sales.ts: posted completed,
 * or a pending one completed; the orders' service when an order ships), `issueCreditNote` when a
 * return corrects an invoiced sale. Each freezes the shop (website setting), the customer, the
 * lines, the tax per rate and the totals (computeTotals, the one totals function), and takes its
 * number LAST (engine `nextNumber`: the series' counter row is locked until commit, so the series
 * is gapless and a number is never reused; a rollback gives it back). The database refuses to
 * change or delete an issued document (migration 0017).
 */

const dayOf = (actor: Actor) => (actor.at ?? new Date()).toISOString().slice(0, 10);

/** The shop and the customer as they are now, to be frozen on the document (a quotation prints them as they are). */
export async function parties(tx: Tx, customerId: number | null): Promise<{ shop: IssuedShop; customer: IssuedCustomer | null }> {
  const web = (await readSetting(tx as unknown as Db, websiteSetting as unknown as SingletonDef)) as Record<string, string | null>;
  const shop: IssuedShop = {
    name: web.shop_name || 'Shop',
    logo: web.logo ?? null,
    email: web.email ?? null,
    phone: web.phone ?? null,
    address: web.address ?? null,
    tax_number: web.tax_number ?? null,
    currency: web.currency || 'USD',
  };
  if (customerId === null) return { shop, customer: null };
  const [c] = await tx
    .select({ name: customers.name, email: customers.email, phone: customers.phone, address: customers.address, city: customers.city, country: customers.country, tax_number: customers.tax_number })
    .from(customers)
    .where(eq(customers.id, customerId));
  return { shop, customer: c ?? null };
}

/** The frozen amounts of an invoice: its lines with the totals computeTotals gives them, the tax per rate, the document's totals. */
function amounts(input: DocumentInput, lines: readonly Omit<IssuedLine, 'net' | 'tax' | 'total'>[]) {
  const t = computeTotals(input);
  const priced = lines.map((l, i) => ({ ...l, net: t.lines[i]!.net, tax: t.lines[i]!.tax, total: t.lines[i]!.total }));
  return frozen(t, priced, { prices_include_tax: input.pricesIncludeTax, tax_bps: input.taxRate });
}

/** Totals in the columns an issued document freezes them in. */
function frozen(t: DocumentTotals, lines: readonly IssuedLine[], terms: { prices_include_tax: boolean; tax_bps: number }) {
  return {
    lines,
    taxes: t.taxes,
    ...terms,
    subtotal: t.subtotal,
    line_tax: t.lineTax,
    discount_total: t.discount,
    document_tax: t.documentTax,
    shipping_total: t.shipping,
    grand_total: t.grandTotal,
  };
}

/**
 * What an invoice is made for: a completed sale or a shipped order. Both keep their lines in the
 * same sold-line columns and their terms in the same header columns, so one reading serves both;
 * `column` is the invoice's link to its source (unique: one invoice per sale, one per order).
 */
const SOURCES = {
  sale: { header: sales, lines: saleLines, parent: saleLines.sale_id, column: 'sale_id', noun: 'sale' },
  order: { header: orders, lines: orderLines, parent: orderLines.order_id, column: 'order_id', noun: 'order' },
} as const;
export type InvoiceSource = { saleId: number } | { orderId: number };

/** A source's invoice as its answer shows it ({ id, number }; null before it is issued), a subquery of the source's row. */
export const invoiceJson = (source: keyof typeof SOURCES, id: SQL) =>
  sql<unknown>`(select json_build_object('id', i.id, 'number', i.number) from ${invoices} i where ${sql.raw(`i.${SOURCES[source].column}`)} = ${id})`;

/**
 * Issues the invoice of a completed sale or a shipped order, in the transaction that completes
 * or ships it (after its stock moved: the invoice's counter is the last lock taken). Answers its
 * id and number.
 */
export async function issueInvoice(tx: Tx, source: InvoiceSource, actor: Actor): Promise<{ id: number; number: string }> {
  const [from, id] = 'saleId' in source ? [SOURCES.sale, source.saleId] : [SOURCES.order, source.orderId];
  const [doc] = await tx.select().from(from.header).where(eq(from.header.id, id));
  if (!doc) throw new ApiError(404, `This ${from.noun} no longer exists.`);
  const rows = await tx
    .select({ product_id: from.lines.product_id, name: products.name, sku: products.sku, quantity: from.lines.quantity, unit_price: from.lines.unit_price, discount: from.lines.discount, tax_bps: from.lines.tax_bps })
    .from(from.lines)
    .innerJoin(products, eq(products.id, from.lines.product_id))
    .where(eq(from.parent, id))
    .orderBy(from.lines.position);
  const pos = (await readSetting(tx as unknown as Db, posSetting as unknown as SingletonDef)) as { invoice_prefix?: string; invoice_yearly_restart?: boolean };
  const issuedOn = dayOf(actor);
  const series = yearlySeries(pos.invoice_prefix || PREFIXES.invoice, pos.invoice_yearly_restart ?? false, issuedOn);
  const values = { issued_on: issuedOn, [from.column]: id, customer_id: doc.customer_id, ...(await parties(tx, doc.customer_id)), ...amounts(saleTotalsInput(doc, rows), rows) };
  return issue(tx, invoices, series, values, actor);
}

/**
 * What a return hands to `issueCreditNote`, in the return's transaction — exactly the
 * `ReturnedValue` that server/documents/sale-returns.ts `returnSale` answers:
 * - saleId: the sale returned; its invoice is the one corrected (a sale without one: no credit note);
 * - returnId: the return it is issued for;
 * - lines: what came back, each with its product, quantity, unit price, discount, tax rate and
 *   what it is worth (net, tax, total) by the one totals function;
 * - totals: the return's value (domain/documents/sale.ts returnValue: DocumentTotals), frozen
 *   as the credit note's totals and tax per rate, so the note always equals what the return is worth.
 * 422 (under `lines.N.product_id`) for a product the invoice does not carry.
 */
export interface CreditNoteInput {
  saleId: number;
  returnId?: number | null;
  lines: readonly { product_id: number; quantity: number; unit_price: number; discount: number; tax_bps: number; net: number; tax: number; total: number }[];
  totals: DocumentTotals;
  note?: string | null;
}

/** Issues a credit note (CN-…) correcting the invoice of the returned sale; null when the sale has no invoice. */
export async function issueCreditNote(tx: Tx, input: CreditNoteInput, actor: Actor): Promise<{ id: number; number: string } | null> {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.sale_id, input.saleId));
  if (!inv) return null;
  const invoiced = new Map(fromJson<IssuedLine[]>(inv.lines).map((l) => [l.product_id, l]));
  const missing = input.lines.flatMap((l, i) => (invoiced.has(l.product_id) ? [] : [[`lines.${i}.product_id`, [`This product is not on invoice ${inv.number}: only what was invoiced can be credited.`]]]));
  if (missing.length) throw validationError(Object.fromEntries(missing));
  const lines = input.lines.map((l) => {
    const was = invoiced.get(l.product_id)!;
    return { product_id: l.product_id, name: was.name, sku: was.sku, quantity: l.quantity, unit_price: l.unit_price, discount: l.discount, tax_bps: l.tax_bps, net: l.net, tax: l.tax, total: l.total };
  });
  const values = {
    issued_on: dayOf(actor),
    invoice_id: inv.id,
    sale_id: inv.sale_id,
    return_id: input.returnId ?? null,
    customer_id: inv.customer_id,
    note: input.note ?? null,
    ...(await parties(tx, inv.customer_id)),
    ...frozen(input.totals, lines, { prices_include_tax: inv.prices_include_tax, tax_bps: inv.tax_bps }),
  };
  return issue(tx, creditNotes, PREFIXES.creditNote, values, actor);
}

/** The number taken last, then the frozen row written (its FKs checked by the database). */
async function issue(tx: Tx, table: typeof invoices | typeof creditNotes, series: string, values: Record<string, unknown>, actor: Actor) {
  const number = await nextNumber(tx, series);
  const [row] = await tx
    .insert(table)
    .values({ ...values, number, created_by: actor.userId, ...(actor.at ? { created_at: actor.at } : {}) } as never)
    .returning({ id: table.id, number: table.number });
  return row!;
}

const { created_by: _by, created_at: _at, ...invoiceCols } = getTableColumns(invoices);
const { created_by: _cby, created_at: _cat, ...creditCols } = getTableColumns(creditNotes);
const saleCols = { sale_reference: sales.reference, sold_on: sales.sold_on, sale_total: sales.grand_total, sale_paid: sales.paid, sale_returned: sales.returned_total, sale_refunded: sales.refunded };
/** An order's invoice reads the order's payments instead (an order has no returns). */
const orderCols = { order_reference: orders.reference, ordered_on: orders.ordered_on, order_total: orders.grand_total, order_paid: orders.paid };

/** The source's balance now (a sale's returns and refunds counted): positive, still due; negative, owed to the customer. */
const live = (r: { grand_total: number; sale_total: number | null; sale_paid: number | null; sale_returned: number | null; sale_refunded: number | null; order_total: number | null; order_paid: number | null }) =>
  saleBalance({ grand_total: r.sale_total ?? r.order_total ?? r.grand_total, paid: r.sale_paid ?? r.order_paid ?? 0, returned_total: r.sale_returned ?? 0, refunded: r.sale_refunded ?? 0 });

/** Invoice `id` as shown: frozen, with the sale's payments and balance due read live. */
async function showInvoice(db: Db | Tx, id: number): Promise<IssuedShown> {
  const [r] = await db
    .select({ ...invoiceCols, ...saleCols, ...orderCols, sale_payments: paymentsJson('sale', qualified(invoices.sale_id)), order_payments: paymentsJson('order', qualified(invoices.order_id)) })
    .from(invoices)
    .leftJoin(sales, eq(sales.id, invoices.sale_id))
    .leftJoin(orders, eq(orders.id, invoices.order_id))
    .where(eq(invoices.id, id));
  if (!r) throw new ApiError(404, 'This invoice does not exist.');
  const payments = fromJson<ShownPayment[]>(r.sale_id !== null ? r.sale_payments : r.order_payments);
  const order = r.order_id !== null ? { id: r.order_id, reference: r.order_reference ?? '', ordered_on: r.ordered_on ?? '' } : null;
  return shown('invoice', r, { order, invoice: null, payments, paid: r.sale_paid ?? r.order_paid ?? 0, due: live(r) });
}

/** Credit note `id` as shown, naming the invoice it corrects. */
async function showCreditNote(db: Db | Tx, id: number): Promise<IssuedShown> {
  const [r] = await db
    .select({ ...creditCols, ...saleCols, invoice_number: invoices.number })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoice_id))
    .leftJoin(sales, eq(sales.id, creditNotes.sale_id))
    .where(eq(creditNotes.id, id));
  if (!r) throw new ApiError(404, 'This credit note does not exist.');
  return shown('creditNote', r, { order: null, invoice: { id: r.invoice_id, number: r.invoice_number }, payments: [], paid: 0, due: 0 });
}

type Frozen = typeof invoices.$inferSelect & { sale_reference: string | null; sold_on: string | null };
function shown(kind: IssuedKind, r: Omit<Frozen, 'created_by' | 'created_at' | 'order_id'>, live: Pick<IssuedShown, 'order' | 'invoice' | 'payments' | 'paid' | 'due'>): IssuedShown {
  return {
    kind,
    id: r.id,
    number: r.number,
    issued_on: r.issued_on,
    shop: fromJson<IssuedShop>(r.shop),
    customer: fromJson<IssuedCustomer | null>(r.customer),
    lines: fromJson<IssuedLine[]>(r.lines),
    taxes: fromJson<TaxBand[]>(r.taxes),
    prices_include_tax: r.prices_include_tax,
    tax_bps: r.tax_bps,
    subtotal: r.subtotal,
    line_tax: r.line_tax,
    discount_total: r.discount_total,
    document_tax: r.document_tax,
    shipping_total: r.shipping_total,
    grand_total: r.grand_total,
    note: r.note,
    sale: r.sale_id !== null ? { id: r.sale_id, reference: r.sale_reference, sold_on: r.sold_on ?? '' } : null,
    ...live,
  };
}

export const showIssued: Record<IssuedKind, (db: Db | Tx, id: number) => Promise<IssuedShown>> = { invoice: showInvoice, creditNote: showCreditNote };
