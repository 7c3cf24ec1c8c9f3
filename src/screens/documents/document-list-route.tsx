import { useMemo } from 'react';
import { parseListQuery } from '../../../domain/list-query.ts';
import type { Lifecycle } from '../../../domain/documents/lifecycle.ts';
import type { ResourceList } from '../../../domain/resource.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import type { ListFirst } from '../../../machines/list/list.machine.ts';
import { abilitiesFor } from '../../../machines/list/list.selectors.ts';
import { selectPathname, selectSearch } from '../../../machines/navigation.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { documentListMachine } from '../../resources/document-list-providers.ts';
import { heldListActor } from '../../resources/list-providers.ts';
import { ListScreenContext, type ListActor, type ListExtras, type ListScreen } from '../resource/list-context.ts';
import { RelationActors } from '../resource/list-route.tsx';
import { ListView } from '../resource/list-view.tsx';
import type { ScreenProps } from '../screen-props.ts';
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
  const extras: ListExtras = {
    cells: {
      status: (row) => <StatusBadge lifecycle={lifecycle} status={String(row.status)} />,
      payment_status: (row) => <PaymentBadge status={String(row.payment_status)} />,
    },
    titleHref: (row) => href(row.id),
    settings: false,
  };
  const def: ResourceList = { ...list, filters: list.filters.map((f) => (f.kind === 'relation' ? { ...f, searchable: true } : f)) };

  function DocumentList({ actor, relations }: { actor: ListActor; relations: ListScreen['relations'] }) {
    const screen = useMemo(() => ({ def, parentId: undefined, actor, relations, extras }), [actor, relations]);
    return (
      <ListScreenContext value={screen}>
        <ListView />
      </ListScreenContext>
    );
  }

  return function DocumentListRoute({ data }: ScreenProps) {
    const system = useAppSystem();
    const nav = system.navigation.getSnapshot();
    const search = selectSearch(nav);
    const actor = useMemo(() => {
      // A kind made elsewhere (a website order) has no create screen, so no Add button, and is never edited: its reference opens it.
      const abilities = { ...abilitiesFor(selectPermissions(system.auth.getSnapshot()), def.permissions), delete: false, ...(def.routes.create ? {} : { create: false, edit: false }) };
      const machine = () => documentListMachine(system, def, href);
      return heldListActor(system, { pathname: selectPathname(nav), search }, { def, abilities, machine, first: data as ListFirst | undefined });
    }, [system]);
    const chosen = parseListQuery(def, search).filters;
    return (
      <RelationActors filters={def.filters.filter((f) => f.kind === 'relation' && f.relation)} chosen={chosen} made={{}}>
        {(relations) => <DocumentList actor={actor} relations={relations} />}
      </RelationActors>
    );
  };
}
