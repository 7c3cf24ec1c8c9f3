import type { ShownPayment } from '../../domain/documents/payments.facts.ts';
import { returnValue, saleBalance } from '../../domain/documents/sale.ts';
import type { SaleChannel, SaleStatus } from '../../domain/documents/sale.facts.ts';
import { draftLine, editorLines, wholeLines, type DocumentHeader, type DraftOpening, type LineDraft, type PaidDocument, type ShownDocLine, type ShownStep } from '../document/kind.ts';

/** A sale as GET /sales/{id} answers it (server/documents/sales.ts showSale). */
export interface SaleDoc extends PaidDocument {
  id: number;
  reference: string;
  /** None: a walk-in customer. */
  customer_id: number | null;
  customer_name: string | null;
  sold_on: string;
  channel: SaleChannel;
  status: SaleStatus;
  note: string | null;
  /** The quotation it was converted from, if any. */
  quotation?: { id: number; reference: string } | null;
  /** Issued when the sale completes; the credit notes its returns issued (each naming its return). */
  invoice: { id: number; number: string } | null;
  credit_notes: { id: number; number: string; return_id: number | null }[];
  /** What came back (its returns' values) and what was refunded; `due` is the balance: below nothing, owed to the customer. */
  returned_total: number;
  refunded: number;
  returns: SaleReturnShown[];
  rounding: 'line' | 'document';
  change: number;
  lines: SaleDocLine[];
  payments: ShownPayment[];
  history: ShownStep[];
}

export interface SaleDocLine extends ShownDocLine {
  returned: number;
  returnable: number;
  unit_price: number;
  unit_cost: number;
  /** The serials it sold that have not come back: a return picks from these. */
  serials_out: string[];
}

/** A return as the sale's answer shows it (server/documents/sale-return-kind.ts returnsJson). */
export interface SaleReturnShown {
  id: number;
  reference: string;
  returned_on: string;
  note: string | null;
  grand_total: number;
  refunded: number;
  lines: { id: number; sale_line_id: number; quantity: number; total: number }[];
  refunds: ShownPayment[];
}

/** A sale's own page (its list rows open it). */
export { saleHref } from '../../domain/documents/sale.facts.ts';

/** The customer as a person reads it: none is a walk-in. */
export const customerLabel = (doc: Pick<SaleDoc, 'customer_name'>) => doc.customer_name ?? 'Walk-in customer';

/**
 * What each action's panel starts with: the pay panel asks for what is due, in cash, today; the
 * return panel, every line that can still come back (none yet), its serials to pick from, dated
 * today, worth what the server will say it is (the same returnValue) and the refund that makes due.
 */
export function draftFor(panel: string, doc: SaleDoc, today: string): DraftOpening {
  if (panel === 'pay') return { payment: { paid_on: today, amount: doc.due > 0 ? (doc.due / 100).toFixed(2) : '', method: 'cash', note: '' } };
  if (panel === 'return') {
    const open = doc.lines.filter((l) => l.returnable > 0);
    return {
      lines: open.map((l) => draftLine(l, l.returnable, 0, l.serials_out)),
      date: today,
      worth: (taking) => {
        const value = returnValue(doc, doc.lines, doc.lines.map((l) => taking[open.indexOf(l)] ?? 0)).grandTotal;
        return { value, owed: Math.max(0, -saleBalance({ ...doc, returned_total: doc.returned_total + value })) };
      },
    };
  }
  if (panel === 'complete') return wholeLines(doc.lines);
  return {};
}

/** What a sale's balance says: still due from the customer, owed to them, or settled. */
export const balanceLabel = (due: number) => (due < 0 ? 'Owed to the customer' : 'Due');

/**
 * A document sold at a price (a pending sale, a draft quotation) as the line editor holds it, to
 * change it: its customer, its own header fields (`own`: dates, status), its terms and its lines.
 */
export const soldEditorInput = (
  doc: Parameters<typeof soldTerms>[0] & { customer_id: number | null; lines: readonly (ShownDocLine & { unit_price: number })[] },
  own: Record<string, unknown>,
): { header: DocumentHeader; lines: LineDraft[] } => ({
  header: { customer_id: doc.customer_id, ...own, ...soldTerms(doc) },
  lines: editorLines(doc.lines, (l) => l.unit_price, 'sale_price'),
});

/** A pending sale's header and lines as the line editor holds them, to change it. */
export const editorInput = (doc: SaleDoc) => soldEditorInput(doc, { sold_on: doc.sold_on, status: doc.status });

/** A saved document's terms as a sold document's form holds them (a sale's, a quotation's): rounded per line. */
export const soldTerms = (doc: Pick<PaidDocument, 'prices_include_tax' | 'discount' | 'tax_bps' | 'shipping'> & { note: string | null }) => ({
  note: doc.note ?? '',
  prices_include_tax: doc.prices_include_tax,
  rounding: 'line' as const,
  discount: doc.discount,
  tax_bps: doc.tax_bps,
  shipping: doc.shipping,
});

/** A sale's returns as its page lists them, each with the credit note it issued (an invoiced sale's), oldest first. */
export const returnsOf = (doc: Pick<SaleDoc, 'returns' | 'credit_notes'>) =>
  (doc.returns ?? []).map((r) => ({ ...r, creditNote: (doc.credit_notes ?? []).find((cn) => cn.return_id === r.id) ?? null }));
