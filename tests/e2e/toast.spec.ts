/**
 * Toasts as a person meets them (SPEC §9): 2000 ms on screen then a 400 ms fade, paused while
 * the pointer is over one, closed by a click, at most eight at once with the newest on top and
 * the rest waiting their turn.
 */
import { expect, test, type Page } from '@playwright/test';
import { LOGIN_API, LoginPage, MESSAGES, Toasts, USERS } from './support/pages.ts';

const TIMEOUT_MS = 2000;
const FADE_MS = 400;

/** Signs in through the form and returns the "Successfully login" toast once it shows, with when it did. */
async function successToast(page: Page) {
  const login = new LoginPage(page);
  const toasts = new Toasts(page);
  await login.open();
  await login.signIn(USERS.admin.email, USERS.admin.password);
  const toast = toasts.toast(MESSAGES.loginSuccess);
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  await toasts.unhover();
  return { toast, toasts, shownAt };
}

const sleepUntil = async (page: Page, t: number) => {
  const wait = t - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
};

test('a toast stays about 2 s, then fades out', async ({ page }) => {
  const { toast, shownAt } = await successToast(page);
  await expect(toast).toHaveAccessibleName('Success');
  await sleepUntil(page, shownAt + 1500);
  await expect(toast, 'still there at 1.5 s').toBeVisible({ timeout: 1 });
  // 2000 ms + 400 ms fade, plus slack for a busy machine.
  await expect(toast).toHaveCount(0, { timeout: shownAt + 3000 - Date.now() });
  expect(Date.now() - shownAt, 'not gone before its time').toBeGreaterThanOrEqual(1500);
});

test('hovering a toast holds it; leaving lets it run out', async ({ page }) => {
  const { toast, toasts, shownAt } = await successToast(page);
  await toasts.hover(MESSAGES.loginSuccess);
  const hoveredAfter = Date.now() - shownAt;
  expect(hoveredAfter, 'hovered well before it would close').toBeLessThan(1200);
  await sleepUntil(page, shownAt + 3000 + FADE_MS);
  await expect(toast, 'still there past its timeout while hovered').toBeVisible({ timeout: 1 });
  await toasts.unhover();
  const leftAt = Date.now();
  await expect(toast).toHaveCount(0, { timeout: TIMEOUT_MS + FADE_MS + 1000 });
  const closedAfter = Date.now() - leftAt;
  // The clock resumed with what was left (about 2000 ms less the time before the hover).
  expect(closedAfter, 'resumed, not closed at once').toBeGreaterThanOrEqual(TIMEOUT_MS - hoveredAfter - 400);
  expect(closedAfter).toBeLessThanOrEqual(TIMEOUT_MS + FADE_MS + 1000);
});

test('clicking a toast closes it at once; so does its Dismiss button', async ({ page }) => {
  await page.route(LOGIN_API, (route) => route.fulfill({ status: 200, json: { Status: 'failed', message: MESSAGES.inactive } }));
  const login = new LoginPage(page);
  const toasts = new Toasts(page);
  await login.open();
  await login.signIn(USERS.manager.email, USERS.manager.password);
  const toast = toasts.toast(MESSAGES.loginFailed);
  await expect(toast).toBeVisible();
  let shownAt = Date.now();
  await toasts.click(MESSAGES.loginFailed);
  await expect(toast).toHaveCount(0, { timeout: FADE_MS + 600 });
  expect(Date.now() - shownAt, 'closed by the click, not by its timeout').toBeLessThan(TIMEOUT_MS);

  await login.clickSignIn();
  await expect(toast).toBeVisible();
  shownAt = Date.now();
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0, { timeout: FADE_MS + 600 });
  expect(Date.now() - shownAt, 'closed by Dismiss, not by its timeout').toBeLessThan(TIMEOUT_MS);
});

test('at most eight toasts at once, newest on top; the others wait their turn', async ({ page }) => {
  // The page's clock stands still while the toasts are made, so none can time out meanwhile
  // and the count at the end says what the stack allows, not how fast this machine is.
  await page.clock.install({ time: new Date('2030-01-01T09:00:00Z') });
  let n = 0;
  // Each refused sign-in answers with its own message, and the toast shows that message.
  await page.route(LOGIN_API, (route) =>
    route.fulfill({ status: 429, headers: { 'Retry-After': '10' }, json: { message: `Refused #${++n}` } }),
  );
  const login = new LoginPage(page);
  const toasts = new Toasts(page);
  await login.open();
  await page.clock.pauseAt(new Date('2030-01-01T09:10:00Z'));
  await login.fillEmail(USERS.cashier.email);
  await login.fillPassword('whatever');
  for (let i = 1; i <= 10; i++) {
    await login.clickSignIn();
    await login.seeAlert(`Refused #${i}`);
  }
  await expect(toasts.toasts()).toHaveCount(8);
  expect(await toasts.texts()).toEqual([8, 7, 6, 5, 4, 3, 2, 1].map((i) => `Refused #${i}`));

  // All eight run out together; the two that waited take their places, newest on top.
  await page.clock.runFor(TIMEOUT_MS - 1);
  await expect(toasts.toasts()).toHaveCount(8);
  await page.clock.runFor(1 + FADE_MS);
  await expect(toasts.toasts()).toHaveCount(2);
  expect(await toasts.texts()).toEqual(['Refused #10', 'Refused #9']);
  await page.clock.runFor(TIMEOUT_MS + FADE_MS);
  await expect(toasts.toasts()).toHaveCount(0);
});
