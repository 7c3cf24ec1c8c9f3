/**
 * Once per API run on PGlite: a migrated empty database, written to a temporary file that every
 * test file's harness starts from (tests/api/harness.ts). A fresh PGlite spends most of its start
 * in initdb (about 16 of 21 s on a loaded 2-core machine; loading the copy takes about 3), and
 * each file needs its own database. Made anew each run, so it always has the current migrations.
 * On PostgreSQL (TEST_DATABASE_URL) each file makes its own scratch database as before.
 */
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpDatabase, migrate, openDatabase } from '../../server/db/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite template's file, or '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const handle = await openDatabase({});
  await migrate(handle);
  const file = join(tmpdir(), `shop-api-pglite-${process.pid}-${Date.now()}.tar`);
  await writeFile(file, Buffer.from(await (await dumpDatabase(handle)).arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(file, { force: true });
  };
}
