// `npm run bench`: list latency of the customers API over HTTP with 100,000 customers.
//
//   npm run bench                        PGlite (in memory), then PostgreSQL
//   npm run bench -- --only=pglite       one database kind (pglite | pg); --pg = --only=pg
//   npm run bench -- --n=500 --rows=200000 --explain
//   npm run bench -- --flood-only --flood-seconds=5   only the login flood (no 100,000 rows)
//
// Each kind gets a FRESH database: PGlite in memory; on PostgreSQL a database of its own,
// created and dropped on the server BENCH_DATABASE_URL names, or, without it, on a private
// cluster started with scripts/pg-cluster.sh in a temporary folder and removed afterwards.
// Migrations run first, 100,000 customers are inserted with one INSERT … SELECT over
// generate_series, the real app listens on 127.0.0.1 on a free port, and every scenario is
// requested N times one after another with fetch, after a warm-up. --explain prints
// EXPLAIN (ANALYZE, BUFFERS) of the SQL each scenario runs (always, for scenarios over target).
//
// Then the login flood: GET /me throughput (one client, requests one after another) alone,
// and while FLOOD_CONCURRENCY clients send bad sign-ins for unknown emails as fast as they are
// answered, first from one address, then from FLOOD_ADDRESSES loopback addresses (all of
// 127.0.0.0/8 is this machine), as a spray from many machines would.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { createApp } from '../server/app.ts';
import { issueToken } from '../server/auth/tokens.ts';
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase, schema, scratchDatabase, type Db, type DbHandle } from '../server/db/index.ts';
import { userRoles, users } from '../server/db/schema.ts';
import { ensureSuperAdminRole, seedPermissions } from '../server/seed.ts';

const root = join(import.meta.dirname, '..');
const TARGET_P95_MS = 20;

// ——— options ———

const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const known = /^--(only=(pglite|pg)|pg|n=\d+|rows=\d+|explain|warmup=\d+|child|flood-only|flood-seconds=\d+)$/;
const stray = args.filter((a) => !known.test(a));
if (stray.length) {
  console.error(`Unknown argument(s): ${stray.join(' ')}`);
  console.error('Usage: npm run bench -- [--only=pglite|pg] [--pg] [--n=200] [--rows=100000] [--warmup=20] [--explain] [--flood-only] [--flood-seconds=5]');
  process.exit(2);
}
const only = args.includes('--pg') ? 'pg' : opt('only');
const N = Number(opt('n') ?? 200);
const ROWS = Number(opt('rows') ?? 100_000);
const WARMUP = Number(opt('warmup') ?? 20);
const EXPLAIN = args.includes('--explain');
const FLOOD_ONLY = args.includes('--flood-only');
const FLOOD_MS = Number(opt('flood-seconds') ?? 5) * 1000;
const FLOOD_CONCURRENCY = 32;
const FLOOD_ADDRESSES = 256;
/** Internal: this process measures one kind and prints its result as JSON (see main). */
const CHILD = args.includes('--child');

// ——— scenarios ———

const API = '/api/v1/admin/customers';
// The seed gives each of 100 first names to 1% of the rows, and suffixes names with the row
// number; "Quentin Moreau" names one row in 4,000 (25 of 100,000).
const SCENARIOS = [
  { name: 'signed-in baseline (GET /me)', path: '/me' },
  { name: 'first page', path: API },
  { name: 'deep page (5000 × 10, offset 49,990)', path: `${API}?page=5000&per_page=10` },
  { name: 'sort email desc', path: `${API}?sort=email&dir=desc` },
  { name: 'sort created_at asc', path: `${API}?sort=created_at&dir=asc` },
  { name: 'sort created_at desc', path: `${API}?sort=created_at&dir=desc` },
  { name: 'search ~1% (Quentin)', path: `${API}?search=Quentin` },
  { name: 'search few (Quentin Moreau)', path: `${API}?search=${encodeURIComponent('Quentin Moreau')}` },
] as const;

// ——— seed ———

const FIRST = `Ada Alan Alice Amara Anton Aria Arjun Astrid Bea Bruno Carla Carlos Chen Chloe Dara Dmitri Elena Eli
Emma Ezra Farah Felix Freya Gabriel Greta Hana Hugo Ines Ivan Jade Jonas Julia Kai Karim Kenji Lara Leo Lina Luca
Maja Malik Mara Marco Maya Mila Nadia Nia Nico Noor Olga Omar Oscar Paula Pedro Priya Quentin Rafael Rania Rosa
Ruben Sana Sara Selin Sofia Soren Tara Theo Tomas Uma Valentina Vera Viktor Wei Wen Xavier Yara Yusuf Zara Zoe
Abel Bianca Cyrus Dalia Emil Fatima Goran Hedda Igor Jana Kofi Leila Mateo Nora Otto Pia Rami Signe`.split(/\s+/);
const LAST = `Moreau Smith Garcia Muller Rossi Kowalski Nielsen Tanaka Silva Novak Dubois Jensen Costa Ivanova Okafor
Haddad Larsen Fischer Romano Yilmaz Kim Nguyen Patel Santos Berg Ahmed Lopez Schmidt Bianchi Horvat Sato Li Ali
Kaur Meyer Weber Ferrari Lund Popescu Cohen`.split(/\s+/);
const CITIES = `Lisbon Porto Madrid Paris Lyon Berlin Hamburg Munich Rome Milan Vienna Prague Warsaw Krakow Oslo
Bergen Stockholm Gothenburg Copenhagen Aarhus Helsinki Tallinn Riga Vilnius Dublin Cork London Leeds Bristol
Edinburgh Glasgow Amsterdam Utrecht Brussels Ghent Zurich Geneva Basel Ljubljana Zagreb Split Athens Thessaloniki
Sofia Bucharest Budapest Bratislava Istanbul Izmir Nicosia Valletta Seville Valencia Bilbao Marseille Nice
Toulouse Bordeaux Cologne Leipzig Dresden Naples Turin Florence Graz Brno Gdansk Malmo Tampere Odense Galway
Manchester Liverpool Rotterdam Antwerp Luxembourg Lausanne Bern Salzburg Innsbruck Plovdiv Cluj Debrecen Kosice
Ankara Limassol Faro Coimbra Braga Granada Malaga Nantes Lille Bremen Stuttgart Bologna Genoa Verona`.split(/\s+/);

const sqlArray = (xs: readonly string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * One statement: names, emails, phones and cities vary with the row number so that sorting
 * and trigram search work on realistic data; created_at spreads over about two years.
 */
export const SEED_SQL = `
with f as (select ${sqlArray(FIRST)} as a), l as (select ${sqlArray(LAST)} as a), c as (select ${sqlArray(CITIES)} as a)
insert into customers (name, email, phone, address, city, country, tax_number, category_id, status, created_at, updated_at)
select
  f.a[1 + (i % ${FIRST.length})] || ' ' || l.a[1 + ((i / ${FIRST.length}) % ${LAST.length})] || ' ' || i,
  case when i % 10 = 0 then null
       else lower(f.a[1 + (i % ${FIRST.length})]) || '.' || lower(l.a[1 + ((i / ${FIRST.length}) % ${LAST.length})]) || i
            || '@' || (array['example.com','mail.test','shop.test','post.test'])[1 + (i % 4)] end,
  '+351 9' || lpad(((i * 7919) % 100000000)::text, 8, '0'),
  i || ' Rua ' || l.a[1 + (i % ${LAST.length})],
  c.a[1 + ((i * 31) % ${CITIES.length})],
  'Portugal',
  case when i % 3 = 0 then 'PT' || lpad(i::text, 9, '0') end,
  case when i % 5 = 0 then null else 1 + (i % 5) end,
  case when i % 11 = 0 then 'inactive' else 'active' end,
  now() - make_interval(mins => (i * 37) % 1000000),
  now()
from generate_series(1, $1::int) as g(i), f, l, c`;

export async function seed(handle: DbHandle, rows: number): Promise<{ token: string; ms: number }> {
  await migrate(handle);
  await seedPermissions(handle.db);
  const roleId = await ensureSuperAdminRole(handle.db);
  // No password sign-in happens here, so no argon2: a token is issued directly.
  const [user] = await handle.db
    .insert(users)
    .values({ name: 'Bench Admin', email: 'bench@example.com', password_hash: 'not-a-hash' })
    .returning({ id: users.id });
  await handle.db.insert(userRoles).values({ user_id: user!.id, role_id: roleId });
  const { token } = await issueToken(handle.db, user!.id, new Date(), 24);

  const t0 = performance.now();
  await rawQuery(handle, `insert into customer_categories (name, discount_bps) select 'Category ' || i, i * 100 from generate_series(1, 5) i`);
  await rawQuery(handle, SEED_SQL, [rows]);
  // A table that has just had 100,000 inserts gets autovacuumed; do it now so the visibility
  // map and statistics are what a live database has (index-only scans depend on it). Twice:
  // the pass right after the bulk insert leaves the pages it just saw not all-visible.
  await rawQuery(handle, 'vacuum customers');
  await rawQuery(handle, 'vacuum (analyze) customers');
  await rawQuery(handle, 'analyze');
  return { token, ms: performance.now() - t0 };
}

// ——— raw SQL on either driver ———

type Client = { kind: 'pglite'; c: any } | { kind: 'postgres'; c: postgres.Sql };
const clientOf = (handle: DbHandle): Client => {
  const c = (handle as unknown as { raw: { $client: unknown } }).raw.$client;
  return handle.kind === 'pglite' ? { kind: 'pglite', c } : { kind: 'postgres', c: c as postgres.Sql };
};

export async function rawQuery(handle: DbHandle, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const cl = clientOf(handle);
  if (cl.kind === 'pglite') return (await cl.c.query(text, params)).rows;
  return [...(await cl.c.unsafe(text, params as never[]))];
}

/** The same database with a logger, so a scenario's SQL can be captured and explained. */
function withCapture(handle: DbHandle): { db: Db; capture: <T>(fn: () => Promise<T>) => Promise<{ queries: { sql: string; params: unknown[] }[]; value: T }> } {
  let sink: { sql: string; params: unknown[] }[] | undefined;
  const logger: Logger = { logQuery: (sql, params) => sink?.push({ sql, params }) };
  const cl = clientOf(handle);
  const db = (cl.kind === 'pglite' ? drizzlePglite(cl.c, { schema, logger }) : drizzlePostgres(cl.c, { schema, logger })) as unknown as Db;
  return {
    db,
    capture: async (fn) => {
      sink = [];
      try {
        const value = await fn();
        return { queries: sink, value };
      } finally {
        sink = undefined;
      }
    },
  };
}

// ——— measuring ———

interface Result {
  name: string;
  p50: number;
  p95: number;
  max: number;
  total: number;
  queries: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(kind: string, handle: DbHandle, token: string): Promise<{ results: Result[]; explain: string[]; flood: FloodResult[] }> {
  const { db, capture } = withCapture(handle);
  const app = createApp({ db, config: { ...loadConfig({}), seed: 'none' } });
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((ok) => server.once('listening', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const headers = { authorization: `Bearer ${token}` };

  const get = async (path: string) => {
    const res = await fetch(base + path, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 300)}`);
    return body;
  };

  const results: Result[] = [];
  const explain: string[] = [];
  let flood: FloodResult[] = [];
  try {
    for (const s of FLOOD_ONLY ? [] : SCENARIOS) {
      for (let i = 0; i < WARMUP; i++) await get(s.path);
      const times: number[] = [];
      for (let i = 0; i < N; i++) {
        const t = performance.now();
        await get(s.path);
        times.push(performance.now() - t);
      }
      const { queries, value } = await capture(() => get(s.path));
      const total = s.path.startsWith(API) ? (JSON.parse(value) as { meta: { total: number } }).meta.total : 0;
      times.sort((a, b) => a - b);
      const r = { name: s.name, p50: pct(times, 50), p95: pct(times, 95), max: times.at(-1)!, total, queries: queries.length };
      results.push(r);
      if (EXPLAIN || (handle.kind === 'postgres' && r.p95 > TARGET_P95_MS)) {
        for (const q of queries) {
          if (!/^select/i.test(q.sql) || /access_tokens|user_roles|from "users"|permissions/.test(q.sql)) continue;
          const plan = await rawQuery(handle, `explain (analyze, buffers) ${q.sql}`, q.params);
          explain.push(`── ${kind} · ${s.name}\n${q.sql}\nparams ${JSON.stringify(q.params)}\n${plan.map((row) => Object.values(row)[0]).join('\n')}`);
        }
      }
    }
    flood = await loginFlood(base, token);
  } finally {
    // The flood's keep-alive connections would hold close() open.
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }
  return { results, explain, flood };
}

// ——— login flood ———

interface FloodResult {
  name: string;
  /** GET /me answered per second. */
  rate: number;
  p50: number;
  p95: number;
  /** GET /me that failed outright (no answer). */
  failed: number;
  /** Sign-in answers during the flood, by status (0: the connection failed). */
  logins: Record<string, number>;
}

/**
 * The flooding clients, in a worker thread of their own so their work does not share the
 * server's event loop (the app runs in this process): plain JS, node:http, which (unlike
 * fetch) can choose the local address. Posts back the answers by status (0: connection failed).
 */
const FLOOD_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const { Agent, request } = require('node:http');
const { url, addresses, concurrency, ms, seq } = workerData;
const agents = Array.from({ length: addresses }, (_, i) => new Agent({ keepAlive: true, localAddress: '127.77.' + (1 + Math.floor(i / 250)) + '.' + (1 + (i % 250)) }));
const headers = { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench', 'content-type': 'application/json' };
const post = (agent, body) => new Promise((resolve) => {
  const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode || 0));
  });
  req.on('error', () => resolve(0));
  req.end(body);
});
const end = performance.now() + ms;
const logins = {};
let n = seq;
Promise.all(Array.from({ length: concurrency }, async () => {
  while (performance.now() < end) {
    const i = n++;
    const status = await post(agents[i % addresses], JSON.stringify({ email: 'flood-' + i + '@example.com', password: 'not-the-password' }));
    logins[status] = (logins[status] || 0) + 1;
  }
})).then(() => { for (const a of agents) a.destroy(); parentPort.postMessage(logins); });
`;

let floodSeq = 0;

function flood(base: string, addresses: number): Promise<Record<string, number>> {
  const seq = floodSeq;
  floodSeq += 1_000_000;
  const worker = new Worker(FLOOD_WORKER, {
    eval: true,
    workerData: { url: `${base}/api/v1/admin/login`, addresses, concurrency: FLOOD_CONCURRENCY, ms: FLOOD_MS, seq },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (logins: Record<string, number>) => {
      resolve(logins);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function loginFlood(base: string, token: string): Promise<FloodResult[]> {
  const run = async (name: string, addresses: number): Promise<FloodResult> => {
    const end = performance.now() + FLOOD_MS;
    const flooding = addresses ? flood(base, addresses) : Promise.resolve({});
    const times: number[] = [];
    let failed = 0;
    while (performance.now() < end) {
      const t = performance.now();
      try {
        const res = await fetch(`${base}/me`, { headers: { authorization: `Bearer ${token}` } });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`GET /me answered ${res.status} during "${name}": ${text.slice(0, 200)}`);
        times.push(performance.now() - t);
      } catch (err) {
        // A /me that fails outright (the connection reset) is starvation too: counted, not timed.
        if (++failed > 50) throw err;
        console.error(`GET /me failed during "${name}": ${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`);
      }
    }
    const logins = await flooding;
    times.sort((a, b) => a - b);
    return { name, rate: times.length / (FLOOD_MS / 1000), p50: times.length ? pct(times, 50) : NaN, p95: times.length ? pct(times, 95) : NaN, failed, logins };
  };
  return [
    await run('GET /me alone', 0),
    await run('GET /me, flood from 1 address', 1),
    await run(`GET /me, flood from ${FLOOD_ADDRESSES} addresses`, FLOOD_ADDRESSES),
  ];
}

// ——— databases ———

type Kind = 'pglite' | 'postgres';

function startCluster(): { url: string; stop: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const script = join(root, 'scripts', 'pg-cluster.sh');
  try {
    const url = execFileSync('bash', [script, 'start', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
    let stopped = false;
    return {
      url,
      stop: () => {
        if (stopped) return;
        stopped = true;
        execFileSync('bash', [script, 'stop', dir, '--rm'], { stdio: ['ignore', 'ignore', 'inherit'] });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** A fresh database of the kind; `done` drops it (and stops the private cluster). */
async function openFresh(kind: Kind): Promise<{ handle: DbHandle; label: string; done: () => Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({});
    return { handle, label: 'PGlite (in memory)', done: () => handle.close() };
  }
  const given = process.env.BENCH_DATABASE_URL;
  const cluster = given ? undefined : startCluster();
  // Ctrl-C or a failure before `done` still stops the cluster.
  const onSignal = () => {
    cluster?.stop();
    process.exit(130);
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  process.once('exit', () => cluster?.stop());
  const serverUrl = given ?? cluster!.url;
  const { handle, drop } = await scratchDatabase(serverUrl, 'bench');
  return {
    handle,
    label: given ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PostgreSQL (private cluster)',
    done: async () => {
      await handle.close();
      await drop();
      cluster?.stop();
    },
  };
}

// ——— main ———

interface KindReport {
  kind: Kind;
  label: string;
  version: string;
  seedMs: number;
  rssSeeded: number;
  rssEnd: number;
  results: Result[];
  explain: string[];
  flood: FloodResult[];
}

/** Child: one kind, in a process of its own so its memory is its own; JSON on stdout. */
async function measureKind(kind: Kind): Promise<void> {
  const { handle, label, done } = await openFresh(kind);
  try {
    const version = String((await rawQuery(handle, 'select version() as v'))[0]!.v).split(' on ')[0]!;
    const rows = FLOOD_ONLY ? 0 : ROWS;
    console.error(`${label}: ${version}; seeding ${rows.toLocaleString('en')} customers…`);
    const { token, ms: seedMs } = await seed(handle, rows);
    const rssSeeded = process.memoryUsage().rss;
    console.error(`${label}: seeded in ${(seedMs / 1000).toFixed(1)} s; measuring…`);
    const { results, explain, flood } = await measure(label, handle, token);
    const report: KindReport = { kind, label, version, seedMs, rssSeeded, rssEnd: process.memoryUsage().rss, results, explain, flood };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    await done();
  }
}

function runChild(kind: Kind): Promise<KindReport> {
  const passOn = args.filter((a) => !/^--(only=|pg$)/.test(a));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'bench.ts'), `--only=${kind === 'postgres' ? 'pg' : kind}`, '--child', ...passOn], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  // A stop request goes to the child, which drops its database and stops its cluster first.
  const forward = (sig: NodeJS.Signals) => child.kill(sig);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      const line = out.trim().split('\n').at(-1);
      if (code === 0 && line) resolve(JSON.parse(line) as KindReport);
      else reject(new Error(`the ${kind} run failed (${signal ?? `exit ${code}`})`));
    });
  });
}

async function main(): Promise<void> {
  const kinds: Kind[] = only === 'pglite' ? ['pglite'] : only === 'pg' ? ['postgres'] : ['pglite', 'postgres'];
  if (CHILD) return measureKind(kinds[0]!);

  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  const ms = (n: number) => n.toFixed(1).padStart(7);
  if (!FLOOD_ONLY) console.log(`Customers list over HTTP: ${ROWS.toLocaleString('en')} rows, ${N} sequential requests per scenario after ${WARMUP} warm-up requests each.\n`);

  const reports: KindReport[] = [];
  for (const kind of kinds) reports.push(await runChild(kind));

  let missed = false;
  if (!FLOOD_ONLY) {
    console.log('\n| db       | scenario                             |  p50 ms |  p95 ms |  max ms |    rows | SQL |');
    console.log('|----------|--------------------------------------|--------:|--------:|--------:|--------:|----:|');
    for (const rep of reports) {
      for (const r of rep.results) {
        const over = rep.kind === 'postgres' && r.name !== SCENARIOS[0].name && r.p95 > TARGET_P95_MS;
        missed ||= over;
        console.log(
          `| ${rep.kind.padEnd(8)} | ${r.name.padEnd(36)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${String(r.total).padStart(7)} | ${String(r.queries).padStart(3)} |${over ? ' over target' : ''}`,
        );
      }
    }
    console.log(`\nrows = meta.total of the answer; SQL = statements per request, sign-in check included. Target: p95 ≤ ${TARGET_P95_MS} ms on PostgreSQL.`);
  }

  console.log(`\nLogin flood: ${FLOOD_CONCURRENCY} clients send bad sign-ins for unknown emails for ${FLOOD_MS / 1000} s while one client asks GET /me.\n`);
  console.log('| db       | scenario                               | /me per s | of alone | p50 ms | p95 ms | sign-in answers          |');
  console.log('|----------|----------------------------------------|----------:|---------:|-------:|-------:|--------------------------|');
  for (const rep of reports) {
    const alone = rep.flood[0]?.rate ?? 0;
    for (const f of rep.flood) {
      const answers = [...Object.entries(f.logins).map(([status, n]) => `${n}×${status}`), ...(f.failed ? [`/me failed ${f.failed}×`] : [])].join(' ') || '-';
      console.log(
        `| ${rep.kind.padEnd(8)} | ${f.name.padEnd(38)} | ${f.rate.toFixed(1).padStart(9)} | ${`${alone ? Math.round((100 * f.rate) / alone) : 0}%`.padStart(8)} | ${f.p50.toFixed(1).padStart(6)} | ${f.p95.toFixed(1).padStart(6)} | ${answers.padEnd(24)} |`,
      );
    }
  }
  for (const rep of reports) {
    console.log(
      `${rep.label}: ${rep.version}; seeding ${(rep.seedMs / 1000).toFixed(1)} s (INSERT … SELECT, VACUUM, ANALYZE); process RSS ${mb(rep.rssSeeded)} after seeding, ${mb(rep.rssEnd)} at the end${rep.kind === 'pglite' ? ' (the database runs inside the process)' : ''}.`,
    );
  }
  const explain = reports.flatMap((r) => r.explain);
  if (explain.length) console.log(`\n${explain.join('\n\n')}`);
  if (missed) console.log('\nSome scenarios missed the target on PostgreSQL; their plans are printed above.');
}

// Run when started as a script; importing it (to seed a scratch database) runs nothing.
if (process.argv[1]?.endsWith('bench.ts')) {
  await main().catch((err: unknown) => {
    console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
