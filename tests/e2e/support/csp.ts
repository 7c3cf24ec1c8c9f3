/**
 * The browser's refusals under the Content-Security-Policy (server/app.ts), recorded on every
 * document a page loads: tests/e2e/csp.spec.ts and the a11y walk over every screen read them.
 */
import type { Page } from '@playwright/test';

export interface CspViolation {
  directive: string;
  blocked: string;
  sample: string;
  page: string;
}

/** Every `securitypolicyviolation` of every document the page loads from now on, kept on window. */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: CspViolation[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample, page: location.pathname });
    });
  });
}

/** The refusals of the document shown now. */
export const cspViolations = (page: Page): Promise<CspViolation[]> => page.evaluate(() => (window as unknown as { __csp: CspViolation[] }).__csp);
