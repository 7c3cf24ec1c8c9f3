import type { ShownPayment } from '../../domain/documents/payments.facts.ts';
import type { SaleChannel, SaleStatus } from '../../domain/documents/sale.facts.ts';
import { adminHref } from '../../domain/paths.ts';
import type { DocumentHeader, DraftOpening, LineDraft, PaidDocument, ShownDocLine, ShownStep } from '../document/kind.ts';

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
  /** Issued when the sale completes; the credit notes its returns issued. */
  invoice: { id: number; number: string } | null;
  credit_notes: { id: number; number: string }[];
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
}

/** A sale's own page (its list rows open it). */
export const saleHref = (id: number | string) => adminHref('/sales/edit/:id', { id });

/** The customer as a person reads it: none is a walk-in. */
export const customerLabel = (doc: Pick<SaleDoc, 'customer_name'>) => doc.customer_name ?? 'Walk-in customer';

/** What each action's panel starts with: the pay panel asks for what is due, in cash, today. */
export function draftFor(panel: string, doc: SaleDoc, today: string): DraftOpening {
  if (panel === 'pay') return { payment: { paid_on: today, amount: doc.due > 0 ? (doc.due / 100).toFixed(2) : '', method: 'cash', note: '' } };
  return {};
}

/** A pending sale's header and lines as the line editor holds them, to change it. */
export function editorInput(doc: SaleDoc): { header: DocumentHeader; lines: LineDraft[] } {
  return {
    header: {
      customer_id: doc.customer_id,
      sold_on: doc.sold_on,
      status: doc.status,
      ...soldTerms(doc),
    },
    lines: soldLineDrafts(doc.lines),
  };
}

/** A saved document's terms as a sold document's form holds them (a sale's, a quotation's): rounded per line. */
export const soldTerms = (doc: Pick<PaidDocument, 'prices_include_tax' | 'discount' | 'tax_bps' | 'shipping'> & { note: string | null }) => ({
  note: doc.note ?? '',
  prices_include_tax: doc.prices_include_tax,
  rounding: 'line' as const,
  discount: doc.discount,
  tax_bps: doc.tax_bps,
  shipping: doc.shipping,
});

/** Saved lines sold at a price (a sale's, a quotation's) as the line editor holds them: the price they were written at stands as the product's. */
export const soldLineDrafts = (lines: readonly (ShownDocLine & { unit_price: number })[]): LineDraft[] =>
  lines.map((l, i) => ({
    key: i + 1,
    product: { id: l.product_id, name: l.product_name, sku: l.sku, sale_price: l.unit_price, tax_bps: l.tax_bps, tracks_serials: l.tracks_serials },
    quantity: l.quantity,
    unit_price: l.unit_price,
    discount: l.discount,
    tax_bps: l.tax_bps,
    serials: [],
  }));
