import { saleHref, saleLifecycle } from '../../../domain/documents/sale.facts.ts';
import type { Lifecycle } from '../../../domain/documents/lifecycle.ts';
import { documentListRoute } from '../documents/document-list-route.tsx';
import { SALES } from './sale-defs.ts';

/**
 * /sales/list on the list engine: reference, customer, date, channel, status, total, paid, due and
 * payment status; filters by customer, channel, status, payment status and date range; the totals
 * of the filter; CSV export. A row opens the sale's own screen.
 */
export default documentListRoute({ list: SALES, lifecycle: saleLifecycle as unknown as Lifecycle, href: saleHref });
