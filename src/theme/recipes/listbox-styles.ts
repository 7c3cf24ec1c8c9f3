import type { SystemStyleObject } from '@pandacss/dev';

/** The floating list of Select and Combobox (the menu's look). */
export const listContentStyles: SystemStyleObject = {
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  maxH: 'min(18rem, var(--available-height, 18rem))',
  overflowY: 'auto',
  p: '1.5',
  bg: 'bg.surface',
  color: 'fg.default',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  boxShadow: 'lg',
  outline: 'none',
  zIndex: 'dropdown',
  _open: { animation: 'menuIn 120ms ease-out' },
  _closed: { animation: 'fadeOut 100ms ease-in' },
};

export const listItemStyles: SystemStyleObject = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  minH: '9',
  px: '3',
  py: '1.5',
  borderRadius: 'md',
  fontSize: 'sm',
  color: 'fg.default',
  cursor: 'pointer',
  userSelect: 'none',
  _highlighted: { bg: 'primary.subtle', color: 'primary.fg' },
  _selected: { fontWeight: 'semibold' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
};

export const listItemIndicatorStyles: SystemStyleObject = { display: 'inline-flex', color: 'primary.fg', '& svg': { w: '4', h: '4' } };

/** An icon button inside a text box (open, clear). */
export const inlineButtonStyles: SystemStyleObject = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '7',
  h: '7',
  borderRadius: 'md',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.hover', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '0' },
  _disabled: { cursor: 'not-allowed', opacity: 0.5 },
  '& svg': { w: '4', h: '4' },
};
