import { menuAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const menu = defineSlotRecipe({
  className: 'menu',
  slots: menuAnatomy.keys(),
  base: {
    content: {
      minW: '56',
      bg: 'bg.surface',
      color: 'fg.default',
      borderRadius: 'lg',
      borderWidth: '1px',
      borderColor: 'border.default',
      boxShadow: 'lg',
      py: '2',
      outline: 'none',
      zIndex: 'dropdown',
      _open: { animation: 'menuIn 150ms ease-out' },
      _closed: { animation: 'fadeOut 100ms ease-in' },
    },
    item: {
      display: 'flex',
      alignItems: 'center',
      gap: '3',
      mx: '2',
      px: '3',
      h: '10',
      borderRadius: 'md',
      fontSize: 'sm',
      color: 'fg.default',
      cursor: 'pointer',
      textDecoration: 'none',
      outline: 'none',
      '& svg': { w: '5', h: '5', color: 'fg.muted' },
      _highlighted: { bg: 'primary.subtle', color: 'primary.fg', '& svg': { color: 'primary.fg' } },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    },
    itemGroupLabel: { px: '5', py: '2', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' },
    separator: { my: '2', borderTopWidth: '1px', borderColor: 'border.default' },
  },
});
