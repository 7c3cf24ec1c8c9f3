import { adminHref } from '../paths.ts';
import type { Permission } from '../permissions.ts';
import type { ShownPayment } from './payments.ts';
import type { TaxBand } from './totals.ts';

/**
 * Invoices and credit notes (PRODUCT §3, issue 34): ISSUED documents, records of their own frozen
 * when they are issued — an invoice when a sale completes (or an order ships), a credit note when
 * a return corrects an invoiced sale. Each is numbered in a gapless series of its own (the POS
 * setting's invoice prefix, INV- by default, restarting yearly when the setting says so:
 * INV-2026-000001; credit notes CN-), and never edited or deleted (the database refuses it).
 * The server half is server/documents/invoices.ts; the page /invoice/{id} and /credit-note/{id}
 * and the PDF both print the same `IssuedShown`.
 */
export const INVOICES_API = '/api/v1/admin/invoices';
export const CREDIT_NOTES_API = '/api/v1/admin/credit-notes';
/** Who may see an invoice or a credit note: who sees sales or website orders. */
export const INVOICE_RIGHTS: readonly Permission[] = ['sales list', 'order list'];

/** The two issued kinds, as the API, the page and the PDF name them. */
export const ISSUED_KINDS = {
  invoice: { title: 'Invoice', api: INVOICES_API, path: '/invoice/:id' },
  creditNote: { title: 'Credit note', api: CREDIT_NOTES_API, path: '/credit-note/:id' },
} as const;
export type IssuedKind = keyof typeof ISSUED_KINDS;

/** The page of an issued document (/admin/invoice/7) and its PDF. */
export const issuedHref = (kind: IssuedKind, id: number | string) => adminHref(ISSUED_KINDS[kind].path, { id });
export const issuedPdfHref = (kind: IssuedKind, id: number | string) => `${ISSUED_KINDS[kind].api}/${id}/pdf`;

/** The shop as printed: the website setting's details when the document was issued. */
export interface IssuedShop {
  name: string;
  logo: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  tax_number: string | null;
  currency: string;
}
/** The customer as printed; null on the document: a walk-in customer. */
export interface IssuedCustomer {
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  tax_number: string | null;
}
export interface IssuedLine {
  product_id: number | null;
  name: string;
  sku: string | null;
  quantity: number;
  unit_price: number;
  discount: number;
  tax_bps: number;
  net: number;
  tax: number;
  total: number;
}

/** An invoice or a credit note as the API answers it (frozen) with what is read live from its source (payments, due). */
export interface IssuedShown {
  kind: IssuedKind;
  id: number;
  number: string;
  issued_on: string;
  shop: IssuedShop;
  customer: IssuedCustomer | null;
  lines: IssuedLine[];
  taxes: TaxBand[];
  prices_include_tax: boolean;
  tax_bps: number;
  subtotal: number;
  line_tax: number;
  discount_total: number;
  document_tax: number;
  shipping_total: number;
  grand_total: number;
  note: string | null;
  /** The source: the sale (reference, date) it was made for, or the website order. */
  sale: { id: number; reference: string | null; sold_on: string } | null;
  order: { id: number; reference: string; ordered_on: string } | null;
  /** A credit note: the invoice it corrects. */
  invoice: { id: number; number: string } | null;
  /** Live from the source: its payments and what is still due (an invoice), none on a credit note. */
  payments: ShownPayment[];
  paid: number;
  due: number;
}
