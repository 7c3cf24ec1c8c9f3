/**
 * The audit trail as an administrator reads it (issue 36): a mistyped password and the sign-in
 * after it are both there, from the Administration menu; the person's filter is kept in the
 * address; a row unfolds to show where it came from; nothing in it can be added, edited or deleted.
 */
import { expect, test } from '@playwright/test';
import { LoginPage, USERS } from './support/pages.ts';

test('a failed sign-in and the sign-in after it are in the audit trail, filtered by kind in the address', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(USERS.admin.email, 'not-the-password');
  await expect(page.getByText(/incorrect|invalid|do not match/i).first()).toBeVisible();
  await login.signInAs(USERS.admin);

  await page.getByRole('button', { name: 'Administration', exact: true }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Audit Trail' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await expect(main.getByText('Admin signed in.').first()).toBeVisible();
  // Read-only: no Add, no edit, no delete, no row selection.
  await expect(main.getByRole('link', { name: /^Add/ }).or(main.getByRole('button', { name: /^(Add|Delete)/ }))).toHaveCount(0);
  await expect(main.getByRole('checkbox')).toHaveCount(0);

  await page.goto('/admin/audit?kind=sign_in_failed');
  const row = main.getByRole('row').filter({ hasText: `Sign-in as ${USERS.admin.email} failed` }).first();
  await expect(row).toBeVisible();
  await expect(main.getByRole('row').filter({ hasText: 'Admin signed in.' })).toHaveCount(0);
  await row.getByText('Details').click();
  await expect(row.getByText(/^From /)).toBeVisible();
});
