import type { QuotationStatus } from '../../domain/documents/quotation.facts.ts';
import { adminHref } from '../../domain/paths.ts';
import type { PaidDocument, ShownDocLine, ShownStep } from '../document/kind.ts';
import { soldEditorInput } from '../sales/sale-view.selectors.ts';

/** A quotation as GET /quotations/{id} answers it (server/documents/quotations.ts showQuotation): no payments, its status as it is today. */
export interface QuotationDoc extends Omit<PaidDocument, 'payment_status' | 'paid' | 'due'> {
  id: number;
  reference: string;
  customer_id: number;
  customer_name: string;
  customer_email: string | null;
  quoted_on: string;
  valid_until: string;
  status: QuotationStatus;
  note: string | null;
  /** The sale it was converted into, once it is. */
  sale: { id: number; reference: string } | null;
  lines: QuotationDocLine[];
  payments: never[];
  history: ShownStep[];
}

export interface QuotationDocLine extends ShownDocLine {
  unit_price: number;
}

/** A quotation's own page (its list rows open it), and the page where a draft is changed. */
export { quotationHref } from '../../domain/documents/quotation.facts.ts';
export const quotationEditHref = (id: number | string) => adminHref('/quotations/edit/:id', { id });

/** A draft's header and lines as the line editor holds them, to change it. */
export const quotationEditorInput = (doc: QuotationDoc) => soldEditorInput(doc, { quoted_on: doc.quoted_on, valid_until: doc.valid_until });
