import { defineSlotRecipe } from '@pandacss/dev';

export const card = defineSlotRecipe({
  className: 'card',
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      bg: 'bg.surface',
      color: 'fg.default',
      borderRadius: 'xl',
      boxShadow: 'sm',
      overflow: 'hidden',
      minW: '0',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '6', pt: '5', pb: '2' },
    title: { fontSize: 'lg', fontWeight: 'semibold', lineHeight: 'tight' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { px: '6', py: '4', flex: '1' },
    footer: { display: 'flex', gap: '3', justifyContent: 'flex-end', px: '6', pb: '5', pt: '2' },
  },
  variants: {
    variant: {
      elevated: {},
      outline: { root: { boxShadow: 'none', borderWidth: '1px', borderColor: 'border.default' } },
    },
  },
  defaultVariants: { variant: 'elevated' },
});
