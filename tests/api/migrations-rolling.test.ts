/**
 * Migrations for several servers on one database: they run once however many servers start
 * together (an advisory lock), and each one is expand-only for the release before it, so that
 * release's servers keep working during a rolling deploy (a release pair is "the servers of
 * migration N-1 on a database migrated to N").
 *
 * Expand-only, read from drizzle's snapshots of each migration: no table or column the previous
 * release knows is dropped, renamed or retyped, none becomes NOT NULL without a default, and no
 * column it does not know is NOT NULL without a default (its inserts would fail). A contract
 * step (dropping what the release before last stopped using) goes in a migration of its own
 * and is listed in CONTRACT below with the reason: deploying it needs every server on N-1 first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { rowsOf } from '../../server/crud/sql.ts';
import { MIGRATIONS_FOLDER, openDatabase, scratchDatabase } from '../../server/db/index.ts';
import { prepareDatabase } from '../../server/db/prepare.ts';

type Column = { name: string; type: string; notNull?: boolean; default?: unknown; identity?: unknown };
type Snapshot = { tables: Record<string, { columns: Record<string, Column> }> };

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
const snapshot = (idx: number) => JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`), 'utf8')) as Snapshot;

/**
 * Release pairs that are NOT rolling-safe, each with why. Deploy these by stopping every server
 * of the older release before the migration runs. Every other pair may run side by side.
 */
const CONTRACT: Record<string, string[]> = {
  // 0013 moved the low-stock flag to its own table and dropped products.stock_alert in the same
  // step; a 0012 server lists products by it.
  '0013_low_stock': ['column public.products.stock_alert dropped'],
};

/** varchar(16) -> varchar(32): every value the older release writes still fits, so it is expand-only. */
const widens = (was: string, is: string) => {
  const [a, b] = [/^varchar\((\d+)\)$/.exec(was), /^varchar\((\d+)\)$/.exec(is)];
  return Boolean(a && b && Number(b[1]) >= Number(a[1]));
};

/** What a server of `prev`'s release would trip over on a database at `next`. */
export function breaksPrevious(prev: Snapshot, next: Snapshot): string[] {
  const out: string[] = [];
  for (const [name, before] of Object.entries(prev.tables)) {
    const after = next.tables[name];
    if (!after) {
      out.push(`table ${name} dropped`);
      continue;
    }
    for (const [col, was] of Object.entries(before.columns)) {
      const is = after.columns[col];
      if (!is) out.push(`column ${name}.${col} dropped`);
      else if (is.type !== was.type && !widens(was.type, is.type)) out.push(`column ${name}.${col} retyped ${was.type} -> ${is.type}`);
      else if (is.notNull && !was.notNull && is.default === undefined) out.push(`column ${name}.${col} made NOT NULL without a default`);
    }
    for (const [col, is] of Object.entries(after.columns)) {
      if (!before.columns[col] && is.notNull && is.default === undefined && !/serial/.test(is.type) && !is.identity) {
        out.push(`column ${name}.${col} added NOT NULL without a default`);
      }
    }
  }
  return out;
}

describe('expand-then-contract', () => {
  it('finds what an older release would trip over (the check can fail)', () => {
    const prev: Snapshot = { tables: { t: { columns: { a: { name: 'a', type: 'text' }, b: { name: 'b', type: 'text' }, e: { name: 'e', type: 'varchar(16)' }, f: { name: 'f', type: 'varchar(16)' } } } } };
    const next: Snapshot = {
      tables: { t: { columns: { a: { name: 'a', type: 'integer' }, c: { name: 'c', type: 'text', notNull: true }, d: { name: 'd', type: 'text', notNull: true, default: "''" }, e: { name: 'e', type: 'varchar(32)' }, f: { name: 'f', type: 'varchar(8)' } } } },
    };
    expect(breaksPrevious(prev, next)).toEqual(['column t.a retyped text -> integer', 'column t.b dropped', 'column t.f retyped varchar(16) -> varchar(8)', 'column t.c added NOT NULL without a default']);
  });

  it('keeps every release working on the next one\'s schema, but for the contract steps listed', () => {
    const found: Record<string, string[]> = {};
    // Each against the entry before it (numbers may skip one another branch holds).
    for (const [i, { idx, tag }] of journal.entries.entries()) {
      if (i === 0) continue;
      const problems = breaksPrevious(snapshot(journal.entries[i - 1]!.idx), snapshot(idx));
      if (problems.length) found[tag] = problems;
    }
    expect(found).toEqual(CONTRACT);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('migrating once (PostgreSQL)', () => {
  it('lets four servers starting together on an empty database all come up, the migrations applied once', async () => {
    const { handle, drop } = await scratchDatabase(pgUrl!, 'migrate_race');
    const url = (handle as unknown as { url: string }).url;
    const config = { ...loadConfig({}), seed: 'demo' as const };
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url, poolSize: 2 })));
    try {
      await Promise.all([handle, ...others].map((h) => prepareDatabase(h, config)));
      const [applied] = await rowsOf<{ n: number }>(handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied!.n).toBe(journal.entries.length);
      const [admins] = await rowsOf<{ n: number }>(handle.db, sql`select count(*)::int as n from users where email = 'admin@example.com'`);
      expect(admins!.n).toBe(1);
    } finally {
      for (const h of others) await h.close();
      await handle.close();
      await drop();
    }
  }, 180_000);
});
