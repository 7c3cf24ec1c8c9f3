import type { Lifecycle } from '../../../domain/documents/lifecycle.ts';
import { quotationHref, quotationLifecycle } from '../../../domain/documents/quotation.facts.ts';
import { documentListRoute } from '../documents/document-list-route.tsx';
import { QUOTATIONS } from './quotation-defs.ts';

/**
 * /quotations/list on the list engine: reference, date, valid until, customer, status (expired:
 * sent and past its day) and total; filters by customer, status and date range; the totals of the
 * filter; CSV export. A row opens the quotation's own page.
 */
export default documentListRoute({ list: QUOTATIONS, lifecycle: quotationLifecycle as unknown as Lifecycle, href: quotationHref });
