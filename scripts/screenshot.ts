// Save a full-page PNG of a screen, for checking how it looks without a desktop browser:
//
//   node --import tsx scripts/screenshot.ts <url> <out.png> [--width 1280] [--height 800]
//        [--dark] [--login email] [--password password]
//
// --login signs in through the login form first (labels "Email" and "Password", button
// "Sign in"; the password defaults to the demo one), then opens <url> again.
// --dark clicks the "Switch to dark theme" button before the shot.
// Uses the same Chromium as the e2e tests (tests/e2e/support/browser.ts).
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/support/browser.ts';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: node --import tsx scripts/screenshot.ts <url> <out.png> [--width 1280] [--height 800] [--dark] [--login email] [--password pw]');
  process.exit(2);
}

const positional: string[] = [];
const options = { width: 1280, height: 800, dark: false, login: '', password: 'password' };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i]!;
  const value = () => argv[++i] ?? usage(`${arg} needs a value`);
  if (arg === '--width') options.width = Number(value());
  else if (arg === '--height') options.height = Number(value());
  else if (arg === '--dark') options.dark = true;
  else if (arg === '--login') options.login = value();
  else if (arg === '--password') options.password = value();
  else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
  else positional.push(arg);
}
const [url, out] = positional;
if (!url || !out || positional.length > 2) usage();
if (!Number.isInteger(options.width) || options.width < 200) usage('--width must be a whole number of pixels (>= 200)');
if (!Number.isInteger(options.height) || options.height < 200) usage('--height must be a whole number of pixels (>= 200)');

async function settle(page: Page) {
  // Screens load their data after the first paint; a shot mid-load shows spinners.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
}

async function signIn(page: Page) {
  const email = page.getByLabel('Email', { exact: true });
  await email.waitFor({ timeout: 15_000 }).catch(() => {
    throw new Error(`no login form (label "Email") at ${page.url()}: is --login needed, and is the URL right?`);
  });
  await email.fill(options.login);
  await page.getByLabel('Password', { exact: true }).fill(options.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await email.waitFor({ state: 'detached', timeout: 15_000 }).catch(async () => {
    const alert = await page.getByRole('alert').allInnerTexts().catch(() => []);
    throw new Error(`sign-in as ${options.login} did not leave the login form${alert.length ? `: ${alert.join(' / ')}` : ''}`);
  });
}

const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
try {
  const context = await browser.newContext({ viewport: { width: options.width, height: options.height } });
  const page = await context.newPage();
  await page.goto(url);
  if (options.login) {
    await signIn(page);
    await settle(page);
    if (page.url() !== url) await page.goto(url);
  }
  await settle(page);
  if (options.dark) {
    const toggle = page.getByRole('button', { name: /Switch to dark theme/ });
    await toggle.click({ timeout: 10_000 }).catch(() => {
      throw new Error(`no "Switch to dark theme" button at ${page.url()}`);
    });
    await settle(page);
  }
  await page.screenshot({ path: out, fullPage: true });
  console.log(`saved ${out} (${options.width}px wide${options.dark ? ', dark' : ''}) of ${page.url()}`);
} catch (err) {
  console.error(`screenshot failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
