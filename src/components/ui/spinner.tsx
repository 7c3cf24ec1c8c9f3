import type { HTMLAttributes } from 'react';
import { cx } from 'styled-system/css';
import { spinner, type SpinnerVariantProps } from 'styled-system/recipes/spinner';

export interface SpinnerProps extends HTMLAttributes<HTMLSpanElement>, SpinnerVariantProps {
  /** With a label the spinner announces itself (role="status"); without, it is decoration. */
  label?: string;
}

export function Spinner({ label, size, className, ...rest }: SpinnerProps) {
  return (
    <span
      {...(label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true })}
      className={cx(spinner({ size }), className)}
      {...rest}
    />
  );
}
