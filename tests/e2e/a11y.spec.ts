/**
 * No serious or critical axe violations (WCAG 2.x A/AA rules) on the login page and the
 * signed-in shell, in both themes and on a narrow screen with the drawer open.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage, Shell, USERS } from './support/pages.ts';

type Theme = 'light' | 'dark';

/** Readable failure: rule, impact, what it means, and the offending elements. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map(
      (v) =>
        `${v.impact?.toUpperCase()} ${v.id}: ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes.map((n) => `  - ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`).join('\n'),
    )
    .join('\n\n');
}

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  // Let entry animations finish: a half-faded element has misleading contrast.
  await page.waitForTimeout(500);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${what}:\n${describeViolations(serious)}`).toEqual([]);
  // The check looked at something: a blank page passes every rule.
  expect(result.passes.length).toBeGreaterThan(5);
}

for (const theme of ['light', 'dark'] as const satisfies readonly Theme[]) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('the login page, with an error shown', async ({ page }) => {
      const login = new LoginPage(page);
      await login.open();
      await expect(page.locator('html')).toHaveCSS('color-scheme', theme);
      await expectNoSeriousViolations(page, `login page (${theme})`);
      // The field error and the form's error colours too.
      await login.signIn('not-an-email', '');
      await login.seeFieldError('Enter a valid email address.');
      await expectNoSeriousViolations(page, `login page with field errors (${theme})`);
    });

    test('the shell on the dashboard, signed in as admin', async ({ page }) => {
      const login = new LoginPage(page);
      const shell = new Shell(page);
      await login.open();
      await login.signInAs(USERS.admin);
      await shell.useTheme(theme);
      // Wait out the sign-in toast: it is checked on its own below, not mid-fade.
      await expect(page.getByRole('region', { name: 'Messages' }).getByRole('status')).toHaveCount(0);
      await shell.seeMenuEntries();
      await expectNoSeriousViolations(page, `shell (${theme})`);
      await shell.openUserMenu();
      await expectNoSeriousViolations(page, `shell with the user menu open (${theme})`);
    });
  });
}

test('a toast on screen', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(USERS.admin.email, 'not-the-password');
  await expect(page.getByRole('region', { name: 'Messages' }).getByRole('status')).toBeVisible();
  const toast = page.getByRole('region', { name: 'Messages' }).getByRole('status').first();
  await toast.hover(); // hold it while axe looks
  await expectNoSeriousViolations(page, 'login page with an error toast');
});

test('the shell at 400 px with the drawer open', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.open();
  await login.signInAs(USERS.manager);
  await shell.clickMenuButton();
  await expect(shell.drawerDialog()).toBeVisible();
  await expectNoSeriousViolations(page, 'narrow shell with the drawer open');
});
