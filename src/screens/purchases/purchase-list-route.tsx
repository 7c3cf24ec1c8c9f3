import { purchaseLifecycle } from '../../../domain/documents/purchase.facts.ts';
import type { Lifecycle } from '../../../domain/documents/lifecycle.ts';
import { purchaseHref } from '../../../machines/purchases/purchase-view.selectors.ts';
import { documentListRoute } from '../documents/document-list-route.tsx';
import { PURCHASES } from './purchase-defs.ts';

/**
 * /purchase/list on the list engine: reference, supplier, date, status, total, paid and due;
 * filters by supplier, status, payment status and date range; the totals of the filter; CSV
 * export. A row opens the purchase's own screen.
 */
export default documentListRoute({ list: PURCHASES, lifecycle: purchaseLifecycle as unknown as Lifecycle, href: purchaseHref });
