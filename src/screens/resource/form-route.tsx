import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fieldsFor } from '../../../domain/form-values.ts';
import { SUPER_ADMIN_ROLE } from '../../../domain/permissions.ts';
import type { ResourceDef, SingletonDef } from '../../../domain/resource.ts';
import { resourceByKey, roles, SINGLETONS } from '../../../domain/resources/index.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { formSpecOf, listUrl, resourceFormMachine, singletonFormMachine, singletonSpecOf } from '../../resources/actors.ts';
import type { ScreenProps } from '../registry.ts';
import { FormView } from './form-view.tsx';

/** `form:<resource>` (create and edit) and `single:<setting>` routes: one form screen for all. */
export default function FormRoute({ screen, params, title }: ScreenProps) {
  const [kind, key = ''] = screen.split(':');
  if (kind === 'single') {
    const def = SINGLETONS[key];
    if (!def) throw new Error(`Unknown setting ${key}`);
    return <SingletonForm def={def} title={title} />;
  }
  return <ResourceForm def={resourceByKey(key)} params={params} title={title} />;
}

function ResourceForm({ def, params, title }: { def: ResourceDef; params: Record<string, string>; title: string }) {
  const system = useAppSystem();
  const mode = params.id ? 'edit' : 'create';
  const machine = useMemo(() => resourceFormMachine(system, def, params.parent), [system, def, params.parent]);
  const actor = useActorRef(machine, {
    input: { spec: formSpecOf(def), mode, id: params.id, parentId: params.parent },
    inspect: system.inspect,
  });
  // The server protects Super Admin by its name (PRODUCT §2); the name as loaded decides.
  const locked = useSelector(actor, (s) => def.key === roles.key && s.context.mode === 'edit' && s.context.initial.name === SUPER_ADMIN_ROLE);
  return (
    <FormView
      actor={actor}
      title={title}
      fields={fieldsFor(def.fields, mode)}
      what={def.label.one}
      back={{ href: listUrl(def, params.parent), label: `Back to ${def.label.many}` }}
      locked={locked}
      lockedHint={def.protectedHint}
    />
  );
}

function SingletonForm({ def, title }: { def: SingletonDef; title: string }) {
  const system = useAppSystem();
  const machine = useMemo(() => singletonFormMachine(system, def), [system, def]);
  const actor = useActorRef(machine, { input: { spec: singletonSpecOf(def), mode: 'single' }, inspect: system.inspect });
  return (
    <FormView
      actor={actor}
      title={title}
      fields={fieldsFor(def.fields, 'single')}
      what={def.label.toLowerCase()}
      back={{ href: '/admin/dashboard', label: 'Back to the dashboard' }}
    />
  );
}
