import { ark, type HTMLArkProps } from '@ark-ui/react/factory';
import type { Ref } from 'react';
import { cx } from 'styled-system/css';
import { button, type ButtonVariantProps } from 'styled-system/recipes';
import { Spinner } from './spinner.tsx';

export interface ButtonProps extends HTMLArkProps<'button'>, ButtonVariantProps {
  /** Shows a spinner, sets aria-busy and disables the button (the machine's `busy` tag). */
  loading?: boolean;
  /** React 19 passes it as a prop: a screen may give the focus back to the button. */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ loading = false, variant, tone, size, square, fullWidth, className, children, disabled, type, asChild, ...rest }: ButtonProps) {
  return (
    <ark.button
      type={asChild ? undefined : (type ?? 'button')}
      asChild={asChild}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(button({ variant, tone, size, square, fullWidth }), className)}
      {...rest}
    >
      {asChild ? (
        children
      ) : (
        <>
          {loading ? <Spinner size={size === 'lg' ? 'md' : 'sm'} /> : null}
          {children}
        </>
      )}
    </ark.button>
  );
}
