import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox';
import type { ReactNode } from 'react';
import { checkbox } from 'styled-system/recipes/checkbox';
import { createSlots } from './slots.ts';

const { withProvider, withContext } = createSlots(checkbox);

/** Ark Checkbox parts with the checkbox slot recipe; `Group` holds the value of several. */
export const Checkbox = {
  Root: withProvider(ArkCheckbox.Root, 'root'),
  Control: withContext(ArkCheckbox.Control, 'control'),
  Indicator: withContext(ArkCheckbox.Indicator, 'indicator'),
  Label: withContext(ArkCheckbox.Label, 'label'),
  HiddenInput: ArkCheckbox.HiddenInput,
  Group: withProvider(ArkCheckbox.Group, 'group'),
};

const Tick = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);
const Dash = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" aria-hidden="true">
    <path d="M6 12h12" />
  </svg>
);

export interface CheckboxItemProps extends ArkCheckbox.RootProps {
  children: ReactNode;
  /** The native input's props the machine's focus and the error text need. */
  inputProps?: ArkCheckbox.HiddenInputProps;
}

/** The common case: box, tick (or dash when indeterminate) and label. Space toggles it. */
export function CheckboxItem({ children, inputProps, ...root }: CheckboxItemProps) {
  return (
    <Checkbox.Root {...root}>
      <Checkbox.Control>
        <Checkbox.Indicator>
          <Tick />
        </Checkbox.Indicator>
        <Checkbox.Indicator indeterminate>
          <Dash />
        </Checkbox.Indicator>
      </Checkbox.Control>
      <Checkbox.Label>{children}</Checkbox.Label>
      <Checkbox.HiddenInput {...inputProps} />
    </Checkbox.Root>
  );
}
