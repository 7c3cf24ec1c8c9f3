import { useActorRef } from '@xstate/react';
import { useSelector } from '../../../app/use-selector.ts';
import { useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { selectBarcodeButton } from '../../../../machines/fields/barcode.machine.ts';
import { useAppSystem } from '../../../app/app-context.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { barcodeGeneratorMachine } from '../../../resources/stock-providers.ts';
import { asText, describedBy, LabelledField } from './field-frame.tsx';
import type { FieldProps } from './field-props.ts';

/** A barcode typed or scanned, or made by "Generate barcode" (the server knows which are free). */
export function BarcodeField(props: FieldProps) {
  const { field, value, error, readOnly, onChange } = props;
  const system = useAppSystem();
  const commit = useRef(onChange);
  commit.current = onChange;
  const machine = useMemo(() => barcodeGeneratorMachine(system, (barcode) => commit.current(barcode)), [system]);
  const actor = useActorRef(machine, { inspect: system.inspect });
  const button = useSelector(actor, selectBarcodeButton);
  const shown = button.error ?? error;
  return (
    <LabelledField field={field} error={shown} readOnly={readOnly}>
      <div className={css({ display: 'flex', gap: '2' })}>
        <Field.Input
          name={field.name}
          aria-describedby={describedBy(field, shown)}
          autoComplete="off"
          inputMode="text"
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          className={css({ fontVariantNumeric: 'tabular-nums', fontFamily: 'mono' })}
        />
        <Button variant="outline" tone="neutral" loading={button.busy} disabled={readOnly || !button.canGenerate} onClick={() => actor.send({ type: 'barcode.generate' })} className={css({ flexShrink: 0 })}>
          <Icon name="barcode" size="sm" />
          Generate barcode
        </Button>
      </div>
    </LabelledField>
  );
}
