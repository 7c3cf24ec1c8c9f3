import { paymentBody, PAYMENT_METHOD_OPTIONS, PAYMENTS_PATH } from '../../domain/documents/payments.ts';
import { completeBody, SALE_ACTION_RIGHTS, SALE_RETURNS_PATH, SALES_API, saleCreateBody, saleLifecycle, saleReturnBody } from '../../domain/documents/sale.ts';
import type { Lifecycle } from '../../domain/documents/lifecycle.ts';
import { EMPTY_TERMS, oneSerialPerUnit, serialsNamed, type DocumentApi, type DocumentHeader, type DocumentKind, type EditorKind, type LineDraft, type PanelDef } from '../document/kind.ts';
import { draftFor, editorInput, saleHref, type SaleDoc } from './sale-view.selectors.ts';

/**
 * A sale, as the document machines take it (machines/document/kind.ts): its form's header
 * (customer, none a walk-in; date; completed or pending) and body, its lines priced at the
 * product's sale price, serial-tracked lines' serials picked from those in stock when it is sold
 * completed, payments split over the methods the shop takes when it is made (cash gives the
 * change), and its pay, complete and return panels (a return: how many of each line, the serials
 * picked from those it sold, the day, refunds by method, worth as typed what the server will say).
 * Everything the engine's machines know of sales is here.
 */

/** A sale form's own header fields, beside the terms every document has. */
export interface SaleHeader extends DocumentHeader {
  customer_id: number | null;
  sold_on: string;
  status: 'completed' | 'pending';
}

/** A line as a sale's body (and a quotation's) sends it: the product, how many, its discount, and its price only when not the catalogue's (that needs the override right). */
export const soldLineBody = (l: LineDraft) => ({
  product_id: l.product?.id ?? null,
  quantity: l.quantity,
  ...(l.product && l.unit_price !== l.product.sale_price ? { unit_price: l.unit_price } : {}),
  discount: l.discount,
});
/** Sold completed now, a new sale names the serials of its serial-tracked lines (a pending one, when it completes). */
const namesSerials = (header: DocumentHeader, existing: boolean) => header.status === 'completed' && !existing;

export const saleEditor: EditorKind = {
  emptyHeader: (today): SaleHeader => ({
    customer_id: null,
    sold_on: today,
    status: 'completed',
    // The tax method is the products' own, and a sale rounds per line (saleTotalsInput).
    ...EMPTY_TERMS,
  }),
  toBody: (header, lines, existing, payments) => {
    const { customer_id, sold_on, status, note, discount, tax_bps, shipping } = header as SaleHeader;
    const naming = namesSerials(header, existing);
    return {
      customer_id,
      sold_on,
      // A change to a pending sale keeps its status and takes no payments (PUT has neither).
      ...(existing ? {} : { status, payments: payments.map((p) => ({ method: p.method, amount: p.amount })) }),
      note: note || null,
      discount,
      tax_bps,
      shipping,
      lines: lines.map((l) => ({
        ...soldLineBody(l),
        ...(l.product?.tracks_serials && naming ? { serials: serialsNamed(l) } : {}),
      })),
    };
  },
  schema: saleCreateBody,
  priceField: 'unit_price',
  priceOf: (p) => p.sale_price ?? 0,
  // The methods are the shop's (the POS setting's): they come in with the editor's input.
  payments: { changeMethod: 'cash' },
  picksSerials: true,
  namesSerials,
  // Sold completed now: one serial per unit of serial-tracked lines.
  check: (header, lines) => (header.status === 'completed' ? oneSerialPerUnit(lines) : {}),
};

export const salePanels: Record<string, PanelDef> = {
  pay: { shape: 'payment', schema: paymentBody, verb: 'pay', title: 'Add a payment', submit: 'Record payment' },
  return: {
    shape: 'lines',
    schema: saleReturnBody,
    verb: 'return',
    tooMany: (n) => `Only ${n} can come back.`,
    title: 'Return goods',
    submit: 'Record return',
    hint: 'The goods go back into stock at the cost they left at; a return of an invoiced sale issues a credit note.',
    date: { field: 'returned_on', label: 'Returned on' },
    refunds: { field: 'refunds', title: 'Refunds', noun: 'refund', methods: PAYMENT_METHOD_OPTIONS },
  },
  complete: { shape: 'lines', whole: true, schema: completeBody, verb: 'complete', title: 'Complete the sale', submit: 'Complete sale', hint: 'Its goods leave the stock now; the sale can no longer be changed, only paid and returned.' },
};

export const saleKind: DocumentKind<SaleDoc> = {
  lifecycle: saleLifecycle as unknown as Lifecycle,
  panels: salePanels,
  draftFor,
  editAction: 'edit',
  editorInput,
  editor: saleEditor,
  stockActions: ['complete', 'return'],
  rights: SALE_ACTION_RIGHTS,
  paidByShopMethods: true,
};

export const saleApi: DocumentApi = {
  base: SALES_API,
  actionPaths: { pay: PAYMENTS_PATH, return: SALE_RETURNS_PATH },
  href: saleHref,
};
