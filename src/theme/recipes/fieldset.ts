import { fieldsetAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const fieldset = defineSlotRecipe({
  className: 'fieldset',
  slots: fieldsetAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2', minW: '0', w: 'full', border: 'none', p: '0', m: '0' },
    legend: { float: 'left', w: 'full', p: '0', mb: '1', fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', '& + *': { clear: 'both' } },
    helperText: { fontSize: 'xs', color: 'fg.muted' },
    errorText: { display: 'flex', alignItems: 'center', gap: '1', fontSize: 'xs', fontWeight: 'medium', color: 'error.fg' },
  },
});
