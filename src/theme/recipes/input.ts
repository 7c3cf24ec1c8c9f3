import { defineRecipe, type SystemStyleObject } from '@pandacss/dev';

/** Shared by the standalone Input and the Field's input slot. */
export const inputStyles: SystemStyleObject = {
  appearance: 'none',
  w: 'full',
  minW: '0',
  h: '10',
  px: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.strong',
  bg: 'bg.surface',
  color: 'fg.default',
  fontSize: 'sm',
  outline: 'none',
  transitionProperty: 'border-color, box-shadow',
  transitionDuration: '150ms',
  _placeholder: { color: 'fg.muted' },
  _hover: { borderColor: 'fg.muted' },
  _focusVisible: { borderColor: 'primary.solid', boxShadow: '0 0 0 1px token(colors.primary.solid)' },
  _focus: { borderColor: 'primary.solid', boxShadow: '0 0 0 1px token(colors.primary.solid)' },
  // Not the native :invalid, which an empty required box matches before anyone has typed.
  '&:is([data-invalid], [aria-invalid=true])': { borderColor: 'error.fg', _focus: { boxShadow: '0 0 0 1px token(colors.error.fg)' } },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
};

export const input = defineRecipe({
  className: 'input',
  jsx: ['Input'],
  base: inputStyles,
  variants: {
    size: {
      sm: { h: '8', fontSize: 'sm' },
      md: { h: '10' },
      lg: { h: '12', fontSize: 'md', px: '4' },
    },
  },
  defaultVariants: { size: 'md' },
});
