import { defineSlotRecipe } from '@pandacss/dev';

/** A text box with a fixed prefix or suffix drawn inside it (12.50 USD, 7.5 %). */
export const inputGroup = defineSlotRecipe({
  className: 'input-group',
  slots: ['root', 'addon'],
  base: {
    root: { position: 'relative', display: 'flex', alignItems: 'center', w: 'full', '& > input': { pe: '12' } },
    addon: {
      position: 'absolute',
      insetEnd: '3',
      top: '50%',
      transform: 'translateY(-50%)',
      fontSize: 'sm',
      color: 'fg.muted',
      pointerEvents: 'none',
      userSelect: 'none',
    },
  },
});
