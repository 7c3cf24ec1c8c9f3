import { switchAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const switchRecipe = defineSlotRecipe({
  className: 'switch',
  slots: switchAnatomy.keys(),
  base: {
    root: { display: 'inline-flex', alignItems: 'center', gap: '3', minH: '6', cursor: 'pointer', _disabled: { cursor: 'not-allowed' } },
    control: {
      flexShrink: 0,
      display: 'inline-flex',
      alignItems: 'center',
      w: '9',
      h: '5',
      p: '0.5',
      borderRadius: 'full',
      bg: 'border.strong',
      transitionProperty: 'background',
      transitionDuration: '150ms',
      _checked: { bg: 'primary.solid' },
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
      _invalid: { outline: '1px solid', outlineColor: 'error.fg' },
      _disabled: { opacity: 0.55 },
    },
    thumb: {
      w: '4',
      h: '4',
      borderRadius: 'full',
      bg: 'white',
      boxShadow: 'sm',
      transitionProperty: 'transform',
      transitionDuration: '150ms',
      _checked: { transform: 'translateX(1rem)' },
    },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', userSelect: 'none' },
  },
});
