import type { InputHTMLAttributes } from 'react';
import { css } from 'styled-system/css';
import { Field } from './field.tsx';

const HEX = /^#[0-9a-fA-F]{6}$/;

const swatch = css({
  flexShrink: 0,
  w: '10',
  h: '10',
  p: '1',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.strong',
  bg: 'bg.surface',
  cursor: 'pointer',
  _hover: { borderColor: 'fg.muted' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  '&::-webkit-color-swatch-wrapper': { p: '0' },
  '&::-webkit-color-swatch': { border: 'none', borderRadius: 'sm' },
  '&::-moz-color-swatch': { border: 'none', borderRadius: 'sm' },
});

export interface ColourInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size'> {
  value: string;
  onValueChange(value: string): void;
  /** Names the picker for screen readers ("Pick the colour"). */
  pickerLabel: string;
}

/**
 * A colour as the browser's picker (the swatch) and its hex code as text, kept in step. Use
 * inside `Field.Root`: the text box is the field's control, so the label and errors point at it.
 */
export function ColourInput({ value, onValueChange, pickerLabel, disabled, readOnly, ...text }: ColourInputProps) {
  return (
    <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
      <input
        type="color"
        className={swatch}
        aria-label={pickerLabel}
        // The picker only understands #rrggbb: while the code is half typed it keeps the last colour.
        value={HEX.test(value) ? value.toLowerCase() : '#000000'}
        disabled={disabled || readOnly}
        onChange={(e) => onValueChange(e.currentTarget.value)}
      />
      <Field.Input
        {...text}
        value={value}
        disabled={disabled}
        readOnly={readOnly}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        placeholder="#7c3aed"
        className={css({ fontFamily: 'mono', maxW: '40' })}
        onChange={(e) => onValueChange(e.currentTarget.value)}
      />
    </div>
  );
}
