/**
 * Three real server processes behind a real load balancer (HAProxy from Debian's package, with
 * the configuration the README shows) on one PostgreSQL of this file's own (it is stopped at the
 * end, to see /api/ready go 503). Clients connect from different loopback addresses
 * (127.0.0.2, 127.0.0.3…), so the balancer adds X-Forwarded-For with each real address.
 *
 * Runs where PostgreSQL is (TEST_DATABASE_URL set: CI's api-postgres step) and HAProxy is
 * installed (.ci/run installs it); otherwise skipped with the reason.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASES_API } from '../../domain/documents/purchase.ts';
import { products as P, suppliers as S, units as UN, customers as C } from '../../domain/resources/index.ts';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { DEVICE_COOKIE } from '../../server/auth/device.ts';
import { freePort } from './support/free-port.ts';

const root = join(import.meta.dirname, '..', '..');
const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p));
const skipReason = !process.env.TEST_DATABASE_URL
  ? 'load-balancer: skipped, needs PostgreSQL (set TEST_DATABASE_URL; scripts/pg-cluster.sh start gives one).'
  : !haproxy
    ? 'load-balancer: skipped, HAProxy is not installed (apt-get install haproxy; .ci/run does).'
    : undefined;
if (skipReason) console.info(skipReason);

/** The balancer's health check interval: a server going 503 is out within about this. */
const CHECK_MS = 250;
const DRAIN_SECONDS = Number(process.env.LB_DRAIN ?? 2);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  text: string;
}

/** One HTTP request on a new connection from the loopback address `from`. */
function call(port: number, method: string, path: string, o: { from?: string; body?: unknown; token?: string; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = o.body === undefined ? undefined : JSON.stringify(o.body);
    const headers: Record<string, string | number> = { ...o.headers };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false, localAddress: o.from ?? '127.0.0.2' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        let parsed: unknown = text;
        if (String(res.headers['content-type'] ?? '').includes('json') && text) parsed = JSON.parse(text);
        resolve({ status: res.statusCode!, headers: res.headers, body: parsed, text });
      });
      res.on('error', reject);
    });
    req.setTimeout(o.timeoutMs ?? 30_000, () => req.destroy(new Error(`${method} ${path}: no answer in time`)));
    req.on('error', reject);
    req.end(body);
  });
}

interface Server {
  name: string;
  port: number;
  proc: ChildProcess;
  out: string;
  exited: Promise<number | null>;
}

let dir: string;
let pgDir: string;
let dbUrl: string;
let lbPort: number;
let lb: ChildProcess | undefined;
let lbOut = '';
const servers: Server[] = [];
const spawned: ChildProcess[] = [];

function startServer(name: string, port: number): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'demo',
    NODE_ENV: 'test',
    SERVER_NAME: name,
    TRUSTED_PROXIES: '127.0.0.1',
    PUBLIC_URL: 'https://shop.example.test',
    DRAIN_SECONDS: String(DRAIN_SECONDS),
    DB_POOL_SIZE: '6',
    DB_STATEMENT_TIMEOUT_MS: '20000',
    READY_TIMEOUT_MS: '1000',
  };
  delete env.TEST_DATABASE_URL;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  spawned.push(proc);
  const s: Server = { name, port, proc, out: '', exited: new Promise((r) => proc.once('exit', (code) => r(code))) };
  proc.stdout!.on('data', (d: Buffer) => (s.out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (s.out += d.toString()));
  return s;
}

async function until(what: string, ok: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await ok()) return;
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ready = async (port: number) => (await call(port, 'GET', '/api/ready', { timeoutMs: 3000 }).catch(() => ({ status: 0 }))).status === 200;
const waitUp = (s: Server, ms = 120_000) =>
  until(`${s.name} ready`, async () => {
    if (s.proc.exitCode !== null) throw new Error(`${s.name} exited ${s.proc.exitCode}:\n${s.out}`);
    return s.out.includes('Back office ready at') && (await ready(s.port));
  }, ms);

function haproxyConfig(backends: Server[]): string {
  // The configuration the README's "More than one server" shows, with test ports and timings.
  return `global
  maxconn 1000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A connection refused (a server starting or gone) is tried again on another server.
  retries 3
  option redispatch 1
  # A new connection to the server for each request, so none is reused just as a stopping
  # server closes it.
  option http-server-close
  http-reuse never
  # Appends the client's address to X-Forwarded-For (what a client wrote stays to its left).
  option forwardfor

frontend shop
  bind 127.0.0.1:${lbPort}
  # One id per request, in every server's log lines and the answer (X-Request-Id).
  http-request set-header X-Request-Id %[uuid()]
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter ${CHECK_MS}ms fall 1 rise 2
${backends.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

let sql: postgres.Sql;
let token = '';
let adminDevice = '';

beforeAll(async () => {
  if (skipReason) return;
  dir = mkdtempSync(join(tmpdir(), 'lb-test-'));
  // A cluster of this file's own: the last test stops it.
  pgDir = mkdtempSync(join(tmpdir(), 'lb-pg-'));
  const started = spawnSync(join(root, 'scripts', 'pg-cluster.sh'), ['start', pgDir], { encoding: 'utf8', env: { ...process.env, PG_PORT: String(await freePort()) } });
  if (started.status !== 0) throw new Error(`pg-cluster start failed: ${started.stderr}`);
  dbUrl = started.stdout.trim();
  sql = postgres(dbUrl, { max: 2, onnotice: () => {} });
  lbPort = await freePort();
}, 120_000);

afterAll(async () => {
  for (const p of spawned) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  if (lb && lb.exitCode === null) lb.kill('SIGKILL');
  await sql?.end({ timeout: 2 }).catch(() => {});
  if (pgDir) spawnSync(join(root, 'scripts', 'pg-cluster.sh'), ['stop', pgDir, '--rm'], { encoding: 'utf8' });
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe.skipIf(Boolean(skipReason))('three servers behind HAProxy on one PostgreSQL', () => {
  it('all three, started at the same moment on an empty database, come up', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    servers.push(...ports.map((port, i) => startServer(`s${i + 1}`, port)));
    writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig(servers));
    const check = spawnSync(haproxy!, ['-c', '-f', join(dir, 'haproxy.cfg')], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    lb = spawn(haproxy!, ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
    spawned.push(lb);
    lb.stdout!.on('data', (d: Buffer) => (lbOut += d.toString()));
    lb.stderr!.on('data', (d: Buffer) => (lbOut += d.toString()));
    await Promise.all(servers.map((s) => waitUp(s)));
    for (const s of servers) expect(s.proc.exitCode, s.out).toBeNull();
    await until('the balancer sees every server up', async () => (await Promise.all([1, 2, 3].map(() => ready(lbPort)))).every(Boolean), 20_000).catch((err: Error) => {
      throw new Error(`${err.message}\nhaproxy said:\n${lbOut}`);
    });
    const [applied] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(applied!.n).toBeGreaterThan(0);
    // Each answer carries the request id the balancer gave it (one per request).
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await call(lbPort, 'GET', '/api/health');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/i);
      seen.add(String(res.headers['x-request-id']));
    }
    expect(seen.size).toBe(6);
  }, 180_000);

  // A browser sends its XSRF cookie and header with its other cookies (the device cookie).
  const signIn = (from: string, password: string, cookie?: string, extra: Record<string, string> = {}) =>
    call(lbPort, 'POST', '/api/v1/admin/login', {
      from,
      body: { email: 'admin@example.com', password },
      headers: { ...(cookie ? { cookie: `XSRF-TOKEN=lb; ${cookie}`, 'x-xsrf-token': 'lb' } : {}), ...extra },
    });

  it('counts sign-in failures per real client behind the balancer, and a forged X-Forwarded-For changes nothing', async () => {
    // A stranger at 127.0.0.3 locks only himself (LOGIN_MAX_FAILURES is 5).
    for (let i = 0; i < 5; i++) expect((await signIn('127.0.0.3', `guess-${i}`)).status).toBe(422);
    expect((await signIn('127.0.0.3', 'password')).status).toBe(429);
    // Another at 127.0.0.4 claims to be 127.0.0.2 (the admin's address) and a new address each time:
    // the balancer appends his real one, which is what counts.
    for (let i = 0; i < 5; i++) expect((await signIn('127.0.0.4', `guess-${i}`, undefined, { 'x-forwarded-for': i % 2 ? '127.0.0.2' : `198.51.100.${i}` })).status).toBe(422);
    expect((await signIn('127.0.0.4', 'password', undefined, { 'x-forwarded-for': '198.51.100.99' })).status).toBe(429);
    // The admin from his own address signs in.
    const admin = await signIn('127.0.0.2', 'password');
    expect(admin.status, admin.text).toBe(200);
    token = admin.body.access_token;
    const cookies = ([] as string[]).concat(admin.headers['set-cookie'] ?? []);
    adminDevice = cookies.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!.split(';')[0]!;
    expect(adminDevice).toBeTruthy();
  }, 60_000);

  it('marks every cookie Secure under an https PUBLIC_URL', async () => {
    const xsrf = ([] as string[]).concat((await call(lbPort, 'GET', '/sanctum/csrf-cookie')).headers['set-cookie'] ?? []);
    const login = ([] as string[]).concat((await signIn('127.0.0.2', 'password')).headers['set-cookie'] ?? []);
    const all = [...xsrf, ...login];
    expect(all.map((c) => c.split('=')[0]).sort()).toEqual(['XSRF-TOKEN', 'XSRF-TOKEN', 'bo_device', 'bo_page'].sort());
    for (const c of all) expect(c).toMatch(/;\s*Secure/i);
  }, 30_000);

  it("after 150 failed sign-ins for the admin from strangers, the admin's own browser still signs in", async () => {
    let refused = 0;
    const tries = Array.from({ length: 150 }, (_, i) => i);
    // Six at a time from 150 different addresses (127.0.1.x): the account's hourly limit (100) runs out.
    for (let i = 0; i < tries.length; i += 6) {
      const answers = await Promise.all(tries.slice(i, i + 6).map((n) => signIn(`127.0.1.${n + 1}`, `guess-${n}`)));
      for (const a of answers) {
        expect([422, 429, 503]).toContain(a.status);
        if (a.status === 429) refused++;
      }
    }
    expect(refused).toBeGreaterThanOrEqual(40);
    // A browser the admin never used is refused for the hour, however right the password …
    expect((await signIn('127.0.0.5', 'password')).status).toBe(429);
    // … his own (the device cookie of his sign-in before) is not, whichever server answers.
    for (let i = 0; i < 3; i++) {
      const res = await signIn('127.0.0.2', 'password', adminDevice);
      expect(res.status, res.text).toBe(200);
    }
  }, 120_000);

  let supplierId = 0;
  let unitId = 0;
  const create = async (api: string, body: Record<string, unknown>) => {
    const res = await call(lbPort, 'POST', api, { token, body });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: number; reference?: string };
  };

  it('30 concurrent purchases and adjustments spread over the servers keep numbers consecutive and stock equal to the ledger', async () => {
    unitId = (await create(UN.api, { name: 'Balanced piece', short_name: 'bpc' })).id;
    supplierId = (await create(S.api, { name: 'Balanced Supplies' })).id;
    const products = [await create(P.api, { name: 'Balanced A', sku: 'LB-A', unit_id: unitId, sale_price: 100, cost_price: 50 })];
    products.push(await create(P.api, { name: 'Balanced B', sku: 'LB-B', unit_id: unitId, sale_price: 100, cost_price: 50 }));
    const work = Array.from({ length: 30 }, (_, i) => async () => {
      const product = products[i % 2]!;
      if (i % 2 === 0) {
        const po = await create(PURCHASES_API, { supplier_id: supplierId, purchased_on: '2025-06-01', lines: [{ product_id: product.id, quantity: 3 }] });
        const received = await call(lbPort, 'POST', `${PURCHASES_API}/${po.id}/receive`, { token, body: {} });
        expect(received.status, received.text).toBe(200);
        return po.reference!;
      }
      await create(ADJUSTMENTS_API, { product_id: product.id, quantity: 2, reason: 'found', unit_cost: 40 });
      return undefined;
    });
    const refs = (await Promise.all(work.map((w) => w()))).filter((r): r is string => r !== undefined);
    const numbers = refs.map((r) => Number(/(\d+)$/.exec(r)![1])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(15);
    expect(numbers.at(-1)! - numbers[0]!).toBe(14);
    const rows = await sql`
      select p.id, coalesce(l.qty, 0)::int as on_hand, coalesce((select sum(m.quantity) from stock_movements m where m.product_id = p.id), 0)::int as ledger
      from products p left join stock_levels l on l.product_id = p.id where p.id in ${sql(products.map((p) => p.id))}`;
    for (const r of rows) expect(r.on_hand).toBe(r.ledger);
    expect(rows.reduce((s, r) => s + r.on_hand, 0)).toBe(15 * 3 + 15 * 2);
  }, 120_000);

  it('one Idempotency-Key sent to each of the servers gives one document', async () => {
    const body = { supplier_id: supplierId, purchased_on: '2025-06-02', lines: [{ product_id: (await create(P.api, { name: 'Keyed', sku: 'LB-K', unit_id: unitId, sale_price: 10 })).id, quantity: 1 }] };
    const key = `lb-${Date.now()}`;
    const answers = await Promise.all(servers.map((s) => call(s.port, 'POST', PURCHASES_API, { token, body, headers: { 'Idempotency-Key': key } })));
    for (const a of answers) expect(a.status, a.text).toBe(201);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const [made] = await sql`select count(*)::int as n from purchases where supplier_id = ${supplierId} and purchased_on = '2025-06-02'`;
    expect(made!.n).toBe(1);
  }, 60_000);

  it('a rolling restart of every server under steady reads and writes fails no request and loses no acknowledged write', async () => {
    let stop = false;
    const acknowledged: number[] = [];
    const failures: string[] = [];
    let sent = 0;
    let n = 0;
    const worker = async (w: number) => {
      while (!stop) {
        sent++;
        const write = (n++ & 1) === 0;
        try {
          const res = write
            ? await call(lbPort, 'POST', C.api, { from: `127.0.2.${w + 1}`, token, body: { name: `Rolling ${n}`, status: 'active' } })
            : await call(lbPort, 'GET', `${C.api}?per_page=10`, { from: `127.0.2.${w + 1}`, token });
          if (res.status !== (write ? 201 : 200)) failures.push(`${res.status} ${res.text.slice(0, 200)}`);
          else if (write) acknowledged.push(res.body.data.id);
        } catch (err) {
          failures.push((err as Error).message);
        }
      }
    };
    const load = Array.from({ length: 4 }, (_, w) => worker(w));
    await new Promise((r) => setTimeout(r, 1000));
    for (let i = 0; i < servers.length; i++) {
      const old = servers[i]!;
      old.proc.kill('SIGTERM');
      expect(await old.exited, old.out).toBe(0);
      if (DRAIN_SECONDS) expect(old.out).toContain('not ready any more');
      const fresh = startServer(old.name, old.port);
      servers[i] = fresh;
      await waitUp(fresh);
      // Back in the balancer (two good checks) before the next one goes.
      await new Promise((r) => setTimeout(r, CHECK_MS * 4));
    }
    await new Promise((r) => setTimeout(r, 1000));
    stop = true;
    await Promise.all(load);
    const ids = [...new Set(acknowledged)];
    const found = ids.length ? await sql`select id from customers where id in ${sql(ids)}` : [];
    console.info(`load-balancer rolling restart: ${sent} requests sent, ${failures.length} failed, ${ids.length} writes acknowledged, ${found.length} of them found afterwards`);
    expect(failures.slice(0, 10), `${failures.length} failed`).toEqual([]);
    expect(ids.length).toBeGreaterThan(10);
    expect(found.length).toBe(ids.length);
  }, 300_000);

  it('with the database stopped, /api/ready answers 503 within its timeout while /api/health stays 200', async () => {
    await sql.end({ timeout: 2 });
    const stopped = spawnSync(join(root, 'scripts', 'pg-cluster.sh'), ['stop', pgDir], { encoding: 'utf8' });
    expect(stopped.status, stopped.stderr).toBe(0);
    for (const s of servers) {
      const t0 = Date.now();
      const res = await call(s.port, 'GET', '/api/ready', { timeoutMs: 10_000 });
      expect(res.status).toBe(503);
      // READY_TIMEOUT_MS is 1000; a loaded machine adds a little.
      expect(Date.now() - t0).toBeLessThan(3000);
      expect((await call(s.port, 'GET', '/api/health')).status).toBe(200);
    }
  }, 60_000);
});
