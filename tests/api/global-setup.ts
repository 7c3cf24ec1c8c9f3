/**
 * Once per API run, the databases the test files start from, so no file pays for them again:
 *
 * - a migrated empty database: on PGlite a dump every file's in-memory PGlite loads (a fresh
 *   PGlite spends most of its start in initdb, about 16 of 21 s on a loaded 2-core machine;
 *   loading the copy takes about 3); on PostgreSQL a template database each file's scratch
 *   database is copied from (CREATE DATABASE … TEMPLATE) instead of migrating its own;
 * - the demo shop (seedDemo with the shop: a year of sales, returns, orders), which files that
 *   ask for `shop: true` start from. Seeding it takes 15–40 s, so it is made in the background
 *   while the first files run, and a file that needs it waits for its ready file
 *   (tests/api/fixtures.ts). Three files and the server-process test used to seed it each.
 *
 * Made anew each run, so they always have the current migrations and seed; except that on PGlite
 * the demo shop is today's kept dump of the current sources when there is one, and is kept when
 * made (tests/support/demo-shop.ts), so the e2e server that follows starts from it too.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { dumpDatabase, migrate, openDatabase } from '../../server/db/index.ts';
import { demoShopDumpPath, keepDemoShopDump, keptDemoShopDump, seedDemoShopDump, seedShop } from '../support/demo-shop.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite template's file, or '' on PostgreSQL. */
    pgliteTemplate: string;
    /** PostgreSQL: the migrated template database's name, or '' on PGlite. */
    pgTemplate: string;
    /**
     * The demo shop, ready once this file exists: on PGlite it is the database's dump, on
     * PostgreSQL it holds the template database's name. `${demoShop}.error` says why it failed.
     */
    demoShop: string;
  }
}

export default async function setup(project: TestProject) {
  const run = `${process.pid}-${Date.now()}`;
  const demoShop = join(tmpdir(), `shop-api-demo-${run}`);
  project.provide('demoShop', demoShop);
  /** Writes the ready file whole (a rename), or the error file. */
  const settle = (made: Promise<string | Uint8Array>) =>
    made
      .then(async (content) => {
        await writeFile(`${demoShop}.part`, content);
        await rename(`${demoShop}.part`, demoShop);
      })
      .catch((err: unknown) => writeFile(`${demoShop}.error`, err instanceof Error ? (err.stack ?? err.message) : String(err)));

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const suffix = randomBytes(4).toString('hex');
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const names = { migrated: `tpl_migrated_${suffix}`, demo: `tpl_demo_${suffix}` };
    const at = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
    await admin.unsafe(`create database "${names.migrated}"`);
    const migrated = await openDatabase({ url: at(names.migrated), poolSize: 1 });
    await migrate(migrated);
    await migrated.close();
    project.provide('pgliteTemplate', '');
    project.provide('pgTemplate', names.migrated);
    const demo = (async () => {
      await admin.unsafe(`create database "${names.demo}" template "${names.migrated}"`);
      const handle = await openDatabase({ url: at(names.demo), poolSize: 1 });
      try {
        await seedShop(handle);
      } finally {
        await handle.close();
      }
      return names.demo;
    })();
    const ready = settle(demo);
    return async () => {
      await ready;
      for (const name of [names.demo, names.migrated]) await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
      await rm(demoShop, { force: true });
      await rm(`${demoShop}.error`, { force: true });
    };
  }

  const keptPath = demoShopDumpPath();
  const handle = await openDatabase({});
  await migrate(handle);
  const template = await dumpDatabase(handle);
  const file = join(tmpdir(), `shop-api-pglite-${run}.tar`);
  await writeFile(file, Buffer.from(await template.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  const demo = (async () => {
    // Today's kept demo shop (tests/support/demo-shop.ts), else the same database, now seeded
    // (nothing else uses it any more), kept for the e2e server and the next run.
    const kept = await keptDemoShopDump(keptPath);
    if (kept) {
      await handle.close();
      return kept;
    }
    const dump = await seedDemoShopDump(handle);
    await keepDemoShopDump(keptPath, dump);
    return dump;
  })();
  const ready = settle(demo);
  return async () => {
    await ready;
    for (const f of [file, demoShop, `${demoShop}.error`]) await rm(f, { force: true });
  };
}
