import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import type { FilterDef, Option } from '../../../domain/resource.ts';
import { selectItems, selectLabels, selectListStatus, selectOptionsError } from '../../../machines/options.machine.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Field } from '../../components/ui/field.tsx';
import { useListScreen } from './list-context.ts';

interface FilterSelectProps {
  filter: FilterDef;
  value: string;
  onChange(value: string): void;
}

/** A filter as a native select: "All" plus the def's options, or the related resource's (loaded by the options machine). */
export function FilterSelect(props: FilterSelectProps) {
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

/**
 * The choices are another resource's records: the list's options machine for this filter loads
 * them (and the chosen one's label), with a retry; the filter's chip reads the same machine.
 */
function RelationFilter({ relation: _relation, ...props }: FilterSelectProps & { relation: string }) {
  const actor = useListScreen().relations[props.filter.name]!;
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
