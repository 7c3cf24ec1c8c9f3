import { useMemo } from 'react';
import { parseListQuery } from '../../../domain/list-query.ts';
import { selectPathname, selectSearch } from '../../../machines/navigation.machine.ts';
import { purchaseLifecycle } from '../../../domain/documents/purchase.facts.ts';
import type { Lifecycle } from '../../../domain/documents/lifecycle.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { PaymentBadge, StatusBadge } from '../documents/badges.tsx';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import type { ListFirst } from '../../../machines/list/list.machine.ts';
import { abilitiesFor } from '../../../machines/list/list.selectors.ts';
import { heldListActor } from '../../resources/list-providers.ts';
import { purchaseHref, purchaseListMachine } from '../../resources/purchase-list-providers.ts';
import { ListScreenContext, type ListActor, type ListExtras, type ListScreen } from '../resource/list-context.ts';
import { RelationActors } from '../resource/list-route.tsx';
import { ListView } from '../resource/list-view.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { PURCHASES } from './purchase-defs.ts';

const EXTRAS: ListExtras = {
  cells: {
    status: (row) => <StatusBadge lifecycle={purchaseLifecycle as unknown as Lifecycle} status={String(row.status)} />,
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
export default function PurchaseListRoute({ data }: ScreenProps) {
  const system = useAppSystem();
  const nav = system.navigation.getSnapshot();
  const search = selectSearch(nav);
  // Purchases are never deleted: a cancelled one keeps its number.
  const actor = useMemo(() => {
    const abilities = { ...abilitiesFor(selectPermissions(system.auth.getSnapshot()), PURCHASES.permissions), delete: false };
    const machine = () => purchaseListMachine(system, PURCHASES);
    return heldListActor(system, { pathname: selectPathname(nav), search }, { def: PURCHASES, abilities, machine, first: data as ListFirst | undefined });
  }, [system]);
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
