import type { SVGProps } from 'react';
import { cx } from 'styled-system/css';
import { icon, type IconVariantProps } from 'styled-system/recipes/icon';
import type { CoreIconName } from './icon-core.tsx';
import type { MoreIconName } from './icon-more.tsx';
import { iconShape } from './icon-registry.ts';

/**
 * A small inline-SVG icon set (24×24, 2px round strokes in currentColor: the icon recipe), keyed by the names used in
 * domain/menu.ts plus the chrome's own. No icon dependency: these few dozen shapes are cheaper
 * than a package and render before any font or sprite loads. The first page's shapes are in
 * icon-core.tsx; the rest (icon-more.tsx) register themselves when the shell loads.
 */
export type IconName = CoreIconName | MoreIconName;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'>, IconVariantProps {
  /** Unknown names (a menu entry added later) fall back to a dot rather than crash. */
  name: IconName | (string & {});
  /** Give a label only when the icon carries meaning on its own; otherwise it is hidden. */
  label?: string;
}

export function Icon({ name, label, size, className, ...rest }: IconProps) {
  const shape = iconShape(name) ?? iconShape('dot');
  return (
    <svg
      viewBox="0 0 24 24"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className={cx(icon({ size }), className)}
      {...rest}
    >
      {shape}
    </svg>
  );
}
