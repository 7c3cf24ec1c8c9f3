import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { resourceByKey } from '../../../domain/resources/index.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { resourceListMachine } from '../../resources/actors.ts';
import type { ScreenProps } from '../registry.ts';
import { ListView } from './list-view.tsx';

/** `list:<key>` routes: one list machine per visit, fed by the address bar. */
export default function ListRoute({ screen, params }: ScreenProps) {
  const system = useAppSystem();
  const def = resourceByKey(screen.slice('list:'.length));
  const parentId = def.parent ? params.parent : undefined;
  const search = useSelector(system.navigation, (s) => s.context.search);
  const machine = useMemo(() => resourceListMachine(system, def, parentId), [system, def, parentId]);
  const actor = useActorRef(machine, { input: { spec: def, search, parentId }, inspect: system.inspect });
  const permissions = useSelector(system.auth, selectPermissions);

  // Back/forward or a menu link to this same list: tell the machine what the address bar says.
  useEffect(() => actor.send({ type: 'list.urlChanged', search }), [actor, search]);

  return (
    <ListView
      def={def}
      parentId={parentId}
      actor={actor}
      can={{
        create: permissions.has(def.permissions.create),
        edit: permissions.has(def.permissions.edit),
        delete: permissions.has(def.permissions.delete),
      }}
    />
  );
}
