import { ark, type HTMLArkProps } from '@ark-ui/react/factory';
import { inputGroup } from 'styled-system/recipes';
import { createSlots } from './slots.ts';

const { withProvider, withContext } = createSlots(inputGroup);

/** `<InputGroup.Root><Field.Input/><InputGroup.Addon>%</InputGroup.Addon></InputGroup.Root>` */
export const InputGroup = {
  Root: withProvider(ark.div, 'root'),
  Addon: withContext(ark.span, 'addon'),
};

export type InputGroupAddonProps = HTMLArkProps<'span'>;
