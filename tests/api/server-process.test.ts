/**
 * The real server process: one owner per data folder, and SIGTERM closes the database so the
 * next start finds it intact.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'server-process-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const p of started) if (p.exitCode === null) p.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

interface Run {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(port: number): Run {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', NODE_ENV: 'test' };
  delete env.DATABASE_URL;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(proc);
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

async function waitFor(run: Run, text: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!run.output().includes(text)) {
    if (run.proc.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    if (Date.now() > until) throw new Error(`no "${text}" within ${ms} ms:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function signIn(port: number): Promise<number> {
  const base = `http://127.0.0.1:${port}`;
  const cookie = (await fetch(`${base}/sanctum/csrf-cookie`)).headers.get('set-cookie') ?? '';
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const res = await fetch(`${base}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify({ email: 'admin@example.com', password: 'password' }),
  });
  return res.status;
}

describe('server process', () => {
  it('refuses a second server on the same data folder, stops cleanly on SIGTERM, and restarts on intact data', async () => {
    const first = startServer(await freePort());
    // A first start migrates and seeds the demo shop with its goods (images, ledger): on a busy machine that takes a while.
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
});
