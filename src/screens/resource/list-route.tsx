import { useActorRef } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { parseListQuery } from '../../../domain/list-query.ts';
import type { FilterDef } from '../../../domain/resource.ts';
import { resourceByKey } from '../../../domain/resources/index.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import type { ListFirst } from '../../../machines/list/list.machine.ts';
import { abilitiesFor } from '../../../machines/list/list.selectors.ts';
import { selectPathname, selectSearch } from '../../../machines/navigation.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { parentOf } from '../../pages/loaders/list.ts';
import { heldListActor, resourceListMachine } from '../../resources/list-providers.ts';
import { relationOptionsMachine } from '../../resources/options-providers.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ListScreenContext, type ListScreen as ListScreenValue, type OptionsActor } from './list-context.ts';
import { ListView } from './list-view.tsx';
import { ParentName } from './parent-name.tsx';

/**
 * `list:<key>` routes: the page's list actor, started from the first page its loader got
 * (src/pages/loaders/list.ts; navigation tells it when the address bar moves, and hands it the
 * record a form just created), and one options machine per relation filter, shared by the
 * filter's select and its chip.
 */
export default function ListRoute({ screen, params, data }: ScreenProps) {
  const system = useAppSystem();
  const def = resourceByKey(screen.slice('list:'.length));
  const parentId = parentOf(def, { params });
  const nav = system.navigation.getSnapshot();
  const search = selectSearch(nav);
  const actor = useMemo(
    () => {
      const abilities = abilitiesFor(selectPermissions(system.auth.getSnapshot()), def.permissions);
      const machine = () => resourceListMachine(system, def, parentId);
      return heldListActor(system, { pathname: selectPathname(nav), search }, { def, parentId, abilities, machine, first: data as ListFirst | undefined });
    },
    // One list per page: the page's address is what its params say.
    [system, screen, JSON.stringify(params)],
  );
  const chosen = parseListQuery(def, search).filters;
  return (
    <RelationActors filters={def.filters.filter((f) => f.kind === 'relation' && f.relation)} chosen={chosen} made={{}}>
      {(relations) => <ListScreen def={def} parentId={parentId} actor={actor} relations={relations} />}
    </RelationActors>
  );
}

function ListScreen(props: ListScreenValue) {
  const { def, parentId, actor, relations } = props;
  const list = useMemo(() => ({ def, parentId, actor, relations }), [def, parentId, actor, relations]);
  return (
    <ListScreenContext value={list}>
      {parentId ? <ParentName def={def} parentId={parentId} /> : null}
      <ListView />
    </ListScreenContext>
  );
}

export interface RelationActorsProps {
  filters: readonly FilterDef[];
  /** The values the list opened with (their labels are loaded first). */
  chosen: Record<string, string>;
  made: Readonly<Record<string, OptionsActor>>;
  children(relations: Readonly<Record<string, OptionsActor>>): ReactNode;
}

/** One options actor per relation filter, made one level at a time (a hook per component). */
export function RelationActors({ filters, chosen, made, children }: RelationActorsProps) {
  const [first, ...rest] = filters;
  if (!first) return children(made);
  return <RelationActor filter={first} chosen={chosen} made={made} rest={rest} render={children} />;
}

function RelationActor({ filter, chosen, made, rest, render }: { filter: FilterDef; chosen: Record<string, string>; made: Readonly<Record<string, OptionsActor>>; rest: readonly FilterDef[]; render: RelationActorsProps['children'] }) {
  const system = useAppSystem();
  const machine = useMemo(() => relationOptionsMachine(system, resourceByKey(filter.relation!)), [system, filter]);
  const value = chosen[filter.name];
  // A plain select shows every choice at once; a searchable one loads what is typed, when opened.
  const actor = useActorRef(machine, { input: { ids: value && /^\d+$/.test(value) ? [Number(value)] : [], eager: !filter.searchable }, inspect: system.inspect });
  const next = useMemo(() => ({ ...made, [filter.name]: actor }), [made, filter.name, actor]);
  return (
    <RelationActors filters={rest} chosen={chosen} made={next}>
      {render}
    </RelationActors>
  );
}
