import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { formatPercent, parseMoney, parsePercent } from '../../../domain/format.ts';
import { Field } from '../../components/ui/field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { InputGroup } from '../../components/ui/input-group.tsx';
import { fieldId } from '../../resources/dom-ids.ts';

export type AmountKind = 'money' | 'integer' | 'percent';

const FORMAT: Record<AmountKind, (v: number) => string> = {
  money: (v) => (v / 100).toFixed(2),
  integer: (v) => String(v),
  percent: (v) => formatPercent(v),
};
const PARSE: Record<AmountKind, (t: string) => number | undefined> = {
  money: parseMoney,
  integer: (t) => (/^\s*-?\d{1,9}\s*$/.test(t) ? Number(t) : undefined),
  percent: parsePercent,
};

/**
 * A number the machine keeps in minor units (money), basis points (percent) or whole units.
 * While the box has the focus it shows what is typed ("12." stays "12."), and sends the parsed
 * number on every key (NaN for text that is not one, so the schema says why under the field).
 */
export function AmountInput({ value, kind, onValue, ...rest }: { value: number; kind: AmountKind; onValue(v: number): void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? (Number.isFinite(value) ? FORMAT[kind](value) : '');
  return (
    <Field.Input
      {...rest}
      inputMode={kind === 'integer' ? 'numeric' : 'decimal'}
      value={shown}
      onChange={(e) => {
        const text = e.currentTarget.value;
        setTyped(text);
        onValue(text.trim() === '' ? Number.NaN : (PARSE[kind](text) ?? Number.NaN));
      }}
      onBlur={() => setTyped(null)}
      className={css({ fontVariantNumeric: 'tabular-nums', textAlign: 'end' })}
    />
  );
}

/** Shown short ("Qty"), read in full ("Quantity of Cable"): the label a screen reader and a test find. */
export function FieldLabel({ label, short }: { label: string; short?: string | undefined }) {
  if (!short || short === label) return <Field.Label>{label}</Field.Label>;
  return (
    <Field.Label>
      <span aria-hidden="true">{short}</span>
      <span className={css({ srOnly: true })}>{label}</span>
    </Field.Label>
  );
}

export function FieldError({ error }: { error: string | undefined }) {
  return error ? (
    <Field.ErrorText>
      <Icon name="alert" size="sm" />
      {error}
    </Field.ErrorText>
  ) : null;
}

/** A labelled amount with its own error under it, addressed by the value's full path (`lines.2.quantity`). */
export function AmountField({ path, label, short, value, kind, error, onValue, readOnly, addon }: { path: string; label: string; short?: string; value: number; kind: AmountKind; error: string | undefined; onValue(v: number): void; readOnly?: boolean | undefined; addon?: ReactNode }) {
  const input = <AmountInput name={path} value={value} kind={kind} onValue={onValue} readOnly={readOnly} />;
  return (
    <Field.Root invalid={Boolean(error)} readOnly={readOnly} ids={{ control: fieldId(path) }}>
      <FieldLabel label={label} short={short} />
      {addon ? (
        <InputGroup.Root>
          {input}
          <InputGroup.Addon aria-hidden="true">{addon}</InputGroup.Addon>
        </InputGroup.Root>
      ) : (
        input
      )}
      <FieldError error={error} />
    </Field.Root>
  );
}
