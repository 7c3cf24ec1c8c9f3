import { useMemo } from 'react';
import { parseListQuery } from '../../../domain/list-query.ts';
import { paymentLabel, paymentTone, statusTone } from '../../../machines/document/purchase-view.selectors.ts';
import { selectPathname, selectSearch } from '../../../machines/navigation.machine.ts';
import { purchaseLifecycle, type PurchaseStatus } from '../../../domain/documents/purchase.facts.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { purchaseListActor } from '../../resources/purchase-list-page.ts';
import { purchaseHref } from '../../resources/purchase-list-providers.ts';
import { ListScreenContext, type ListActor, type ListExtras, type ListScreen } from '../resource/list-context.ts';
import { RelationActors } from '../resource/list-route.tsx';
import { ListView } from '../resource/list-view.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { PURCHASES } from './purchase-defs.ts';

/** Badge tones of the lifecycle table in the badge recipe's words. */
export const badgeTone = (tone: string) => (tone === 'danger' ? 'error' : tone === 'info' ? 'info' : tone === 'success' ? 'success' : tone === 'warning' ? 'warning' : 'neutral') as 'error' | 'info' | 'success' | 'warning' | 'neutral';

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={badgeTone(statusTone(status))}>{purchaseLifecycle.statuses[status as PurchaseStatus]?.label ?? status}</Badge>;
}

export function PaymentBadge({ status }: { status: string }) {
  return <Badge tone={badgeTone(paymentTone(status))}>{paymentLabel(status)}</Badge>;
}

const EXTRAS: ListExtras = {
  cells: {
    status: (row) => <StatusBadge status={String(row.status)} />,
    payment_status: (row) => <PaymentBadge status={String(row.payment_status)} />,
  },
  titleHref: (row) => purchaseHref(row.id),
  settings: false,
};

/**
 * /purchase/list on the list engine: reference, supplier, date, status, total, paid and due;
 * filters by supplier, status, payment status and date range; the totals of the filter; CSV
 * export. A row opens the purchase's own screen.
 */
export default function PurchaseListRoute(_: ScreenProps) {
  const system = useAppSystem();
  const nav = system.navigation.getSnapshot();
  const search = selectSearch(nav);
  // The actor the page was got ready with (src/resources/purchase-list-page.ts), already loading.
  const actor = useMemo(() => purchaseListActor(system, { pathname: selectPathname(nav), search }), [system]);
  const chosen = parseListQuery(PURCHASES, search).filters;
  return (
    <RelationActors filters={PURCHASES.filters.filter((f) => f.kind === 'relation' && f.relation)} chosen={chosen} made={{}}>
      {(relations) => <PurchaseList actor={actor} relations={relations} />}
    </RelationActors>
  );
}

function PurchaseList({ actor, relations }: { actor: ListActor; relations: ListScreen['relations'] }) {
  const list = useMemo(() => ({ def: PURCHASES, parentId: undefined, actor, relations, extras: EXTRAS }), [actor, relations]);
  return (
    <ListScreenContext value={list}>
      <ListView />
    </ListScreenContext>
  );
}
