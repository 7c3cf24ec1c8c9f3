/// <reference lib="webworker" />
// The till's service worker, built on its own by scripts/vite-till-sw.ts into /pos-sw.js (a
// classic script: every browser registers it) with the list of the till's files in
// self.__WB_MANIFEST. Its rules are ./sw-routes.ts's.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isTillNavigation, NETWORK_TIMEOUT_S, TILL_SCOPE, TILL_SHELL_CACHE } from './sw-routes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// The till's code: fetched at install, answered from the cache; an older build's list removed.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The till's page, network first. What answers when the server cannot be reached is not the last
// page the server drew (that one holds the person's data, as it was then) but the page as the
// browser draws it itself, fetched without cookies at install: the app then starts from what the
// till kept on this device for the signed-in person (src/app/storage.ts), which signing out clears.
const shell = new NetworkFirst({
  cacheName: TILL_SHELL_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  matchOptions: { ignoreVary: true },
  plugins: [
    {
      // A drawn page is never kept.
      cacheWillUpdate: async () => null,
      // Every page under the scope (/admin/pos, /admin/pos/display) starts from the one undrawn page.
      cacheKeyWillBeUsed: async ({ request, mode }) => (mode === 'read' ? TILL_SCOPE : request),
    },
  ],
});
registerRoute(({ url, request }) => isTillNavigation(url, request.mode, self.location.origin), shell);

// Kept at install, for this build: the undrawn page names this build's files.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(TILL_SHELL_CACHE)
      .then((cache) => cache.add(new Request(TILL_SCOPE, { credentials: 'omit' })))
      .catch(() => undefined),
  );
  void self.skipWaiting();
});
// A new build's worker takes over at once (its files precached first): a till stays open all day.
clientsClaim();

// Nothing else is routed: API calls and the rest of the app go to the network untouched.
