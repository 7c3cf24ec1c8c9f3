/**
 * The real server process: one owner per data folder, and SIGTERM closes the database so the
 * next start finds it intact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/index.ts';
import { CLOSE_DB_MS, GRACE_MS } from '../../server/shutdown.ts';
import { demoShop } from './fixtures.ts';
import { freePort } from './support/free-port.ts';

// A stop is designed to take under 10 s: the grace for running requests, then at most
// CLOSE_DB_MS to close the database. The wall clock here only catches a hang: on a loaded
// two-core machine the timers and the exit itself can run seconds late.
const STOP_DESIGN_MS = 10_000;
const STOP_HANG_MS = 30_000;

const dataDir = mkdtempSync(join(tmpdir(), 'server-process-'));
const prodDir = mkdtempSync(join(tmpdir(), 'server-process-prod-'));
const started: ChildProcess[] = [];

// The data folder starts as the run's demo shop (tests/api/global-setup.ts), written out as a
// PGlite folder: what these tests prove is the process around the database (one owner, clean
// stops, restarts), not a first start, which initdb and the demo seed make a minute or more on a
// loaded machine. The e2e server starts from an empty folder and seeds it, each run.
beforeAll(async () => {
  const shop = await demoShop();
  if (!('dump' in shop)) return;
  const handle = await openDatabase({ dataDir, from: shop.dump });
  await handle.close();
}, 180_000);

afterAll(() => {
  for (const p of started) if (p.exitCode === null) p.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(prodDir, { recursive: true, force: true });
});

interface Run {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number, vars: NodeJS.ProcessEnv = {}, script = 'server/main.ts'): Run {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', NODE_ENV: 'test', ...vars };
  delete env.DATABASE_URL;
  const proc = spawn(process.execPath, ['--import', 'tsx', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(proc);
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

// A fresh PGlite data folder is initialised in WASM before migrating and seeding: about 20 s
// of it alone on a busy two-core machine.
async function waitFor(run: Run, text: string, ms = 75_000): Promise<void> {
  const until = Date.now() + ms;
  while (!run.output().includes(text)) {
    if (run.proc.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    if (Date.now() > until) throw new Error(`no "${text}" within ${ms} ms:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function signIn(port: number, email = 'admin@example.com', password = 'password'): Promise<number> {
  const base = `http://127.0.0.1:${port}`;
  const cookie = (await fetch(`${base}/sanctum/csrf-cookie`)).headers.get('set-cookie') ?? '';
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const res = await fetch(`${base}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('server process', () => {
  it('refuses a second server on the same data folder, stops cleanly on SIGTERM, and restarts on intact data', async () => {
    const first = startServer(await freePort());
    await waitFor(first, 'Back office ready at', 90_000);
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(first.output())![1]);
    expect(await signIn(port)).toBe(200);

    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another server is already using the data folder');
    expect(second.output()).toContain(`(pid ${first.proc.pid})`);

    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

    const again = startServer(await freePort());
    await waitFor(again, 'Back office ready at');
    const port2 = Number(/127\.0\.0\.1:(\d+)/.exec(again.output())![1]);
    expect(await signIn(port2)).toBe(200);
    again.proc.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 180_000);

  it('starts over a stale lock file whose pid now belongs to another program', async () => {
    // After a crash and a reboot, the pid in the lock file can be reused by any process.
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    started.push(other);
    writeFileSync(join(dataDir, 'server.lock'), String(other.pid));
    const run = startServer(await freePort());
    await waitFor(run, 'Back office ready at');
    run.proc.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    other.kill('SIGKILL');
  }, 90_000);

  it('in production on a database made in development: names the demo accounts it disabled, and create-admin makes a real one under the password rule', async () => {
    const portOf = (run: Run) => Number(/127\.0\.0\.1:(\d+)/.exec(run.output())![1]);
    const stop = async (run: Run) => {
      run.proc.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    };
    // The data folder the tests above used and stopped cleanly is a database made in development
    // with the demo shop: a copy saves a fresh start (initdb and the demo seed, a minute or more
    // on a loaded machine). Run alone, this test makes its own.
    expect(existsSync(join(dataDir, 'server.lock')), 'no server holds the development folder').toBe(false);
    if (existsSync(join(dataDir, 'PG_VERSION'))) cpSync(dataDir, prodDir, { recursive: true });
    else {
      const dev = startServer(await freePort(), { DATA_DIR: prodDir });
      await waitFor(dev, 'Back office ready at');
      await stop(dev);
    }

    const prod = startServer(await freePort(), { DATA_DIR: prodDir, NODE_ENV: 'production' });
    await waitFor(prod, 'Back office ready at');
    expect(prod.output()).toContain('the demo accounts admin@example.com, manager@example.com, cashier@example.com still have the demo password');
    expect(prod.output()).toContain('npm run create-admin');
    expect(await signIn(portOf(prod))).toBe(422);
    await stop(prod);

    const admin = { DATA_DIR: prodDir, NODE_ENV: 'production', ADMIN_EMAIL: 'owner@example.com', ADMIN_NAME: 'Owner' };
    const common = startServer(0, { ...admin, ADMIN_PASSWORD: 'password123' }, 'server/create-admin.ts');
    expect(await common.exited).toBe(1);
    expect(common.output()).toContain('This is one of the most common passwords');
    const made = startServer(0, { ...admin, ADMIN_PASSWORD: 'shop-owner-key-7' }, 'server/create-admin.ts');
    expect(await made.exited).toBe(0);

    const again = startServer(await freePort(), { DATA_DIR: prodDir, NODE_ENV: 'production' });
    await waitFor(again, 'Back office ready at');
    expect(await signIn(portOf(again), 'owner@example.com', 'shop-owner-key-7')).toBe(200);
    await stop(again);
  }, 180_000);

  it('on SIGTERM under load from 20 keep-alive clients: finishes what it acknowledged, exits 0 within 10 s, and every acknowledged write is there after a restart', async () => {
    const run = startServer(await freePort());
    await waitFor(run, 'Back office ready at');
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(run.output())![1]);
    const login = await fetch(`http://127.0.0.1:${port}/api/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'password' }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;

    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const acknowledged: number[] = [];
    const outcomes: Record<string, number> = {};
    const create = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const body = JSON.stringify({ name: `Shutdown ${n}`, status: 'active' });
        const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` };
        const req = httpRequest({ host: '127.0.0.1', port, path: '/api/v1/admin/customers', method: 'POST', agent, headers }, (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => {
            outcomes[res.statusCode!] = (outcomes[res.statusCode!] ?? 0) + 1;
            if (res.statusCode === 201) {
              acknowledged.push((JSON.parse(text) as { data: { id: number } }).data.id);
              resolve();
            } else reject(new Error(`answered ${res.statusCode}: ${text}`));
          });
        });
        req.on('error', reject);
        req.end(body);
      });
    let n = 0;
    let sent = 0;
    // Each client writes until the server stops answering it (connection refused or reset).
    const clients = Array.from({ length: 20 }, async () => {
      for (;;) {
        try {
          sent++;
          await create(n++);
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code ?? 'other';
          outcomes[code] = (outcomes[code] ?? 0) + 1;
          return;
        }
      }
    });
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    const t0 = Date.now();
    run.proc.kill('SIGTERM');
    await Promise.all(clients);
    expect(await run.exited, `${run.output()}\n${JSON.stringify(outcomes)}`).toBe(0);
    expect(Date.now() - t0).toBeLessThan(STOP_HANG_MS);
    expect(existsSync(join(dataDir, 'postmaster.pid')), 'PGlite removes its pid file when closed').toBe(false);
    agent.destroy();
    // No request got a server error: each was answered 201 or never reached a handler.
    expect(Object.keys(outcomes).filter((k) => /^\d+$/.test(k) && k !== '201'), JSON.stringify(outcomes)).toEqual([]);
    expect(sent).toBeGreaterThan(acknowledged.length);

    const again = startServer(await freePort());
    await waitFor(again, 'Back office ready at');
    const port2 = Number(/127\.0\.0\.1:(\d+)/.exec(again.output())![1]);
    const missing: number[] = [];
    for (let i = 0; i < acknowledged.length; i += 25) {
      await Promise.all(
        acknowledged.slice(i, i + 25).map(async (id) => {
          const res = await fetch(`http://127.0.0.1:${port2}/api/v1/admin/customers/${id}`, { headers: { authorization: `Bearer ${token}` } });
          if (res.status !== 200) missing.push(id);
          await res.arrayBuffer();
        }),
      );
    }
    expect(missing, `acknowledged ${acknowledged.length}, lost after the restart`).toEqual([]);
    again.proc.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 150_000);

  it('when a request never finishes, the forced path still closes the database, within 10 s', async () => {
    const run = startServer(await freePort());
    await waitFor(run, 'Back office ready at');
    const port = Number(/127\.0\.0\.1:(\d+)/.exec(run.output())![1]);
    // A client that sends half its body and then nothing: its request cannot finish.
    const stalled = connect(port, '127.0.0.1');
    await new Promise((ok) => stalled.once('connect', ok));
    stalled.on('error', () => {});
    stalled.write('POST /api/v1/admin/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":');
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    run.proc.kill('SIGTERM');
    expect(await run.exited).toBe(1);
    expect(GRACE_MS + CLOSE_DB_MS).toBeLessThan(STOP_DESIGN_MS);
    expect(Date.now() - t0).toBeLessThan(STOP_HANG_MS);
    expect(run.output()).toContain('still running after');
    expect(run.output()).toContain('Database closed.');
    expect(existsSync(join(dataDir, 'postmaster.pid')), 'PGlite removes its pid file when closed').toBe(false);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
    stalled.destroy();
  }, 150_000);
});
