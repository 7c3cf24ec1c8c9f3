/**
 * Waiting for what tests/api/global-setup.ts makes once per run in the background: the demo
 * shop's database. A file that asks for it waits until its ready file exists (usually it is
 * there long before: the first files to run do not need it).
 */
import { access, readFile } from 'node:fs/promises';
import { inject } from 'vitest';

const WAIT_MS = 170_000;

/** The demo shop once made: the PGlite dump's bytes, or on PostgreSQL the template database's name. */
export async function demoShop(): Promise<{ dump: Blob } | { template: string }> {
  const file = inject('demoShop');
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      await access(file);
      break;
    } catch {
      const failed = await readFile(`${file}.error`, 'utf8').catch(() => undefined);
      if (failed !== undefined) throw new Error(`the run's demo shop could not be made:\n${failed}`);
      if (Date.now() > until) throw new Error(`the run's demo shop was not ready within ${WAIT_MS / 1000} s (${file})`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return inject('pgTemplate') || process.env.TEST_DATABASE_URL ? { template: await readFile(file, 'utf8') } : { dump: new Blob([await readFile(file)]) };
}
