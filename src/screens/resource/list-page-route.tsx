import { useMemo } from 'react';
import { parseListQuery } from '../../../domain/list-query.ts';
import type { ResourceList } from '../../../domain/resource.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import type { ListFirst } from '../../../machines/list/list.machine.ts';
import { abilitiesFor } from '../../../machines/list/list.selectors.ts';
import { selectPathname, selectSearch } from '../../../machines/navigation.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { plainListMachine } from '../../resources/document-list-providers.ts';
import { heldListActor } from '../../resources/list-providers.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ListScreenContext, type ListActor, type ListExtras, type ListScreen } from './list-context.ts';
import { RelationActors } from './list-route.tsx';
import { ListView } from './list-view.tsx';

/** A list page made elsewhere than by its own form: a document kind's, the audit trail's. */
export interface ListPageScreen {
  def: ResourceList;
  extras: ListExtras;
  /** Where a row opens (a document's own page); none: rows open nothing (the audit trail's expand in place). */
  href?: ((id: number | string) => string) | undefined;
}

/**
 * A page on the list engine whose records are never deleted from it and, without a create route,
 * never made or edited there: its columns, filters (relations searchable), totals and CSV export,
 * with the person's rights and no per-person settings.
 */
export function listPageRoute({ def: declared, extras, href }: ListPageScreen) {
  const def: ResourceList = { ...declared, filters: declared.filters.map((f) => (f.kind === 'relation' ? { ...f, searchable: true } : f)) };

  function PageList({ actor, relations }: { actor: ListActor; relations: ListScreen['relations'] }) {
    const screen = useMemo(() => ({ def, parentId: undefined, actor, relations, extras }), [actor, relations]);
    return (
      <ListScreenContext value={screen}>
        <ListView />
      </ListScreenContext>
    );
  }

  return function ListPageRoute({ data }: ScreenProps) {
    const system = useAppSystem();
    const nav = system.navigation.getSnapshot();
    const search = selectSearch(nav);
    const actor = useMemo(() => {
      // A kind made elsewhere (a website order, an audit event) has no create screen, so no Add button, and is never edited here.
      const abilities = { ...abilitiesFor(selectPermissions(system.auth.getSnapshot()), def.permissions), delete: false, ...(def.routes.create ? {} : { create: false, edit: false }) };
      const machine = () => plainListMachine(system, def, href);
      return heldListActor(system, { pathname: selectPathname(nav), search }, { def, abilities, machine, first: data as ListFirst | undefined });
    }, [system]);
    const chosen = parseListQuery(def, search).filters;
    return (
      <RelationActors filters={def.filters.filter((f) => f.kind === 'relation' && f.relation)} chosen={chosen} made={{}}>
        {(relations) => <PageList actor={actor} relations={relations} />}
      </RelationActors>
    );
  };
}
