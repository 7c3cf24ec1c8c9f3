import { formatAmount, formatDay } from '../../../domain/format.ts';
import { SALE_CHANNELS } from '../../../domain/documents/sale.facts.ts';
import { saleApi, saleKind } from '../../../machines/sales/sale.kind.ts';
import { balanceLabel, customerLabel, type SaleDoc } from '../../../machines/sales/sale-view.selectors.ts';
import { PaymentBadge, StatusBadge } from '../documents/badges.tsx';
import type { ReactNode } from 'react';
import { DocumentLink, IssuedLink } from '../documents/issued-link.tsx';
import { quotationHref } from '../../../machines/quotations/quotation-view.selectors.ts';
import { documentRoute } from '../documents/document-route.tsx';
import { ReturnsCard } from './returns-card.tsx';
import { SaleForm } from './sale-form.tsx';
import { SALES } from './sale-defs.ts';

/**
 * /sales/create and /sales/edit/{id} (SPEC: one screen). Creating sells now (completed: the stock
 * leaves at once) or holds the sale pending; a pending sale can be changed and completed; a
 * completed one is shown as it stands, with its lines, payments, history and Add payment, and is
 * not edited; it takes returns (the Return panel: lines, serials picked, the day, refunds, its
 * value as typed), and shows what came back per line, its returns with their credit notes, what
 * was refunded and the balance, due from the customer or owed to them.
 */
export default documentRoute<SaleDoc>({
  list: SALES,
  api: saleApi,
  kind: saleKind,
  page: (title) => ({
    facts: (doc, display) => [
      ['Reference', doc.reference],
      ['Customer', customerLabel(doc)],
      ['Date', formatDay(doc.sold_on, display)],
      ['Channel', SALE_CHANNELS[doc.channel] ?? doc.channel],
      ['Status', <StatusBadge key="s" lifecycle={saleKind.lifecycle} status={doc.status} />],
      ['Total', formatAmount(doc.grand_total, display)],
      ['Paid', formatAmount(doc.paid, display)],
      // After a return: its value, what went back to the customer, and the balance either way.
      ...(doc.returned_total || doc.refunded
        ? ([
            ['Returned', formatAmount(doc.returned_total, display)],
            ['Refunded', formatAmount(doc.refunded, display)],
          ] as [string, ReactNode][])
        : []),
      [balanceLabel(doc.due), formatAmount(Math.abs(doc.due), display)],
      ['Change', formatAmount(doc.change, display)],
      ['Payment', <PaymentBadge key="p" status={doc.payment_status} />],
      ['Invoice', <IssuedLink key="i" kind="invoice" issued={doc.invoice} none="Issued when it completes" />],
      ...(doc.quotation ? [['Quotation', <DocumentLink key="q" href={quotationHref(doc.quotation.id)} label={`From quotation ${doc.quotation.reference}`} none="" />] as [string, ReactNode]] : []),
    ],
    columns: (display) => [
      { label: 'Sold', value: (l) => l.quantity },
      { label: 'Returned', value: (l) => l.returned },
      { label: 'Price', value: (l) => formatAmount(l.unit_price, display) },
      { label: 'Total', value: (l) => formatAmount(l.total, display) },
    ],
    historyWords: { create: 'Sold', edit: 'Changed', complete: 'Completed', pay: 'Payment', return: 'Returned' },
    cards: (doc) => <ReturnsCard doc={doc} />,
    primary: 'complete',
    form: (editor, doc) => <SaleForm actor={editor} title={title} reference={doc.reference} onCancel={() => editor.send({ type: 'form.reset' })} />,
  }),
  newSubtitle: () => 'Completed now takes the goods out of stock; pending holds the sale until it is completed.',
  newForm: ({ actor, title, onCancel }) => <SaleForm actor={actor} title={title} reference={null} onCancel={onCancel} />,
});
