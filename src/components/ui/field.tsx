import { Field as ArkField } from '@ark-ui/react/field';
import { field } from 'styled-system/recipes/field';
import { createSlots } from './slots.ts';

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
