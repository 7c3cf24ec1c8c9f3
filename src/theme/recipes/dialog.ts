import { dialogAnatomy } from '@ark-ui/react/anatomy';
import { defineSlotRecipe } from '@pandacss/dev';

export const dialog = defineSlotRecipe({
  className: 'dialog',
  slots: dialogAnatomy.keys(),
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      bg: 'bg.backdrop',
      zIndex: 'overlay',
      _open: { animation: 'fadeIn 200ms ease-out' },
      _closed: { animation: 'fadeOut 150ms ease-in' },
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      p: '4',
      zIndex: 'modal',
      overflow: 'auto',
    },
    content: {
      position: 'relative',
      w: 'full',
      maxW: 'md',
      bg: 'bg.surface',
      color: 'fg.default',
      borderRadius: 'xl',
      boxShadow: 'lg',
      p: '6',
      outline: 'none',
      _open: { animation: 'dialogIn 200ms ease-out' },
      _closed: { animation: 'fadeOut 150ms ease-in' },
    },
    title: { fontSize: 'lg', fontWeight: 'semibold', mb: '2', pe: '8' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    closeTrigger: { position: 'absolute', top: '3', insetEnd: '3' },
  },
});
