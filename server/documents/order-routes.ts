import { apiListQuery } from '../../domain/api-list-query.ts';
import { ORDER_RIGHTS, ORDER_STATUS_NAMES, ORDERS_API, orderList, orderStepBody, processBody, SHOP_ORDERS_API, SHOP_ORDERS_PER_MINUTE, shopOrderBody, type OrderAction, type ShopOrderBody } from '../../domain/documents/order.ts';
import { paymentBody, PAYMENTS_PATH } from '../../domain/documents/payments.ts';
import { addressKey, reserveAttempt } from '../auth/throttle.ts';
import { listView } from '../crud/index.ts';
import { customers, orders } from '../db/schema.ts';
import { clientAddress } from '../http/client.ts';
import type { AppContext } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import type { Actor } from './engine.ts';
import { paidDocumentSource } from './list-source.ts';
import { cancelOrder, deliverOrder, DOC_TYPE, orderKind, payOrder, placeOrder, processOrder, shipOrder, showOrder } from './orders.ts';
import { action, documentRoutes, paymentMessage } from './routes.ts';

/** The order list: the customer's name joined, filters, totals and tallies as every paid-for document's. */
const orderSource = paidDocumentSource({
  table: orders,
  docType: DOC_TYPE,
  statuses: ORDER_STATUS_NAMES,
  party: { table: customers, column: orders.customer_id, as: 'customer_name' },
  day: orders.ordered_on,
});

export const orderView = listView(orderSource, { filters: orderList.filters, columns: orderList.columns });
export const orderQuery = apiListQuery(orderList);

type Shown = Awaited<ReturnType<typeof showOrder>>;
type Step = (tx: Parameters<typeof processOrder>[0], id: number, note: string | null | undefined, actor: Actor) => Promise<unknown>;

const MINUTE_MS = 60_000;

/** One client address places at most SHOP_ORDERS_PER_MINUTE orders a minute (the sign-in limits' table and upsert): 429 with Retry-After beyond. */
async function throttle(c: AppContext): Promise<void> {
  const taken = await reserveAttempt(c.var.db, `shop order ${addressKey(clientAddress(c))}`, c.var.now(), SHOP_ORDERS_PER_MINUTE, MINUTE_MS);
  if (!taken.ok) {
    throw new ApiError(429, `Too many orders from here: at most ${SHOP_ORDERS_PER_MINUTE} a minute. Try again in ${taken.retryAfter} seconds.`, {
      code: 'throttled',
      headers: { 'Retry-After': String(taken.retryAfter) },
    });
  }
}

/** A status change: its right, one line for the API reference and what the answer says. */
const step = (name: OrderAction, run: Step, summary: string, done: string) =>
  action({ path: name, body: orderStepBody, right: ORDER_RIGHTS.update, summary, run: (tx, id, body, actor) => run(tx, id, body.note, actor), message: (d: Shown) => `Order ${d.reference} ${done}.` });

export const orderRoutes = documentRoutes<Shown>({
  kind: orderKind,
  api: ORDERS_API,
  scope: 'orders',
  show: showOrder,
  etags: true,
  list: {
    view: orderView,
    query: orderQuery,
    access: ORDER_RIGHTS.list,
    show: ORDER_RIGHTS.list,
    summary: 'List website orders: filter by status (the screen opens on pending), customer, payment status and date range (ordered_on_from, ordered_on_to); totals of the filter',
  },
  export: { access: ORDER_RIGHTS.list, summary: 'Export website orders as CSV (the filtered, sorted list)', columns: orderList.columns, file: 'orders' },
  create: {
    path: SHOP_ORDERS_API,
    right: 'public',
    scope: 'shop.orders',
    body: shopOrderBody,
    summary:
      'The public website places an order (no session): the customer (found by e-mail, else made), the shipping address and each product with its quantity — only that: the catalogue sets prices and totals, so a body with a price, discount or total is a 422. 422 under lines.N.product_id for a product that is unknown or inactive; 409 under lines.N.quantity naming the product and what is available. Send an Idempotency-Key (and X-Client-Id) so a retry never orders twice. At most 30 orders a minute from one address, then 429 with Retry-After',
    before: throttle,
    refusals: {
      409: 'Too little stock of a product: `product` names it and what is available, `errors` puts it under lines.N.quantity.',
      422: 'The body is not valid (a price, discount or total sent; a field missing): `errors` names each field; an unknown or inactive product is named under lines.N.product_id. The same Idempotency-Key with another body is a 422 too.',
      429: `More than ${SHOP_ORDERS_PER_MINUTE} orders a minute from this address: Retry-After says when to try again.`,
    },
    run: (tx, body: ShopOrderBody, actor, client, now) => placeOrder(tx, body, now.toISOString().slice(0, 10), actor, client),
    present: (d) => ({
      reference: d.reference,
      status: d.status,
      ordered_on: d.ordered_on,
      lines: d.lines.map((l) => ({ product_id: l.product_id, product_name: l.product_name, quantity: l.quantity, unit_price: l.unit_price, discount: l.discount, total: l.total })),
      subtotal: d.subtotal,
      grand_total: d.grand_total,
      due: d.due,
    }),
    message: (d, _body, money) => `Thank you: order ${d.reference} is placed, ${money(d.grand_total)} to pay.`,
  },
  actions: {
    process: action({
      path: 'process',
      body: processBody,
      right: ORDER_RIGHTS.update,
      summary: 'Start processing a pending order: its stock leaves through the ledger (409 naming the product when there is not enough now), the serials of serial-tracked lines named by line (lines: [{ line_id, serials }], one per unit; 422/409 under lines.N.serials)',
      run: processOrder,
      message: (d: Shown) => `Order ${d.reference} is being processed.`,
    }),
    ship: step('ship', shipOrder, 'Mark a processing order shipped', 'shipped'),
    deliver: step('deliver', deliverOrder, 'Mark a shipped order delivered', 'delivered'),
    cancel: step('cancel', cancelOrder, 'Cancel a pending or processing order: stock that left comes back at the cost it left at', 'cancelled'),
    pay: action({
      path: PAYMENTS_PATH,
      status: 201,
      body: paymentBody,
      right: ORDER_RIGHTS.update,
      summary: 'Record a payment from the customer (date, amount, method, note); never more than is due',
      run: payOrder,
      message: (d: Shown, _body, money) => paymentMessage(d, money),
    }),
  },
});
