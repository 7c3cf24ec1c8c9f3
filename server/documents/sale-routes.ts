import { eq, sql } from 'drizzle-orm';
import { apiListQuery } from '../../domain/api-list-query.ts';
import { paymentBody, PAYMENT_STATUS_NAMES, PAYMENTS_PATH } from '../../domain/documents/payments.ts';
import { completeBody, SALE_ACTION_RIGHTS, SALE_CHANNEL_NAMES, SALE_RIGHTS, SALE_STATUS_NAMES, SALES_API, saleCreateBody, saleList, type SaleCreateBody } from '../../domain/documents/sale.ts';
import { formatMoney } from '../../domain/format.ts';
import { listView, type ListSource } from '../crud/index.ts';
import { customers, sales } from '../db/schema.ts';
import { action, documentRoutes } from './routes.ts';
import { completeSale, DOC_TYPE, paySale, postSale, saleKind, showSale } from './sales.ts';
import { documentTally } from './tallies.ts';

const s = sales;

/** The sale list on the list engine: customer name joined (none: walk-in), what is due, totals from the tallies. */
const saleSource = {
  table: s,
  hidden: ['client_id', 'client_key'],
  extra: {
    customer_name: sql<string | null>`${customers.name}`.as('customer_name'),
    due: sql<number>`(${s.grand_total} - ${s.paid})::float8`.as('due'),
  },
  joins: [{ table: customers, on: eq(customers.id, s.customer_id) }],
  sort: {
    reference: s.reference,
    customer_name: customers.name,
    sold_on: s.sold_on,
    status: s.status,
    grand_total: s.grand_total,
    paid: s.paid,
    due: sql`${s.grand_total} - ${s.paid}`,
  },
  search: [s.reference],
  filters: {
    channel: (v: string) => ((SALE_CHANNEL_NAMES as string[]).includes(v) ? sql`${s.channel} = ${v}` : undefined),
    status: (v: string) => ((SALE_STATUS_NAMES as string[]).includes(v) ? sql`${s.status} = ${v}` : undefined),
    payment_status: (v: string) => ((PAYMENT_STATUS_NAMES as string[]).includes(v) ? sql`${s.payment_status} = ${v}` : undefined),
  },
  totals: { due: sql`${s.grand_total} - ${s.paid}` },
  tally: documentTally({ docType: DOC_TYPE, party: 'customer_id', day: 'sold_on' }),
} satisfies ListSource;

export const saleView = listView(saleSource, { filters: saleList.filters, columns: saleList.columns });
export const saleQuery = apiListQuery(saleList);

type Shown = Awaited<ReturnType<typeof showSale>>;

export const saleRoutes = documentRoutes<Shown>({
  kind: saleKind,
  api: SALES_API,
  scope: 'sales',
  show: showSale,
  etags: true,
  list: {
    view: saleView,
    query: saleQuery,
    access: SALE_RIGHTS.list,
    show: [SALE_RIGHTS.list, SALE_RIGHTS.create],
    summary: 'List sales: filter by customer, status, payment status and date range (sold_on_from, sold_on_to); totals of the filter',
  },
  // No separate export right exists for sales: who may see the list may take it away as CSV.
  export: { access: SALE_RIGHTS.list, summary: 'Export sales as CSV (the filtered, sorted list)', columns: saleList.columns, file: 'sales' },
  create: {
    body: saleCreateBody,
    right: SALE_RIGHTS.create,
    summary: 'Record a sale (numbered SL-000001 on): completed takes the stock out at once, pending none; payments with change for cash. Idempotency-Key makes a retry safe',
    // A different unit price needs 'sales price override', which postSale reads off the actor.
    run: (tx, body: SaleCreateBody, actor, client) => postSale(tx, body, actor, client),
    message: (d) => (d.status === 'pending' ? `Sale ${d.reference} saved as pending.` : d.change > 0 ? `Sale ${d.reference} completed; change ${formatMoney(d.change)}.` : `Sale ${d.reference} completed.`),
  },
  actions: {
    complete: action({
      body: completeBody,
      right: SALE_ACTION_RIGHTS.complete,
      summary: 'Complete a pending sale: its stock goes out through the ledger (409 naming the product when there is not enough)',
      run: (tx, id, body, actor) => completeSale(tx, id, body.note, actor),
      message: (d: Shown) => `Sale ${d.reference} completed.`,
    }),
    pay: action({
      path: PAYMENTS_PATH,
      status: 201,
      body: paymentBody,
      right: SALE_ACTION_RIGHTS.pay,
      summary: 'Record a payment from the customer (date, amount, method, note); never more than is due',
      run: paySale,
      message: (d: Shown) => (d.due > 0 ? `Payment recorded on ${d.reference}; ${formatMoney(d.due)} still due.` : `Payment recorded: ${d.reference} is paid.`),
    }),
  },
});
