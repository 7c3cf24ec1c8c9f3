import { el, type ElementProps } from './element.tsx';
import { cx } from 'styled-system/css';
import { input, type InputVariantProps } from 'styled-system/recipes/input';

export interface InputProps extends Omit<ElementProps<'input'>, 'size'>, InputVariantProps {}

/** A bare text input, for places without a visible label (give it an aria-label). */
export function Input({ size, className, ...rest }: InputProps) {
  return <el.input className={cx(input({ size }), className)} {...rest} />;
}
