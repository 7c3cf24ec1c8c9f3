import type { ComponentType } from 'react';
import type { Layout } from '../../domain/routes.ts';
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

/** Screens that are built. */
const BUILT: Record<string, () => Promise<ViewModule>> = {
  dashboard: () => import('./dashboard/dashboard-route.tsx'),
};

/** Generic screens serve every simple resource: `list:<key>`, `form:<key>`, `single:<key>`. */
const GENERIC: Record<string, () => Promise<ViewModule>> = {
  list: () => import('./resource/list-route.tsx'),
  form: () => import('./resource/form-route.tsx'),
  single: () => import('./resource/form-route.tsx'),
};

/** What a page starts besides its code: a list asks for its first page. */
const DATA: Record<string, () => Promise<DataModule>> = {
  list: () => import('../resources/list-page.ts'),
};

/** Where each piece comes from (tests give their own). */
export interface ScreenModules {
  views: Record<string, () => Promise<ViewModule>>;
  data: Record<string, () => Promise<DataModule>>;
  shell: () => Promise<{ Shell: ComponentType<ShellProps> }>;
}

export const SCREEN_MODULES: ScreenModules = {
  views: { ...BUILT, ...GENERIC, placeholder: () => import('./placeholder/placeholder-route.tsx') },
  data: DATA,
  shell: () => import('../app/shell.tsx'),
};

/** Pages drawn by the first chunk itself (sign-in, not found, not allowed): nothing to load but the shell. */
const IN_FIRST_CHUNK = new Set(['login', 'notFound', 'forbidden']);

/** The module key of a screen key: `list:customers` → `list`; screens not built → `placeholder`. */
export function viewKey(screen: string): string | null {
  if (IN_FIRST_CHUNK.has(screen)) return null;
  const generic = /^(list|form|single):/.exec(screen)?.[1];
  if (generic) return generic;
  return screen in BUILT ? screen : 'placeholder';
}

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
      await Promise.all([...code(request), ...(data ? [once(`data:${key}`, data, () => {}).then((m) => m.prepare(system, request))] : [])]);
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
