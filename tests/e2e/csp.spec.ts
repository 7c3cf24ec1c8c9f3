/**
 * The Content-Security-Policy (server/app.ts) holds on every screen: no page of the route table
 * makes the browser refuse anything, in either theme, and an injected inline script is refused.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../domain/routes.ts';
import { adminSession, seedSessionOnLoad, Shell } from './support/pages.ts';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  page: string;
}

/** Every `securitypolicyviolation` of every document the page loads, kept on window. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: Violation[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, page: location.pathname });
    });
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp);

/** One concrete URL per route: parameters become 1 (a record that may not exist is fine). */
const urls = [...new Set(ROUTES.map((r) => `/admin${r.path.replace(/:[A-Za-z_]\w*/g, '1')}`))];

test('every screen of the route table, in both themes, loads without a CSP violation', async ({ page, request }) => {
  // About a hundred page loads: a loaded two-core machine has taken over four minutes.
  test.setTimeout(480_000);
  const { token, user } = await adminSession(request);
  await seedSessionOnLoad(page, token, user);
  await recordViolations(page);
  const shell = new Shell(page);
  const seen: Violation[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/admin/dashboard');
    await shell.useTheme(theme);
    for (const url of urls) {
      await page.goto(url);
      // The screen has rendered its title (the login route sends a signed-in user on).
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      seen.push(...(await violations(page)));
    }
  }
  expect(seen, JSON.stringify(seen, null, 1)).toEqual([]);
});

test('an injected inline script is refused, and says so', async ({ page, request }) => {
  const { token, user } = await adminSession(request);
  await seedSessionOnLoad(page, token, user);
  await recordViolations(page);
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
  const refused = await violations(page);
  expect(refused.some((v) => v.directive === 'script-src-elem' && v.blocked === 'inline')).toBe(true);
});
