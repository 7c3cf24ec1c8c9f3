// `npm run bench -- --only=till`: the till's catalogue kept in the browser, at 100,000 products
// (issue 35: a keystroke's search within a frame, ≤ 16 ms p95; a scan ≪ 1 ms; ready from a warm
// cache ≤ 1 s and from cold ≤ 5 s; JS heap after loading ≤ 60 MB).
//
//   node --import tsx scripts/bench-till.ts [--products=100000] [--runs=3] [--scans=30] [--page-only]
//
// 1. In Node: the search index alone (domain/pos/catalogue-search.ts): its build, each keystroke
//    of scripts/bench-till/catalogue.ts's TYPED queries (every prefix of each, as typed), a
//    scan's look-up (hrtime per call), and the heap the index holds (after a forced GC).
// 2. In Chromium: the real store (src/pos/catalogue-store.ts, IndexedDB through idb) in a page
//    built here by a small Vite build (scripts/bench-till/page.ts), served with a stand-in for
//    the catalogue route (pages of CATALOGUE_PAGE_MAX from the generated catalogue, over HTTP on
//    127.0.0.1). cold: a fresh browser context (empty IndexedDB), open() = every page fetched
//    and written, then the index built; warm: the page loaded again in that context, open() =
//    every product read back from IndexedDB and the index built (its sync behind it asks once
//    and gets nothing; the index comes from the one kept after the cold sync). Then the keystrokes and scans in the page, and the JS heap (CDP
//    JSHeapUsedSize after HeapProfiler.collectGarbage) before and after opening.
// 3. In Chromium, the real till (the built dist/, `npm run build` first, served by the app in a
//    thread of its own, scripts/bench-server.ts, over PGlite with --products products in stock and
//    the bench user's register open): /admin/pos signed in, its catalogue synced from the server,
//    then SCANS codes of products not yet in the cart, each typed into the search box as fast as
//    Playwright sends keys (a scanner's speed) and ended by Enter. A scan's time runs from its Enter's keydown (in the
//    page) to the frame that draws its line in the cart (MutationObserver until a cart line holds
//    its name, then requestAnimationFrame and a message: the task after that frame's paint).
// Not measured here: drawing the search results (the keystroke figures are the index's).
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { CatalogueIndex } from '../domain/pos/catalogue-search.ts';
import { CATALOGUE_PAGE_MAX, POS_CATALOGUE_API, type CatalogueAnswer, type CatalogueProduct } from '../domain/pos/till.facts.ts';
import { chromiumLaunchOptions } from '../tests/e2e/support/browser.ts';
import { PAGE_SESSION_COOKIE } from '../domain/auth.ts';
import { generateCatalogue, keystrokes } from './bench-till/catalogue.ts';
import { startBenchServer } from './bench-server.ts';

const args = process.argv.slice(2);
const stray = args.filter((a) => !/^--(products=\d+|runs=\d+|scans=\d+|page-only)$/.test(a));
if (stray.length) {
  console.error(`Unknown argument(s): ${stray.join(' ')}\nUsage: node --import tsx scripts/bench-till.ts [--products=100000] [--runs=3]`);
  process.exit(2);
}
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const N = Number(opt('products') ?? 100_000);
const RUNS = Number(opt('runs') ?? 3);
/** Scans per run on the till page. */
const SCANS = Number(opt('scans') ?? 30);
/** Only part 3 (the till page). */
const PAGE_ONLY = args.includes('--page-only');
const distDir = join(import.meta.dirname, '..', 'dist');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const median = (xs: number[]) => pct(xs, 50);
const f = (n: number, d = 1) => n.toFixed(d);
const mb = (bytes: number) => `${f(bytes / 1024 / 1024)} MB`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** Codes a scanner sends: known barcodes and SKUs, and some no product has. */
function scanCodes(products: CatalogueProduct[], count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const p = products[(i * 7919) % products.length]!;
    out.push(i % 10 === 9 ? `999${i}` : i % 3 === 0 ? p.sku : (p.barcode ?? p.sku));
  }
  return out;
}

function nodePart(products: CatalogueProduct[]) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const builds: number[] = [];
  let index: CatalogueIndex | undefined;
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let r = 0; r < RUNS; r++) {
    index = undefined;
    gc();
    const t0 = performance.now();
    index = new CatalogueIndex(products);
    builds.push(performance.now() - t0);
  }
  gc();
  const heap = process.memoryUsage().heapUsed - before;
  const keys = keystrokes();
  for (const q of keys) index!.search(q);
  const typing: number[] = [];
  for (let r = 0; r < 5; r++) {
    for (const q of keys) {
      const t0 = process.hrtime.bigint();
      index!.search(q);
      typing.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  const codes = scanCodes(products, 20_000);
  for (const c of codes) index!.byCode(c);
  const scans: number[] = [];
  for (const c of codes) {
    const t0 = process.hrtime.bigint();
    index!.byCode(c);
    scans.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return { builds, heap, typing, scans, keystrokes: keys.length };
}

/** The bench page's files and the stand-in catalogue route: pages of CATALOGUE_PAGE_MAX, the cursor being where the next page starts. */
function serve(dir: string, products: CatalogueProduct[]): Promise<{ server: Server; base: string; pages: () => number }> {
  const categories = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `Category ${i + 1}` }));
  const end = String(products.length);
  const pageCache = new Map<number, string>();
  let pagesServed = 0;
  const pageFrom = (from: number) => {
    let body = pageCache.get(from);
    if (!body) {
      const slice = products.slice(from, from + CATALOGUE_PAGE_MAX);
      const next = from + slice.length;
      const answer: CatalogueAnswer = { products: slice, retired: [], categories, cursor: String(next), more: next < products.length };
      body = JSON.stringify(answer);
      pageCache.set(from, body);
    }
    return body;
  };
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === POS_CATALOGUE_API) {
      const since = url.searchParams.get('since');
      pagesServed++;
      const body = since === end ? JSON.stringify({ products: [], retired: [], categories, cursor: end, more: false } satisfies CatalogueAnswer) : pageFrom(Number(since ?? 0));
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      return;
    }
    const file = normalize(join(dir, url.pathname === '/' ? 'index.html' : url.pathname));
    if (!file.startsWith(dir)) return void res.writeHead(404).end();
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      return void res.writeHead(404).end();
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pages: () => pagesServed })),
  );
}

async function browserPart(products: CatalogueProduct[]) {
  const out = mkdtempSync(join(tmpdir(), 'bench-till-'));
  const cleanups: (() => unknown)[] = [() => rmSync(out, { recursive: true, force: true })];
  try {
    await build({ configFile: false, root: join(import.meta.dirname, 'bench-till'), base: '/', mode: 'production', logLevel: 'warn', build: { outDir: out, emptyOutDir: true, reportCompressedSize: false } });
    const { server, base } = await serve(out, products);
    cleanups.push(() => new Promise((r) => server.close(r)));
    const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
    cleanups.push(() => browser.close());
    const keys = keystrokes();
    const codes = scanCodes(products, 20_000);
    const cold: number[] = [];
    const warm: number[] = [];
    const heapBefore: number[] = [];
    const heapAfter: number[] = [];
    const typing: number[] = [];
    const scans: number[] = [];
    const parts: { readMs: number; buildMs: number; restoreMs: number; kept: boolean }[] = [];
    for (let r = 0; r < RUNS; r++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const heap = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        await cdp.send('Performance.enable');
        const { metrics } = await cdp.send('Performance.getMetrics');
        return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? -1;
      };
      await page.goto(base);
      await page.waitForFunction(() => !!window.tillBench);
      const c = await page.evaluate(() => window.tillBench.open());
      if (c.size !== products.length) throw new Error(`cold: ${c.size} products in the store, not ${products.length}`);
      cold.push(c.ms);
      // The index the cold sync built is kept behind the till (IndexedDB): a till stays open longer than this.
      await page.waitForTimeout(1500);
      await page.reload();
      await page.waitForFunction(() => !!window.tillBench);
      heapBefore.push(await heap());
      const w = await page.evaluate(() => window.tillBench.open());
      parts.push(await page.evaluate(() => window.tillBench.parts()));
      if (w.size !== products.length) throw new Error(`warm: ${w.size} products in the store, not ${products.length}`);
      warm.push(w.ms);
      // The sync behind the warm open settles (one request, nothing new) before the heap is read.
      await page.waitForTimeout(300);
      heapAfter.push(await heap());
      await page.evaluate((k) => window.tillBench.typing(k), keys);
      for (let t = 0; t < 3; t++) typing.push(...(await page.evaluate((k) => window.tillBench.typing(k), keys)).ms);
      const s = await page.evaluate(({ codes }) => window.tillBench.scans(codes, 5), { codes });
      if (s.found !== codes.filter((_, i) => i % 10 !== 9).length) throw new Error(`scans found ${s.found} products`);
      scans.push(s.perScanMs);
      await context.close();
    }
    return { cold, warm, heapBefore, heapAfter, typing, scans, parts };
  } finally {
    for (const c of cleanups.reverse()) await c();
  }
}

/** In the page: resolves with the ms from the next Enter's keydown to the paint after a cart line names `name`. */
function armScan(name: string): void {
  const w = window as unknown as { scanDone: Promise<number>; lastEnter: number };
  const armed = performance.now();
  w.scanDone = new Promise<number>((resolve) => {
    const list = document.querySelector('[aria-label="Cart lines"]')!;
    const drawn = () => [...list.querySelectorAll('li strong')].some((s) => s.textContent === name);
    const seen = new MutationObserver(() => {
      if (!(w.lastEnter > armed) || !drawn()) return;
      seen.disconnect();
      const start = w.lastEnter;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => resolve(performance.now() - start);
        ch.port2.postMessage(0);
      });
    });
    seen.observe(list, { childList: true, subtree: true, characterData: true });
  });
}

async function tillPagePart() {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('the till page part needs the built app: npm run build first');
  const server = await startBenchServer({ db: 'pglite', rows: 100, distDir, tillProducts: N });
  try {
    const auth = { authorization: `Bearer ${server.token}` };
    const get = async <T>(path: string) => (await (await fetch(server.base + path, { headers: auth })).json()) as T;
    const user = await get<unknown>('/me');
    // Products to scan: spread over the first page of the catalogue, with a barcode (a scanner reads it).
    const page0 = await get<CatalogueAnswer>(POS_CATALOGUE_API);
    const pool = page0.products.filter((p) => p.barcode && p.on_hand > 0 && !p.tracks_serials);
    const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true });
    const scans: number[] = [];
    const ready: number[] = [];
    let split = 0;
    try {
      for (let r = 0; r < RUNS; r++) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
        await context.addCookies([{ name: PAGE_SESSION_COOKIE, value: server.pageSecret, url: `${server.base}/admin`, httpOnly: true, sameSite: 'Lax' }]);
        // tsx compiles this file with esbuild's keepNames, which wraps armScan's inner functions in __name(): the page gets one that does nothing.
        await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
        // Each Enter's keydown, heard before the app's own listeners (its scanner listener stops the event).
        await context.addInitScript({ content: "addEventListener('keydown', (e) => { if (e.key === 'Enter') globalThis.lastEnter = performance.now(); }, true);" });
        await context.addInitScript(
          ({ token, user }) => {
            localStorage.setItem('user', JSON.stringify({ access_token: token, user }));
            localStorage.setItem('user_token', token);
          },
          { token: server.token, user },
        );
        const page = await context.newPage();
        const t0 = Date.now();
        await page.goto(`${server.base}/admin/pos`);
        const main = page.getByRole('main');
        // The catalogue is in the browser when the grid lists products with no text typed.
        await main.getByRole('region', { name: 'Products' }).getByRole('button', { name: /in stock/ }).first().waitFor({ timeout: 120_000 });
        ready.push(Date.now() - t0);
        const search = main.getByRole('searchbox', { name: 'Search or scan' });
        await search.focus();
        for (let i = 0; i < SCANS; i++) {
          const p = pool[(r * SCANS + i) * 37 % pool.length]!;
          await page.evaluate(armScan, p.name);
          // As fast as Playwright sends keys (each waits for the page to take the one before).
          await page.keyboard.type(p.barcode!);
          await page.keyboard.press('Enter');
          const ms = await page.evaluate(() => Promise.race([(window as unknown as { scanDone: Promise<number> }).scanDone, new Promise<number>((r) => setTimeout(() => r(-1), 5_000))]));
          if (ms >= 0) {
            scans.push(ms);
            continue;
          }
          // No line: the keys came more than the scanner rule's 100 ms apart (a loaded machine)
          // and the scan was taken for typing and an unknown code. Counted, cleared, not timed.
          split++;
          await page.screenshot({ path: join(tmpdir(), 'bench-till-split-scan.png') });
          await search.fill('');
          await search.focus();
        }
        await context.close();
      }
    } finally {
      await browser.close();
    }
    return { scans, ready, split };
  } finally {
    await server.stop();
  }
}

/** Parts 1 and 2: the index in Node, the store in Chromium. */
async function catalogueParts(products: CatalogueProduct[]) {
  const node = nodePart(products);
  console.log('In Node (the search index alone, domain/pos/catalogue-search.ts):');
  console.log(`  index build            median ${f(median(node.builds))} ms (${node.builds.map((b) => f(b, 0)).join(', ')})`);
  console.log(`  index heap             ${mb(node.heap)} (beside the products)`);
  console.log(`  keystroke search       p50 ${f(pct(node.typing, 50), 2)} ms  p95 ${f(pct(node.typing, 95), 2)} ms  max ${f(Math.max(...node.typing), 2)} ms  (${node.keystrokes} keystrokes × 5)   target p95 ≤ 16 ms: ${verdict(pct(node.typing, 95) <= 16)}`);
  console.log(`  scan look-up           p50 ${f(pct(node.scans, 50) * 1000, 2)} µs  p95 ${f(pct(node.scans, 95) * 1000, 2)} µs  max ${f(Math.max(...node.scans) * 1000, 1)} µs   ≪ 1 ms: ${verdict(pct(node.scans, 95) < 0.1)}`);

  const b = await browserPart(products);
  console.log('\nIn Chromium (the store: IndexedDB through idb, and the index):');
  console.log(`  ready from cold        median ${f(median(b.cold), 0)} ms (${b.cold.map((x) => f(x, 0)).join(', ')})  ${Math.ceil(N / CATALOGUE_PAGE_MAX)} pages over HTTP   target ≤ 5000 ms: ${verdict(median(b.cold) <= 5000)}`);
  console.log(`  ready from warm        median ${f(median(b.warm), 0)} ms (${b.warm.map((x) => f(x, 0)).join(', ')})  read from IndexedDB   target ≤ 1000 ms: ${verdict(median(b.warm) <= 1000)}`);
  console.log(
    `                         of which: reading IndexedDB ${f(median(b.parts.map((p) => p.readMs)), 0)} ms, then the kept index read and the products placed in it ${f(median(b.parts.map((p) => p.restoreMs)), 0)} ms${b.parts.every((p) => p.kept) ? '' : ' (NOT KEPT in some runs)'}; building it afresh instead ${f(median(b.parts.map((p) => p.buildMs)), 0)} ms (each timed alone after)`,
  );
  console.log(`  JS heap                ${mb(median(b.heapAfter))} after loading (${mb(median(b.heapBefore))} before: the catalogue holds ${mb(median(b.heapAfter) - median(b.heapBefore))})   target ≤ 60 MB: ${verdict(median(b.heapAfter) <= 60 * 1024 * 1024)}`);
  console.log(`  keystroke search       p50 ${f(pct(b.typing, 50), 1)} ms  p95 ${f(pct(b.typing, 95), 1)} ms  max ${f(Math.max(...b.typing), 1)} ms  (clock 0.1 ms)   target p95 ≤ 16 ms: ${verdict(pct(b.typing, 95) <= 16)}`);
  console.log(`  scan look-up           ${f(median(b.scans) * 1000, 2)} µs each (20,000 codes × 5, timed together)`);
}

async function main() {
  // Through JSON, as the store gets them (flat strings, not the generator's concatenations).
  const text = JSON.stringify(generateCatalogue(N));
  const products = JSON.parse(text) as CatalogueProduct[];
  const json = text.length;
  const load = () => `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
  console.log(`Till catalogue: ${N.toLocaleString('en')} generated products (${mb(json)} as JSON), ${RUNS} runs; ${load()} at the start.\n`);

  if (!PAGE_ONLY) await catalogueParts(products);
  const t = await tillPagePart();
  console.log('\nIn Chromium (the till page, the built app over PGlite, its catalogue synced from the server):');
  console.log(`  page to catalogue      median ${f(median(t.ready), 0)} ms (${t.ready.map((x) => f(x, 0)).join(', ')})  /admin/pos opened to the grid listing products (a first sync of ${N.toLocaleString('en')})`);
  console.log(`  scan to its line       p50 ${f(pct(t.scans, 50), 1)} ms  p95 ${f(pct(t.scans, 95), 1)} ms  max ${f(Math.max(...t.scans), 1)} ms  (${t.scans.length} scans typed as fast as Playwright sends keys, Enter to the frame that draws the line; ${t.split} split by the load, not timed)   target p95 ≤ 50 ms: ${verdict(pct(t.scans, 95) <= 50)}`);
  console.log(`\n${load()} at the end: the machine's other work is in every figure.`);
}

await main().catch((err: unknown) => {
  console.error(`bench-till: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
