import { useSelector } from '../../app/use-selector.ts';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import type { FilterDef, Option } from '../../../domain/resource.ts';
import { resourceByKey } from '../../../domain/resources/index.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Combobox } from '../../components/ui/combobox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { RelationOptions, useRelationOptions } from './fields/relation-field.tsx';
import { useListScreen } from './list-context.ts';

interface FilterSelectProps {
  filter: FilterDef;
  value: string;
  onChange(value: string): void;
}

/** A filter as a native select: "All" plus the def's options, or the related resource's (loaded by the options machine). */
export function FilterSelect(props: FilterSelectProps) {
  if (props.filter.relation && props.filter.searchable) return <SearchFilter {...props} />;
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
  const { items, labels, status, error } = useRelationOptions(actor);
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


/**
 * A relation filter over too many records for one select (every product): type to search, pick
 * one, or clear it for all. The filter's options actor searches as the person types (after a
 * pause), and knows the chosen one's name; its chip reads the same actor.
 */
function SearchFilter({ filter, value, onChange }: FilterSelectProps) {
  const actor = useListScreen().relations[filter.name]!;
  const { items, labels, labelsPending, status, search, typing, error, collection } = useRelationOptions(actor);
  const chosen = /^\d+$/.test(value) ? Number(value) : undefined;
  const chosenLabel = chosen === undefined ? '' : (labels[chosen] ?? (labelsPending ? '' : `#${chosen}`));
  const many = resourceByKey(filter.relation!).label.many;
  return (
    <Combobox.Root
      collection={collection}
      value={chosen === undefined ? [] : [String(chosen)]}
      inputValue={typing || chosen === undefined ? search : chosenLabel}
      openOnClick
      inputBehavior="autohighlight"
      onOpenChange={(d) => {
        if (d.open) actor.send({ type: 'options.open' });
      }}
      onInputValueChange={(d) => {
        if (d.reason === 'input-change') {
          actor.send({ type: 'options.search', search: d.inputValue });
          // Emptying the text shows every record again.
          if (d.inputValue.trim() === '' && chosen !== undefined) onChange('');
        } else {
          actor.send({ type: 'options.settle' });
        }
      }}
      onValueChange={(d) => onChange(d.value[0] ?? '')}
      className={css({ w: 'auto', flex: '1 1 14rem', maxW: '20rem', minW: '0' })}
    >
      <Combobox.Label className={css({ srOnly: true })}>{filter.label}</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input placeholder={labelsPending && chosen !== undefined ? 'Loading…' : `${filter.label}: all (type to search)`} />
        {chosen !== undefined ? (
          <Combobox.ClearTrigger aria-label={`Show every ${filter.label.toLowerCase()}`}>
            <Icon name="close" />
          </Combobox.ClearTrigger>
        ) : null}
        <Combobox.Trigger aria-label={`Show ${many}`}>
          <Icon name="chevron-down" />
        </Combobox.Trigger>
      </Combobox.Control>
      {status === 'failed' ? (
        <AlertMessage variant="inline" onRetry={() => actor.send({ type: 'options.retry' })}>
          {filter.label}: {error}
        </AlertMessage>
      ) : null}
      <RelationOptions items={items} status={status} search={search} error={error} many={many} />
    </Combobox.Root>
  );
}
