import { inputGroup } from 'styled-system/recipes/input-group';
import { el, type ElementProps } from './element.tsx';
import { createSlots } from './slots.ts';

const { withProvider, withContext } = createSlots(inputGroup);

/** `<InputGroup.Root><Field.Input/><InputGroup.Addon>%</InputGroup.Addon></InputGroup.Root>` */
export const InputGroup = {
  Root: withProvider(el.div, 'root'),
  Addon: withContext(el.span, 'addon'),
};

export type InputGroupAddonProps = ElementProps<'span'>;
