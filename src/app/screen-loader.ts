import type { ComponentType, ReactNode } from 'react';
import type { Layout } from '../../domain/routes.ts';
import type { ScreenRequest } from '../../machines/screen.machine.ts';
import type { ScreenProps } from '../screens/screen-props.ts';

export interface ShellProps {
  title: string;
  children: ReactNode;
}

/**
 * Gets a page ready for the screen machine: its code and what its loader gets (src/pages/).
 * The view then takes the loaded components synchronously. Implemented by
 * src/pages/screen-loader.ts, handed to the app system by main.tsx (so the system, which every
 * screen reaches, does not import the pages).
 */
export interface ScreenLoader<System> {
  /** The page's code (the shell's too for the content layout) and its loader's data, which it answers. */
  load(request: ScreenRequest, system: System): Promise<unknown>;
  /** The page's code only (a page drawn by the server, whose data came with it). */
  code(page: { screen: string; layout: Layout }): Promise<void>;
  /** Fetches a page's chunks ahead of a click; nothing else happens. */
  warm(page: { screen: string; layout: Layout }): void;
  /** The screen's component, once its code is here. */
  screen(key: string): ComponentType<ScreenProps> | undefined;
  /** The shell (drawer, top bar, menus), once its code is here. */
  shell(): ComponentType<ShellProps> | undefined;
}

/**
 * A screen loader whose own code (the page table) comes with the first page that needs code:
 * every page but the sign-in page does (it needs none), so a signed-out first load
 * goes without it. A signed-in page needs it at once; the server names its chunk in that page's
 * HTML, so it is here by the time the entry asks.
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
      if (!loader && request.layout === 'blank') return undefined;
      return (await get()).load(request, system);
    },
    async code(page) {
      if (!loader && page.layout === 'blank') return;
      await (await get()).code(page);
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
