import { formatAmount, formatDay } from '../../../domain/format.ts';
import { purchaseApi, purchaseKind } from '../../../machines/purchases/purchase.kind.ts';
import type { PurchaseDoc } from '../../../machines/purchases/purchase-view.selectors.ts';
import { PaymentBadge, StatusBadge } from '../documents/badges.tsx';
import { documentRoute } from '../documents/document-route.tsx';
import { PurchaseForm } from './purchase-form.tsx';
import { PURCHASES } from './purchase-defs.ts';

/** The route of the serial-number purchase screen (domain/routes.ts: the page module, then what it is told). */
const SERIAL_SCREEN = 'purchaseForm:serial';

/**
 * /purchase/create, /purchase/with/serial/create and /purchase/edit/{id} (SPEC: one screen).
 * Creating orders the goods, or with serial numbers receives them at once, one serial per
 * unit; an existing purchase shows its lines, progress, payments, history and the buttons its
 * lifecycle allows, and can be changed while nothing has come in.
 */
export default documentRoute<PurchaseDoc>({
  list: PURCHASES,
  api: purchaseApi,
  kind: purchaseKind,
  page: (title) => ({
    facts: (doc, display) => [
      ['Reference', doc.reference],
      ['Supplier', doc.supplier_name],
      ['Date', formatDay(doc.purchased_on, display)],
      ['Status', <StatusBadge key="s" lifecycle={purchaseKind.lifecycle} status={doc.status} />],
      ['Total', formatAmount(doc.grand_total, display)],
      ['Paid', formatAmount(doc.paid, display)],
      ['Due', formatAmount(doc.due, display)],
      ['Payment', <PaymentBadge key="p" status={doc.payment_status} />],
    ],
    columns: (display) => [
      { label: 'Ordered', value: (l) => l.quantity },
      { label: 'Received', value: (l) => l.received },
      { label: 'Returned', value: (l) => l.returned },
      { label: 'Unit cost', value: (l) => formatAmount(l.unit_cost, display) },
      { label: 'Total', value: (l) => formatAmount(l.total, display) },
    ],
    historyWords: { create: 'Ordered', order: 'Ordered', edit: 'Changed', receive: 'Received', cancel: 'Cancelled', return: 'Returned to supplier', pay: 'Payment' },
    primary: 'receive',
    form: (editor, doc) => <PurchaseForm actor={editor} title={title} reference={doc.reference} receiving={false} onCancel={() => editor.send({ type: 'form.reset' })} />,
  }),
  newHeader: (screen) => ({ receive: screen === SERIAL_SCREEN }),
  newSubtitle: (screen) => (screen === SERIAL_SCREEN ? 'Received now: name one serial number per unit of serial-tracked products.' : 'Ordered now, received later.'),
  newForm: ({ actor, title, screen, onCancel }) => <PurchaseForm actor={actor} title={title} reference={null} receiving={screen === SERIAL_SCREEN} onCancel={onCancel} />,
});
