import { TILL_SCOPE, TILL_SW_URL } from './sw-routes.ts';

/**
 * Registers the till's service worker (./sw.ts, built to TILL_SW_URL) for the till's page only
 * (TILL_SCOPE): the till's page module calls it once it has drawn; no other page does, so the
 * rest of the back office never runs under a worker. Resolves with the registration, or
 * undefined where there is none to make (a browser without service workers, a page not served
 * over HTTPS or localhost, the dev server, which builds no worker) or it failed: the till works
 * without it, only a reload offline does not.
 */
export async function registerTillServiceWorker({
  container = globalThis.navigator?.serviceWorker as Pick<ServiceWorkerContainer, 'register'> | undefined,
  enabled = import.meta.env.PROD,
}: { container?: Pick<ServiceWorkerContainer, 'register'>; enabled?: boolean } = {}): Promise<ServiceWorkerRegistration | undefined> {
  if (!enabled || !container) return undefined;
  try {
    return await container.register(TILL_SW_URL, { scope: TILL_SCOPE });
  } catch {
    return undefined;
  }
}
