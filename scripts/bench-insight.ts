// The dashboard and the reports over a year of 1,000,000 sales (issue 36): a fresh PostgreSQL
// database (a private cluster, or BENCH_DATABASE_URL), 100,000 products, the sales history of
// scripts/bench-db.ts seedSaleHistory, then each read timed in process, straight on the database
// (the one call the dashboard makes, and each report for last month), p50/p95 against the targets.
//   npm run bench -- --only=insight            node --import tsx scripts/bench-insight.ts [--sales=N] [--n=50] [--explain]
import { sql } from 'drizzle-orm';
import { REPORTS } from '../domain/insight/reports.ts';
import { PERMISSIONS, type Permission } from '../domain/permissions.ts';
import { readDashboard } from '../server/insight/dashboard.ts';
import { reportRows } from '../server/insight/reports.ts';
import { migrate } from '../server/db/index.ts';
import { rowsOf } from '../server/crud/sql.ts';
import { openFresh, seedPurchases, seedSaleHistory, seedStock } from './bench-db.ts';

const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SALES = Number(opt('sales') ?? 1_000_000);
const PRODUCTS = 100_000;
const N = Number(opt('n') ?? 50);
const EXPLAIN = args.includes('--explain');
const DASHBOARD_P95 = 50;
const REPORT_P95 = 200;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

async function timed(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

async function main() {
  const { handle, label, done } = await openFresh('postgres');
  try {
    await migrate(handle);
    const t0 = performance.now();
    await seedStock(handle, PRODUCTS, 0);
    await seedPurchases(handle, 20_000, 0);
    await seedSaleHistory(handle, SALES, PRODUCTS);
    const [count] = await rowsOf<{ n: string }>(handle.db, sql`select count(*) as n from sales`);
    console.log(`${label}: ${Number(count!.n).toLocaleString('en')} sales, ${PRODUCTS.toLocaleString('en')} products, seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s; ${N} runs each after 3 warm-up runs.\n`);
    const now = new Date();
    const all = new Set<Permission>(PERMISSIONS as readonly Permission[]);
    const lastMonth = {
      from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10),
      to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10),
    };
    const rows: [string, { p50: number; p95: number }, number][] = [];
    rows.push(['dashboard (every part)', await timed(() => readDashboard(handle.db, now, 1, all)), DASHBOARD_P95]);
    for (const def of REPORTS) rows.push([`report ${def.kind} (${lastMonth.from} – ${lastMonth.to})`, await timed(() => reportRows(handle.db, def, lastMonth)), REPORT_P95]);
    console.log(`| scenario${' '.repeat(52)} | p50 ms | p95 ms | target |`);
    console.log(`|${'-'.repeat(62)}|--------|--------|--------|`);
    for (const [name, t, target] of rows) console.log(`| ${name.padEnd(60)} | ${t.p50.toFixed(1).padStart(6)} | ${t.p95.toFixed(1).padStart(6)} | ${String(target).padStart(6)} |${t.p95 > target ? ' over target' : ''}`);
    if (EXPLAIN) console.log('\n(--explain: see server/insight/*.ts for the SQL; run it under EXPLAIN ANALYZE in psql on BENCH_DATABASE_URL)');
  } finally {
    await done();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
