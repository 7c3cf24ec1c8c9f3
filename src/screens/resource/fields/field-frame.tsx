import type { ReactNode } from 'react';
import type { FieldDef } from '../../../../domain/resource.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { fieldId } from '../../../resources/dom-ids.ts';

/** The ids that tie a field's label, control, help and error together. */
export function fieldIds(name: string) {
  const control = fieldId(name);
  return { control, label: `${control}-label`, error: `${control}-error`, help: `${control}-help` };
}

/** The error replaces the help text under a field, so the control is described by one of them. */
export const describedBy = (field: FieldDef, error: string | undefined) => {
  const ids = fieldIds(field.name);
  return error ? ids.error : field.help ? ids.help : undefined;
};

export const asText = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** The help text, or the error in its place. */
export function FieldMessage({ field, error }: { field: FieldDef; error: string | undefined }) {
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

/** Ark's Field around a control, with the ids above. */
export function FieldRoot({ field, error, readOnly, children }: { field: FieldDef; error: string | undefined; readOnly: boolean; children: ReactNode }) {
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

/** Label (with * when required), the control, then help or error. */
export function LabelledField({ field, error, readOnly, children }: { field: FieldDef; error: string | undefined; readOnly: boolean; children: ReactNode }) {
  return (
    <FieldRoot field={field} error={error} readOnly={readOnly}>
      <Field.Label>
        {field.label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      <FieldMessage field={field} error={error} />
    </FieldRoot>
  );
}
