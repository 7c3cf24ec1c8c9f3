import { defineRecipe } from '@pandacss/dev';

export const icon = defineRecipe({
  className: 'icon',
  jsx: ['Icon'],
  base: { display: 'inline-block', flexShrink: 0, verticalAlign: 'middle' },
  variants: {
    size: {
      xs: { w: '3.5', h: '3.5' },
      sm: { w: '4', h: '4' },
      md: { w: '5', h: '5' },
      lg: { w: '6', h: '6' },
      xl: { w: '8', h: '8' },
    },
  },
  defaultVariants: { size: 'md' },
});
