import { defineRecipe } from '@pandacss/dev';

export const badge = defineRecipe({
  className: 'badge',
  jsx: ['Badge'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '2',
    h: '6',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    lineHeight: '1',
  },
  variants: {
    variant: {
      solid: { bg: 'colorPalette.solid', color: 'colorPalette.contrast' },
      subtle: { bg: 'colorPalette.subtle', color: 'colorPalette.fg' },
      outline: { color: 'colorPalette.fg', borderWidth: '1px', borderColor: 'currentColor' },
    },
    tone: {
      primary: { colorPalette: 'primary' },
      neutral: { colorPalette: 'neutral' },
      success: { colorPalette: 'success' },
      info: { colorPalette: 'info' },
      warning: { colorPalette: 'warning' },
      error: { colorPalette: 'error' },
    },
  },
  defaultVariants: { variant: 'subtle', tone: 'primary' },
});
