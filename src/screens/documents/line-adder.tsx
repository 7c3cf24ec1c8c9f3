import { Portal } from '@ark-ui/react/portal';
import { useActorRef } from '@xstate/react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { css } from 'styled-system/css';
import type { LineProduct } from '../../../domain/documents/lines.ts';
import type { OptionItem } from '../../../machines/options.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { Combobox } from '../../components/ui/combobox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { lineProductOptionsMachine } from '../../resources/document-providers.ts';
import { RelationOptions, useRelationOptions } from '../resource/fields/relation-field.tsx';
import { FieldError } from './amount-input.tsx';

/**
 * Find a product by name or SKU, or scan its barcode (Enter ends a scan, as scanners send it):
 * `onPick` gets a product chosen from the list, `onScan` a scanned code; the machine decides.
 */
export function LineAdder({ onPick, onScan, readOnly, scanError, pickLabel, scanId = 'scan', scanHint = 'Scan, or type a barcode or SKU and press Enter' }: { onPick(p: LineProduct): void; onScan(code: string): void; readOnly: boolean; scanError: string | undefined; pickLabel?: string; scanId?: string; scanHint?: string }) {
  const system = useAppSystem();
  const [code, setCode] = useState('');
  return (
    <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
      <ProductPicker system={system} disabled={readOnly} label={pickLabel} onPick={onPick} onScan={onScan} />
      <Field.Root invalid={Boolean(scanError)} ids={{ control: fieldId(scanId) }}>
        <Field.Label>Scan a barcode</Field.Label>
        <Field.Input
          value={code}
          placeholder={scanHint}
          autoComplete="off"
          onChange={(e) => setCode(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (!code.trim()) return;
            onScan(code);
            setCode('');
          }}
        />
        <FieldError error={scanError} />
      </Field.Root>
    </div>
  );
}

/**
 * A picker's Enter (on keydown capture: the combobox leaves a prevented Enter alone): it picks
 * the highlighted option only once the list for what is typed has come; else (nothing
 * highlighted, or a scanner outran the list) it names what is typed, `scanned`, and the form is
 * not sent.
 */
export const scanOnEnter = (status: string, highlighted: string | null, typed: string, scanned: (code: string) => void) => (e: KeyboardEvent) => {
  if (e.key !== 'Enter' || (status === 'loaded' && highlighted !== null)) return;
  e.preventDefault();
  if (typed.trim()) scanned(typed.trim());
};

/**
 * The "add a product" combobox: products by name or SKU; choosing one adds a line for it. Enter
 * with no product highlighted, or before the list for what is typed has come (a scanner types
 * faster), is a scan of what was typed (`onScan`): the form is not sent.
 */
export function ProductPicker({ system, disabled, onPick, onScan, label = 'Add a product' }: { system: ReturnType<typeof useAppSystem>; disabled: boolean; onPick(p: LineProduct): void; onScan(code: string): void; label?: string | undefined }) {
  const machine = useMemo(() => lineProductOptionsMachine(system), [system]);
  const options = useActorRef(machine, { input: { ids: [] }, inspect: system.inspect });
  const { items, status, search, error, collection } = useRelationOptions(options);
  // Enter picks the highlighted product only when the list is for what is typed.
  const [highlighted, setHighlighted] = useState<string | null>(null);
  return (
    <Combobox.Root
      collection={collection}
      value={[]}
      inputValue={search}
      disabled={disabled}
      inputBehavior="autohighlight"
      onHighlightChange={(d) => setHighlighted(d.highlightedValue)}
      onInputValueChange={(d) => {
        if (d.reason === 'input-change') options.send({ type: 'options.search', search: d.inputValue });
      }}
      onValueChange={(d) => {
        const picked = items.find((o: OptionItem) => String(o.id) === d.value[0]) as (OptionItem & LineProduct) | undefined;
        if (!picked) return;
        onPick(picked);
        options.send({ type: 'options.search', search: '' });
      }}
    >
      <Combobox.Label>{label}</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input
          placeholder="Type a name or SKU…"
          onKeyDownCapture={scanOnEnter(status, highlighted, search, (code) => {
            onScan(code);
            options.send({ type: 'options.search', search: '' });
          })}
        />
        <Combobox.Trigger aria-label="Show products">
          <Icon name="chevron-down" />
        </Combobox.Trigger>
      </Combobox.Control>
      {search.trim() ? <RelationOptions items={items} status={status} search={search} error={error} many="products" /> : <Portal />}
    </Combobox.Root>
  );
}
