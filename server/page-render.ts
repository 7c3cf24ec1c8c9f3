import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { PageHints } from '../src/app/host.ts';
import { PAGE_CHUNKS_ID, PAGE_DATA_ID, PAGE_HINTS_COOKIE, PAGE_SESSION_COOKIE } from '../domain/auth.ts';
import { matchRoute } from '../domain/routes.ts';
import type { AppEnv } from './http/context.ts';

type Drawer = typeof import('../src/entry-server.tsx');

/** How long a page's session check and loader may take before the browser is left to draw it (PAGE_DRAW_TIMEOUT_MS). */
const drawTimeoutMs = () => Number(process.env.PAGE_DRAW_TIMEOUT_MS) || 1500;

const drawers = new Map<string, Promise<Drawer | null>>();

/** The build of src/entry-server.tsx beside the app's (dist/.ssr), loaded once; null when the build has none. */
export function drawerIn(root: string): Promise<Drawer | null> {
  let drawer = drawers.get(root);
  if (!drawer) {
    const file = join(root, '.ssr', 'entry-server.js');
    drawer = existsSync(file) ? (import(pathToFileURL(file).href) as Promise<Drawer>) : Promise.resolve(null);
    drawers.set(root, drawer);
  }
  return drawer;
}

/** The hints cookie as written by the browser (src/app/host.ts), keeping only what is well formed. */
export function readHints(raw: string | undefined): Partial<PageHints> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '{}');
  } catch {
    parsed = {};
  }
  const h = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const hints: Partial<PageHints> = { narrow: h.narrow === true, phone: h.phone === true, dark: h.dark === true };
  if (typeof h.locale === 'string' && h.locale.length <= 35) {
    try {
      hints.locale = Intl.getCanonicalLocales(h.locale)[0];
    } catch {
      // Not a locale: the server's default.
    }
  }
  if (typeof h.ui === 'string' && h.ui.length <= 2000) hints.ui = h.ui;
  return hints;
}

/** JSON inside <script>: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The theme the page will have, known before it is drawn: the stored choice, else the system's. */
export function themeOf(hints: Partial<PageHints>): 'light' | 'dark' {
  try {
    const theme = (JSON.parse(hints.ui ?? 'null') as { theme?: unknown } | null)?.theme;
    if (theme === 'light' || theme === 'dark') return theme;
  } catch {
    // Unreadable preferences count as none, as in the browser.
  }
  return hints.dark ? 'dark' : 'light';
}

const ROOT = '<div id="root"></div>';
const utf8 = new TextEncoder();

const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;

/**
 * The head of a page to draw, its <link rel="modulepreload">s turned into a list for src/start.ts,
 * which fetches them once the drawing is on screen. Fetched at once, their 200 kB came in beside
 * the styles and the font and held the first frame back by a fifth (issue 12's bench); a page that
 * is not drawn after all gets them as soon as its first script runs.
 */
export function chunksAfterPaint(head: string): string {
  const chunks: string[] = [];
  const rest = head.replace(MODULE_PRELOAD, (_, href: string) => {
    chunks.push(href);
    return '';
  });
  if (!chunks.length) return head;
  return rest.replace('</head>', `  <script type="application/json" id="${PAGE_CHUNKS_ID}">${scriptJson(chunks)}</script>\n  </head>`);
}

/**
 * A signed-in page (a request with the page cookie), or the sign-in page of a signed-out browser
 * that sent its hints, streamed: the head at once, so the browser fetches the styles, the font and
 * the page's chunks while the server draws the page (src/entry-server.tsx), then the drawn page
 * with the state it was drawn in. The head asks the browser not to render before the page data (the end of
 * the drawing) is in: a half page costs a layout of its own and holds the parser back. The app's
 * calls go to this server in process, with the request's own connection details. A page that cannot
 * be drawn (no SSR build, a session that is over, not loaded in time) is sent empty and the
 * browser draws it, as without the cookie. Null when the request is not one to draw.
 */
export function drawnPageResponse(c: Context<AppEnv>, app: Hono<AppEnv>, root: string, html: string, gzipped: boolean): Response | null {
  const token = getCookie(c, PAGE_SESSION_COOKIE);
  const hintsCookie = getCookie(c, PAGE_HINTS_COOKIE);
  // Signed out, only the sign-in page is drawn, and only for a browser that has said how it draws
  // (one that has run the app before): a first visit's theme and width are not known here.
  const drawable = token ? true : hintsCookie !== undefined && matchRoute(c.req.path)?.route.access === 'guest';
  const at = html.indexOf(ROOT);
  if (!drawable || at < 0 || !existsSync(join(root, '.ssr', 'entry-server.js'))) return null;
  const hints = readHints(hintsCookie);
  const theme = themeOf(hints);
  const head =
    chunksAfterPaint(html.slice(0, at))
      .replace('<html lang="en">', `<html lang="en" class="${theme}">`)
      .replace('</head>', `<link rel="expect" href="#${PAGE_DATA_ID}" blocking="render">\n  </head>`) + '<div id="root">';
  const url = new URL(c.req.url);

  // The drawing's calls: the request's connection details, and one session check for all of them.
  const env: AppEnv['Bindings'] = { ...c.env, drawSessions: new Map() };

  // The drawing starts once the head is on its way: it keeps this thread busy (the in-process
  // calls, React), and the head must not wait for it.
  let begin = () => {};
  const headSent = new Promise<void>((resolve) => (begin = resolve));
  const drawn = headSent
    .then(() => drawerIn(root))
    .then((drawer) =>
      drawer?.drawPage({
        url: url.pathname + url.search,
        token,
        hints,
        fetch: async (input, init) => {
          // The in-process calls answer without a turn of the event loop (PGlite is in memory), so
          // the drawing would hold this thread from its first call to its end: a turn before each
          // lets the files the head asked for (styles, font, script) go out meanwhile.
          await new Promise((resolve) => setImmediate(resolve));
          return app.request(input instanceof Request ? input : String(input), init, env);
        },
        timeoutMs: drawTimeoutMs(),
      }),
    )
    .catch((err: unknown) => {
      console.error('Drawing a page on the server failed; the browser draws it.', err);
      return null;
    });
  const rest = drawn.then(
    (page) => (page ? `${page.html}</div>\n    <script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(page.data)}</script>` : '</div>') + html.slice(at + ROOT.length),
  );

  // Chunked: the Node adapter then writes each part as it comes instead of first reading ahead.
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', Vary: 'Cookie, Accept-Encoding', 'Transfer-Encoding': 'chunked' };
  if (gzipped) headers['Content-Encoding'] = 'gzip';
  const encode = gzipped ? gzipInParts() : (text: string) => utf8.encode(text);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encode(head, false));
      setImmediate(begin);
      const tail = await rest;
      // The browser may have gone while the page was drawn.
      try {
        controller.enqueue(encode(tail, true));
        controller.close();
      } catch {
        // Nobody is reading any more.
      }
    },
  });
  return new Response(body, { status: 200, headers });
}

/**
 * One gzip stream written in parts, each compressed in one step as it comes: the parts before
 * the last end in a sync flush, so the next part, deflated on its own, continues the same deflate
 * stream (its back-references stay inside itself), and the last carries the trailer. A zlib
 * stream did the same in turns of the thread pool, and held a drawn page back 5 to 19 ms after it
 * was ready, where compressing it takes under 2 ms (100 rows, this machine).
 */
export function gzipInParts(): (text: string, last: boolean) => Uint8Array {
  // ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown.
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  let started = false;
  let crc = 0;
  let size = 0;
  return (text, last) => {
    const bytes = Buffer.from(text, 'utf8');
    crc = crc32(bytes, crc);
    size = (size + bytes.byteLength) % 2 ** 32;
    const parts = [started ? Buffer.alloc(0) : header, deflateRawSync(bytes, last ? {} : { finishFlush: constants.Z_SYNC_FLUSH })];
    started = true;
    if (last) {
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(size, 4);
      parts.push(trailer);
    }
    return Buffer.concat(parts);
  };
}
