import { useActorRef } from '@xstate/react';
import { useSelector } from '../../app/use-selector.ts';
import { useMemo } from 'react';
import { fieldsFor } from '../../../domain/form-values.ts';
import { DASHBOARD_PATH, resourceHref } from '../../../domain/paths.ts';
import type { ResourceDef, SingletonDef } from '../../../domain/resource.ts';
import { resourceByKey, SINGLETONS } from '../../../domain/resources/index.ts';
import { formSpecOf, singletonSpecOf } from '../../../machines/form/form.spec.ts';
import { selectResumed } from '../../../machines/navigation.machine.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { mayFollow } from '../../../domain/routes.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { resourceFormMachine, singletonFormMachine } from '../../resources/providers.ts';
import type { ScreenProps } from '../screen-props.ts';
import type { ResourceFormData } from '../../pages/loaders/resource-form.ts';
import type { SettingData } from '../../pages/loaders/setting.ts';
import { FormView } from './form-view.tsx';
import { ParentName } from './parent-name.tsx';
import { rowLinkHref } from './list-cells.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AppLink } from '../../components/ui/link.tsx';

/** `form:<resource>` (create and edit) and `single:<setting>` routes: one form screen for all. */
export default function FormRoute({ screen, params, title, data }: ScreenProps) {
  const [kind, key = ''] = screen.split(':');
  if (kind === 'single') {
    const def = SINGLETONS[key];
    if (!def) throw new Error(`Unknown setting ${key}`);
    return <SingletonForm def={def} title={title} record={data as SettingData | undefined} />;
  }
  return <ResourceForm def={resourceByKey(key)} params={params} title={title} record={data as ResourceFormData | undefined} />;
}

function ResourceForm({ def, params, title, record }: { def: ResourceDef; params: Record<string, string>; title: string; record: ResourceFormData | undefined }) {
  const system = useAppSystem();
  const mode = params.id ? 'edit' : 'create';
  const machine = useMemo(() => resourceFormMachine(system, def, params.parent), [system, def, params.parent]);
  const actor = useActorRef(machine, {
    input: { spec: formSpecOf(def), mode, id: params.id, parentId: params.parent, record },
    inspect: system.inspect,
  });
  const backHref = useSelector(system.navigation, selectResumed(resourceHref.list(def, { parent: params.parent })));
  // The record's links to other lists (a customer's sales, orders, quotations), those this person may open.
  const links = useMemo(() => {
    const held = [...selectPermissions(system.auth.getSnapshot())];
    return [...(def.rowLinks ?? []), ...(def.recordLinks ?? [])].filter((l) => mayFollow(l, held));
  }, [system, def]);
  return (
    <>
      {def.parent && params.parent ? <ParentName def={def} parentId={params.parent} /> : null}
      <FormView
        actor={actor}
        title={title}
        fields={fieldsFor(def.fields, mode)}
        what={def.label.one}
        back={{ href: backHref, label: `Back to ${def.label.many}` }}
        lockedHint={def.protectedHint}
        actions={
          params.id && links.length
            ? links.map((l) => (
                <Button key={l.label} asChild variant="outline" tone="neutral" size="sm">
                  <AppLink href={rowLinkHref(l, params.id!)}>{l.label}</AppLink>
                </Button>
              ))
            : undefined
        }
      />
    </>
  );
}

function SingletonForm({ def, title, record }: { def: SingletonDef; title: string; record: SettingData | undefined }) {
  const system = useAppSystem();
  const machine = useMemo(() => singletonFormMachine(system, def), [system, def]);
  const actor = useActorRef(machine, { input: { spec: singletonSpecOf(def), mode: 'single', record }, inspect: system.inspect });
  return (
    <FormView
      actor={actor}
      title={title}
      fields={fieldsFor(def.fields, 'single')}
      what={def.label.toLowerCase()}
      back={{ href: DASHBOARD_PATH, label: 'Back to the dashboard' }}
    />
  );
}
