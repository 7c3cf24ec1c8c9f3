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

// The till's page, network first. The page varies by cookie (the server draws it for the
// person): the one browser it is kept in is that person's, so Vary is not matched.
const shell = new NetworkFirst({ cacheName: TILL_SHELL_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_S, matchOptions: { ignoreVary: true } });
registerRoute(({ url, request }) => isTillNavigation(url, request.mode, self.location.origin), shell);

// The page that registered the worker was fetched before it: keep a copy now, so the first
// reload offline already has one.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(TILL_SHELL_CACHE)
      .then((cache) => cache.add(new Request(TILL_SCOPE, { credentials: 'same-origin' })))
      .catch(() => undefined),
  );
  void self.skipWaiting();
});
// A new build's worker takes over at once (its files precached first): a till stays open all day.
clientsClaim();

// Nothing else is routed: API calls and the rest of the app go to the network untouched.
