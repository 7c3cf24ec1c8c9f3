import { Portal } from '@ark-ui/react/portal';
import { useMemo, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { FieldDef } from '../../../domain/resource.ts';
import { Checkbox, CheckboxItem } from '../../components/ui/checkbox.tsx';
import { ColourInput } from '../../components/ui/colour-input.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Fieldset } from '../../components/ui/fieldset.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { InputGroup } from '../../components/ui/input-group.tsx';
import { createListCollection, Select } from '../../components/ui/select.tsx';
import { SwitchItem } from '../../components/ui/switch.tsx';
import { fieldId } from '../../resources/actors.ts';
import { RelationField } from './relation-field.tsx';

export interface FormFieldProps {
  field: FieldDef;
  value: unknown;
  error: string | undefined;
  /** While saving, what is shown is what is sent: nothing can change. */
  readOnly: boolean;
  onChange(value: unknown): void;
}

/** The ids that tie a field's label, control, help and error together. */
export function fieldIds(name: string) {
  const control = fieldId(name);
  return { control, label: `${control}-label`, error: `${control}-error`, help: `${control}-help` };
}

/** The error replaces the help text under a field, so the control is described by one of them. */
const describedBy = (field: FieldDef, error: string | undefined) => {
  const ids = fieldIds(field.name);
  return error ? ids.error : field.help ? ids.help : undefined;
};

const asText = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

function Message({ field, error }: { field: FieldDef; error: string | undefined }) {
  if (error) {
    return (
      <Field.ErrorText>
        <Icon name="alert" size="sm" />
        {error}
      </Field.ErrorText>
    );
  }
  return field.help ? <Field.HelperText>{field.help}</Field.HelperText> : null;
}

function Root({ field, error, readOnly, children }: Pick<FormFieldProps, 'field' | 'error' | 'readOnly'> & { children: ReactNode }) {
  const ids = fieldIds(field.name);
  return (
    <Field.Root
      id={ids.control}
      ids={{ label: ids.label, errorText: ids.error, helperText: ids.help }}
      invalid={Boolean(error)}
      required={Boolean(field.required)}
      readOnly={readOnly}
    >
      {children}
    </Field.Root>
  );
}

/** One field of a resource form: label (with * when required), control, then help or error. */
export function FormField(props: FormFieldProps) {
  const { field, error, readOnly } = props;
  if (field.kind === 'checkboxes') return <CheckboxesField {...props} />;
  if (field.kind === 'switch') {
    return (
      <Root field={field} error={error} readOnly={readOnly}>
        <SwitchItem
          checked={props.value === true}
          onCheckedChange={(d) => props.onChange(d.checked)}
          inputProps={{ 'aria-describedby': describedBy(field, error) }}
          className={css({ alignSelf: 'flex-start', mt: { md: '7' } })}
        >
          {field.label}
        </SwitchItem>
        <Message field={field} error={error} />
      </Root>
    );
  }
  return (
    <Root field={field} error={error} readOnly={readOnly}>
      <Field.Label>
        {field.label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Control {...props} />
      <Message field={field} error={error} />
    </Root>
  );
}

const INPUT_TYPES: Partial<Record<FieldDef['kind'], { type?: string; inputMode?: 'email' | 'tel' | 'url' | 'numeric' | 'decimal' }>> = {
  email: { type: 'email', inputMode: 'email' },
  tel: { type: 'tel', inputMode: 'tel' },
  url: { type: 'url', inputMode: 'url' },
  password: { type: 'password' },
  integer: { inputMode: 'numeric' },
  date: { type: 'date' },
  money: { inputMode: 'decimal' },
  percent: { inputMode: 'decimal' },
};

function Control({ field, value, error, onChange }: FormFieldProps) {
  const common = {
    name: field.name,
    'aria-describedby': describedBy(field, error),
    placeholder: field.placeholder,
    autoComplete: field.autoComplete,
  };
  const text = asText(value);
  const onText = (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value);
  switch (field.kind) {
    case 'textarea':
      return <Field.Textarea {...common} rows={3} value={text} onChange={onText} />;
    case 'select':
      return <SelectControl field={field} value={text} describedBy={common['aria-describedby']} onChange={onChange} />;
    case 'relation':
    case 'relationMany':
      return (
        <RelationField field={field} value={value} multiple={field.kind === 'relationMany'} describedBy={common['aria-describedby']} onChange={onChange} />
      );
    case 'colour':
      return <ColourInput {...common} value={text} onValueChange={onChange} pickerLabel={`Pick the ${field.label.toLowerCase()}`} />;
    case 'percent':
      return (
        <InputGroup.Root>
          <Field.Input {...common} {...INPUT_TYPES.percent} placeholder={field.placeholder ?? '0'} value={text} onChange={onText} />
          <InputGroup.Addon aria-hidden="true">%</InputGroup.Addon>
        </InputGroup.Root>
      );
    default:
      return (
        <Field.Input
          {...common}
          {...INPUT_TYPES[field.kind]}
          placeholder={field.placeholder ?? (field.kind === 'money' ? '0.00' : undefined)}
          value={text}
          onChange={onText}
          className={field.kind === 'money' || field.kind === 'integer' ? css({ fontVariantNumeric: 'tabular-nums' }) : undefined}
        />
      );
  }
}

function SelectControl({ field, value, describedBy, onChange }: { field: FieldDef; value: string; describedBy: string | undefined; onChange(v: string): void }) {
  const collection = useMemo(() => createListCollection({ items: [...(field.options ?? [])] }), [field.options]);
  return (
    <Select.Root collection={collection} positioning={{ sameWidth: true }} value={value ? [value] : []} onValueChange={(d) => onChange(d.value[0] ?? '')}>
      <Select.Control>
        <Select.Trigger aria-describedby={describedBy}>
          <Select.ValueText placeholder={field.placeholder ?? 'Choose…'} />
          <Select.Indicator>
            <Icon name="chevron-down" />
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <Portal>
        <Select.Positioner>
          <Select.Content>
            <Select.List>
              {collection.items.map((o) => (
                <Select.Item key={o.value} item={o}>
                  <Select.ItemText>{o.label}</Select.ItemText>
                  <Select.ItemIndicator>
                    <Icon name="check" />
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.List>
          </Select.Content>
        </Select.Positioner>
      </Portal>
      <Select.HiddenSelect />
    </Select.Root>
  );
}

/** Several fixed choices (POS payment methods) as a group of checkboxes under one legend. */
function CheckboxesField({ field, value, error, readOnly, onChange }: FormFieldProps) {
  const chosen = Array.isArray(value) ? value.map(String) : [];
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>
        {field.label}
        {field.required ? (
          <span aria-hidden="true" className={css({ color: 'error.fg', ms: '0.5' })}>
            *
          </span>
        ) : null}
      </Fieldset.Legend>
      <Checkbox.Group value={chosen} onValueChange={(v) => onChange(v)} readOnly={readOnly} invalid={Boolean(error)} className={css({ minH: '10', alignItems: 'center' })}>
        {(field.options ?? []).map((o, i) => (
          <CheckboxItem key={o.value} value={o.value} {...(i === 0 ? { ids: { hiddenInput: fieldId(field.name) } } : {})}>
            {o.label}
          </CheckboxItem>
        ))}
      </Checkbox.Group>
      {error ? (
        <Fieldset.ErrorText>
          <Icon name="alert" size="sm" />
          {error}
        </Fieldset.ErrorText>
      ) : field.help ? (
        <Fieldset.HelperText>{field.help}</Fieldset.HelperText>
      ) : null}
    </Fieldset.Root>
  );
}
