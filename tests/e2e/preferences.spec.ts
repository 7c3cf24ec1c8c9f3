/** The ui machine's preferences (theme, mini rail, drawer) are remembered across reloads. */
import { expect, test } from '@playwright/test';
import { LoginPage, Shell, USERS } from './support/pages.ts';

test('dark theme, the icon-only rail and a hidden drawer survive a reload', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.open();
  await login.signInAs(USERS.admin);

  await shell.useTheme('dark');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Collapse menu to icons' }).click();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();

  await page.reload();
  await shell.seeHeading('Dashboard');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();

  await shell.menuButton().click();
  await expect(shell.menuButton()).toHaveAccessibleName('Show navigation menu');
  await page.reload();
  await shell.seeHeading('Dashboard');
  await expect(shell.menuButton()).toHaveAccessibleName('Show navigation menu');
  await expect(shell.nav).toHaveCount(0);
});

test('narrowing the window below 960 px hides the drawer, widening it again brings the drawer back', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await login.open();
  await login.signInAs(USERS.manager);
  await expect(shell.nav).toBeVisible();

  await page.setViewportSize({ width: 800, height: 800 });
  await expect(shell.nav).toHaveCount(0);
  await expect(shell.menuButton()).toHaveAccessibleName('Show navigation menu');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(shell.nav).toBeVisible();
  await expect(shell.menuButton()).toHaveAccessibleName('Hide navigation menu');

  // Hidden on purpose on the wide screen, it stays hidden through a narrow spell.
  await shell.clickMenuButton();
  await expect(shell.nav).toHaveCount(0);
  await page.setViewportSize({ width: 800, height: 800 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(shell.menuButton()).toHaveAccessibleName('Show navigation menu');
  await expect(shell.nav).toHaveCount(0);
});
