// The dashboard and the reports over a year of 1,000,000 sales (issue 36): a fresh PostgreSQL
// database (a private cluster, or BENCH_DATABASE_URL), 100,000 products, the sales history of
// scripts/bench-db.ts seedSaleHistory, then each endpoint timed over HTTP as the other bench parts
// time theirs (scripts/bench.ts): the real app served in this thread, a client in a worker thread
// (scripts/bench-client.ts) requesting it signed in as the bench's Super Admin, so each figure
// includes HTTP, the session check and the JSON: the dashboard's one call, and each report's JSON
// answer for last month (its first REPORT_ROW_LIMIT rows and totals), p50/p95 against the targets.
//   npm run bench -- --only=insight            node --import tsx scripts/bench-insight.ts [--sales=N] [--n=50] [--explain] [--keep=NAME]
// --keep=NAME (with BENCH_DATABASE_URL, a server's URL): the database NAME on that server, made and
//   seeded the first time and kept, reused as it is after (migrated to the newest), so a change can
//   be measured in seconds; drop it yourself when done.
// --explain: each statement of the dashboard and of each report under EXPLAIN (ANALYZE, BUFFERS)
//   (run in process, after the timing).
// The dashboard is also timed over the demo year (server/seed.ts seedDemo), in a database of its own.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { DASHBOARD_API } from '../domain/insight/dashboard.ts';
import { REPORT_ROW_LIMIT, REPORTS, REPORTS_API } from '../domain/insight/reports.ts';
import { PERMISSIONS, type Permission } from '../domain/permissions.ts';
import { readDashboard } from '../server/insight/dashboard.ts';
import { readReport } from '../server/insight/reports.ts';
import { migrate, openDatabase, type Db, type DbHandle } from '../server/db/index.ts';
import { rowsOf } from '../server/crud/sql.ts';
import { seedDemo } from '../server/seed.ts';
import { benchAdmin, openFresh, seedPurchases, seedSaleHistory, seedStock } from './bench-db.ts';
import { startClient, type Req } from './bench-client.ts';
import { serveApp } from './bench-server.ts';

const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SALES = Number(opt('sales') ?? 1_000_000);
const PRODUCTS = 100_000;
const N = Number(opt('n') ?? 50);
const EXPLAIN = args.includes('--explain');
const KEEP = opt('keep');
const DASHBOARD_P95 = 50;
const REPORT_P95 = 200;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

/** Each GET `paths` over HTTP against the real app over `handle`, signed in as the bench's Super Admin: 3 warm-up requests, then N timed by the client thread. */
async function overHttp(handle: DbHandle, paths: string[]): Promise<{ p50: number; p95: number }[]> {
  const { token } = await benchAdmin(handle);
  const { base, close } = await serveApp(handle.db);
  const client = await startClient(base, token).catch(async (err: unknown) => {
    await close();
    throw err;
  });
  try {
    const out: { p50: number; p95: number }[] = [];
    for (const path of paths) {
      const req: Req = { path, status: 200 };
      const times = await client.series(Array<Req>(3).fill(req), Array<Req>(N).fill(req));
      out.push({ p50: pct(times, 50), p95: pct(times, 95) });
    }
    return out;
  } finally {
    await client.close();
    await close();
  }
}

/** The database NAME on BENCH_DATABASE_URL's server, made if missing and never dropped. */
async function openKept(name: string): Promise<{ handle: DbHandle; label: string; done: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('--keep needs BENCH_DATABASE_URL (a PostgreSQL server the database stays on)');
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const [found] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!found) await admin.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  await admin.end({ timeout: 5 });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return { handle, label: `PostgreSQL (kept database ${name})`, done: () => handle.close() };
}

/**
 * The db with each statement also run under EXPLAIN (ANALYZE, BUFFERS) first, its plan printed
 * (the insight code reads through `execute` only); the real statement's rows are answered.
 */
function explaining(db: Db, title: string): Db {
  let n = 0;
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return async (query: SQL) => {
        const plan = await rowsOf<Record<string, string>>(target, sql`explain (analyze, buffers) ${query}`);
        const text = new PgDialect().sqlToQuery(query).sql.replace(/\s+/g, ' ').slice(0, 160);
        console.log(`\n— ${title} #${++n}: ${text}…\n${plan.map((r) => Object.values(r)[0]).join('\n')}`);
        return target.execute(query);
      };
    },
  });
}

/** The dashboard over the demo year (what a new shop sees on the first start), in a database of its own. */
async function demoYear(now: Date, all: Set<Permission>) {
  const { handle, done } = await openFresh('postgres');
  try {
    await migrate(handle);
    await seedDemo(handle.db, { now });
    const [count] = await rowsOf<{ n: string }>(handle.db, sql`select count(*) as n from sales`);
    const [t] = await overHttp(handle, [DASHBOARD_API]);
    if (EXPLAIN) await readDashboard(explaining(handle.db, 'dashboard, demo year'), now, 1, all);
    return { sales: Number(count!.n), t: t! };
  } finally {
    await done();
  }
}

async function main() {
  const { handle, label, done } = KEEP ? await openKept(KEEP) : await openFresh('postgres');
  try {
    await migrate(handle);
    const t0 = performance.now();
    const [had] = await rowsOf<{ n: string }>(handle.db, sql`select count(*) as n from sales`);
    const reused = KEEP && Number(had!.n) > 0;
    if (!reused) {
      await seedStock(handle, PRODUCTS, 0);
      await seedPurchases(handle, 20_000, 0);
      await seedSaleHistory(handle, SALES, PRODUCTS);
      await rowsOf(handle.db, sql`analyze`);
    }
    const [count] = await rowsOf<{ n: string }>(handle.db, sql`select count(*) as n from sales`);
    console.log(`${label}: ${Number(count!.n).toLocaleString('en')} sales, ${PRODUCTS.toLocaleString('en')} products, ${reused ? 'reused as seeded before' : `seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`}; ${N} requests each over HTTP after 3 warm-up requests.\n`);
    const now = new Date();
    const all = new Set<Permission>(PERMISSIONS as readonly Permission[]);
    const lastMonth = {
      from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10),
      to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10),
    };
    const scenarios: [string, string, number][] = [
      ['dashboard (every part)', DASHBOARD_API, DASHBOARD_P95],
      ...REPORTS.map((def): [string, string, number] => [`report ${def.kind} (${lastMonth.from} – ${lastMonth.to})`, `${REPORTS_API}/${def.kind}?from=${lastMonth.from}&to=${lastMonth.to}`, REPORT_P95]),
    ];
    const times = await overHttp(handle, scenarios.map(([, path]) => path));
    const rows = scenarios.map(([name, , target], i): [string, { p50: number; p95: number }, number] => [name, times[i]!, target]);
    if (EXPLAIN) {
      await readDashboard(explaining(handle.db, 'dashboard'), now, 1, all);
      for (const def of REPORTS) await readReport(explaining(handle.db, `report ${def.kind}`), def, lastMonth, REPORT_ROW_LIMIT);
    }
    const demo = await demoYear(now, all);
    rows.push([`dashboard (every part), demo year (${demo.sales.toLocaleString('en')} sales)`, demo.t, DASHBOARD_P95]);
    console.log(`| scenario${' '.repeat(52)} | p50 ms | p95 ms | target |`);
    console.log(`|${'-'.repeat(62)}|--------|--------|--------|`);
    for (const [name, t, target] of rows) console.log(`| ${name.padEnd(60)} | ${t.p50.toFixed(1).padStart(6)} | ${t.p95.toFixed(1).padStart(6)} | ${String(target).padStart(6)} |${t.p95 > target ? ' over target' : ''}`);
  } finally {
    await done();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
