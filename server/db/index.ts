import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema.ts';

export { schema };

/** The query surface both drivers share; server code uses only this so it runs on either. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The transaction handle drizzle passes to `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

interface PgliteHandle extends DbHandle {
  kind: 'pglite';
  raw: ReturnType<typeof drizzlePglite<typeof schema>>;
}
interface PostgresHandle extends DbHandle {
  kind: 'postgres';
  raw: ReturnType<typeof drizzlePostgres<typeof schema>>;
  url: string;
}

/**
 * `url` → PostgreSQL via postgres-js; otherwise PGlite with files under `dataDir`,
 * or purely in memory when `dataDir` is undefined (tests). `from` starts an in-memory PGlite
 * from a copy of another (`dumpDatabase`) instead of an empty cluster: the API tests start each
 * file from one migrated template, skipping PGlite's initdb (most of a fresh start's time).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | undefined;
  from?: Blob | undefined;
  /** PostgreSQL: connections this process may hold (default 10). */
  poolSize?: number | undefined;
  /** PostgreSQL: the longest a statement may run before the server cancels it; 0 or none: no limit. */
  statementTimeoutMs?: number | undefined;
}): Promise<DbHandle> {
  if (opts.url) {
    const client = postgres(opts.url, {
      max: opts.poolSize ?? 10,
      onnotice: () => {},
      ...(opts.statementTimeoutMs ? { connection: { statement_timeout: opts.statementTimeoutMs } } : {}),
    });
    const raw = drizzlePostgres(client, { schema });
    const handle: PostgresHandle = {
      db: raw as unknown as Db,
      raw,
      kind: 'postgres',
      url: opts.url,
      close: () => client.end({ timeout: 5 }),
    };
    return handle;
  }
  // pg_trgm backs the search indexes (see migration 0001); PostgreSQL ships it in contrib.
  const client = new PGlite({
    ...(opts.dataDir === undefined ? {} : { dataDir: opts.dataDir }),
    ...(opts.from === undefined ? {} : { loadDataDir: opts.from }),
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const raw = drizzlePglite(client, { schema });
  const handle: PgliteHandle = {
    db: raw as unknown as Db,
    raw,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
  return handle;
}

/** A PGlite database's files as one tarball, for `openDatabase({ from })`. */
export async function dumpDatabase(handle: DbHandle): Promise<Blob> {
  const h = handle as PgliteHandle | PostgresHandle;
  if (h.kind !== 'pglite') throw new Error('only a PGlite database can be dumped');
  return h.raw.$client.dumpDataDir('none');
}

/**
 * The advisory lock every migration and start-up seed runs under, so any number of servers (and
 * `npm run migrate`) starting together on one PostgreSQL take turns: the first migrates, the
 * others wait and then find nothing to do. Without it two migrators raced to create drizzle's
 * own table and one died on a duplicate key. The number is ours alone ('shop' 'migr' in ASCII).
 */
export const MIGRATION_LOCK = 0x73686f70_6d696772n;

/**
 * Runs `fn` holding the migration lock. On PostgreSQL the lock is held by one connection of its
 * own, made for this and ended after, and `fn` gets a handle on that very connection (a session
 * lock belongs to its connection; the pool's others would not hold it). That connection has no
 * statement timeout: a migration may rewrite a big table. On PGlite one process owns the data
 * folder (lock.ts), so there is nobody to wait for.
 */
export async function withMigrationLock<T>(handle: DbHandle, fn: (locked: DbHandle) => Promise<T>): Promise<T> {
  const h = handle as PgliteHandle | PostgresHandle;
  if (h.kind === 'pglite') return fn(h);
  const client = postgres(h.url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK.toString()}::bigint)`;
    const raw = drizzlePostgres(client, { schema });
    const locked: PostgresHandle = { db: raw as unknown as Db, raw, kind: 'postgres', url: h.url, close: async () => {} };
    try {
      return await fn(locked);
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK.toString()}::bigint)`.catch(() => {});
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** The migrator of the handle's driver, for a caller that holds the migration lock already. */
export async function migrateLocked(handle: DbHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const h = handle as PgliteHandle | PostgresHandle;
  if (h.kind === 'pglite') await migratePglite(h.raw, { migrationsFolder });
  else await migratePostgres(h.raw, { migrationsFolder });
}

/**
 * Applies the committed SQL migrations under the migration lock (tests pass a folder holding
 * only the first few, to check what a later one does to an older database).
 */
export async function migrate(handle: DbHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  await withMigrationLock(handle, (locked) => migrateLocked(locked, migrationsFolder));
}

/**
 * A new database on a PostgreSQL server (tests and the bench), empty or a copy of `template` (a
 * database nobody is connected to), and how to drop it. Never touches any other database on
 * that server. Close the handle before `drop`.
 */
export async function scratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"${template ? ` template "${template.replaceAll('"', '""')}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    handle,
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
