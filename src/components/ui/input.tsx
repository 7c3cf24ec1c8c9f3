import { ark, type HTMLArkProps } from '@ark-ui/react/factory';
import { cx } from 'styled-system/css';
import { input, type InputVariantProps } from 'styled-system/recipes';

export interface InputProps extends Omit<HTMLArkProps<'input'>, 'size'>, InputVariantProps {}

/** A bare text input, for places without a visible label (give it an aria-label). */
export function Input({ size, className, ...rest }: InputProps) {
  return <ark.input className={cx(input({ size }), className)} {...rest} />;
}
