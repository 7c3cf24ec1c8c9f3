import { css, cx } from 'styled-system/css';
import { button, type ButtonVariantProps } from 'styled-system/recipes/button';
import { el, type ElementProps } from './element.tsx';
import { Spinner } from './spinner.tsx';

export interface ButtonProps extends ElementProps<'button'>, ButtonVariantProps {
  /** Shows a spinner, sets aria-busy and disables the button (the machine's `busy` tag). */
  loading?: boolean;
}

/**
 * Neutral ghost icon buttons (the top bar) read as muted until hovered. The button recipe's one
 * compound case, written here so the recipe has none (src/theme/recipes/button.ts says why); the
 * same classes, in the same place, as Panda's compound variant gave.
 */
const ghostNeutral = css({ color: 'fg.muted', _hover: { _enabled: { color: 'fg.default', bg: 'bg.hover' } } });

export function Button({ loading = false, variant, tone, size, square, fullWidth, className, children, disabled, type, asChild, ...rest }: ButtonProps) {
  return (
    <el.button
      type={asChild ? undefined : (type ?? 'button')}
      asChild={asChild}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(button({ variant, tone, size, square, fullWidth }), variant === 'ghost' && tone === 'neutral' && ghostNeutral, className)}
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
