import { Portal } from '@ark-ui/react/portal';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { Checkbox, CheckboxItem } from '../../../components/ui/checkbox.tsx';
import { Fieldset } from '../../../components/ui/fieldset.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { createListCollection, Select } from '../../../components/ui/select.tsx';
import { SwitchItem } from '../../../components/ui/switch.tsx';
import { fieldId } from '../../../resources/dom-ids.ts';
import { asText, describedBy, FieldMessage, FieldRoot, LabelledField } from './field-frame.tsx';
import type { FieldProps } from './field-props.ts';

/** One of a few fixed choices (status), as Ark's Select. */
export function SelectField({ field, value, error, readOnly, onChange }: FieldProps) {
  const collection = useMemo(() => createListCollection({ items: [...(field.options ?? [])] }), [field.options]);
  const text = asText(value);
  return (
    <LabelledField field={field} error={error} readOnly={readOnly}>
      <Select.Root collection={collection} positioning={{ sameWidth: true }} value={text ? [text] : []} onValueChange={(d) => onChange(d.value[0] ?? '')}>
        <Select.Control>
          <Select.Trigger aria-describedby={describedBy(field, error)}>
            <Select.ValueText placeholder={field.placeholder ?? 'Choose…'} />
            <Select.Indicator>
              <Icon name="chevron-down" />
            </Select.Indicator>
          </Select.Trigger>
        </Select.Control>
        <Portal>
          <Select.Positioner>
            <Select.Content>
              {collection.items.map((o) => (
                <Select.Item key={o.value} item={o}>
                  <Select.ItemText>{o.label}</Select.ItemText>
                  <Select.ItemIndicator>
                    <Icon name="check" />
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Positioner>
        </Portal>
        <Select.HiddenSelect />
      </Select.Root>
    </LabelledField>
  );
}

/** On or off (show product images), the label beside the switch. */
export function SwitchField({ field, value, error, readOnly, onChange }: FieldProps) {
  return (
    <FieldRoot field={field} error={error} readOnly={readOnly}>
      <SwitchItem
        checked={value === true}
        onCheckedChange={(d) => onChange(d.checked)}
        inputProps={{ 'aria-describedby': describedBy(field, error) }}
        className={css({ alignSelf: 'flex-start', mt: { md: '7' } })}
      >
        {field.label}
      </SwitchItem>
      <FieldMessage field={field} error={error} />
    </FieldRoot>
  );
}

/** Several fixed choices (POS payment methods) as a group of checkboxes under one legend. */
export function CheckboxesField({ field, value, error, readOnly, onChange }: FieldProps) {
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
