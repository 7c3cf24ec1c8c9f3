/**
 * The demo shop's database (migrations, permissions, demo users and the year of selling), made
 * once and kept under .tmp as a PGlite dump, so the runs that start from it do not seed it again:
 *
 * - the API run on PGlite (tests/api/global-setup.ts) uses it as the run's demo shop, and makes it
 *   when missing, in the background as before;
 * - the e2e server (tests/e2e/support/prepare-data.ts) starts from it instead of seeding at its
 *   start (about 45 s on a quiet 2-core machine). In `npm test` the API run comes first, so the
 *   e2e step finds it made; a developer's second run finds it too.
 *
 * The dump's name is a hash of everything its making reads (server/ and domain/ sources, the
 * migrations among them, package-lock.json and this file) and of today's date (the seed's year of sales
 * ends today), so a change to the seed or a new day makes a new one. Older dumps are removed.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { dumpDatabase, migrate, openDatabase, type DbHandle } from '../../server/db/index.ts';
import { seedDemo, seedPermissions } from '../../server/seed.ts';

const root = join(import.meta.dirname, '..', '..');
const cacheDir = join(root, '.tmp', 'demo-shop');
const SOURCES = ['server', 'domain'];

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Where today's dump of the current sources is (or will be). */
export function demoShopDumpPath(today = new Date()): string {
  const hash = createHash('sha256');
  for (const path of [...SOURCES.flatMap((d) => [...files(join(root, d))]), join(root, 'package-lock.json'), import.meta.filename]) {
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  }
  return join(cacheDir, `${today.toISOString().slice(0, 10)}-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The demo shop in a migrated database of its own, as a server's start would seed it. */
export async function seedShop(handle: DbHandle): Promise<void> {
  await seedPermissions(handle.db);
  await seedDemo(handle.db, { shop: true });
}

/** Seeds the demo shop into a migrated PGlite (closed afterwards) and returns its dump. */
export async function seedDemoShopDump(handle: DbHandle): Promise<Uint8Array<ArrayBuffer>> {
  try {
    await seedShop(handle);
    return new Uint8Array(await (await dumpDatabase(handle)).arrayBuffer());
  } finally {
    await handle.close();
  }
}

/** Keeps a dump under its name (written whole: a rename), and removes the older ones. */
export async function keepDemoShopDump(path: string, dump: Uint8Array): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const part = `${path}.${process.pid}.part`;
  await writeFile(part, dump);
  await rename(part, path);
  for (const name of await readdir(cacheDir)) {
    if (join(cacheDir, name) !== path && !name.endsWith('.part')) await rm(join(cacheDir, name), { force: true });
  }
}

/** The kept dump if there is one for today's sources, else undefined. */
export async function keptDemoShopDump(path = demoShopDumpPath()): Promise<Uint8Array<ArrayBuffer> | undefined> {
  return readFile(path).then(
    (b) => new Uint8Array(b),
    () => undefined,
  );
}

/** Today's dump: the kept one, or made now (migrated, seeded) and kept. */
export async function demoShopDump(): Promise<Uint8Array<ArrayBuffer>> {
  const path = demoShopDumpPath();
  const kept = await keptDemoShopDump(path);
  if (kept) return kept;
  const handle = await openDatabase({});
  await migrate(handle);
  const dump = await seedDemoShopDump(handle);
  await keepDemoShopDump(path, dump);
  return dump;
}
