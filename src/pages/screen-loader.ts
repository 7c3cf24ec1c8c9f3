import type { ComponentType } from 'react';
import { pageKey, type Layout } from '../../domain/routes.ts';
import type { ScreenLoader, ShellProps } from '../app/screen-loader.ts';
import type { AppSystem } from '../app/system.ts';
import type { ScreenProps } from '../screens/screen-props.ts';
import { PAGES } from './index.ts';
import { pageOf } from './page-files.ts';

export { pageFiles, pageOf } from './page-files.ts';
import type { PageModule } from './page.ts';

type ViewModule = { default: ComponentType<ScreenProps> };

/** Every screen file, lazily (one chunk each, as the bundler cuts it), by its path under src/screens/. */
const VIEW_FILES = import.meta.glob<ViewModule>('../screens/**/*-route.tsx');
const PREFIX = '../screens/';

/** Where each piece comes from (tests give their own). */
export interface PageSources {
  pages: Readonly<Record<string, PageModule>>;
  /** A view's module by its page's `view` (its path under src/screens/). */
  views: Readonly<Record<string, () => Promise<ViewModule>>>;
  shell: () => Promise<{ Shell: ComponentType<ShellProps> }>;
}

export const PAGE_SOURCES: PageSources = {
  pages: PAGES,
  views: Object.fromEntries(Object.entries(VIEW_FILES).map(([path, load]) => [path.slice(PREFIX.length), load])),
  shell: () => import('../app/shell.tsx'),
};

/**
 * Loads pages for the screen machine: the view's and the shell's code and, where the page is
 * being drawn (`withData`: the server), its loader's data beside them; the view then takes the
 * loaded components synchronously: no lazy(), no Suspense. In the browser a page's data comes
 * with the drawing, or its machine asks for it itself (showing its own skeleton meanwhile, and
 * its own error and retry where the person is), so a loader never runs there.
 */
export function createScreenLoader(sources: PageSources = PAGE_SOURCES, { withData = false } = {}): ScreenLoader<AppSystem> {
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
  const viewOf = (view: string) => {
    const load = sources.views[view];
    if (!load) return Promise.reject(new Error(`No screen file src/screens/${view}`));
    return once(`view:${view}`, load, (m) => views.set(view, m.default));
  };
  const shellOf = () => once('shell', sources.shell, (m) => (shell = m.Shell));
  const code = (page: { screen: string; layout: Layout }) => {
    const view = pageOf(page.screen, sources.pages)?.view;
    return [...(page.layout === 'content' ? [shellOf()] : []), ...(view ? [viewOf(view)] : [])];
  };

  return {
    async load(request, system) {
      system.pages.keepOnly(request.pathname);
      // A loader that fails leaves the page to its machine, which asks again in the browser and
      // shows its own error and retry (a record that is gone, a list the server refused).
      const loader = withData ? pageOf(request.screen, sources.pages)?.loader : undefined;
      const data = loader?.().then((load) => load(system, request)).catch(() => undefined);
      const [loaded] = await Promise.all([data, ...code(request)]);
      return loaded;
    },
    async code(page) {
      await Promise.all(code(page));
    },
    warm(page) {
      // Only the code; a failure here is retried when the page is really asked for.
      for (const p of code(page)) p.catch(() => {});
    },
    screen: (screen) => {
      const view = pageOf(screen, sources.pages)?.view;
      return view ? views.get(view) : undefined;
    },
    shell: () => shell,
  };
}
