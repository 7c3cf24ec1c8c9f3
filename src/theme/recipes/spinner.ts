import { defineRecipe } from '@pandacss/dev';

export const spinner = defineRecipe({
  className: 'spinner',
  jsx: ['Spinner'],
  base: {
    display: 'inline-block',
    flexShrink: 0,
    borderRadius: 'full',
    borderWidth: '2px',
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderInlineStartColor: 'transparent',
    borderBottomColor: 'transparent',
    animation: 'spin 0.7s linear infinite',
    _motionReduce: { animationDuration: '1.6s' },
  },
  variants: {
    size: {
      xs: { w: '3', h: '3' },
      sm: { w: '4', h: '4' },
      md: { w: '6', h: '6', borderWidth: '3px' },
      lg: { w: '10', h: '10', borderWidth: '4px' },
    },
  },
  defaultVariants: { size: 'sm' },
});
