import type { Lifecycle } from '../../../domain/documents/lifecycle.ts';
import { orderLifecycle } from '../../../domain/documents/order.facts.ts';
import { orderHref } from '../../../machines/orders/order-view.selectors.ts';
import { documentListRoute } from '../documents/document-list-route.tsx';
import { ORDERS } from './order-defs.ts';

/**
 * /orders ("Pending orders") on the list engine: reference, date, customer, status, total, paid,
 * due and payment status; opens on the pending orders, the status filter reaches the rest;
 * totals of the filter; CSV export. A row opens the order's own page.
 */
export default documentListRoute({ list: ORDERS, lifecycle: orderLifecycle as unknown as Lifecycle, href: orderHref });
