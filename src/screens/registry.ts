import type { ComponentType } from 'react';
import type { Layout } from '../../domain/routes.ts';
import { SCREEN_FILES, viewKey, type ViewKey } from '../../domain/screen-files.ts';
import type { ScreenRequest } from '../../machines/screen.machine.ts';
import type { ScreenLoader, ShellProps } from '../app/screen-loader.ts';
import type { AppSystem } from '../app/system.ts';
import type { ScreenProps } from './screen-props.ts';

/**
 * Every route's screen key maps to a chunk under /js/chunks/ (the ones not built yet say so
 * plainly). The screen machine asks for a page; this loads what the page draws and, for a
 * list, the React-free module that starts its first page at once (so the request is on its
 * way while the view's chunk still loads), then the view takes the loaded components
 * synchronously: no lazy(), no Suspense.
 */
type ViewModule = { default: ComponentType<ScreenProps> };
type DataModule = { prepare(system: AppSystem, request: ScreenRequest): void };

/**
 * The modules of domain/screen-files.ts, as literal imports for the bundler. Generic screens
 * serve every simple resource: `list:<key>`, `form:<key>`, `single:<key>`.
 */
const VIEWS: Record<ViewKey, () => Promise<ViewModule>> = {
  dashboard: () => import('./dashboard/dashboard-route.tsx'),
  list: () => import('./resource/list-route.tsx'),
  form: () => import('./resource/form-route.tsx'),
  single: () => import('./resource/form-route.tsx'),
  placeholder: () => import('./placeholder/placeholder-route.tsx'),
  // The products list is the generic list with a picture, a stock badge and bulk actions of its own.
  productList: () => import('./products/product-list-route.tsx'),
  productView: () => import('./products/product-view-route.tsx'),
  productLabels: () => import('./products/labels-route.tsx'),
  stock: () => import('./stock/stock-route.tsx'),
  // Purchases: the list on the list engine; create, create with serial numbers and edit share one screen (SPEC).
  purchases: () => import('./purchases/purchase-list-route.tsx'),
  purchaseForm: () => import('./purchases/purchase-route.tsx'),
};

/** What a page starts besides its code: a list asks for its first page. */
const DATA: Record<keyof typeof SCREEN_FILES.data, () => Promise<DataModule>> = {
  list: () => import('../resources/list-page.ts'),
  productList: () => import('../resources/product-list-page.ts'),
  purchases: () => import('../resources/purchase-list-page.ts'),
};

/** Where each piece comes from (tests give their own). */
export interface ScreenModules {
  views: Record<string, () => Promise<ViewModule>>;
  data: Record<string, () => Promise<DataModule>>;
  shell: () => Promise<{ Shell: ComponentType<ShellProps> }>;
}

export const SCREEN_MODULES: ScreenModules = {
  views: VIEWS,
  data: DATA,
  shell: () => import('../app/shell.tsx'),
};

export { viewKey };

export function createScreenLoader(modules: ScreenModules = SCREEN_MODULES): ScreenLoader<AppSystem> {
  const loading = new Map<string, Promise<unknown>>();
  const views = new Map<string, ComponentType<ScreenProps>>();
  let shell: ComponentType<ShellProps> | undefined;

  /** One import per module; a failed one is forgotten, so asking again tries again. */
  const once = <T>(key: string, load: () => Promise<T>, keep: (m: T) => void): Promise<T> => {
    let p = loading.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load().then((m) => (keep(m), m));
      p.catch(() => loading.delete(key));
      loading.set(key, p);
    }
    return p;
  };
  const viewOf = (key: string) => once(`view:${key}`, modules.views[key]!, (m) => views.set(key, m.default));
  const shellOf = () => once('shell', modules.shell, (m) => (shell = m.Shell));
  const code = (page: { screen: string; layout: Layout }) => {
    const key = viewKey(page.screen);
    return [...(page.layout === 'content' ? [shellOf()] : []), ...(key ? [viewOf(key)] : [])];
  };

  return {
    async load(request, system) {
      system.pages.keepOnly(request.pathname);
      const key = viewKey(request.screen);
      const data = key ? modules.data[key] : undefined;
      // The data module first: its request (a list's first page) should not queue behind view code.
      const prepared = data ? once(`data:${key}`, data, () => {}).then((m) => m.prepare(system, request)) : undefined;
      await Promise.all([prepared, ...code(request)]);
    },
    warm(page) {
      // Only the code; a failure here is retried when the page is really asked for.
      for (const p of code(page)) p.catch(() => {});
    },
    screen: (screen) => {
      const key = viewKey(screen);
      return key ? views.get(key) : undefined;
    },
    shell: () => shell,
  };
}
