// `npm run bench -- --only=browser`: what a person waits for in Chromium, against a floor.
//
//   npm run bench -- --only=browser                  7 interleaved runs on PGlite
//   npm run bench -- --only=browser --runs=11 --browser-rows=5000 --browser-db=pg
//   node --import tsx scripts/bench-browser.ts --runs=3     (the same, without bench.ts)
//
// The real app (the built dist/, served by createApp on 127.0.0.1 on a free port, in a worker
// thread of its own: scripts/bench-server.ts) and the floor (scripts/bench-floor: a plain React
// page built here by its own small Vite build into a temporary folder and served by the same
// server under /bench-floor/, so it calls the same API on the same origin) are loaded in turn, each in a FRESH browser context (empty cache and storage), signed in
// by putting the token and user in localStorage before the page's first script runs (as
// tests/e2e/support/pages.ts seedSessionOnLoad does). Per run, for each scenario, app and floor
// are loaded one after the other, the order flipping every run (app, floor / floor, app), after
// one warm-up round that is not counted. Figures, all measured in the page:
//
//   time to rows   the first customer of the page is in a table body row and the table holds the
//                  whole page (a page the server streams arrives a part at a time) (MutationObserver,
//                  performance.now() from navigation start), and the frame that draws it has run
//                  (requestAnimationFrame, then a message: the task after that frame's paint)
//   login usable   signed out: an enabled <input type=email> is in the page and drawn, the same way,
//                  in a browser that has used the app before (it holds the hints cookie, so the
//                  server draws the form); also for a first visit (no cookies: the browser draws
//                  it), and when the form's submit button is enabled (the app has taken it over)
//   JS bytes       the .js files a route loaded until the network was idle (Resource Timing:
//                  gzip bytes as served, and decoded)
//   heap           JSHeapUsedSize (CDP Performance.getMetrics) after the 100-row list, the app in
//                  charge of it (a drawn page fetches it after its first paint), network
//                  idle and a forced GC (CDP HeapProfiler.collectGarbage)
//
// It prints medians with ranges, the ratio app/floor, the issue 12 targets with PASS/MISS, and the
// waterfall of the median app list load (Resource Timing and navigation timing).
import { existsSync, mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { PAGE_CHUNKS_ID, PAGE_HINTS_COOKIE, PAGE_SESSION_COOKIE } from '../domain/auth.ts';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { chromiumLaunchOptions, systemChromiumPath } from '../tests/e2e/support/browser.ts';
import { privateCluster, type Kind } from './bench-db.ts';
import { FLOOR_BASE, startBenchServer } from './bench-server.ts';

const root = join(import.meta.dirname, '..');
const distDir = join(root, 'dist');
const floorSrc = join(import.meta.dirname, 'bench-floor');

// ——— options ———

const USAGE = 'Usage: npm run bench -- --only=browser [--runs=7] [--browser-rows=1000] [--browser-db=pglite|pg]';
const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const stray = args.filter((a) => !/^--(runs=\d+|browser-rows=\d+|browser-db=(pglite|pg))$/.test(a));
if (stray.length) {
  console.error(`Unknown argument(s): ${stray.join(' ')}\n${USAGE}`);
  process.exit(2);
}
const RUNS = Number(opt('runs') ?? 7);
const ROWS = Number(opt('browser-rows') ?? 1000);
const DB: Kind = opt('browser-db') === 'pg' ? 'postgres' : 'pglite';
if (RUNS < 1 || ROWS < 100) {
  console.error(`--runs must be at least 1 and --browser-rows at least 100 (the 100-row page must be full).\n${USAGE}`);
  process.exit(2);
}
const VIEWPORT = { width: 1280, height: 800 };
const LOCALE = 'en-US';
/**
 * What the sign-in page wrote in this browser for the server's drawing of later pages
 * (src/app/host.ts hint): wide, light, its language, no stored preferences.
 */
const HINTS = { narrow: false, phone: false, dark: false, locale: LOCALE, ui: null };
const LOAD_TIMEOUT_MS = 30_000;

// Issue 12's targets, as ratios to the floor measured in the same run.
const TARGET = { rows: 1.5, login: 1.3, heapBytes: 8_000_000, loginJsGzip: 100_000 };

// ——— what runs in the page ———

type ProbeMode = 'rows' | 'form' | 'none';
interface ProbeArg {
  /** localStorage `user` and `user_token`, as the app stores a session; null = signed out. */
  session: { user: string; token: string } | null;
  mode: ProbeMode;
  /** rows: the text the first row of the page must hold (the first customer's name). */
  text: string;
  /** rows: how many rows make the page; a page still arriving (HTML streamed by the server) is not there yet. */
  rows: number;
}
interface ProbeState {
  /** The rows (or the usable form) are in the DOM: the MutationObserver saw them. */
  domAt: number;
  /** Start of the first frame after that (requestAnimationFrame's timestamp). */
  frameAt: number;
  /** The task right after that frame: its style, layout and paint have run. */
  paintAt: number;
  /** Element Timing of the marked text, when Chromium reports one (the paint as presented). */
  elementAt: number;
  /** form: the form's submit button is enabled (the app has taken a form the server drew over); -1 if never seen. */
  readyAt: number;
  /** Rows in that table body at domAt. */
  rows: number;
  /** They came with the HTML (the parser was still reading it): the server drew them. */
  drawn: boolean;
  /** Read at the end: the element seen then is still on the page (React took it over, it did not draw anew). */
  kept: boolean;
}

/**
 * Installed before any script of every document (context.addInitScript). Runs in the page:
 * it must not use anything from this module.
 */
function installProbe(arg: ProbeArg): void {
  if (!location.protocol.startsWith('http')) return;
  if (arg.session) {
    localStorage.setItem('user', arg.session.user);
    localStorage.setItem('user_token', arg.session.token);
  }
  const state: ProbeState = { domAt: -1, frameAt: -1, paintAt: -1, elementAt: -1, readyAt: -1, rows: 0, drawn: false, kept: false };
  let finish = () => {};
  const done = new Promise<ProbeState>((resolve) => (finish = () => resolve(state)));
  (window as unknown as { __bench: unknown }).__bench = { state, done };
  if (arg.mode === 'none') {
    finish();
    return;
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { renderTime: number; identifier: string })[]) {
      if (e.identifier === 'bench' && state.elementAt < 0) state.elementAt = e.renderTime || e.startTime;
    }
  }).observe({ type: 'element', buffered: true });

  const find = (): Element | null => {
    if (arg.mode === 'form') {
      const input = document.querySelector('input[type="email"]');
      return input && input.matches(':enabled') ? input : null;
    }
    for (const tr of document.querySelectorAll('tbody tr')) {
      if (tr.textContent?.includes(arg.text)) return (tr.parentElement as HTMLTableSectionElement).rows.length >= arg.rows ? tr : null;
    }
    return null;
  };
  const seen = (el: Element) => {
    state.domAt = performance.now();
    state.drawn = document.readyState === 'loading';
    (window as unknown as { __benchSeen: Element }).__benchSeen = el;
    observer.disconnect();
    const section = arg.mode === 'rows' ? el.closest('tbody') : el.closest('form');
    if (section instanceof HTMLTableSectionElement) state.rows = section.rows.length;
    // Text is reported by Element Timing when its element carries the attribute when painted.
    const marked = arg.mode === 'rows' ? el : (section ?? el);
    for (const e of [marked, ...marked.querySelectorAll('*')]) e.setAttribute('elementtiming', 'bench');
    requestAnimationFrame((t) => {
      state.frameAt = t;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        state.paintAt = performance.now();
        finish();
      };
      channel.port2.postMessage(null);
    });
  };
  const observer = new MutationObserver(() => {
    const el = find();
    if (el) seen(el);
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['disabled'] });
  if (arg.mode === 'form') {
    const ready = new MutationObserver(() => {
      if (!document.querySelector('form button[type="submit"]:enabled')) return;
      state.readyAt = performance.now();
      ready.disconnect();
    });
    ready.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  }
}

interface Req {
  path: string;
  type: string;
  start: number;
  end: number;
  /** Body bytes as served (gzip when the server compressed it) and decoded. */
  encoded: number;
  decoded: number;
}
interface PageTimings {
  state: ProbeState;
  fcp: number;
  nav: Req & { dcl: number; load: number };
  requests: Req[];
}

/** Read after the page went network-idle. Runs in the page. */
function collectTimings(): PageTimings {
  const path = (url: string) => {
    const u = new URL(url);
    return u.origin === location.origin ? u.pathname + u.search : url;
  };
  const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  return {
    state: { ...(window as unknown as { __bench: { state: ProbeState } }).__bench.state, kept: !!(window as unknown as { __benchSeen?: Element }).__benchSeen?.isConnected },
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
    nav: {
      path: path(n.name),
      type: 'document',
      start: n.startTime,
      end: n.responseEnd,
      encoded: n.encodedBodySize,
      decoded: n.decodedBodySize,
      dcl: n.domContentLoadedEventStart,
      load: n.loadEventStart,
    },
    requests: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      path: path(r.name),
      type: r.initiatorType,
      start: r.startTime,
      end: r.responseEnd,
      encoded: r.encodedBodySize,
      decoded: r.decodedBodySize,
    })),
  };
}

/**
 * A function for the page as source text. tsx compiles this file with esbuild's keepNames, which
 * wraps inner functions in __name(); the page has no __name, so it is given one that does nothing.
 */
const pageSource = (fn: (arg: never) => unknown, arg?: unknown) =>
  `((__name) => (${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)}))((f) => f)`;

// ——— loading one page ———

type Who = 'app' | 'floor';
type ScenarioId = 'list25' | 'list100' | 'login' | 'loginFirst' | 'dashboard';
interface Scenario {
  id: ScenarioId;
  label: string;
  url: Record<Who, string | null>;
  signedIn: boolean;
  /** The browser holds the hints cookie its earlier visits wrote (a signed-in one always does). */
  hints: boolean;
  mode: ProbeMode;
  perPage?: 25 | 100;
  heap?: boolean;
}
const SCENARIOS: Scenario[] = [
  { id: 'list25', label: 'customers list, 25 rows', url: { app: '/admin/customers?per_page=25', floor: `${FLOOR_BASE}customers?per_page=25` }, signedIn: true, hints: true, mode: 'rows', perPage: 25 },
  { id: 'list100', label: 'customers list, 100 rows', url: { app: '/admin/customers?per_page=100', floor: `${FLOOR_BASE}customers?per_page=100` }, signedIn: true, hints: true, mode: 'rows', perPage: 100, heap: true },
  // Signed out in a browser that has used the app before (the person signed out, or the session
  // ended): the server draws the sign-in page. And a browser's first visit, which it cannot.
  { id: 'login', label: 'login form, signed out', url: { app: '/admin/login', floor: `${FLOOR_BASE}login` }, signedIn: false, hints: true, mode: 'form' },
  { id: 'loginFirst', label: 'login form, first visit', url: { app: '/admin/login', floor: `${FLOOR_BASE}login` }, signedIn: false, hints: false, mode: 'form' },
];
/** Loaded once in the warm-up round, for its JS bytes only. */
const DASHBOARD: Scenario = { id: 'dashboard', label: 'dashboard', url: { app: '/admin/dashboard', floor: null }, signedIn: true, hints: true, mode: 'none' };

interface Load extends PageTimings {
  who: Who;
  scenario: ScenarioId;
  run: number;
  heap: number;
}

interface Env {
  browser: Browser;
  base: string;
  session: { user: string; token: string; pageSecret: string };
  firstName: string;
}

async function withTimeout<T>(p: Promise<T>, ms: number, what: () => Promise<string>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => void what().then((w) => reject(new Error(w)), reject), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once no request of the page has been in flight for `ms` (counted from the page's first request). */
function quietNetwork(page: Page): (ms: number, timeoutMs: number) => Promise<void> {
  let inFlight = 0;
  let changed = Date.now();
  const start = () => {
    inFlight++;
    changed = Date.now();
  };
  const end = () => {
    inFlight = Math.max(0, inFlight - 1);
    changed = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return async (ms, timeoutMs) => {
    const until = Date.now() + timeoutMs;
    while (inFlight > 0 || Date.now() - changed < ms) {
      if (Date.now() > until) throw new Error(`the network was not quiet for ${ms} ms within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
}

async function loadOnce(env: Env, s: Scenario, who: Who, run: number): Promise<Load> {
  const url = s.url[who]!;
  const context = await env.browser.newContext({ viewport: VIEWPORT, locale: LOCALE });
  try {
    const probe: ProbeArg = { session: s.signedIn ? env.session : null, mode: s.mode, text: env.firstName, rows: s.perPage ?? 0 };
    // A signed-in browser also holds the cookies its sign-in left: the page cookie, so the app's
    // server draws the page, and the hints its sign-in page wrote, so it draws it as this browser
    // would. A browser that has used the app before holds the hints even when signed out.
    const domain = new URL(env.base).hostname;
    await context.addCookies([
      ...(s.signedIn ? [{ name: PAGE_SESSION_COOKIE, value: env.session.pageSecret, domain, path: '/admin', httpOnly: true, sameSite: 'Lax' as const }] : []),
      ...(s.hints ? [{ name: PAGE_HINTS_COOKIE, value: encodeURIComponent(JSON.stringify(HINTS)), domain, path: '/admin', sameSite: 'Lax' as const }] : []),
    ]);
    await context.addInitScript({ content: pageSource(installProbe, probe) });
    const page = await context.newPage();
    const quiet = quietNetwork(page);
    await page.goto(env.base + url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    await withTimeout(page.evaluate(`window.__bench.done`), LOAD_TIMEOUT_MS, async () => {
      const shown = await page.evaluate(`document.body ? document.body.innerText.slice(0, 300) : ''`).catch(() => '?');
      return `${who} ${url}: ${s.mode === 'rows' ? `no table row with "${env.firstName}"` : 'no enabled email input'} after ${LOAD_TIMEOUT_MS / 1000} s; the page shows: ${JSON.stringify(shown)}`;
    });
    // A drawn page fetches the app only after its first paint (src/start.ts), and the network can be
    // idle before that: the JS bytes, the heap and "taken over in place" are read once React holds
    // the page (its root container carries React's key) and then no request has been in flight for 500 ms.
    await page.waitForFunction(
      (id) => !document.getElementById(id) || Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer$')),
      PAGE_CHUNKS_ID,
      { timeout: LOAD_TIMEOUT_MS },
    );
    await quiet(500, LOAD_TIMEOUT_MS);
    const timings = (await page.evaluate(pageSource(collectTimings))) as PageTimings;
    let heap = -1;
    if (s.heap) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Performance.enable');
      const { metrics } = await cdp.send('Performance.getMetrics');
      heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? -1;
    }
    if (s.mode === 'rows' && s.perPage && timings.state.rows !== s.perPage) {
      throw new Error(`${who} ${url}: ${timings.state.rows} rows in the table when the first customer appeared, not ${s.perPage}`);
    }
    return { ...timings, who, scenario: s.id, run, heap };
  } finally {
    await context.close();
  }
}

// ——— the floor: built and served beside the app ———

async function buildFloor(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: floorSrc,
    base: FLOOR_BASE,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    css: { postcss: {} },
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
}


// ——— statistics and printing ———

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
interface Stat {
  median: number;
  min: number;
  max: number;
  n: number;
}
const stat3 = (xs: number[]): Stat | null => (xs.length ? { median: median(xs), min: Math.min(...xs), max: Math.max(...xs), n: xs.length } : null);

const kB = (b: number) => `${(b / 1000).toFixed(1)} kB`;
const MB = (b: number) => `${(b / 1_000_000).toFixed(2)} MB`;
const ms = (t: number) => `${Math.round(t)} ms`;
const fmt = (s: Stat | null, unit: (n: number) => string) => {
  if (!s) return '—';
  if (s.min === s.max) return unit(s.median);
  const bare = (n: number) => unit(n).replace(/ [a-zA-Z]+$/, '');
  return `${unit(s.median)} (${bare(s.min)}–${bare(s.max)})`;
};

function table(head: string[], rows: string[][], right: boolean[]): string {
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (right[i] ? c.padStart(width[i]!) : c.padEnd(width[i]!))).join(' | ')} |`;
  const rule = `|${width.map((w, i) => (right[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}

const isJs = (r: Req) => /\.m?js(\?|$)/.test(r.path);
const jsBytes = (l: Load) => {
  const js = l.requests.filter(isJs);
  return { files: js.length, encoded: js.reduce((a, r) => a + r.encoded, 0), decoded: js.reduce((a, r) => a + r.decoded, 0) };
};

function waterfall(l: Load, title: string): string {
  type Line = { at: number; text: string; end: number };
  const lines: Line[] = [];
  const reqs = [l.nav, ...l.requests].sort((a, b) => a.start - b.start);
  const size = (r: Req) => (r.encoded ? kB(r.encoded) : '');
  // Chromium reports a <link rel=modulepreload> as initiator "other".
  const type = (r: Req) => (r.type === 'other' && isJs(r) ? 'preload' : r.type);
  for (const r of reqs) {
    lines.push({
      at: r.start,
      end: r.end,
      text: `${String(Math.round(r.start)).padStart(6)} ${String(Math.round(r.end)).padStart(6)} ${String(Math.round(r.end - r.start)).padStart(5)}  ${type(r).padEnd(8)} ${size(r).padStart(9)}  ${r.path}`,
    });
  }
  const marks: [number, string][] = [
    [l.nav.dcl, 'DOMContentLoaded'],
    [l.nav.load, 'load event'],
    [l.fcp, 'first contentful paint'],
    [l.state.domAt, `rows in the DOM (${l.state.rows})`],
    [l.state.paintAt, 'rows drawn (the frame after them has run)'],
  ];
  if (l.state.elementAt > 0) marks.push([l.state.elementAt, 'rows painted (Element Timing)']);
  for (const [at, what] of marks) if (at > 0) lines.push({ at, end: at, text: `${String(Math.round(at)).padStart(6)}                ·· ${what}` });
  lines.sort((a, b) => a.at - b.at);
  // Gaps: stretches with no request in flight, where the page only ran JS or waited.
  const out: string[] = [];
  let busyUntil = 0;
  for (const line of lines) {
    const isReq = !line.text.includes('··');
    if (isReq && line.at - busyUntil >= 15) out.push(`${' '.repeat(28)}(${Math.round(line.at - busyUntil)} ms with no request in flight)`);
    out.push(line.text);
    if (isReq) busyUntil = Math.max(busyUntil, line.end);
  }
  return `${title}\n${'  start    end   dur  type          size  request (ms from navigation start; size = body as served)'}\n${out.join('\n')}`;
}

/** Whether the app's measured list loads were drawn by the server and taken over in place (else the figures measure the browser drawing). */
function drawnLine(loads: Load[]): string {
  const lists = loads.filter((l) => l.who === 'app' && l.run > 0 && SCENARIOS.some((s) => s.id === l.scenario && s.mode === 'rows'));
  const drawn = lists.filter((l) => l.state.drawn).length;
  const kept = lists.filter((l) => l.state.drawn && l.state.kept).length;
  return `The app's list loads: ${drawn} of ${lists.length} arrived drawn by the server, ${kept} of them taken over in place${kept < lists.length ? ' (NOT ALL: the server drew nothing, or the browser drew the page anew)' : ''}.`;
}

function report(loads: Load[], meta: string[]): void {
  const pick = (who: Who, sc: ScenarioId) => loads.filter((l) => l.who === who && l.scenario === sc && l.run > 0);
  const figure = (who: Who, sc: ScenarioId, f: (l: Load) => number) => stat3(pick(who, sc).map(f).filter((v) => v >= 0));
  const drawn = (l: Load) => l.state.paintAt;
  const rows: string[][] = [];
  const targets: string[][] = [];
  const ratio = (a: Stat | null, b: Stat | null) => (a && b && b.median > 0 ? a.median / b.median : NaN);
  const paired = (sc: ScenarioId, f: (l: Load) => number) => {
    const rs = pick('app', sc).flatMap((a) => {
      const b = pick('floor', sc).find((x) => x.run === a.run);
      // A figure the page did not report (-1) pairs with nothing.
      return b && f(a) >= 0 && f(b) > 0 ? [f(a) / f(b)] : [];
    });
    const s = stat3(rs);
    return s ? `${s.median.toFixed(2)} (${s.min.toFixed(2)}–${s.max.toFixed(2)})` : '—';
  };
  const time = (name: string, sc: ScenarioId, f: (l: Load) => number) => {
    const a = figure('app', sc, f);
    const b = figure('floor', sc, f);
    const r = ratio(a, b);
    rows.push([name, fmt(a, ms), fmt(b, ms), Number.isFinite(r) ? `${r.toFixed(2)}×` : '—', paired(sc, f)]);
    return r;
  };

  const r25 = time('time to rows, 25 rows', 'list25', drawn);
  const r100 = time('time to rows, 100 rows', 'list100', drawn);
  const rLogin = time('login form usable (floor: first paint of a plain form)', 'login', drawn);
  time('· login form usable, first visit (no cookies: drawn in the browser)', 'loginFirst', drawn);
  time('· login: the sign-in button enabled (the app has taken the form over)', 'login', (l) => l.state.readyAt);
  time('· rows in the DOM, 25 rows (before their frame)', 'list25', (l) => l.state.domAt);
  time('· rows painted, 25 rows (Element Timing)', 'list25', (l) => l.state.elementAt);
  time('· first contentful paint, 25-row list', 'list25', (l) => l.fcp);
  time('· first contentful paint, login', 'login', (l) => l.fcp);

  const heapApp = figure('app', 'list100', (l) => l.heap);
  const heapFloor = figure('floor', 'list100', (l) => l.heap);
  rows.push(['JS heap after the 100-row list (after GC)', fmt(heapApp, MB), fmt(heapFloor, MB), heapApp && heapFloor ? `${(heapApp.median / heapFloor.median).toFixed(2)}×` : '—', '']);

  const bytesOf = (who: Who, sc: ScenarioId) => {
    const ls = who === 'app' && sc === 'dashboard' ? loads.filter((l) => l.scenario === 'dashboard') : pick(who, sc);
    return stat3(ls.map((l) => jsBytes(l).encoded));
  };
  const filesOf = (who: Who, sc: ScenarioId) => {
    const l = (who === 'app' && sc === 'dashboard' ? loads.filter((x) => x.scenario === 'dashboard') : pick(who, sc)).at(-1);
    return l ? jsBytes(l) : null;
  };
  const js = (name: string, sc: ScenarioId) => {
    const a = bytesOf('app', sc);
    const b = sc === 'dashboard' ? null : bytesOf('floor', sc);
    const fa = filesOf('app', sc);
    const fb = sc === 'dashboard' ? null : filesOf('floor', sc);
    const cell = (s: Stat | null, f: ReturnType<typeof filesOf>) => (s && f ? `${fmt(s, kB)} gz, ${kB(f.decoded)} raw, ${f.files} files` : '—');
    rows.push([name, cell(a, fa), cell(b, fb), a && b ? `${(a.median / b.median).toFixed(2)}×` : '—', '']);
    return a;
  };
  const loginJs = js('JS of /admin/login (signed out)', 'login');
  js('JS of /admin/dashboard', 'dashboard');
  js('JS of /admin/customers', 'list25');

  console.log(table(['figure', 'app median (range)', 'floor median (range)', 'app/floor', 'paired app/floor (range)'], rows, [false, true, true, true, true]));
  console.log(
    '\napp/floor divides the medians; "paired" is the median (range) of each run\'s app/floor, the two loads next to each other in time.',
  );

  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  targets.push(['time to rows at 25 rows ≤ 1.5× floor', `${r25.toFixed(2)}×`, verdict(r25 <= TARGET.rows)]);
  targets.push(['time to rows at 100 rows ≤ 1.5× floor', `${r100.toFixed(2)}×`, verdict(r100 <= TARGET.rows)]);
  targets.push(['login form usable ≤ 1.3× floor first paint', `${rLogin.toFixed(2)}×`, verdict(rLogin <= TARGET.login)]);
  targets.push(['JS heap at 100 rows ≤ 8 MB', heapApp ? MB(heapApp.median) : '—', verdict(!!heapApp && heapApp.median <= TARGET.heapBytes)]);
  targets.push(['login route JS ≤ 100 kB gzipped', loginJs ? kB(loginJs.median) : '—', verdict(!!loginJs && loginJs.median <= TARGET.loginJsGzip)]);
  console.log(`\nIssue 12 targets (ratios of medians from this run):\n${table(['target', 'now', ''], targets, [false, true, false])}`);
  console.log(`\n${meta.join('\n')}`);

  const medianLoad = (who: Who, sc: ScenarioId) => {
    const ls = pick(who, sc).sort((a, b) => a.state.paintAt - b.state.paintAt);
    return ls[(ls.length - 1) >> 1];
  };
  for (const [sc, rows] of [['list25', 25], ['list100', 100]] as const) {
    for (const who of ['app', 'floor'] as const) {
      const l = medianLoad(who, sc);
      if (l) console.log(`\n${waterfall(l, `Waterfall of the ${who}'s list load at ${rows} rows (run ${l.run}, the median one):`)}`);
    }
  }
}

// ——— main ———

function staleBuild(): string | null {
  const built = statSync(join(distDir, 'index.html')).mtimeMs;
  const newer = (dir: string): string | null => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = join(dir, entry.name);
      if (entry.isDirectory()) {
        const hit = newer(rel);
        if (hit) return hit;
      } else if (statSync(join(root, rel)).mtimeMs > built) return rel;
    }
    return null;
  };
  for (const dir of ['src', 'machines', 'domain']) {
    const hit = existsSync(join(root, dir)) ? newer(dir) : null;
    if (hit) return hit;
  }
  return null;
}

async function main(): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('dist/index.html is missing: run npm run build first (the bench measures the built app).');
  const stale = staleBuild();
  if (stale) console.error(`Warning: ${stale} is newer than dist/: the bench measures the last build (npm run build).`);
  const launch = chromiumLaunchOptions();
  if (!launch.executablePath) console.error(`Note: no Chromium at ${systemChromiumPath}; using Playwright's own.`);

  const cleanups: (() => unknown)[] = [];
  const floorOut = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  const removeFloor = () => rmSync(floorOut, { recursive: true, force: true });
  process.once('exit', removeFloor);
  cleanups.push(removeFloor);
  // A signal ends the process through process.exit, so 'exit' handlers run: Playwright's kills
  // the browser, openFresh's stops a private PostgreSQL cluster, ours removes the floor's folder.
  for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) process.once(sig, () => process.exit(code));

  try {
    console.error('browser bench: building the floor page…');
    await buildFloor(floorOut);

    // A private PostgreSQL cluster is this thread's to start and stop ('exit' handlers run here on
    // a signal, not in the server's thread); the server's thread makes its database in it.
    const cluster = DB === 'postgres' && !process.env.BENCH_DATABASE_URL ? privateCluster() : undefined;
    if (cluster) {
      process.once('exit', cluster.stop);
      cleanups.push(cluster.stop);
    }
    const server = await startBenchServer({ db: DB, rows: ROWS, distDir, floorDir: floorOut }, { ...process.env, ...(cluster ? { BENCH_DATABASE_URL: cluster.url } : {}) });
    // Before the cluster's stop (cleanups run last first).
    cleanups.push(server.stop);
    const { base, token, pageSecret } = server;
    const dbLabel = cluster ? 'PostgreSQL (private cluster)' : server.label;
    console.error(`browser bench: ${dbLabel}, ${ROWS.toLocaleString('en')} customers seeded; the server in a thread of its own.`);

    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
      if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      return (await res.json()) as T;
    };
    const user = await get<unknown>('/me');
    const page1 = await get<{ data: { name: string }[]; meta: { total: number } }>('/api/v1/admin/customers?page=1&per_page=100&sort=name&dir=asc');
    const firstName = page1.data[0]?.name;
    if (!firstName || page1.data.length < 100) throw new Error(`the customers API gave ${page1.data.length} rows for per_page=100`);

    const browser = await chromium.launch({ ...launch, headless: true });
    cleanups.push(() => browser.close());
    const env: Env = { browser, base, session: { user: JSON.stringify({ access_token: token, user }), token, pageSecret }, firstName };

    const loads: Load[] = [];
    const started = performance.now();
    const loadAtStart = loadavg()[0]!;
    for (let run = 0; run <= RUNS; run++) {
      const order: Who[] = run % 2 ? ['app', 'floor'] : ['floor', 'app'];
      const line: string[] = [];
      for (const s of SCENARIOS) {
        for (const who of order) {
          const l = await loadOnce(env, s, who, run);
          loads.push(l);
          line.push(`${s.id} ${who} ${Math.round(l.state.paintAt)}`);
        }
      }
      if (run === 0) loads.push(await loadOnce(env, DASHBOARD, 'app', 0));
      console.error(`browser bench: ${run === 0 ? 'warm-up' : `run ${run}/${RUNS}`}: ${line.join(', ')} ms`);
    }

    report(loads, [
      `Chromium ${browser.version()} headless, ${VIEWPORT.width}×${VIEWPORT.height}, a fresh context (cold cache, empty storage) per load; ` +
        `${RUNS} runs after 1 warm-up, app and floor loaded next to each other, the order flipping each run.`,
      `Server: the built app (dist/) and the floor on one Hono server in a thread of its own, ${dbLabel}, ${ROWS.toLocaleString('en')} customers (${page1.meta.total.toLocaleString('en')} listed); ` +
        `first row "${firstName}". Took ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
        `load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end, on ${availableParallelism()} cores (others' work slows both sides).`,
      'Units: 1 kB = 1,000 bytes, 1 MB = 1,000,000 bytes. "Time to rows" = the first customer of the page is in a table body row and the frame after it has run.',
      drawnLine(loads),
    ]);
  } finally {
    for (const f of cleanups.reverse()) {
      try {
        await f();
      } catch (err) {
        console.error(`browser bench: cleaning up: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}

await main().catch((err: unknown) => {
  console.error(`browser bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
