import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ResourceDef } from '../../../domain/resource.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { parentNameMachine } from '../../resources/providers.ts';

/**
 * A child resource's page (an attribute's values, or one of them) runs the machine that names
 * its parent, so the title and breadcrumbs say "Values of Size". It shows nothing itself.
 */
export function ParentName({ def, parentId }: { def: ResourceDef; parentId: string }) {
  const system = useAppSystem();
  const machine = useMemo(() => parentNameMachine(system, def, parentId), [system, def, parentId]);
  useActorRef(machine, { input: { id: parentId }, inspect: system.inspect });
  return null;
}
