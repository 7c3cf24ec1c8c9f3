import { formatAmount, formatDay } from '../../../domain/format.ts';
import { orderApi, orderKind } from '../../../machines/orders/order.kind.ts';
import { shippingAddress, type OrderDoc } from '../../../machines/orders/order-view.selectors.ts';
import { PaymentBadge, StatusBadge } from '../documents/badges.tsx';
import { IssuedLink } from '../documents/issued-link.tsx';
import { documentRoute } from '../documents/document-route.tsx';
import { ORDERS } from './order-defs.ts';

/**
 * /orders/{id}: a website order as it stands — its customer and where it goes, its lines,
 * totals, payments and history, and the buttons its lifecycle allows now (process, ship,
 * deliver, cancel, add a payment). The website places orders; nothing here makes one.
 */
export default documentRoute<OrderDoc>({
  list: ORDERS,
  api: orderApi,
  kind: orderKind,
  page: () => ({
    facts: (doc, display) => [
      ['Reference', doc.reference],
      ['Customer', [doc.customer_name, doc.customer_email, doc.phone].filter(Boolean).join(' · ')],
      ['Ship to', shippingAddress(doc)],
      ['Date', formatDay(doc.ordered_on, display)],
      ['Status', <StatusBadge key="s" lifecycle={orderKind.lifecycle} status={doc.status} />],
      ['Total', formatAmount(doc.grand_total, display)],
      ['Due', formatAmount(doc.due, display)],
      ['Payment', <PaymentBadge key="p" status={doc.payment_status} />],
      ['Invoice', <IssuedLink key="i" kind="invoice" issued={doc.invoice} none="Issued when it ships" />],
    ],
    columns: (display) => [
      { label: 'Quantity', value: (l) => l.quantity },
      { label: 'Unit price', value: (l) => formatAmount(l.unit_price, display) },
      { label: 'Discount', value: (l) => formatAmount(l.discount, display) },
      { label: 'Total', value: (l) => formatAmount(l.total, display) },
    ],
    historyWords: { create: 'Placed on the website', process: 'Processing', ship: 'Shipped', deliver: 'Delivered', cancel: 'Cancelled', pay: 'Payment' },
    primary: ['process', 'ship', 'deliver'],
    nobody: 'The website',
  }),
});
