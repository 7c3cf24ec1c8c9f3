import type { ComponentType, ReactNode } from 'react';
import type { Layout } from '../../domain/routes.ts';
import { hasPageFiles } from '../../domain/screen-files.ts';
import type { ScreenRequest } from '../../machines/screen.machine.ts';
import type { ScreenProps } from '../screens/screen-props.ts';

export interface ShellProps {
  title: string;
  children: ReactNode;
}

/**
 * Gets a page's code (and its first data) ready for the screen machine; the view then takes
 * the loaded components synchronously. Implemented by src/screens/registry.ts, handed to the
 * app system by main.tsx (so the system, which every screen reaches, does not import the screens).
 */
export interface ScreenLoader<System> {
  /** The page's chunks (the shell's too for the content layout) and, for a list, its first page asked for. */
  load(request: ScreenRequest, system: System): Promise<void>;
  /** Fetches a page's chunks ahead of a click; nothing else happens. */
  warm(page: { screen: string; layout: Layout }): void;
  /** The screen's component, once its code is here. */
  screen(key: string): ComponentType<ScreenProps> | undefined;
  /** The shell (drawer, top bar, menus), once its code is here. */
  shell(): ComponentType<ShellProps> | undefined;
}

/**
 * A screen loader whose own code (src/screens/registry.ts: the screens' import table) comes with
 * the first page that needs code: the sign-in page needs none, so a signed-out first load goes
 * without it. A signed-in page needs it at once; the server names its chunk in that page's HTML
 * (domain/screen-files.ts), so it is here by the time the entry asks.
 */
export function deferredLoader<System>(load: () => Promise<ScreenLoader<System>>): ScreenLoader<System> {
  let loader: ScreenLoader<System> | undefined;
  let loading: Promise<ScreenLoader<System>> | undefined;
  const get = () => {
    if (!loading) {
      loading = load().then((l) => (loader = l));
      // A failed fetch is tried again by the next page.
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
  return {
    async load(request, system) {
      if (!loader && !hasPageFiles(request)) return;
      await (await get()).load(request, system);
    },
    warm(page) {
      get().then(
        (l) => l.warm(page),
        () => {},
      );
    },
    screen: (key) => loader?.screen(key),
    shell: () => loader?.shell(),
  };
}
