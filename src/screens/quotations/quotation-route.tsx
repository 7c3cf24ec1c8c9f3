import { formatAmount, formatDay } from '../../../domain/format.ts';
import { quotationApi, quotationKind } from '../../../machines/quotations/quotation.kind.ts';
import { quotationEditHref } from '../../../machines/quotations/quotation-view.selectors.ts';
import { saleHref } from '../../../machines/sales/sale-view.selectors.ts';
import { StatusBadge } from '../documents/badges.tsx';
import { documentRoute } from '../documents/document-route.tsx';
import { DocumentLink } from '../documents/issued-link.tsx';
import { QuotationForm } from './quotation-form.tsx';
import { QUOTATIONS } from './quotation-defs.ts';
import { QuotationSheet, type PrintedQuotation } from './quotation-sheet.tsx';

/**
 * /quotations/create, /quotations/edit/{id} and /quotations/view/{id}. Creating writes a draft;
 * a draft is changed on its edit page; the view page shows the quotation as a document (facts,
 * lines, totals, history), the steps its lifecycle allows now (Send, Accept, Reject, Convert to
 * sale, which opens the new sale; Edit links to the edit page) and prints as a quotation.
 */
export default documentRoute<PrintedQuotation>({
  list: QUOTATIONS,
  api: quotationApi,
  kind: quotationKind,
  viewOnly: (screen) => screen === 'quotationPage:view',
  page: (title) => ({
    facts: (doc, display) => [
      ['Reference', doc.reference],
      ['Customer', doc.customer_name],
      ['Date', formatDay(doc.quoted_on, display)],
      ['Valid until', formatDay(doc.valid_until, display)],
      ['Status', <StatusBadge key="s" lifecycle={quotationKind.lifecycle} status={doc.status} />],
      ['Total', formatAmount(doc.grand_total, display)],
      ['Sale', <DocumentLink key="sale" href={doc.sale ? saleHref(doc.sale.id) : null} label={doc.sale?.reference ?? ''} none="Made when it is converted" />],
    ],
    columns: (display) => [
      { label: 'Quantity', value: (l) => l.quantity },
      { label: 'Price', value: (l) => formatAmount(l.unit_price, display) },
      { label: 'Discount', value: (l) => formatAmount(l.discount, display) },
      { label: 'Total', value: (l) => formatAmount(l.total, display) },
    ],
    historyWords: { create: 'Written', edit: 'Changed', send: 'Sent', accept: 'Accepted', reject: 'Rejected', convert: 'Converted to a sale' },
    primary: ['send', 'accept', 'convert'],
    hrefs: { edit: (doc) => quotationEditHref(doc.id) },
    unpaid: true,
    sheet: (doc, display) => <QuotationSheet doc={doc} display={display} />,
    form: (editor, doc) => <QuotationForm actor={editor} title={title} reference={doc.reference} onCancel={() => editor.send({ type: 'form.reset' })} />,
  }),
  newSubtitle: () => 'Written as a draft: send it when it is ready. A quotation moves no stock.',
  newForm: ({ actor, title, onCancel }) => <QuotationForm actor={actor} title={title} reference={null} onCancel={onCancel} />,
});
