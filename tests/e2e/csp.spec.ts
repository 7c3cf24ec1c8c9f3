/**
 * The Content-Security-Policy (server/app.ts) holds: no page makes the browser refuse anything,
 * and an injected inline script is refused. Every signed-in screen of the route table is loaded,
 * in both themes, by the a11y walk (a11y.spec.ts), which records the refusals as it goes: one
 * walk over the screens instead of two. The login page, the one screen outside it, is here.
 */
import { expect, test } from '@playwright/test';
import { adminSession, LoginPage, seedSessionOnLoad } from './support/pages.ts';
import { cspViolations, recordCspViolations } from './support/csp.ts';

test('the login page loads without a CSP violation, in both themes', async ({ page }) => {
  await recordCspViolations(page);
  const login = new LoginPage(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await login.open();
    await expect(page.locator('html')).toHaveCSS('color-scheme', theme);
    expect(await cspViolations(page)).toEqual([]);
  }
});

test('an injected inline script is refused, and says so', async ({ page, request }) => {
  const { token, user } = await adminSession(request);
  await seedSessionOnLoad(page, token, user);
  await recordCspViolations(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    await new Promise((r) => setTimeout(r, 50));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  const refused = await cspViolations(page);
  expect(refused.some((v) => v.directive === 'script-src-elem' && v.blocked === 'inline')).toBe(true);
});
