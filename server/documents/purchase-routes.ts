import { paymentBody, PAYMENTS_PATH } from '../../domain/documents/payments.ts';
import {
  cancelBody,
  PURCHASE_ACTION_RIGHTS,
  PURCHASE_RIGHTS,
  PURCHASE_STATUS_NAMES,
  PURCHASES_API,
  purchaseCreateBody,
  purchaseList,
  purchaseUpdateBody,
  receiveBody,
  returnBody,
} from '../../domain/documents/purchase.ts';
import { apiListQuery } from '../../domain/api-list-query.ts';
import { listView } from '../crud/index.ts';
import { purchases, suppliers } from '../db/schema.ts';
import { paidDocumentSource } from './list-source.ts';
import { action, documentRoutes, paymentMessage } from './routes.ts';
import { cancelPurchase, createPurchase, DOC_TYPE, payPurchase, purchaseKind, receivePurchase, returnPurchase, showPurchase, updatePurchase } from './purchases.ts';

/** The purchase list: the supplier's name joined, filters, totals and tallies as every paid-for document's. */
const purchaseSource = paidDocumentSource({
  table: purchases,
  docType: DOC_TYPE,
  statuses: PURCHASE_STATUS_NAMES,
  party: { table: suppliers, column: purchases.supplier_id, as: 'supplier_name' },
  day: purchases.purchased_on,
});

export const purchaseView = listView(purchaseSource, { filters: purchaseList.filters, columns: purchaseList.columns });
export const purchaseQuery = apiListQuery(purchaseList);

type Shown = Awaited<ReturnType<typeof showPurchase>>;
const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

export const purchaseRoutes = documentRoutes<Shown>({
  kind: purchaseKind,
  api: PURCHASES_API,
  scope: 'purchases',
  show: showPurchase,
  etags: true,
  list: {
    view: purchaseView,
    query: purchaseQuery,
    access: PURCHASE_RIGHTS.list,
    show: [PURCHASE_RIGHTS.list, PURCHASE_RIGHTS.edit],
    summary: 'List purchases: filter by supplier, status, payment status and date range (purchased_on_from, purchased_on_to); totals of the filter',
  },
  export: { access: PURCHASE_RIGHTS.export, summary: 'Export purchases as CSV (the filtered, sorted list)', columns: purchaseList.columns, file: 'purchases' },
  create: {
    body: purchaseCreateBody,
    right: PURCHASE_RIGHTS.create,
    summary: 'Order from a supplier (numbered PO-000001 on); receive: true receives everything at once. Idempotency-Key makes a retry safe',
    run: createPurchase,
    message: (d, body: { receive: boolean }) => (body.receive ? `Purchase ${d.reference} recorded and received.` : `Purchase ${d.reference} ordered.`),
  },
  update: {
    body: purchaseUpdateBody,
    right: PURCHASE_ACTION_RIGHTS.edit,
    summary: 'Change an ordered purchase (nothing received yet): header and lines replaced whole; If-Match guards against lost updates',
    run: updatePurchase,
    message: (d) => `Purchase ${d.reference} updated.`,
  },
  actions: {
    receive: action({
      body: receiveBody,
      right: PURCHASE_ACTION_RIGHTS.receive,
      summary: 'Receive some lines (with one serial per unit for serial-tracked products) or, without lines, everything still to come; exactly once per Idempotency-Key',
      run: receivePurchase,
      message: (d: Shown) => {
        const left = d.lines.reduce((s, l) => s + l.to_receive, 0);
        return left ? `Received on ${d.reference}; ${units(left)} still to come.` : `Purchase ${d.reference} received in full.`;
      },
    }),
    return: action({
      body: returnBody,
      right: PURCHASE_ACTION_RIGHTS.return,
      summary: 'Return goods to the supplier: stock out through the ledger (409 naming the product when they have gone since)',
      run: returnPurchase,
      message: (d: Shown, body) => `${units(body.lines.reduce((s, l) => s + l.quantity, 0))} of ${d.reference} returned to ${d.supplier_name}.`,
    }),
    cancel: action({
      body: cancelBody,
      right: PURCHASE_ACTION_RIGHTS.cancel,
      summary: 'Cancel what has not come yet (a purchase keeps its number: deleting one would leave a gap in the series)',
      run: (tx, id, body, actor) => cancelPurchase(tx, id, body.note, actor),
      message: (d: Shown) => `Purchase ${d.reference} cancelled.`,
    }),
    pay: action({
      path: PAYMENTS_PATH,
      status: 201,
      body: paymentBody,
      right: PURCHASE_ACTION_RIGHTS.pay,
      summary: 'Record a payment to the supplier (date, amount, method, note); never more than is due',
      run: payPurchase,
      message: (d: Shown, _body, money) => paymentMessage(d, money),
    }),
  },
});
