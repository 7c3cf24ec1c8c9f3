import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { selectGridError, selectGridLoading, selectModules, type GridModule } from '../../../../machines/permission-grid.machine.ts';
import { useAppSystem } from '../../../app/app-context.tsx';
import { AlertMessage } from '../../../components/ui/alert.tsx';
import { CheckboxItem } from '../../../components/ui/checkbox.tsx';
import { Fieldset } from '../../../components/ui/fieldset.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fieldId } from '../../../resources/dom-ids.ts';
import { rolePermissionGridMachine } from '../../../resources/providers.ts';
import type { FieldProps } from './field-props.ts';

const moduleBox = css({
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  p: '4',
  pt: '3',
  bg: 'bg.subtle',
  gap: '0',
});

/**
 * A role's permissions: one group per module with a "Select all" box (checked, empty or
 * partly checked), then a box per permission, saying what it allows ("Delete customers"). Every box is a real checkbox: Tab moves between
 * them and Space toggles them.
 */
export function PermissionGrid({ field, value, error, readOnly, locked, lockedHint, onChange }: FieldProps) {
  const system = useAppSystem();
  const machine = useMemo(() => rolePermissionGridMachine(system), [system]);
  const actor = useActorRef(machine, { inspect: system.inspect });
  const modules = useSelector(actor, selectModules);
  const loading = useSelector(actor, selectGridLoading);
  const failure = useSelector(actor, selectGridError);
  const chosen = new Set(Array.isArray(value) ? value.map(Number) : []);

  const set = (ids: number[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange([...next].sort((a, b) => a - b));
  };

  return (
    <Fieldset.Root invalid={Boolean(error)} disabled={locked}>
      <Fieldset.Legend>{field.label}</Fieldset.Legend>
      <Fieldset.HelperText>{locked ? lockedHint : 'Choose what people with this role may see and do.'}</Fieldset.HelperText>
      {loading ? (
        <p className={css({ display: 'flex', alignItems: 'center', gap: '2', py: '4', fontSize: 'sm', color: 'fg.muted' })}>
          <Spinner size="sm" label="Loading permissions" /> Loading permissions…
        </p>
      ) : null}
      {failure ? (
        <AlertMessage variant="inline" onRetry={() => actor.send({ type: 'grid.retry' })}>
          {failure}
        </AlertMessage>
      ) : null}
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))', mt: '1' })}>
        {modules.map((m, i) => (
          <ModuleGroup
            key={m.id}
            module={m}
            chosen={chosen}
            locked={locked}
            readOnly={readOnly}
            firstInputId={i === 0 ? fieldId(field.name) : undefined}
            onSet={set}
          />
        ))}
      </div>
      {error ? (
        <Fieldset.ErrorText>
          <Icon name="alert" size="sm" />
          {error}
        </Fieldset.ErrorText>
      ) : null}
    </Fieldset.Root>
  );
}

interface ModuleGroupProps {
  module: GridModule;
  chosen: ReadonlySet<number>;
  locked: boolean;
  readOnly: boolean;
  /** The first box gets the field's id, so a validation error can move the focus to it. */
  firstInputId: string | undefined;
  onSet(ids: number[], on: boolean): void;
}

function ModuleGroup({ module, chosen, locked, readOnly, firstInputId, onSet }: ModuleGroupProps) {
  const ids = module.permissions.map((p) => p.id);
  const held = locked ? ids.length : ids.filter((id) => chosen.has(id)).length;
  const all = held === 0 ? false : held === ids.length ? true : 'indeterminate';
  return (
    <Fieldset.Root className={moduleBox} disabled={locked}>
      {/* The legend names the group for screen readers; the visible header puts "Select all" beside the name. */}
      <Fieldset.Legend className={css({ srOnly: true })}>{module.name}</Fieldset.Legend>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: '3' })}>
        <span aria-hidden="true" className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
          {module.name}
        </span>
        <CheckboxItem
          checked={all}
          disabled={locked || ids.length === 0}
          readOnly={readOnly}
          onCheckedChange={(d) => onSet(ids, d.checked === true)}
          {...(firstInputId ? { ids: { hiddenInput: firstInputId } } : {})}
        >
          Select all<span className={css({ srOnly: true })}> {module.name} permissions</span>
        </CheckboxItem>
      </div>
      <ul
        className={css({
          listStyle: 'none',
          display: 'grid',
          gap: '1',
          pt: '2',
          borderTopWidth: '1px',
          borderColor: 'border.default',
        })}
      >
        {module.permissions.map((p) => (
          <li key={p.id}>
            <CheckboxItem
              checked={locked || chosen.has(p.id)}
              disabled={locked}
              readOnly={readOnly}
              onCheckedChange={(d) => onSet([p.id], d.checked === true)}
            >
              {/* What it allows first, in plain words; the name the app checks under it. */}
              {p.description ?? p.name}
              {p.description ? <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' })}>{p.name}</span> : null}
            </CheckboxItem>
          </li>
        ))}
        {module.permissions.length === 0 ? <li className={css({ fontSize: 'sm', color: 'fg.muted' })}>No permissions in this module.</li> : null}
      </ul>
    </Fieldset.Root>
  );
}
