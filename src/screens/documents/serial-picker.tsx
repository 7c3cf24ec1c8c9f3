import { useActorRef } from '@xstate/react';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import type { OptionItem } from '../../../machines/options.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { Combobox, createListCollection } from '../../components/ui/combobox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { lineSerialOptionsMachine } from '../../resources/document-providers.ts';
import { RelationOptions, useRelationOptions } from '../resource/fields/relation-field.tsx';
import { FieldError } from './amount-input.tsx';
import { scanOnEnter } from './line-adder.tsx';

export interface SerialPickerProps {
  /** The line's full path (`lines.2`): the box's id is `lines.2.serials`, where its errors are keyed. */
  path: string;
  productId: number;
  name: string;
  serials: readonly string[];
  error: string | undefined;
  readOnly: boolean;
  /** `typed`: scanned or typed, not picked from the list of those in stock. */
  onAdd(serial: string, typed: boolean): void;
  onRemove(serial: string): void;
}

/**
 * A selling line's serial numbers: pick one from what the ledger says is in stock (the list
 * narrows as you type), or scan or type one and press Enter; each named serial is a tag with its
 * own remove button. The line editor decides (the quantity follows, one named twice is refused);
 * a serial that is not in stock is refused by the server, under this box.
 */
export function SerialPicker({ path, productId, name, serials, error, readOnly, onAdd, onRemove }: SerialPickerProps) {
  const system = useAppSystem();
  const machine = useMemo(() => lineSerialOptionsMachine(system, productId), [system, productId]);
  const options = useActorRef(machine, { input: { ids: [] }, inspect: system.inspect });
  const { items: inStock, status, search, error: loadError } = useRelationOptions(options);
  // The ones this line names already are not offered again.
  const items = useMemo(() => inStock.filter((o) => !serials.includes(o.label)), [inStock, serials]);
  const collection = useMemo(() => createListCollection<OptionItem>({ items, itemToValue: (o) => String(o.id), itemToString: (o) => o.label }), [items]);
  // Which option the arrow keys or the pointer are on: Enter picks it, when the list is for what
  // is typed; else (none, or a scanner outran the list) Enter names what is typed.
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const clear = () => {
    setHighlighted(null);
    options.send({ type: 'options.search', search: '' });
  };
  return (
    <Field.Root invalid={Boolean(error)} readOnly={readOnly} className={css({ mt: '3' })} ids={{ control: fieldId(`${path}.serials`) }}>
      <Combobox.Root
        collection={collection}
        value={[]}
        inputValue={search}
        disabled={readOnly}
        invalid={Boolean(error)}
        openOnClick
        onOpenChange={(d) => {
          if (d.open) options.send({ type: 'options.open' });
        }}
        // Typing moves off any option: the list is for what is typed now.
        highlightedValue={highlighted}
        onHighlightChange={(d) => setHighlighted(d.highlightedValue)}
        onInputValueChange={(d) => {
          if (d.reason !== 'input-change') return;
          setHighlighted(null);
          options.send({ type: 'options.search', search: d.inputValue });
        }}
        onValueChange={(d) => {
          const picked = items.find((o: OptionItem) => String(o.id) === d.value[0]);
          if (!picked) return;
          onAdd(picked.label, false);
          clear();
        }}
      >
        <Combobox.Label>
          <span aria-hidden="true">
            Serial numbers ({serials.length} named)
          </span>
          <span className={css({ srOnly: true })}>Serial numbers of {name}</span>
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input
            placeholder="Pick one in stock, or scan or type it"
            autoComplete="off"
            onKeyDownCapture={scanOnEnter(status, highlighted, search, (serial) => {
              onAdd(serial, true);
              clear();
            })}
          />
          <Combobox.Trigger aria-label={`Show serial numbers of ${name} in stock`}>
            <Icon name="chevron-down" />
          </Combobox.Trigger>
        </Combobox.Control>
        {serials.length ? (
          <Combobox.TagList aria-label={`Serial numbers named for ${name}`}>
            {serials.map((s) => (
              <Combobox.Tag key={s}>
                {s}
                <Combobox.TagRemove type="button" aria-label={`Remove serial ${s}`} disabled={readOnly} onClick={() => onRemove(s)}>
                  <Icon name="close" />
                </Combobox.TagRemove>
              </Combobox.Tag>
            ))}
          </Combobox.TagList>
        ) : null}
        <RelationOptions items={items} status={status} search={search} error={loadError} many="serial numbers in stock" />
      </Combobox.Root>
      <FieldError error={error} />
    </Field.Root>
  );
}
