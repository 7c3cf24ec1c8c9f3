import { defaultQuery, listQueryString, rangeKeys, type ListQuery } from '../../../domain/list-query.ts';
import { resourceHref } from '../../../domain/paths.ts';
import type { ResourceList } from '../../../domain/resource.ts';
import { expenses } from '../../../domain/resources/expense.ts';
import { products } from '../../../domain/resources/product.ts';
import { productViewHref } from '../../../domain/stock/labels.ts';
import { saleHref } from '../../../domain/documents/sale.facts.ts';
import { ORDERS } from '../orders/order-defs.ts';
import { sessionHref, REGISTER_SESSIONS } from '../pos/session-defs.ts';
import { PURCHASES } from '../purchases/purchase-defs.ts';
import { SALES } from '../sales/sale-defs.ts';

/**
 * Where each dashboard figure is explained: the list of the documents it counts, filtered as the
 * list engine reads its address (domain/list-query.ts), so following a figure shows the rows that
 * add up to it (domain/insight/dashboard.ts says what each figure counts).
 */

/** A span of days, both ends included (YYYY-MM-DD). */
export interface Days {
  from: string;
  to: string;
}

/** The address of `def`'s list with these filters (and order), as its own toolbar would write it. */
export function listHref(def: ResourceList, filters: Record<string, string>, order?: Pick<ListQuery, 'sort' | 'dir'>): string {
  const q = { ...defaultQuery(def), ...order };
  q.filters = { ...q.filters, ...filters };
  return resourceHref.list(def) + listQueryString(def, q);
}

const range = (name: string, days: Days) => ({ [rangeKeys(name).from]: days.from, [rangeKeys(name).to]: days.to });

/** The days of a chart point: a day (YYYY-MM-DD) is itself, a month (YYYY-MM) its first to its last day. */
export function daysOf(period: string): Days {
  if (period.length === 10) return { from: period, to: period };
  const [y, m] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${period}-01`, to: `${period}-${String(last).padStart(2, '0')}` };
}

export const DASHBOARD_LINKS = {
  /** Sales and profit count completed sales dated in the period. */
  sales: (days: Days) => listHref(SALES, { status: 'completed', ...range('sold_on', days) }),
  /**
   * Purchases count those received, partly or wholly, dated in the period: the list of the
   * period with every status (its one status filter cannot pick the three), each row saying its own.
   */
  purchases: (days: Days) => listHref(PURCHASES, range('purchased_on', days)),
  expenses: (days: Days) => listHref(expenses, range('date', days)),
  /** What customers owe: completed sales, the most owed first. */
  receivable: () => listHref(SALES, { status: 'completed' }, { sort: 'due', dir: 'desc' }),
  /** What the shop owes: purchases, the most owed first. */
  payable: () => listHref(PURCHASES, {}, { sort: 'due', dir: 'desc' }),
  /** The orders list opens on the pending ones. */
  pendingOrders: () => listHref(ORDERS, { status: 'pending' }),
  /** Low or out of stock, as the top bar's bell counts them, fewest on hand first. */
  lowStock: () => listHref(products, { stock_state: 'alert' }, { sort: 'on_hand', dir: 'asc' }),
  product: (id: number) => productViewHref(id),
  sale: (id: number) => saleHref(id),
  allSales: () => resourceHref.list(SALES),
  /** Completed sales made at the till on these days. */
  tillSales: (days: Days) => listHref(SALES, { channel: 'pos', status: 'completed', ...range('sold_on', days) }),
  sessions: () => resourceHref.list(REGISTER_SESSIONS),
  session: (id: number) => sessionHref(id),
} as const;
