import type { Lifecycle } from '../../domain/documents/lifecycle.ts';
import { addDays, QUOTATION_ACTION_RIGHTS, QUOTATION_VALID_DAYS, QUOTATIONS_API, quotationLifecycle, type QuotationAction } from '../../domain/documents/quotation.facts.ts';
import { quotationBody, quotationStepBody } from '../../domain/documents/quotation.ts';
import { EMPTY_TERMS, type DocumentApi, type DocumentHeader, type DocumentKind, type EditorKind, type PanelDef } from '../document/kind.ts';
import { soldLineBody } from '../sales/sale.kind.ts';
import { saleHref } from '../sales/sale-view.selectors.ts';
import { quotationEditorInput, quotationHref, type QuotationDoc } from './quotation-view.selectors.ts';

/**
 * A quotation, as the document machines take it (machines/document/kind.ts): its form's header
 * (customer, date, valid until) and body, lines priced at the product's sale price as a sale's
 * (no serials, no payments, no status: it is written as a draft), a panel per lifecycle step
 * (a note to confirm), and `convert` opening the sale it made. Everything the engine's machines
 * know of quotations is here.
 */

/** A quotation form's own header fields, beside the terms every document has. */
export interface QuotationHeader extends DocumentHeader {
  customer_id: number | null;
  quoted_on: string;
  valid_until: string;
}

export const quotationEditor: EditorKind = {
  emptyHeader: (today): QuotationHeader => ({ customer_id: null, quoted_on: today, valid_until: addDays(today, QUOTATION_VALID_DAYS), ...EMPTY_TERMS }),
  toBody: (header, lines) => {
    const { customer_id, quoted_on, valid_until, note, discount, tax_bps, shipping } = header as QuotationHeader;
    return { customer_id, quoted_on, valid_until, note: note || null, discount, tax_bps, shipping, lines: lines.map(soldLineBody) };
  },
  schema: quotationBody,
  priceField: 'unit_price',
  priceOf: (p) => p.sale_price ?? 0,
};

const step = (verb: string, title: string, submit: string, hint: string, extra: Partial<PanelDef> = {}): PanelDef => ({ shape: 'note', schema: quotationStepBody, verb, title, submit, hint, ...extra });

export const quotationPanels: Record<Exclude<QuotationAction, 'edit'>, PanelDef> = {
  send: step('send', 'Send the quotation', 'Mark sent', 'The customer has the offer; it can no longer be changed, and it expires after its valid-until day.'),
  accept: step('accept', 'The customer accepts', 'Mark accepted', 'It can then be converted into a sale.'),
  reject: step('reject', 'The customer declines', 'Mark rejected', 'The quotation is closed; it keeps its number.', { close: 'Keep it', destructive: true }),
  convert: step('convert', 'Convert to a sale', 'Convert to sale', 'A pending sale is made with these lines, prices, discounts, tax and shipping, and opens. No stock moves until it is completed.'),
};

export const quotationKind: DocumentKind<QuotationDoc> = {
  lifecycle: quotationLifecycle as unknown as Lifecycle,
  panels: quotationPanels,
  draftFor: () => ({}),
  editAction: 'edit',
  editorInput: quotationEditorInput,
  editor: quotationEditor,
  rights: QUOTATION_ACTION_RIGHTS,
  // The convert answers with the sale it made: its page opens.
  follows: { convert: (sale) => saleHref(sale.id) },
};

export const quotationApi: DocumentApi = {
  base: QUOTATIONS_API,
  actionPaths: {},
  href: quotationHref,
};
