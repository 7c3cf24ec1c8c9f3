import type { ScreenRequest } from '../../machines/screen.machine.ts';
import type { AppSystem } from '../app/system.ts';

/**
 * One screen's page: what draws it and what it shows. The shape of React Router's and TanStack
 * Router's loaders. docs/how-a-page-starts.md tells the whole path; in short:
 *
 * - `view`: the screen's file under src/screens/, a `*-route.tsx` whose default export is the
 *   view (it receives ScreenProps, `data` included). Loaded lazily; the same string names its
 *   chunk in Vite's build manifest, which the server reads to preload it.
 * - `loader`: imports the function that gets from the API what the page shows, with
 *   `system.api` only (src/pages/loaders/). The server awaits it and draws the page with what it
 *   returned; the browser is handed the same data and never asks again. Imported only where it
 *   runs (the server), so no loader weighs on the browser. Leave it out when the page shows
 *   nothing from the API on arrival.
 * - The view starts its machine from `data` (the machine's input) and loads by itself only when
 *   `data` is undefined (a page its loader could not serve).
 */
export interface PageModule<D = unknown> {
  view: string;
  loader?: () => Promise<Loader<D>>;
}

/** Gets what a page shows from the API. */
export type Loader<D = unknown> = (system: AppSystem, request: PageRequest) => Promise<D>;

/** What a loader knows of the page: its address and the route's params and screen (`list:customers`). */
export type PageRequest = Pick<ScreenRequest, 'pathname' | 'search' | 'params' | 'screen'>;

/** A page module, typed by what its loader returns. */
export const page = <D>(module: PageModule<D>): PageModule<D> => module;

/** The part of a screen key after the module's name: `list:customers` → `customers`. */
export const screenArg = (screen: string): string => screen.slice(screen.indexOf(':') + 1);
