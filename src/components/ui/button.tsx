import { cx } from 'styled-system/css';
import { button, type ButtonVariantProps } from 'styled-system/recipes/button';
import { el, type ElementProps } from './element.tsx';
import { Spinner } from './spinner.tsx';

export interface ButtonProps extends ElementProps<'button'>, ButtonVariantProps {
  /** Shows a spinner, sets aria-busy and disables the button (the machine's `busy` tag). */
  loading?: boolean;
}

export function Button({ loading = false, variant, tone, size, square, fullWidth, className, children, disabled, type, asChild, ...rest }: ButtonProps) {
  return (
    <el.button
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
    </el.button>
  );
}
