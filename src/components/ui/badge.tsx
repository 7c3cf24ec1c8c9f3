import type { HTMLAttributes } from 'react';
import { cx } from 'styled-system/css';
import { badge, type BadgeVariantProps } from 'styled-system/recipes/badge';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement>, BadgeVariantProps {}

export function Badge({ variant, tone, className, ...rest }: BadgeProps) {
  return <span className={cx(badge({ variant, tone }), className)} {...rest} />;
}
