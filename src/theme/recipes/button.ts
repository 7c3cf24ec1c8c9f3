import { defineRecipe } from '@pandacss/dev';

/** Buttons take their colours from `colorPalette` (set by the `tone` variant). */
export const button = defineRecipe({
  className: 'button',
  jsx: ['Button', 'IconButton'],
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    flexShrink: 0,
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    fontWeight: 'semibold',
    lineHeight: '1',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    userSelect: 'none',
    textDecoration: 'none',
    transitionProperty: 'background, border-color, color, box-shadow, transform',
    transitionDuration: '150ms',
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
    // Greyed as well as faded: a faded solid purple on the dark theme still read as a button to press.
    _disabled: { opacity: 0.55, filter: 'grayscale(0.85)', cursor: 'not-allowed' },
    '&[aria-busy=true]': { cursor: 'progress', opacity: 0.85 },
    '& svg': { flexShrink: 0 },
  },
  variants: {
    variant: {
      solid: {
        bg: 'colorPalette.solid',
        color: 'colorPalette.contrast',
        boxShadow: 'sm',
        _hover: { _enabled: { bg: 'colorPalette.solidHover', boxShadow: 'md' } },
        _active: { _enabled: { transform: 'translateY(1px)' } },
      },
      outline: {
        bg: 'transparent',
        color: 'colorPalette.fg',
        borderColor: 'currentColor',
        _hover: { _enabled: { bg: 'colorPalette.subtle' } },
      },
      ghost: {
        bg: 'transparent',
        color: 'colorPalette.fg',
        _hover: { _enabled: { bg: 'colorPalette.subtle' } },
      },
      subtle: {
        bg: 'colorPalette.subtle',
        color: 'colorPalette.fg',
        _hover: { _enabled: { bg: 'colorPalette.subtleHover' } },
      },
    },
    tone: {
      primary: { colorPalette: 'primary' },
      neutral: { colorPalette: 'neutral' },
      error: { colorPalette: 'error' },
      success: { colorPalette: 'success' },
    },
    size: {
      sm: { h: '8', minW: '8', px: '3', fontSize: 'sm', '& svg': { w: '4', h: '4' } },
      md: { h: '10', minW: '10', px: '4', fontSize: 'sm', '& svg': { w: '5', h: '5' } },
      lg: { h: '12', minW: '12', px: '6', fontSize: 'md', '& svg': { w: '5', h: '5' } },
    },
    square: {
      true: { px: '0', borderRadius: 'full' },
    },
    fullWidth: {
      true: { w: 'full' },
    },
  },
  // Ghost + neutral has a look of its own, given in button.tsx: a compound variant here would make
  // every page's first file carry Panda's css() (scripts/vite-panda-static.ts).
  defaultVariants: { variant: 'solid', tone: 'primary', size: 'md' },
});
