import { Switch as ArkSwitch } from '@ark-ui/react/switch';
import type { ReactNode } from 'react';
import { switchRecipe } from 'styled-system/recipes/switch-recipe';
import { createSlots } from './slots.ts';

const { withProvider, withContext } = createSlots(switchRecipe);

/** Ark Switch parts with the switch slot recipe. */
export const Switch = {
  Root: withProvider(ArkSwitch.Root, 'root'),
  Control: withContext(ArkSwitch.Control, 'control'),
  Thumb: withContext(ArkSwitch.Thumb, 'thumb'),
  Label: withContext(ArkSwitch.Label, 'label'),
  HiddenInput: ArkSwitch.HiddenInput,
};

export interface SwitchItemProps extends ArkSwitch.RootProps {
  children: ReactNode;
  inputProps?: ArkSwitch.HiddenInputProps;
}

/** Track, thumb and label; Space toggles it. */
export function SwitchItem({ children, inputProps, ...root }: SwitchItemProps) {
  return (
    <Switch.Root {...root}>
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{children}</Switch.Label>
      <Switch.HiddenInput {...inputProps} />
    </Switch.Root>
  );
}
