import type { ReactNode } from 'react';
import { CORE_ICONS } from './icon-core.tsx';

/** The shapes Icon can draw: the first page's, then whatever a later chunk registers (icon-more.tsx). */
const shapes = new Map<string, ReactNode>(Object.entries(CORE_ICONS));

export function registerIcons(more: Record<string, ReactNode>): void {
  for (const [name, shape] of Object.entries(more)) shapes.set(name, shape);
}

export const iconShape = (name: string): ReactNode | undefined => shapes.get(name);
