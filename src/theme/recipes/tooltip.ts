import { tooltipAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const tooltip = defineSlotRecipe({
  className: 'tooltip',
  slots: tooltipAnatomy.keys(),
  base: {
    content: {
      bg: 'bg.tooltip',
      color: 'fg.inverted',
      px: '2.5',
      py: '1.5',
      borderRadius: 'sm',
      fontSize: 'xs',
      fontWeight: 'medium',
      boxShadow: 'md',
      maxW: '64',
      zIndex: 'tooltip',
      _open: { animation: 'fadeIn 120ms ease-out' },
      _closed: { animation: 'fadeOut 80ms ease-in' },
    },
    arrow: { '--arrow-size': '8px', '--arrow-background': 'colors.bg.tooltip' },
    arrowTip: {},
  },
});
