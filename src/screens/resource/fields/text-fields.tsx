import { css } from 'styled-system/css';
import type { FieldKind } from '../../../../domain/resource.ts';
import { ColourInput } from '../../../components/ui/colour-input.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useDisplay } from '../../../app/display.ts';
import { InputGroup } from '../../../components/ui/input-group.tsx';
import { asText, describedBy, LabelledField } from './field-frame.tsx';
import type { FieldProps } from './field-props.ts';

type InputMode = 'email' | 'tel' | 'url' | 'numeric' | 'decimal';

const commonOf = ({ field, error }: FieldProps) => ({
  name: field.name,
  'aria-describedby': describedBy(field, error),
  placeholder: field.placeholder,
  autoComplete: field.autoComplete,
});

/** A one-line input: `type` and keyboard by kind; numbers line up. */
function input(attrs: { type?: string; inputMode?: InputMode; placeholder?: string; numeric?: boolean }) {
  return function InputField(props: FieldProps) {
    const { field, value, error, readOnly, onChange } = props;
    return (
      <LabelledField field={field} error={error} readOnly={readOnly}>
        <Field.Input
          {...commonOf(props)}
          type={attrs.type}
          inputMode={attrs.inputMode}
          placeholder={field.placeholder ?? attrs.placeholder}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          className={attrs.numeric ? css({ fontVariantNumeric: 'tabular-nums' }) : undefined}
        />
      </LabelledField>
    );
  };
}

export const TEXT_INPUTS = {
  text: input({}),
  email: input({ type: 'email', inputMode: 'email' }),
  tel: input({ type: 'tel', inputMode: 'tel' }),
  url: input({ type: 'url', inputMode: 'url' }),
  password: input({ type: 'password' }),
  integer: input({ inputMode: 'numeric', numeric: true }),
  date: input({ type: 'date' }),
} satisfies Partial<Record<FieldKind, ReturnType<typeof input>>>;

export function TextareaField(props: FieldProps) {
  const { field, value, error, readOnly, onChange } = props;
  return (
    <LabelledField field={field} error={error} readOnly={readOnly}>
      <Field.Textarea {...commonOf(props)} rows={3} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />
    </LabelledField>
  );
}

/** An amount as plain digits (12.50), with the shop's currency code after them. */
export function MoneyField(props: FieldProps) {
  const { field, value, error, readOnly, onChange } = props;
  const display = useDisplay();
  return (
    <LabelledField field={field} error={error} readOnly={readOnly}>
      <InputGroup.Root>
        <Field.Input
          {...commonOf(props)}
          inputMode="decimal"
          placeholder={field.placeholder ?? '0.00'}
          value={asText(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          className={css({ fontVariantNumeric: 'tabular-nums' })}
        />
        <InputGroup.Addon>{display.currency}</InputGroup.Addon>
      </InputGroup.Root>
    </LabelledField>
  );
}

/** A rate in percent, with the % after the box. */
export function PercentField(props: FieldProps) {
  const { field, value, error, readOnly, onChange } = props;
  return (
    <LabelledField field={field} error={error} readOnly={readOnly}>
      <InputGroup.Root>
        <Field.Input {...commonOf(props)} inputMode="decimal" placeholder={field.placeholder ?? '0'} value={asText(value)} onChange={(e) => onChange(e.currentTarget.value)} />
        <InputGroup.Addon aria-hidden="true">%</InputGroup.Addon>
      </InputGroup.Root>
    </LabelledField>
  );
}

export function ColourField(props: FieldProps) {
  const { field, value, error, readOnly, onChange } = props;
  return (
    <LabelledField field={field} error={error} readOnly={readOnly}>
      <ColourInput {...commonOf(props)} value={asText(value)} onValueChange={onChange} pickerLabel={`Pick the ${field.label.toLowerCase()}`} />
    </LabelledField>
  );
}
