import { checkboxAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const checkbox = defineSlotRecipe({
  className: 'checkbox',
  slots: checkboxAnatomy.keys(),
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2.5',
      minH: '6',
      cursor: 'pointer',
      verticalAlign: 'top',
      _disabled: { cursor: 'not-allowed' },
    },
    control: {
      flexShrink: 0,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '4.5',
      h: '4.5',
      borderRadius: 'sm',
      borderWidth: '2px',
      borderColor: 'border.strong',
      bg: 'bg.surface',
      color: 'primary.contrast',
      transitionProperty: 'background, border-color, box-shadow',
      transitionDuration: '150ms',
      _hover: { borderColor: 'fg.muted' },
      _checked: { bg: 'primary.solid', borderColor: 'primary.solid', _hover: { borderColor: 'primary.solid' } },
      _indeterminate: { bg: 'primary.solid', borderColor: 'primary.solid', _hover: { borderColor: 'primary.solid' } },
      _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
      _invalid: { borderColor: 'error.fg' },
      _disabled: { opacity: 0.55 },
    },
    indicator: { display: 'inline-flex', '& svg': { w: '3.5', h: '3.5' } },
    label: { fontSize: 'sm', color: 'fg.default', userSelect: 'none', lineHeight: 'snug', _disabled: { opacity: 0.7 } },
    group: { display: 'flex', flexWrap: 'wrap', columnGap: '6', rowGap: '2' },
  },
});
