import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/browser.ts';

const root = import.meta.dirname;
const port = Number(process.env.E2E_PORT || 3217);
const baseURL = `http://127.0.0.1:${port}`;
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

// One fresh database per run, so tests start from the demo seed and never see a developer's
// ./data. The config is loaded again in every worker: the first load (the runner) picks the
// directory and the workers inherit it through the environment. The web server command fills it;
// global-teardown removes it.
process.env.E2E_DATA_DIR ||= resolve(root, '.tmp', `e2e-data-${Date.now()}-${process.pid}`);
const dataDir = process.env.E2E_DATA_DIR;

// Playwright merges process.env into the server's env, so a DATABASE_URL exported in the shell
// would point the e2e server at a real database. Use PGlite in dataDir unless asked otherwise.
if (process.env.E2E_DATABASE_URL) process.env.DATABASE_URL = process.env.E2E_DATABASE_URL;
else delete process.env.DATABASE_URL;

// The server serves the SPA from ./dist and draws signed-in pages with dist/.ssr. `npm test`
// builds both first; a bare `playwright test` on a fresh clone builds them here rather than
// failing on a blank page (or testing pages the server never draws).
const distBuilt = existsSync(join(root, 'dist', 'index.html')) && existsSync(join(root, 'dist', '.ssr', 'entry-server.js'));
// On PGlite the run's data folder starts as today's kept demo shop (tests/e2e/support/prepare-data.ts):
// seeding a year of sales at the server's start took about 45 s of every run.
const prepare = process.env.E2E_DATABASE_URL ? '' : 'node --import tsx tests/e2e/support/prepare-data.ts && ';
const serve = `${prepare}node --import tsx server/main.ts`;
// The build runs in production mode whatever NODE_ENV the server is given (test): built under
// NODE_ENV=test, the server's drawing took React's development JSX runtime and failed.
const build = `NODE_ENV=production ${bin('vite')}`;
const command = distBuilt ? serve : `${bin('panda')} codegen --silent && ${build} build && ${build} build --ssr src/entry-server.tsx && ${serve}`;
if (!distBuilt && !process.env.TEST_WORKER_INDEX) {
  console.log('dist/index.html or dist/.ssr is missing: building the SPA and its server drawing before starting the e2e server.');
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Two cores and one server process: parallel workers would only fight over them.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command,
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: distBuilt ? 120_000 : 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      NODE_ENV: 'test',
      // Small throttle so lock-out tests are quick and one test's failures cannot lock the
      // demo users out for the rest of the run.
      LOGIN_MAX_FAILURES: '5',
      LOGIN_WINDOW_SECONDS: '60',
      LOGIN_LOCK_SECONDS: '10',
    },
  },
});
