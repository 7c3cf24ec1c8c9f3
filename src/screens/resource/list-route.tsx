import { useActorRef } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { resourceHref } from '../../../domain/paths.ts';
import { parseListQuery } from '../../../domain/list-query.ts';
import type { FilterDef } from '../../../domain/resource.ts';
import { resourceByKey } from '../../../domain/resources/index.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { abilitiesFor } from '../../../machines/list/list.selectors.ts';
import { selectHandoff, selectSearch } from '../../../machines/navigation.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { relationOptionsMachine, resourceListMachine } from '../../resources/providers.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ListScreenContext, type ListScreen as ListScreenValue, type OptionsActor } from './list-context.ts';
import { ListView } from './list-view.tsx';
import { ParentName } from './parent-name.tsx';

/**
 * `list:<key>` routes: one list machine per visit (navigation tells it when the address bar
 * moves, and hands it the record a form just created), and one options machine per relation
 * filter, shared by the filter's select and its chip.
 */
export default function ListRoute({ screen, params }: ScreenProps) {
  const system = useAppSystem();
  const def = resourceByKey(screen.slice('list:'.length));
  const parentId = def.parent ? params.parent : undefined;
  const machine = useMemo(() => resourceListMachine(system, def, parentId), [system, def, parentId]);
  const nav = system.navigation.getSnapshot();
  const search = selectSearch(nav);
  const actor = useActorRef(machine, {
    input: {
      spec: def,
      search,
      parentId,
      abilities: abilitiesFor(selectPermissions(system.auth.getSnapshot()), def.permissions),
      created: selectHandoff(resourceHref.list(def, { parent: parentId }))(nav),
    },
    inspect: system.inspect,
  });
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
