/**
 * The profile, walked as a person does (the breadth is in tests/api/sessions.test.ts,
 * tests/api/profile.test.ts and tests/model/profile.model.test.ts): signed in on two browsers,
 * sign the other one out from the profile and see it land on the sign-in page at its next step;
 * rename yourself and see the top bar follow; change the password (a wrong current one first).
 */
import { expect, test, type Page } from '@playwright/test';
import { AdminApi, adminSession, LoginPage, Shell, Toasts, withoutAnimations, xsrfHeaders } from './support/pages.ts';

const FIRST = 'first-long-secret-41';
const NEXT = 'second-long-secret-42';

async function signInThroughTheForm(page: Page, email: string, password: string): Promise<void> {
  await withoutAnimations(page);
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email, password);
  await expect(page).not.toHaveURL(/\/admin\/login$/);
}

test('sign out another browser from the profile, rename yourself, change your password', async ({ page, browser, request, baseURL }) => {
  // A person of their own: their password changes, which no other test may feel.
  const admin = new AdminApi(request, (await adminSession(request)).token);
  const [manager] = await admin.list<{ id: number; name: string }>('/api/v1/admin/roles', { search: 'Manager' });
  const email = `profile-${Date.now()}@example.com`;
  await admin.create('/api/v1/admin/users', { name: 'Robin Profile', email, phone: '', status: 'active', role_ids: [manager!.id], password: FIRST });

  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signInThroughTheForm(otherPage, email, FIRST);
  await signInThroughTheForm(page, email, FIRST);

  // The user menu's Profile.
  const shell = new Shell(page);
  await shell.openUserMenu();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await shell.seeHeading('Profile');

  const sessions = page.getByRole('region', { name: 'Signed-in sessions' });
  const rows = sessions.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('This device');
  await expect(rows.first()).toContainText(/Chrome on (Windows|Linux|macOS)/); // the device profile's User-Agent, in words
  await expect(rows.nth(1)).not.toContainText('This device');
  await rows.nth(1).getByRole('button', { name: 'Sign out' }).click();
  await new Toasts(page).seeToast('That session is signed out.');
  await expect(rows).toHaveCount(1);

  // The other browser's next step finds its session gone: the sign-in page.
  await otherPage.goto('/admin/dashboard');
  await expect(otherPage).toHaveURL(/\/admin\/login$/);
  await other.close();

  // Renamed: the top bar follows at once.
  const nameForm = page.getByRole('form', { name: 'Name and email' });
  await nameForm.getByLabel('Name').fill('Robin Renamed');
  await nameForm.getByRole('button', { name: 'Save' }).click();
  await new Toasts(page).seeToast('Your profile is saved.');
  await shell.seeUserName('Robin Renamed', email);

  // The password: a wrong current one is said under its field, then the change.
  const passwordForm = page.getByRole('form', { name: 'Password' });
  await passwordForm.getByLabel('Current password').fill('not-my-password');
  await passwordForm.getByLabel(/^New password/).fill(NEXT);
  await passwordForm.getByLabel('Confirm the new password').fill(NEXT);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByText('The current password is incorrect.')).toBeVisible();
  await passwordForm.getByLabel('Current password').fill(FIRST);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await new Toasts(page).seeToast('Password updated.');
  await expect(passwordForm.getByLabel('Current password')).toHaveValue('');

  // Only the new password signs in now.
  const signIn = (password: string) => request.post('/api/v1/admin/login', { headers: xsrfHeaders, data: { email, password } });
  expect((await signIn(FIRST)).status()).toBe(422);
  expect((await signIn(NEXT)).status()).toBe(200);
});
