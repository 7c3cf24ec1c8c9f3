// `npm run bench`: list latency of the customers API over HTTP with 100,000 customers, then the
// browser bench (scripts/bench-browser.ts: Chromium against a plain React floor page).
//
//   npm run bench                        PGlite (in memory), then PostgreSQL, then the browser, then
//                                        the till's catalogue (scripts/bench-till.ts)
//   npm run bench -- --only=pglite       some of them (pglite | pg | browser | till | insight, comma-separated);
//                                        --pg = --only=pg
//   npm run bench -- --only=insight      the dashboard and every report over 1,000,000 sales on
//                                        PostgreSQL (scripts/bench-insight.ts; not in the default run)
//   npm run bench -- --n=500 --rows=200000 --explain
//   npm run bench -- --only=browser --runs=7 --browser-rows=1000 --browser-db=pglite
//   npm run bench -- --flood-only --flood-seconds=5   only the login flood (no 100,000 rows)
//
// Each kind gets a FRESH database: PGlite in memory; on PostgreSQL a database of its own,
// created and dropped on the server BENCH_DATABASE_URL names, or, without it, on a private
// cluster started with scripts/pg-cluster.sh in a temporary folder and removed afterwards.
// Migrations run first, 100,000 customers are inserted with one INSERT … SELECT over
// generate_series, the real app listens on 127.0.0.1 on a free port, and every scenario is
// requested N times one after another with fetch, after a warm-up. The client that sends and
// times those requests runs in a worker thread of its own (scripts/bench-client.ts) and posts
// its timings back, so this thread only serves: a shop's clients are other machines, and a
// client sharing the server's event loop and heap (fetch machinery, gunzipping the answers,
// its garbage) queued its work with the server's and added it to the latencies it measured,
// mostly to the p95s. (A request still includes the client's own sending and reading, as it
// does for any client.) The SQL of each scenario is still counted in this thread, by a logger
// on the app's database, around one request the client sends alone after the timed ones.
// --explain prints EXPLAIN (ANALYZE, BUFFERS) of the SQL each scenario runs (always, for
// scenarios over target).
// Then the login flood (scripts/bench-flood.ts): GET /me throughput alone and during a flood
// of bad sign-ins from one and from many addresses (that client and the flooders in threads of
// their own too).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { INVOICES_API } from '../domain/documents/invoice.ts';
import { CATALOGUE_PAGE_MAX, POS_CATALOGUE_API } from '../domain/pos/till.ts';
import { saleCreateBody } from '../domain/documents/sale.ts';
import { issueInvoice } from '../server/documents/invoices.ts';
import { postSale } from '../server/documents/sales.ts';
import { openRegister } from '../server/pos/registers.ts';
import { schema, type Db, type DbHandle } from '../server/db/index.ts';
import { SEARCH_API } from '../domain/search.ts';
import { benchBarcode, clientOf, openFresh, rawQuery, seed, seedPurchases, seedSales, seedStock, type Kind } from './bench-db.ts';
import { startClient, type BenchClient, type Req } from './bench-client.ts';
import { serveApp } from './bench-server.ts';
import { loginFlood, printFlood, type FloodResult } from './bench-flood.ts';

const root = join(import.meta.dirname, '..');
const TARGET_P95_MS = 20;

// ——— options ———

const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const PARTS = ['pglite', 'pg', 'browser', 'till', 'insight'] as const;
type Part = (typeof PARTS)[number];
/** Flags of the browser bench, handed to scripts/bench-browser.ts. */
const BROWSER_FLAG = /^--(runs=\d+|browser-rows=\d+|browser-db=(pglite|pg))$/;
const known = /^--(only=(pglite|pg|browser|till|insight)(,(pglite|pg|browser|till|insight))*|pg|n=\d+|rows=\d+|history=\d+|purchases=\d+|sales=\d+|explain|warmup=\d+|child|flood-only|flood-seconds=\d+|scenarios=[\w,-]+|keep=[\w-]+)$/;
const stray = args.filter((a) => !known.test(a) && !BROWSER_FLAG.test(a));
if (stray.length) {
  console.error(`Unknown argument(s): ${stray.join(' ')}`);
  console.error('Usage: npm run bench -- [--only=pglite,pg,browser,till] [--pg] [--n=200] [--rows=100000] [--history=1000000] [--purchases=1000000] [--sales=1000000] [--warmup=20] [--explain] [--scenarios=purchase,receive]');
  console.error('                          [--flood-only] [--flood-seconds=5]   (login flood)');
  console.error('                          [--runs=7] [--browser-rows=1000] [--browser-db=pglite|pg]   (browser)');
  process.exit(2);
}
const only: Part[] = args.includes('--pg') ? ['pg'] : ((opt('only')?.split(',') as Part[] | undefined) ?? PARTS.filter((p) => p !== 'insight'));
const N = Number(opt('n') ?? 200);
const ROWS = Number(opt('rows') ?? 100_000);
const WARMUP = Number(opt('warmup') ?? 20);
const EXPLAIN = args.includes('--explain');
const FLOOD_ONLY = args.includes('--flood-only');
const FLOOD_MS = Number(opt('flood-seconds') ?? 5) * 1000;
/** Only the scenarios whose name contains one of these words (comma-separated), e.g. --scenarios=purchase,receive. */
const ONLY_SCENARIOS = opt('scenarios')?.toLowerCase().split(',').filter(Boolean);
/** Internal: this process measures one kind and prints its result as JSON (see main). */
const CHILD = args.includes('--child');

// ——— scenarios ———

const API = '/api/v1/admin/customers';
const EXPENSES = '/api/v1/admin/expenses';
/** A calendar day `n` days before today, as the date filters take it (YYYY-MM-DD). */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const PRODUCTS = '/api/v1/admin/products';
const CATALOGUE = POS_CATALOGUE_API;
/** Movements of bench product 1. */
const HISTORY = Number(opt('history') ?? 1_000_000);

interface Scenario {
  name: string;
  path: string;
  /** A POST scenario: the body of its i-th request. */
  post?: (i: number) => unknown;
  /** A POST scenario whose i-th request goes elsewhere (each receipt receives a purchase of its own). */
  postPath?: (i: number, ids: SeededIds) => string;
  /** A POST whose body needs the seeded ids (the products a sale sells). */
  postBody?: (i: number, ids: SeededIds) => unknown;
  /** Headers of the i-th request (a till sale's Idempotency-Key). */
  headers?: (i: number) => Record<string, string>;
  /** The status a POST answers (default 201). */
  status?: number;
  /** Its p95 target on PostgreSQL in ms, from its issue (default TARGET_P95_MS); null: none. */
  target?: number | null;
  /** A GET whose k-th request goes elsewhere: the pages of a walk (the till's first sync), in turn. */
  getPath?: (k: number, ids: SeededIds) => string;
  /** Its requests walk `pages(ids)` pages in turn: also report each whole walk's time. */
  walk?: (ids: SeededIds) => number;
}
/** Ids the purchase seed made, for paths that name a record. */
interface SeededIds {
  firstReceipt: number;
  supplierId: number;
  /** A 60-line invoice, for its PDF. */
  invoiceId: number;
  /** Active products in stock, ten to each posted sale. */
  sellable: number[];
  /** As many others, ten to each till sale; and the bench user's open register session they name. */
  tillSellable: number[];
  registerSession: number;
  /** The till's catalogue (issue 35): the paths of a whole first sync, page by page, and a cursor that 20 price changes came after. */
  catalogue: { pages: string[]; since: string };
}
/** Purchases in the bench (issue 11): their list, and ordered 20-line purchases to receive. */
const PURCHASE_ROWS = Number(opt('purchases') ?? 1_000_000);
const PURCHASES = '/api/v1/admin/purchases';
/** Sales in the bench (issue 34): their list over 1,000,000 sales, and posting 10-line sales. */
const SALE_ROWS = Number(opt('sales') ?? 1_000_000);
const SALES = '/api/v1/admin/sales';
const SALE_LINES = 10;
// The seed gives each of 100 first names to 1% of the rows, and suffixes names with the row
// number; "Quentin Moreau" names one row in 4,000 (25 of 100,000).
const SCENARIOS = [
  { name: 'signed-in baseline (GET /me)', path: '/me', target: null },
  { name: 'first page', path: API },
  { name: 'deep page (5000 × 10, offset 49,990)', path: `${API}?page=5000&per_page=10` },
  { name: 'sort email desc', path: `${API}?sort=email&dir=desc` },
  { name: 'sort created_at asc', path: `${API}?sort=created_at&dir=asc` },
  { name: 'sort created_at desc', path: `${API}?sort=created_at&dir=desc` },
  { name: 'search ~1% (Quentin)', path: `${API}?search=Quentin` },
  { name: 'search few (Quentin Moreau)', path: `${API}?search=${encodeURIComponent('Quentin Moreau')}` },
  { name: 'created in the last 30 days (range)', path: `${API}?created_at_from=${daysAgo(30)}&created_at_to=${daysAgo(0)}` },
  // Lists with money columns sum them over the whole filter in the statement that counts it.
  { name: 'expenses first page (+ total)', path: EXPENSES },
  { name: 'expenses last 30 days (+ total)', path: `${EXPENSES}?date_from=${daysAgo(30)}&date_to=${daysAgo(0)}` },
  { name: 'expenses deep page (+ total)', path: `${EXPENSES}?page=5000&per_page=10` },
  // Products and the stock ledger (issue 10): 100,000 products, one with 1,000,000 movements.
  { name: 'products first page', path: PRODUCTS },
  { name: 'products search ~1.7% (Kettle)', path: `${PRODUCTS}?search=Kettle` },
  { name: 'products search few (Copper Kettle)', path: `${PRODUCTS}?search=${encodeURIComponent('Copper Kettle')}` },
  { name: 'products exact barcode', path: `${PRODUCTS}?search=${benchBarcode(43_211)}` },
  // Search everywhere (issue 36): every group at once for the admin, p95 ≤ 100 ms over 100,000 products.
  { name: 'search everywhere: scanned barcode', path: `${SEARCH_API}?q=${benchBarcode(43_211)}`, target: 100 },
  { name: 'search everywhere: a word (Kettle)', path: `${SEARCH_API}?q=Kettle`, target: 100 },
  { name: 'search everywhere: two letters (ke)', path: `${SEARCH_API}?q=ke`, target: 100 },
  { name: 'search everywhere: a reference (po-42)', path: `${SEARCH_API}?q=po-42`, target: 100 },
  { name: 'product history (1M movements)', path: `${PRODUCTS}/1/movements` },
  { name: 'product history page 500', path: `${PRODUCTS}/1/movements?page=500` },
  // Every product's level and value summed: issue 10 sets no time for it.
  { name: 'stock list with totals', path: '/api/v1/admin/stock', target: null },
  { name: 'low-stock bell', path: '/api/v1/admin/stock/alerts' },
  // The till's catalogue (issue 35), before the writes below change stock: a whole first sync of
  // every active product, 5,000 a page (each request the next page, a walk's total reported too),
  // and a small delta: the 20 price changes made after a cursor.
  { name: 'till catalogue first sync, a page of 5,000', path: CATALOGUE, getPath: (k: number, ids: SeededIds) => ids.catalogue.pages[k % ids.catalogue.pages.length]!, walk: (ids: SeededIds) => ids.catalogue.pages.length, target: null },
  { name: 'till catalogue delta (20 changed)', path: CATALOGUE, getPath: (_k: number, ids: SeededIds) => `${CATALOGUE}?since=${ids.catalogue.since}` },
  // In and out in turn, so the product's stock stays between 20 and 21.
  { name: 'adjustment (POST)', path: '/api/v1/admin/stock/adjustments', post: (i: number) => ({ product_id: 20, quantity: i % 2 ? -1 : 1, reason: 'count_correction' }) },
  // Purchases (issue 11): the list over 1,000,000 purchases, and receiving a 20-line purchase.
  { name: 'purchases first page (+ totals)', path: PURCHASES },
  { name: "purchases of one supplier (+ totals)", path: `${PURCHASES}?supplier_id=SUPPLIER` },
  { name: "purchases in a month's range (+ totals)", path: `${PURCHASES}?purchased_on_from=${daysAgo(60)}&purchased_on_to=${daysAgo(31)}` },
  // Invoices (issue 34): the server's A4 PDF of a 60-line invoice (two pages).
  { name: 'invoice PDF of 60 lines', path: `${INVOICES_API}/INVOICE/pdf`, target: 150 },
  { name: 'receive a 20-line purchase (POST)', path: `${PURCHASES}/:id/receive`, post: () => ({}), postPath: (i: number, ids: SeededIds) => `${PURCHASES}/${ids.firstReceipt + i}/receive`, status: 200, target: 50 },
  // Sales (issue 34): the list over 1,000,000 sales, and posting a 10-line sale (each sells ten products of its own, one unit each, paid in cash with change).
  { name: 'sales first page (+ totals)', path: SALES },
  { name: 'sales of one customer (+ totals)', path: `${SALES}?customer_id=4242` },
  { name: "sales in a month's range (+ totals)", path: `${SALES}?sold_on_from=${daysAgo(60)}&sold_on_to=${daysAgo(31)}` },
  {
    name: 'post a 10-line sale (POST)',
    path: SALES,
    post: () => ({}),
    postBody: (i: number, ids: SeededIds) => ({
      customer_id: 1 + (i % 1000),
      sold_on: daysAgo(0),
      lines: ids.sellable.slice(i * SALE_LINES, (i + 1) * SALE_LINES).map((product_id) => ({ product_id, quantity: 1 })),
      payments: [{ method: 'cash', amount: 1_000_000 }],
    }),
    target: 40,
  },
  // The till's checkout (issue 35): the sale as the till posts it, over HTTP: channel pos, its
  // open register session, an Idempotency-Key of its own, ten products of its own, cash with change.
  {
    name: 'till checkout, 10 lines (POST, key)',
    path: SALES,
    post: () => ({}),
    postBody: (i: number, ids: SeededIds) => ({
      sold_on: daysAgo(0),
      channel: 'pos',
      register_session_id: ids.registerSession,
      lines: ids.tillSellable.slice(i * SALE_LINES, (i + 1) * SALE_LINES).map((product_id) => ({ product_id, quantity: 1 })),
      payments: [{ method: 'cash', amount: 1_000_000 }],
    }),
    headers: (i: number) => ({ 'idempotency-key': `bench-till-${i}` }),
    target: 40,
  },
] as const satisfies readonly Scenario[];

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
  target: number | null;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(kind: string, handle: DbHandle, token: string, ids: SeededIds): Promise<{ results: Result[]; explain: string[]; flood: FloodResult[] }> {
  const { db, capture } = withCapture(handle);
  const { base, close } = await serveApp(db);
  // The client runs in a thread of its own (scripts/bench-client.ts): this thread only serves.
  let client: BenchClient | undefined;

  /** The k-th request of a scenario (k counts warm-up, timed and captured requests alike). */
  const requestOf = (s: Scenario, k: number): Req => {
    const target = (s.postPath?.(k, ids) ?? s.getPath?.(k, ids) ?? s.path).replace('SUPPLIER', String(ids.supplierId)).replace('INVOICE', String(ids.invoiceId));
    const headers = s.headers?.(k);
    return s.post ? { path: target, body: JSON.stringify(s.postBody?.(k, ids) ?? s.post(k)), status: s.status ?? 201, headers } : { path: target, status: 200, headers };
  };

  const results: Result[] = [];
  const explain: string[] = [];
  let flood: FloodResult[] = [];
  try {
    client = await startClient(base, token);
    console.error(`${kind}: measuring from a client in worker thread ${client.threadId}…`);
    const picked = (SCENARIOS as readonly Scenario[]).filter((s) => !ONLY_SCENARIOS || ONLY_SCENARIOS.some((w) => s.name.toLowerCase().includes(w)));
    for (const s of FLOOD_ONLY ? [] : picked) {
      const warmup = Array.from({ length: WARMUP }, (_, k) => requestOf(s, k));
      const timed = Array.from({ length: N }, (_, k) => requestOf(s, WARMUP + k));
      const times = await client.series(warmup, timed);
      // The server logs the SQL of this one request: the client sends nothing else meanwhile.
      const last = requestOf(s, WARMUP + N);
      const { queries, value } = await capture(() => client!.one(last));
      // A PDF answers no JSON: it counts no rows.
      const answer = (value.startsWith('{') ? JSON.parse(value) : {}) as { meta?: { total: number }; count?: number; products?: unknown[] };
      const total = answer.meta?.total ?? answer.count ?? answer.products?.length ?? 0;
      // A walk's whole passes: any `pages` requests in a row ask for each page once.
      const pages = s.walk?.(ids);
      const walks = pages ? Array.from({ length: Math.floor(N / pages) }, (_, w) => times.slice(w * pages, (w + 1) * pages).reduce((a, b) => a + b, 0)).sort((a, b) => a - b) : [];
      times.sort((a, b) => a - b);
      const target = 'target' in s ? (s.target ?? null) : TARGET_P95_MS;
      const r = { name: s.name, p50: pct(times, 50), p95: pct(times, 95), max: times.at(-1)!, total, queries: queries.length, target };
      results.push(r);
      if (walks.length) results.push({ name: `  … the whole sync (${pages} pages, ${walks.length} times)`, p50: pct(walks, 50), p95: pct(walks, 95), max: walks.at(-1)!, total: 0, queries: 0, target: null });
      if (EXPLAIN || (handle.kind === 'postgres' && target !== null && r.p95 > target)) {
        for (const q of queries) {
          if (!/^(select|update|insert)/i.test(q.sql) || /access_tokens|user_roles|from "users"|permissions/.test(q.sql)) continue;
          // A write explained again can be refused (a purchase line received twice): say so and go on.
          const plan = await rawQuery(handle, `explain (analyze, buffers) ${q.sql}`, q.params).catch((e: unknown) => [{ plan: `(not explained: ${e instanceof Error ? e.message : String(e)})` }]);
          explain.push(`── ${kind} · ${s.name}\n${q.sql}\nparams ${JSON.stringify(q.params)}\n${plan.map((row) => Object.values(row)[0]).join('\n')}`);
        }
      }
    }
    flood = await loginFlood(client, base, FLOOD_MS);
  } finally {
    await client?.close();
    await close();
  }
  return { results, explain, flood };
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
    const history = FLOOD_ONLY ? 0 : HISTORY;
    console.error(`${label}: ${version}; seeding ${rows.toLocaleString('en')} customers and as many expenses…`);
    const { token, ms: customersMs } = await seed(handle, rows, { expenses: rows });
    let stockMs = 0;
    if (!FLOOD_ONLY) {
      console.error(`${label}: seeding ${rows.toLocaleString('en')} products and ${history.toLocaleString('en')} movements of one…`);
      ({ ms: stockMs } = await seedStock(handle, rows, history));
    }
    let ids: SeededIds = { firstReceipt: 0, supplierId: 0, invoiceId: 0, sellable: [], tillSellable: [], registerSession: 0, catalogue: { pages: [], since: '' } };
    let purchasesMs = 0;
    if (!FLOOD_ONLY) {
      console.error(`${label}: seeding ${PURCHASE_ROWS.toLocaleString('en')} purchases and ${N + WARMUP + 1} ordered 20-line purchases to receive…`);
      const seeded = await seedPurchases(handle, PURCHASE_ROWS, N + WARMUP + 1);
      ids = { ...ids, firstReceipt: seeded.firstReceipt, supplierId: seeded.supplierId, invoiceId: await seedInvoice(handle) };
      purchasesMs = seeded.ms;
    }
    let salesMs = 0;
    if (!FLOOD_ONLY) {
      console.error(`${label}: seeding ${SALE_ROWS.toLocaleString('en')} sales…`);
      const each = (N + WARMUP + 1) * SALE_LINES;
      const seeded = await seedSales(handle, SALE_ROWS, 2 * each);
      ids.sellable = seeded.sellable.slice(0, each);
      ids.tillSellable = seeded.sellable.slice(each);
      ids.registerSession = await seedRegister(handle);
      salesMs = seeded.ms;
    }
    if (!FLOOD_ONLY) ids.catalogue = await seedCatalogue(handle);
    const seedMs = customersMs + stockMs + purchasesMs + salesMs;
    const rssSeeded = process.memoryUsage().rss;
    console.error(`${label}: seeded in ${(seedMs / 1000).toFixed(1)} s; measuring…`);
    const { results, explain, flood } = await measure(label, handle, token, ids);
    const report: KindReport = { kind, label, version, seedMs, rssSeeded, rssEnd: process.memoryUsage().rss, results, explain, flood };
    process.stdout.write(`${JSON.stringify(report)}\n`);
  } finally {
    await done();
  }
}

/**
 * The till's catalogue walks: the pages of a whole first sync (their cursors are the last id of
 * each 5,000 active products, under one `upto`), and a delta cursor taken before 20 products'
 * prices change (each its own transaction, as the back office changes them).
 */
async function seedCatalogue(handle: DbHandle): Promise<SeededIds['catalogue']> {
  const now = async () => String((await rawQuery(handle, 'select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as x'))[0]!.x);
  const upto = await now();
  const ends = await rawQuery(handle, `select id from (select id, row_number() over (order by id) as n, count(*) over () as total from products where status = 'active') t where n % $1::int = 0 and n < total order by id`, [CATALOGUE_PAGE_MAX]);
  const pages = [CATALOGUE, ...ends.map((r) => `${CATALOGUE}?since=${encodeURIComponent(`all:${upto}:${String(r.id)}`)}`)];
  const since = await now();
  for (const r of await rawQuery(handle, `select id from products where status = 'active' order by id limit 20 offset 500`)) {
    await rawQuery(handle, 'update products set sale_price = sale_price + 1 where id = $1::int', [Number(r.id)]);
  }
  return { pages, since };
}

/** The bench user's open register session, opened by the register service (the till's sales name it). */
async function seedRegister(handle: DbHandle): Promise<number> {
  const [user] = await rawQuery(handle, `select id from users where email = 'bench@example.com'`);
  return handle.db.transaction(async (tx) => (await openRegister(tx, { opening_float: 10_000, note: null }, { userId: Number(user!.id) })).id);
}

/** A 60-line sale of active bench products, kept pending (it moves no stock) and invoiced by the invoice service itself. */
async function seedInvoice(handle: DbHandle): Promise<number> {
  const ids = await rawQuery(handle, `select id from products where status = 'active' and not tracks_serials and tax_method = 'exclusive' order by id limit 60`);
  const body = saleCreateBody.parse({ sold_on: daysAgo(1), status: 'pending', lines: ids.map((r, i) => ({ product_id: Number(r.id), quantity: 1 + (i % 3) })) });
  return handle.db.transaction(async (tx) => {
    const { id } = await postSale(tx, body, { userId: null });
    return (await issueInvoice(tx, { saleId: id }, { userId: null })).id;
  });
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

/** What scripts/bench-insight.ts takes. */
const INSIGHT_FLAG = /^--(sales=\d+|n=\d+|explain|keep=[\w-]+)$/;

/** The browser bench (or the till's catalogue bench, scripts/bench-till.ts) in a process of its own; it prints its own report. */
function runBrowser(script = 'bench-browser.ts'): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', script), ...(script === 'bench-browser.ts' ? args.filter((a) => BROWSER_FLAG.test(a)) : script === 'bench-insight.ts' ? args.filter((a) => INSIGHT_FLAG.test(a)) : [])], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // It closes its browser and server (and a private cluster) on the way out.
  const forward = (sig: NodeJS.Signals) => child.kill(sig);
  process.on('SIGINT', forward).on('SIGTERM', forward);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward);
      if (code === 0) resolve();
      else reject(new Error(`the browser run failed (${signal ?? `exit ${code}`})`));
    });
  });
}

async function main(): Promise<void> {
  const kinds: Kind[] = [...(only.includes('pglite') ? ['pglite' as const] : []), ...(only.includes('pg') ? ['postgres' as const] : [])];
  if (CHILD) return measureKind(kinds[0]!);
  if (kinds.length) await measureHttp(kinds);
  if (only.includes('browser')) {
    if (kinds.length) console.log('');
    await runBrowser();
  }
  if (only.includes('till')) {
    if (kinds.length || only.includes('browser')) console.log('');
    await runBrowser('bench-till.ts');
  }
  if (only.includes('insight')) {
    if (kinds.length || only.includes('browser') || only.includes('till')) console.log('');
    await runBrowser('bench-insight.ts');
  }
}

async function measureHttp(kinds: Kind[]): Promise<void> {

  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  const ms = (n: number) => n.toFixed(1).padStart(7);
  if (!FLOOD_ONLY)
    console.log(
      `Over HTTP: ${ROWS.toLocaleString('en')} customers, as many expenses, ${ROWS.toLocaleString('en')} products (one with ${HISTORY.toLocaleString('en')} movements), ${N} sequential requests per scenario after ${WARMUP} warm-up requests each.\n`,
    );

  const reports: KindReport[] = [];
  for (const kind of kinds) reports.push(await runChild(kind));

  let missed = false;
  if (!FLOOD_ONLY) {
    console.log(`\n| db       | ${'scenario'.padEnd(40)} |  p50 ms |  p95 ms |  max ms |    rows | SQL | target |`);
    console.log(`|----------|${'-'.repeat(42)}|--------:|--------:|--------:|--------:|----:|-------:|`);
    for (const rep of reports) {
      for (const r of rep.results) {
        const over = rep.kind === 'postgres' && r.target !== null && r.p95 > r.target;
        missed ||= over;
        const target = r.target === null ? '—' : `≤ ${r.target}`;
        console.log(
          `| ${rep.kind.padEnd(8)} | ${r.name.padEnd(40)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${String(r.total).padStart(7)} | ${String(r.queries).padStart(3)} | ${target.padStart(6)} |${over ? ' over target' : ''}`,
        );
      }
    }
    console.log(`\nrows = meta.total of the answer; SQL = statements per request, sign-in check included. target = the p95 its issue asks for on PostgreSQL, in ms.`);
  }
  printFlood(reports, FLOOD_MS);
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
