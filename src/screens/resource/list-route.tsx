import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { resourceByKey } from '../../../domain/resources/index.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { abilitiesFor } from '../../../machines/list/list.selectors.ts';
import { selectSearch } from '../../../machines/navigation.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { resourceListMachine } from '../../resources/providers.ts';
import type { ScreenProps } from '../screen-props.ts';
import { ListScreenContext } from './list-context.ts';
import { ListView } from './list-view.tsx';
import { ParentName } from './parent-name.tsx';

/** `list:<key>` routes: one list machine per visit; navigation tells it when the address bar moves. */
export default function ListRoute({ screen, params }: ScreenProps) {
  const system = useAppSystem();
  const def = resourceByKey(screen.slice('list:'.length));
  const parentId = def.parent ? params.parent : undefined;
  const machine = useMemo(() => resourceListMachine(system, def, parentId), [system, def, parentId]);
  const actor = useActorRef(machine, {
    input: {
      spec: def,
      search: selectSearch(system.navigation.getSnapshot()),
      parentId,
      abilities: abilitiesFor(selectPermissions(system.auth.getSnapshot()), def.permissions),
    },
    inspect: system.inspect,
  });
  const list = useMemo(() => ({ def, parentId, actor }), [def, parentId, actor]);
  return (
    <ListScreenContext value={list}>
      {parentId ? <ParentName def={def} parentId={parentId} /> : null}
      <ListView />
    </ListScreenContext>
  );
}
