import { fieldAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';
import { inputStyles } from './input.ts';

export const field = defineSlotRecipe({
  className: 'field',
  slots: fieldAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', _disabled: { opacity: 0.6 } },
    input: inputStyles,
    textarea: { ...inputStyles, h: 'auto', minH: '24', py: '2', resize: 'vertical' },
    select: inputStyles,
    helperText: { fontSize: 'xs', color: 'fg.muted' },
    errorText: { display: 'flex', alignItems: 'center', gap: '1', fontSize: 'xs', fontWeight: 'medium', color: 'error.fg' },
    requiredIndicator: { color: 'error.fg', ms: '0.5' },
  },
});
