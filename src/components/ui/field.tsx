import { Field as ArkField } from '@ark-ui/react/field';
import type { ReactNode } from 'react';
import { field } from 'styled-system/recipes';
import { createSlots } from './slots.ts';
import { Icon } from './icon.tsx';

const { withProvider, withContext } = createSlots(field);

const Root = withProvider(ArkField.Root, 'root');
const Label = withContext(ArkField.Label, 'label');
const Input = withContext(ArkField.Input, 'input');
const Textarea = withContext(ArkField.Textarea, 'textarea');
const Select = withContext(ArkField.Select, 'select');
const HelperText = withContext(ArkField.HelperText, 'helperText');
const ErrorText = withContext(ArkField.ErrorText, 'errorText');
const RequiredIndicator = withContext(ArkField.RequiredIndicator, 'requiredIndicator');

/** Ark Field parts with the field slot recipe: `<Field.Root invalid><Field.Label/>…`. */
export const Field = { Root, Label, Input, Textarea, Select, HelperText, ErrorText, RequiredIndicator };

export interface TextFieldProps extends Omit<ArkField.InputProps, 'children'> {
  label: string;
  helper?: ReactNode;
  /** An error message; when present the field is invalid and the message is announced. */
  error?: string | undefined;
  /** Text, e.g. the machine's value; pair with onValueChange. */
  onValueChange?: (value: string) => void;
}

/** The common case: label, input, helper or error text under it. */
export function TextField({ label, helper, error, required, disabled, readOnly, onValueChange, onChange, ...input }: TextFieldProps) {
  return (
    <Root invalid={Boolean(error)} required={required} disabled={disabled} readOnly={readOnly}>
      <Label>
        {label}
        {required ? <RequiredIndicator /> : null}
      </Label>
      <Input
        onChange={(e) => {
          onChange?.(e);
          onValueChange?.(e.currentTarget.value);
        }}
        {...input}
      />
      {error ? (
        <ErrorText>
          <Icon name="alert" size="sm" />
          {error}
        </ErrorText>
      ) : helper ? (
        <HelperText>{helper}</HelperText>
      ) : null}
    </Root>
  );
}
