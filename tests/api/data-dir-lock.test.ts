/**
 * One PGlite server per data folder, also when the other one runs in another container (or on
 * another machine) that shares the folder: its pid cannot be checked from here, so the lock
 * counts as held while its holder keeps touching the file.
 */
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { STALE_MS, lockDataDir } from '../../server/lock.ts';

const dir = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
const file = join(dir, 'server.lock');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fromElsewhere = (ageMs: number) => {
  // A pid that exists nowhere here, written by a process of another boot and pid namespace.
  writeFileSync(file, JSON.stringify({ pid: 4_000_000, started: '1', where: 'another-boot pid:[1]', host: 'container-b' }));
  const t = new Date(Date.now() - ageMs);
  utimesSync(file, t, t);
};

it('refuses a folder whose lock another container keeps fresh, naming it', () => {
  fromElsewhere(1_000);
  const res = lockDataDir(dir);
  expect(res.ok).toBe(false);
  if (!res.ok) {
    expect(res.message).toContain('Another server is already using the data folder');
    expect(res.message).toContain('in another container or on another machine (host container-b)');
  }
});

it("takes over a lock from elsewhere once it has not been touched for STALE_MS", () => {
  fromElsewhere(STALE_MS + 5_000);
  const res = lockDataDir(dir);
  expect(res.ok).toBe(true);
  if (res.ok) res.release();
});

it('keeps its own lock fresh while it holds it, so the other container waits', async () => {
  const res = lockDataDir(dir, { heartbeatMs: 50 });
  expect(res.ok).toBe(true);
  const old = new Date(Date.now() - 60_000);
  utimesSync(file, old, old);
  await new Promise((r) => setTimeout(r, 300));
  expect(Date.now() - statSync(file).mtimeMs).toBeLessThan(5_000);
  if (res.ok) res.release();
});
