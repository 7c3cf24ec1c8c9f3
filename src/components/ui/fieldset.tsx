import { Fieldset as ArkFieldset } from '@ark-ui/react/fieldset';
import { fieldset } from 'styled-system/recipes/fieldset';
import { createSlots } from './slots.ts';

const { withProvider, withContext } = createSlots(fieldset);

/** Ark Fieldset parts: a group of controls under one legend, with its help or error text. */
export const Fieldset = {
  Root: withProvider(ArkFieldset.Root, 'root'),
  Legend: withContext(ArkFieldset.Legend, 'legend'),
  HelperText: withContext(ArkFieldset.HelperText, 'helperText'),
  ErrorText: withContext(ArkFieldset.ErrorText, 'errorText'),
};
