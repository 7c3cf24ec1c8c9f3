import { Portal } from '@ark-ui/react/portal';
import { useActorRef } from '@xstate/react';
import { useSelector } from '../../../app/use-selector.ts';
import { useMemo } from 'react';
import { resourceByKey } from '../../../../domain/resources/index.ts';
import {
  selectItems,
  selectLabels,
  selectLabelsPending,
  selectListStatus,
  selectOptionsError,
  selectSearch,
  selectTyping,
  type OptionItem,
  type OptionsActor,
} from '../../../../machines/options.machine.ts';
import { useAppSystem } from '../../../app/app-context.tsx';
import { AlertMessage } from '../../../components/ui/alert.tsx';
import { Combobox, createListCollection } from '../../../components/ui/combobox.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { relationOptionsMachine } from '../../../resources/options-providers.ts';
import { describedBy, LabelledField } from './field-frame.tsx';
import type { FieldProps } from './field-props.ts';

const idsOf = (value: unknown, multiple: boolean): number[] =>
  multiple ? (Array.isArray(value) ? value.map(Number) : []) : value === '' || value == null ? [] : [Number(value)];

/** One id chosen from another resource's records (a customer's category). */
export function RelationField(props: FieldProps) {
  return (
    <LabelledField field={props.field} error={props.error} readOnly={props.readOnly}>
      <RelationPicker {...props} multiple={false} />
    </LabelledField>
  );
}

/** Several ids chosen from another resource's records (a user's roles). */
export function RelationManyField(props: FieldProps) {
  return (
    <LabelledField field={props.field} error={props.error} readOnly={props.readOnly}>
      <RelationPicker {...props} multiple />
    </LabelledField>
  );
}

/**
 * A search-as-you-type picker over another resource's records (a customer's category, a
 * user's roles). The options machine fetches the matches and the labels of the current values;
 * this view only shows them and reports what the person chose.
 */
function RelationPicker({ field, value, error, multiple, onChange }: FieldProps & { multiple: boolean }) {
  const system = useAppSystem();
  const target = resourceByKey(field.relation ?? '');
  const chosen = idsOf(value, multiple);
  const machine = useMemo(() => relationOptionsMachine(system, target), [system, target]);
  const actor = useActorRef(machine, { input: { ids: chosen }, inspect: system.inspect });
  const { items, labels, labelsPending, status, search, typing, error: loadError, collection } = useRelationOptions(actor);
  const labelOf = (id: number) => labels[id] ?? (labelsPending ? '' : `#${id}`);
  const first = chosen[0];
  const inputValue = typing || multiple || first === undefined ? search : labelOf(first);
  const many = target.label.many;

  return (
    <Combobox.Root
      collection={collection}
      multiple={multiple}
      value={chosen.map(String)}
      inputValue={inputValue}
      openOnClick
      inputBehavior="autohighlight"
      onOpenChange={(d) => {
        if (d.open) actor.send({ type: 'options.open' });
      }}
      onInputValueChange={(d) => {
        if (d.reason === 'input-change' || multiple) {
          actor.send({ type: 'options.search', search: d.inputValue });
          // Emptying the text of an optional choice clears it.
          if (!multiple && !field.required && d.inputValue.trim() === '' && first !== undefined) onChange('');
        } else {
          actor.send({ type: 'options.settle' });
        }
      }}
      onValueChange={(d) => onChange(multiple ? d.value.map(Number) : (d.value[0] ?? ''))}
    >
      <Combobox.Control>
        <Combobox.Input
          name={field.name}
          aria-describedby={describedBy(field, error)}
          placeholder={labelsPending && chosen.length ? 'Loading…' : (field.placeholder ?? (multiple ? `Add ${many}…` : `Search ${many}…`))}
        />
        {!multiple && !field.required && first !== undefined ? (
          <Combobox.ClearTrigger aria-label={`Clear ${field.label.toLowerCase()}`}>
            <Icon name="close" />
          </Combobox.ClearTrigger>
        ) : null}
        <Combobox.Trigger aria-label={`Show ${many}`}>
          <Icon name="chevron-down" />
        </Combobox.Trigger>
      </Combobox.Control>

      {multiple && chosen.length ? (
        <Combobox.TagList aria-label={`Chosen ${field.label.toLowerCase()}`}>
          {chosen.map((id) => (
            <Combobox.Tag key={id}>
              {labelOf(id) || '…'}
              <Combobox.TagRemove
                type="button"
                aria-label={`Remove ${labelOf(id) || `#${id}`}`}
                onClick={() => onChange(chosen.filter((x) => x !== id))}
              >
                <Icon name="close" />
              </Combobox.TagRemove>
            </Combobox.Tag>
          ))}
        </Combobox.TagList>
      ) : null}

      {status === 'failed' ? (
        <AlertMessage variant="inline" onRetry={() => actor.send({ type: 'options.retry' })}>
          {loadError}
        </AlertMessage>
      ) : null}

      <RelationOptions items={items} status={status} search={search} error={loadError} many={many} />
    </Combobox.Root>
  );
}

/** What a relation picker (a form field or a list filter) shows of its options actor. */
export function useRelationOptions(actor: OptionsActor) {
  const items = useSelector(actor, selectItems);
  const collection = useMemo(() => createListCollection<OptionItem>({ items, itemToValue: (o) => String(o.id), itemToString: (o) => o.label }), [items]);
  return {
    items,
    collection,
    labels: useSelector(actor, selectLabels),
    labelsPending: useSelector(actor, selectLabelsPending),
    status: useSelector(actor, selectListStatus),
    search: useSelector(actor, selectSearch),
    typing: useSelector(actor, selectTyping),
    error: useSelector(actor, selectOptionsError),
  };
}

/** The open list of a relation picker: the matches, or why there are none yet. */
export function RelationOptions({ items, status, search, error, many }: { items: readonly OptionItem[]; status: ReturnType<typeof selectListStatus>; search: string; error: string | null; many: string }) {
  return (
    <Portal>
      <Combobox.Positioner>
        <Combobox.Content>
          {status === 'failed' ? <Combobox.Status>{error}</Combobox.Status> : null}
          {status !== 'loaded' && status !== 'failed' && items.length === 0 ? (
            <Combobox.Status>
              <Spinner size="sm" /> Loading {many}…
            </Combobox.Status>
          ) : null}
          {status === 'loaded' && items.length === 0 ? (
            <Combobox.Status>{search.trim() ? `No ${many} match “${search.trim()}”.` : `There are no ${many} yet.`}</Combobox.Status>
          ) : null}
          {items.map((o) => (
            <Combobox.Item key={o.id} item={o}>
              <Combobox.ItemText>{o.label}</Combobox.ItemText>
              <Combobox.ItemIndicator>
                <Icon name="check" />
              </Combobox.ItemIndicator>
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Portal>
  );
}
