/** A phone-sized window: the drawer floats over the page, closed until asked for. */
import { expect, test } from '@playwright/test';
import { LoginPage, Shell, USERS } from './support/pages.ts';

test.use({ viewport: { width: 400, height: 800 } });

test('at 400 px the drawer starts closed, the menu button opens it, following a link closes it', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.open();
  await login.signInAs(USERS.cashier);
  await expect(shell.drawerDialog()).toHaveCount(0);
  await expect(shell.nav).toHaveCount(0);
  await expect(shell.menuButton()).toHaveAccessibleName('Show navigation menu');
  await expect(shell.menuButton()).toHaveAttribute('aria-expanded', 'false');

  await shell.clickMenuButton();
  await expect(shell.drawerDialog()).toBeVisible();
  await expect(shell.nav).toBeVisible();
  await shell.menuGroup('People').click();
  await shell.menuLink('Customers').click();

  await expect(page).toHaveURL(/\/admin\/customers$/);
  await shell.seeHeading('Customers');
  await expect(shell.drawerDialog()).toHaveCount(0);
  await expect(shell.menuButton()).toHaveAttribute('aria-expanded', 'false');
});

test('at 400 px the open drawer takes the focus, and Escape or a click beside it closes it', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.open();
  await login.signInAs(USERS.cashier);

  await shell.clickMenuButton();
  await expect(shell.drawerDialog()).toBeVisible();
  await expect(shell.drawerDialog()).toContainText('Dashboard');
  // A modal drawer holds the keyboard: focus is inside it, not on the page behind.
  await expect.poll(() => shell.drawerDialog().evaluate((d) => d.contains(document.activeElement)), { timeout: 2000 }).toBe(true);
  await page.keyboard.press('Escape');
  await expect(shell.drawerDialog()).toHaveCount(0, { timeout: 2000 });
  await expect(shell.menuButton()).toBeFocused();

  await shell.clickMenuButton();
  await expect(shell.drawerDialog()).toBeVisible();
  await expect.poll(() => shell.drawerDialog().evaluate((d) => d.contains(document.activeElement)), { timeout: 2000 }).toBe(true);
  // Taking the focus is not yet listening for a click beside it: Ark's dialog moves the focus in
  // one animation frame and starts listening in a task queued in that frame, and an input event
  // is dispatched before waiting tasks, so a click sent the moment the focus was seen could come
  // first and be missed (it failed so once in CI). A person clicks beside the drawer they see:
  // the click waits for its slide-in to end (220 ms, long after the listener is in place).
  await shell.drawerDialog().evaluate((d) => Promise.all(d.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.mouse.click(390, 400); // the backdrop, right of the 260 px drawer
  await expect(shell.drawerDialog()).toHaveCount(0, { timeout: 2000 });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('at 400 px the top bar still offers search, POS, website, theme, notifications and the user menu', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signInAs(USERS.cashier);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'POS' })).toBeVisible();
  await expect(banner.getByRole('link', { name: /Website/ })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'User menu' })).toBeVisible();
  // Nothing sticks out sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
