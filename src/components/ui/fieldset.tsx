import { Fieldset as ArkFieldset } from '@ark-ui/react/fieldset';
import { fieldset } from 'styled-system/recipes';
import { createStyleContext } from 'styled-system/jsx';

const { withProvider, withContext } = createStyleContext(fieldset);

/** Ark Fieldset parts: a group of controls under one legend, with its help or error text. */
export const Fieldset = {
  Root: withProvider(ArkFieldset.Root, 'root'),
  Legend: withContext(ArkFieldset.Legend, 'legend'),
  HelperText: withContext(ArkFieldset.HelperText, 'helperText'),
  ErrorText: withContext(ArkFieldset.ErrorText, 'errorText'),
};
