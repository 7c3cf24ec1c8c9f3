import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTES } from '../../domain/routes.ts';
import type { ScreenProps } from './screen-props.ts';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

/** SPEC §9: a lazy chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

function screen(load: () => Promise<{ default: ComponentType<ScreenProps> }>): Screen {
  return lazy(() =>
    Promise.race([
      load(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('The page took too long to load.')), CHUNK_TIMEOUT_MS)),
    ]),
  );
}

/** Screens that are built; each is its own lazy chunk under /js/chunks/. */
const BUILT: Record<string, Screen> = {
  dashboard: screen(() => import('./dashboard/dashboard-route.tsx')),
  // The products list is the generic list with a picture, a stock badge and bulk actions of its own.
  'list:products': screen(() => import('./products/product-list-route.tsx')),
  productView: screen(() => import('./products/product-view-route.tsx')),
  productLabels: screen(() => import('./products/labels-route.tsx')),
  stock: screen(() => import('./stock/stock-route.tsx')),
  // Purchases: the list on the list engine; create, create with serial numbers and edit share one screen (SPEC).
  purchases: screen(() => import('./purchases/purchase-list-route.tsx')),
  purchaseCreate: screen(() => import('./purchases/purchase-route.tsx')),
  purchaseSerialForm: screen(() => import('./purchases/purchase-route.tsx')),
};

const placeholder = screen(() => import('./placeholder/placeholder-route.tsx'));

/** Generic screens serve every simple resource: `list:<key>`, `form:<key>`, `single:<key>`. */
const GENERIC: Record<string, Screen> = {
  list: screen(() => import('./resource/list-route.tsx')),
  form: screen(() => import('./resource/form-route.tsx')),
  single: screen(() => import('./resource/form-route.tsx')),
};

/** Every route's screen key maps to a component; the ones not built yet say so plainly. */
export function screenFor(key: string): Screen {
  const generic = /^(list|form|single):/.exec(key)?.[1];
  return BUILT[key] ?? (generic ? GENERIC[generic] : undefined) ?? placeholder;
}

export const SCREEN_KEYS = [...new Set(ROUTES.map((r) => r.screen))];
