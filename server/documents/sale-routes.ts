import { and, sql } from 'drizzle-orm';
import { rangeKeys, type ListQuery } from '../../domain/list-query.ts';
import { apiListQuery } from '../../domain/api-list-query.ts';
import { paymentBody, PAYMENTS_PATH } from '../../domain/documents/payments.ts';
import { completeBody, SALE_ACTION_RIGHTS, saleReturnBody, SALE_RETURNS_PATH, SALE_CHANNEL_NAMES, SALE_RIGHTS, SALE_STATUS_NAMES, SALES_API, saleCreateBody, saleList, saleUpdateBody, type SaleCreateBody } from '../../domain/documents/sale.ts';
import { listView, listWhere, rangeCondition } from '../crud/index.ts';
import { rowsOf } from '../crud/sql.ts';
import type { Db } from '../db/index.ts';
import { customers, saleReturns, sales } from '../db/schema.ts';
import { paidDocumentSource } from './list-source.ts';
import { action, documentRoutes, paymentMessage } from './routes.ts';
import { returnGoods } from './sale-returns.ts';
import { completeSale, DOC_TYPE, paySale, postSale, saleKind, showSale, updateSale } from './sales.ts';

/** The sale list: the customer's name joined (none: walk-in), filters, totals and tallies as every paid-for document's, and the channel. */
const saleSource = paidDocumentSource({
  table: sales,
  docType: DOC_TYPE,
  statuses: SALE_STATUS_NAMES,
  party: { table: customers, column: sales.customer_id, as: 'customer_name' },
  day: sales.sold_on,
  filters: { channel: (v: string) => ((SALE_CHANNEL_NAMES as string[]).includes(v) ? sql`${sales.channel} = ${v}` : undefined) },
  // domain saleBalance: positive, the customer owes it; negative, the shop owes a refund.
  due: sql`${sales.grand_total} - ${sales.returned_total} - ${sales.paid} + ${sales.refunded}`,
});

export const saleView = listView(saleSource, { filters: saleList.filters, columns: saleList.columns });
export const saleQuery = apiListQuery(saleList);

/**
 * The sale list's figures beyond its column sums, in one statement:
 * - `sales` (saleList.figures says it where it is shown): the grand totals of the COMPLETED
 *   sales the filter finds (from the tallies when the filter allows) less the refunds of returns
 *   MADE in its date range (by the return's date, whenever the sale was) of completed sales its
 *   other filters find. Pending sales count nowhere: a status filter other than completed is 0.
 * - `due`, when the tallies answer the filter: they keep grand total and paid only, so what the
 *   filter's returned sales changed (value returned, refunds) is taken off, read from those few
 *   sales alone (sales_returned_idx). Counted over the rows, the list's due is already the balance.
 */
async function saleFigures(db: Db, q: ListQuery): Promise<Record<string, number>> {
  const tallied = q.search ? undefined : saleView.tally?.(q);
  const due = tallied
    ? sql`(select coalesce(sum(${tallied.sums.due!}), 0) from ${tallied.table} where ${tallied.where})
        - (select coalesce(sum(${sales.returned_total} - ${sales.refunded}), 0) from ${sales}
           where ${and(listWhere(saleView, q), sql`(${sales.returned_total} <> 0 or ${sales.refunded} <> 0)`)})`
    : undefined;
  const status = q.filters.status;
  const counts = status === undefined || status === 'completed';
  const completed: ListQuery = { ...q, filters: { ...q.filters, status: 'completed' } };
  const tally = q.search ? undefined : saleView.tally?.(completed);
  const gross = tally
    ? sql`(select coalesce(sum(${tally.sums.grand_total!}), 0) from ${tally.table} where ${tally.where})`
    : sql`(select coalesce(sum(${sales.grand_total}), 0) from ${sales} where ${listWhere(saleView, completed)})`;
  const range = rangeKeys(saleList.filters.find((f) => f.kind === 'dateRange')!.name);
  const { [range.from]: from, [range.to]: to, ...others } = completed.filters;
  const made = [listWhere(saleView, { ...completed, filters: others }), from === undefined ? undefined : rangeCondition(saleReturns.returned_on, 'from', from), to === undefined ? undefined : rangeCondition(saleReturns.returned_on, 'to', to)];
  const refunds = sql`(select coalesce(sum(${saleReturns.refunded}), 0) from ${saleReturns} join ${sales} on ${sales.id} = ${saleReturns.sale_id} where ${and(...made)})`;
  const [row] = await rowsOf<{ sales: number | string; due: number | string | null }>(db, sql`select ${counts ? sql`(${gross} - ${refunds})` : sql`0`}::bigint as sales, ${due ?? sql`null`}::bigint as due`);
  return { sales: Number(row?.sales ?? 0), ...(row?.due == null ? {} : { due: Number(row.due) }) };
}

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
    summary: 'List sales: filter by customer, status, payment status and date range (sold_on_from, sold_on_to); totals of the filter, and `sales`: completed sales’ grand totals less the refunds of returns made in the period',
    figures: saleFigures,
  },
  // No separate export right exists for sales: who may see the list may take it away as CSV.
  export: { access: SALE_RIGHTS.list, summary: 'Export sales as CSV (the filtered, sorted list)', columns: saleList.columns, file: 'sales' },
  create: {
    body: saleCreateBody,
    right: SALE_RIGHTS.create,
    summary: 'Record a sale (numbered SL-000001 on): completed takes the stock out at once, pending none; payments with change for cash. Idempotency-Key makes a retry safe',
    // A different unit price needs 'sales price override', which postSale reads off the actor.
    run: (tx, body: SaleCreateBody, actor, client) => postSale(tx, body, actor, client),
    message: (d, _body, money) => (d.status === 'pending' ? `Sale ${d.reference} saved as pending.` : d.change > 0 ? `Sale ${d.reference} completed; change ${money(d.change)}.` : `Sale ${d.reference} completed.`),
  },
  update: {
    body: saleUpdateBody,
    right: SALE_ACTION_RIGHTS.edit,
    summary: 'Change a pending sale (no stock moved yet): header and lines replaced whole, priced again; If-Match guards against lost updates',
    run: updateSale,
    message: (d) => `Sale ${d.reference} updated.`,
  },
  actions: {
    complete: action({
      body: completeBody,
      right: SALE_ACTION_RIGHTS.complete,
      summary: 'Complete a pending sale: its stock goes out through the ledger (409 naming the product when there is not enough), the serials of serial-tracked lines named by line (lines: [{ line_id, serials }], one per unit; 422/409 under lines.N.serials)',
      run: completeSale,
      message: (d: Shown) => `Sale ${d.reference} completed.`,
    }),
    pay: action({
      path: PAYMENTS_PATH,
      status: 201,
      body: paymentBody,
      right: SALE_ACTION_RIGHTS.pay,
      summary: 'Record a payment from the customer (date, amount, method, note); never more than is due',
      run: paySale,
      message: (d: Shown, _body, money) => paymentMessage(d, money),
    }),
    return: action({
      path: SALE_RETURNS_PATH,
      status: 201,
      body: saleReturnBody,
      right: SALE_ACTION_RIGHTS.return,
      summary:
        'Return goods of a completed sale (numbered SR-000001 on): lines (sale line, quantity, the serials that come back), never more than sold less returned; stock back through the ledger at the cost it left at; refunds by method. Idempotency-Key makes a retry safe',
      // A return of an invoiced sale issues its credit note (CN-), in the same transaction.
      run: returnGoods,
      message: (d: Shown, _body, money) => {
        const r = d.returns.at(-1)!;
        const owed = d.due < 0 ? `; ${money(-d.due)} still to refund` : d.due > 0 ? `; ${money(d.due)} still due` : '';
        return `Return ${r.reference} recorded on ${d.reference}${r.refunded ? `, ${money(r.refunded)} refunded` : ''}${owed}.`;
      },
    }),
  },
});
