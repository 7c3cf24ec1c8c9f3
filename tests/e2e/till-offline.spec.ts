/**
 * The till's offline shell against the built app (scripts/vite-till-sw.ts, src/pos/sw.ts): the
 * worker precaches every file the server's page at /admin/pos names, and once it is installed a
 * reload with the network gone still opens that page, its files from the worker. (The till's
 * page registers the worker itself through src/pos/register-sw.ts; the first tests register it.)
 * Then the till itself offline: it starts from what it kept for the signed-in person (the open
 * register session), sells into the outbox, and the sale reaches the server once the network is
 * back; signing out forgets what was kept.
 */
import { expect, test } from '@playwright/test';
import { TILL_SCOPE, TILL_SW_URL } from '../../src/pos/sw-routes.ts';
import { AdminApi, Shell, adminSession, seedSessionOnLoad } from './support/pages.ts';
import { ean13 } from './support/purchase-pages.ts';
import { openTill } from './support/till.ts';

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
  // Every file came from the worker and the app ran and drew in its root (what it draws, the till
  // from what it kept, is the next test's).
  expect(failed).toEqual([]);
  await expect(page.locator('#root > *').first()).toBeVisible();
  await context.setOffline(false);
});

test('a reload offline opens the till from what it kept, sells into the outbox, and the sale syncs once when the network is back', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const { token } = await adminSession(request);
  const api = new AdminApi(request, token);
  const tag = Date.now().toString(36);
  const [unit] = await api.list<{ id: number }>('/api/v1/admin/units', { per_page: '10' });
  const code = ean13(`23${String(Date.now()).slice(-10)}`);
  const kettle = await api.create<{ id: number; name: string }>('/api/v1/admin/products', { name: `Offline kettle ${tag}`, sku: `OK-${tag}`, barcode: code, unit_id: unit!.id, cost_price: 900, sale_price: 1250 });
  await api.create('/api/v1/admin/stock/adjustments', { product_id: kettle.id, quantity: 3, reason: 'opening', unit_cost: 900 });
  const onHand = async () => ((await (await request.get(`/api/v1/admin/products/${kettle.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { on_hand: number } }).data.on_hand;
  const main = page.getByRole('main');
  const search = main.getByRole('searchbox', { name: 'Search or scan' });
  const cart = main.getByRole('list', { name: 'Cart lines' });

  await test.step('online: the register open (the till registers its worker), a product in the cart', async () => {
    await openTill(page, TILL_SCOPE);
    await expect(search).toBeVisible();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
    await search.pressSequentially(code, { delay: 10 });
    await search.press('Enter');
    await expect(cart).toContainText(kettle.name);
  });

  await test.step('offline: a reload opens the till with the cart, and a cash sale is kept unsynced', async () => {
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('The server cannot be reached')).toHaveCount(0);
    await expect(search).toBeVisible();
    await expect(cart).toContainText(kettle.name);
    await page.keyboard.press('F9');
    const pay = page.getByRole('dialog', { name: /^Pay / });
    await pay.getByRole('button', { name: 'Cash $20.00' }).click();
    await pay.getByRole('button', { name: 'Complete sale' }).click();
    const receipt = page.getByRole('dialog', { name: 'Sale kept on this till (unsynced)' });
    await expect(receipt.getByRole('article', { name: 'Receipt' })).toContainText(kettle.name);
    await expect(receipt.getByRole('article', { name: 'Receipt' })).toContainText('Not yet synced');
    await receipt.getByRole('button', { name: 'New sale' }).click();
    await expect(main.getByText('Unsynced 1')).toBeVisible();
    expect(await onHand()).toBe(3);
  });

  await test.step('online again: the outbox replays, the sale reaches the server once', async () => {
    await context.setOffline(false);
    await expect(main.getByText(/^Unsynced/)).toHaveCount(0, { timeout: 20_000 });
    expect(await onHand()).toBe(2);
    // Another return of the network sends nothing again.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForTimeout(1000);
    expect(await onHand()).toBe(2);
  });
});

test('signing out forgets what the till kept: a reload offline then does not open the till', async ({ page, context }) => {
  await page.goto(TILL_SCOPE);
  const search = page.getByRole('main').getByRole('searchbox', { name: 'Search or scan' });
  // The register left open by the test before: the till kept it for this person.
  await expect(search).toBeVisible();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('offline'))).not.toBeNull();
  await new Shell(page).clickLogout();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('offline'))).toBeNull();
  // (The test's own start script puts the signed-out session back in storage at the reload: the
  // session is there, only what the till kept is gone.)
  await context.setOffline(true);
  await page.goto(TILL_SCOPE);
  await expect(page.getByText('The server cannot be reached')).toBeVisible();
  await expect(search).toHaveCount(0);
  await context.setOffline(false);
});
