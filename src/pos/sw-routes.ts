/**
 * What the till's service worker (./sw.ts) answers, as plain rules its tests can call: it is
 * registered at TILL_SW_URL with the scope TILL_SCOPE (./register-sw.ts), so it governs the
 * till's page and what that page fetches, and nothing of the rest of the app.
 *
 *  - the till's page (a navigation within the scope): network first; when the server cannot be
 *    reached (or takes longer than NETWORK_TIMEOUT_S), the page undrawn (as the browser draws it
 *    itself, kept at install without cookies), so a reload offline still opens it and the app
 *    starts from what the till kept for the signed-in person; no drawn page, with a person's data
 *    in it, is kept
 *  - the till's code (the build's hashed files the till needs, precached at install: the list
 *    scripts/vite-till-sw.ts puts in the worker): from the cache, never stale (a new build
 *    has new names)
 *  - everything else, every API call first of all: not touched, the network as without a worker
 */
export const TILL_SW_URL = '/pos-sw.js';
export const TILL_SCOPE = '/admin/pos';
export const TILL_SHELL_CACHE = 'till-shell';
export const NETWORK_TIMEOUT_S = 4;

/** The server's API paths (server/app.ts isApiPath): never answered by the worker. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/') || path === '/me' || path.startsWith('/sanctum/');

/** A navigation to the till's page (what the worker keeps network-first). */
export function isTillNavigation(url: URL, mode: RequestMode, origin: string): boolean {
  if (mode !== 'navigate' || url.origin !== origin || isApiPath(url.pathname)) return false;
  return url.pathname === TILL_SCOPE || url.pathname.startsWith(`${TILL_SCOPE}/`);
}
