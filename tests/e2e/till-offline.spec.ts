/**
 * The till's offline shell against the built app (scripts/vite-till-sw.ts, src/pos/sw.ts): the
 * worker precaches every file the server's page at /admin/pos names, and once it is installed a
 * reload with the network gone still opens that page, its files from the worker. (The till's
 * page registers the worker itself through src/pos/register-sw.ts; here the test registers it.)
 */
import { expect, test } from '@playwright/test';
import { TILL_SCOPE, TILL_SW_URL } from '../../src/pos/sw-routes.ts';
import { adminSession, seedSessionOnLoad } from './support/pages.ts';

/** The URLs the built worker precaches (its self.__WB_MANIFEST, inlined by the build). */
const precached = (sw: string) => new Set([...sw.matchAll(/url:\s*["'`]([^"'`]+)["'`]/g)].map((m) => m[1]!));

/** The built files an HTML text names (its scripts, module preloads, styles and preloaded fonts), in order. */
const named = (html: string) => [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/(?:js|assets)\/[^"]+)"/g)].map((m) => m[1]!);

test.beforeEach(async ({ page, request }) => {
  const { token, user } = await adminSession(request);
  await seedSessionOnLoad(page, token, user);
});

test('the till’s worker precaches every file the till’s page names, and is served without caching', async ({ page, request }) => {
  const res = await request.get(TILL_SW_URL);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/javascript/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const files = precached(await res.text());
  expect(files.size).toBeGreaterThan(3);
  for (const url of files) expect((await request.get(url)).status(), url).toBe(200);
  const names = named(await (await page.goto(TILL_SCOPE))!.text());
  expect(names.length).toBeGreaterThan(0);
  expect(names.filter((n) => !files.has(n))).toEqual([]);
});

test('a reload with the network gone still opens the till’s page, from the worker', async ({ page, context }) => {
  const wanted = named(await (await page.goto(TILL_SCOPE))!.text());
  expect(wanted.length).toBeGreaterThan(0);
  await page.evaluate(async ({ url, scope }) => {
    await navigator.serviceWorker.register(url, { scope });
    await navigator.serviceWorker.ready;
  }, { url: TILL_SW_URL, scope: TILL_SCOPE });
  // clientsClaim: the open page comes under the worker without a reload.
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);

  await context.setOffline(true);
  const failed: string[] = [];
  page.on('requestfailed', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/js/') || path.startsWith('/assets/')) failed.push(path);
  });
  const response = await page.reload();
  expect(response?.status()).toBe(200);
  expect(response?.fromServiceWorker()).toBe(true);
  // The page kept at install, naming the same files.
  expect(named(await response!.text())).toEqual(wanted);
  // Every file came from the worker and the app ran and drew in its root. (What it draws is the
  // till's business: today, with no till page yet, the app's own "The server cannot be reached",
  // its session check failing offline.)
  expect(failed).toEqual([]);
  await expect(page.locator('#root > *').first()).toBeVisible();
  await context.setOffline(false);
});
