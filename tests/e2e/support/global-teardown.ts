import { rmSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * Removes the run's database directory (chosen in playwright.config.ts). Playwright stops the
 * web server after global teardown, so the removal waits for the runner to exit: deleting the
 * files under a live PGlite would make its shutdown log errors.
 */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || !basename(dir).startsWith('e2e-data-') || process.env.E2E_KEEP_DATA) return;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}
