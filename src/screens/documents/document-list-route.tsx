import type { Lifecycle } from '../../../domain/documents/lifecycle.ts';
import type { ResourceList } from '../../../domain/resource.ts';
import { listPageRoute } from '../resource/list-page-route.tsx';
import { PaymentBadge, StatusBadge } from './badges.tsx';

/** A document kind's list, as its list page needs it: no zod, no form, no kind machines. */
export interface DocumentListScreen {
  list: ResourceList;
  lifecycle: Lifecycle;
  href(id: number | string): string;
}

/**
 * A document kind's list page (`export default documentListRoute(…)` in its `*-list-route.tsx`)
 * on the list engine: its columns, with the status and payment status as badges; its filters
 * (relations searchable); the totals of the filter; CSV export. A row opens the document's own
 * page. Documents are never deleted (a cancelled one keeps its number), so the list offers no delete.
 */
export function documentListRoute({ list, lifecycle, href }: DocumentListScreen) {
  return listPageRoute({
    def: list,
    href,
    extras: {
      cells: {
        status: (row) => <StatusBadge lifecycle={lifecycle} status={String(row.status)} />,
        payment_status: (row) => <PaymentBadge status={String(row.payment_status)} />,
      },
      titleHref: (row) => href(row.id),
      settings: false,
    },
  });
}
