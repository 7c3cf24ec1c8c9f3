import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Where the system Chromium lives; CHROMIUM_PATH overrides, e.g. for a distro that names it differently. */
export const systemChromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// The sandbox needs user namespaces that containers and CI runners (running as root) often lack;
// the rest stops the browser phoning home or spending our two cores on background work.
const systemChromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Launch options shared by playwright.config.ts and scripts (screenshot.ts):
 * the Debian Chromium when it is installed (CI and machines without internet, where
 * `npx playwright install` cannot download), else Playwright's own Chromium.
 */
export function chromiumLaunchOptions(): LaunchOptions {
  if (existsSync(systemChromiumPath)) {
    return { executablePath: systemChromiumPath, args: [...systemChromiumArgs] };
  }
  return {};
}
