import { defineRecipe } from '@pandacss/dev';

export const icon = defineRecipe({
  className: 'icon',
  jsx: ['Icon'],
  // The set's look (src/components/ui/icon.tsx) as styles, not as attributes on every icon: a
  // 100-row list draws two icons a row, and each attribute is markup to write and to read. A
  // shape's own attribute (the dot's fill, the barcode's thinner lines) still wins over these.
  base: { display: 'inline-block', flexShrink: 0, verticalAlign: 'middle', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' },
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
