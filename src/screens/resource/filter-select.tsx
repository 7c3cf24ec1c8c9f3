import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import type { FilterDef, Option } from '../../../domain/resource.ts';
import { resourceByKey } from '../../../domain/resources/index.ts';
import { selectItems, selectLabels, selectListStatus, selectOptionsError } from '../../../machines/options.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Field } from '../../components/ui/field.tsx';
import { relationOptionsMachine } from '../../resources/providers.ts';

interface FilterSelectProps {
  filter: FilterDef;
  value: string;
  onChange(value: string): void;
}

/** A filter as a native select: "All" plus the def's options, or the related resource's (loaded by the options machine). */
export function FilterSelect(props: FilterSelectProps) {
  if (props.filter.kind === 'date') return <DateFilter {...props} />;
  return props.filter.relation ? <RelationFilter {...props} relation={props.filter.relation} /> : <NativeFilter {...props} options={props.filter.options ?? []} />;
}

function NativeFilter({ filter, value, options, onChange, busy = false }: FilterSelectProps & { options: readonly Option[]; busy?: boolean }) {
  return (
    <Field.Root className={css({ w: 'auto', flex: '0 1 12rem' })}>
      <Field.Label className={css({ srOnly: true })}>{filter.label}</Field.Label>
      <Field.Select value={value} aria-busy={busy || undefined} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{filter.label}: all</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Field.Select>
    </Field.Root>
  );
}

/** The choices are another resource's records: the options machine loads them (and the chosen one's label), with a retry. */
function RelationFilter({ relation, ...props }: FilterSelectProps & { relation: string }) {
  const system = useAppSystem();
  const target = resourceByKey(relation);
  const machine = useMemo(() => relationOptionsMachine(system, target), [system, target]);
  const chosen = /^\d+$/.test(props.value) ? [Number(props.value)] : [];
  const actor = useActorRef(machine, { input: { ids: chosen, eager: true }, inspect: system.inspect });
  const items = useSelector(actor, selectItems);
  const labels = useSelector(actor, selectLabels);
  const status = useSelector(actor, selectListStatus);
  const error = useSelector(actor, selectOptionsError);
  const options = useMemo(() => {
    const out: Option[] = items.map((o) => ({ value: String(o.id), label: o.label }));
    // A value from the address bar that is not among the loaded choices still shows what it is.
    if (props.value && !out.some((o) => o.value === props.value)) out.push({ value: props.value, label: labels[Number(props.value)] ?? `#${props.value}` });
    return out;
  }, [items, labels, props.value]);
  return (
    <>
      <NativeFilter {...props} options={options} busy={status === 'busy'} />
      {status === 'failed' ? (
        <AlertMessage variant="inline" onRetry={() => actor.send({ type: 'options.retry' })}>
          {props.filter.label}: {error}
        </AlertMessage>
      ) : null}
    </>
  );
}

/** One end of a date range (the ledger's From and To), a native date input. */
function DateFilter({ filter, value, onChange }: FilterSelectProps) {
  return (
    <Field.Root className={css({ w: 'auto', flex: '0 1 11rem', display: 'flex', flexDirection: 'row', alignItems: 'center', gap: '2' })}>
      <Field.Label className={css({ fontSize: 'sm', color: 'fg.muted', whiteSpace: 'nowrap' })}>{filter.label}</Field.Label>
      <Field.Input type="date" value={value} onChange={(e) => onChange(e.currentTarget.value)} />
    </Field.Root>
  );
}
