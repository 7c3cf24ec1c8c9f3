import { readFile, stat } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from './http/context.ts';
import { drawerIn, drawnPageResponse } from './page-render.ts';

const HASHED = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/site.css">
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The server's own pages' styles, as a file: the Content-Security-Policy allows styles from
 * this site only, not inline <style> blocks.
 */
const SITE_CSS = `body{font-family:Inter,system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f1f29}
a{color:#6d28d9}
main.wide{max-width:60rem}
body:has(main.wide){max-width:60rem}
section{border-top:1px solid #e4e4ea;padding:.5rem 0}
h2{font-size:1rem;margin:.5rem 0}
.method{display:inline-block;min-width:4.5rem;font-weight:700;color:#6d28d9}
table{border-collapse:collapse;font-size:.875rem}
td,th{border:1px solid #e4e4ea;padding:.25rem .5rem;text-align:left;vertical-align:top}
pre{background:#f6f6f9;padding:.75rem;overflow:auto;font-size:.8125rem}
@media (prefers-color-scheme:dark){body{background:#16161d;color:#e8e8ef}a,.method{color:#c4b5fd}pre{background:#23232d}section,td,th{border-color:#33333f}}
`;

export const SHOP_NAME = 'Back office demo shop';

export const homePage = () =>
  htmlPage(
    SHOP_NAME,
    `<main>
<h1>${SHOP_NAME}</h1>
<p>Welcome. Our online shop opens here soon.</p>
<p><a href="/admin/login">Staff sign in</a></p>
</main>`,
  );

export const notFoundPage = () =>
  htmlPage('Page not found', '<main><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></main>');

/** A file inside `root`, or undefined (missing, a folder, or an escape attempt like /../). */
async function fileIn(root: string, urlPath: string): Promise<string | undefined> {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  // Nor a dot-directory's (dist/.ssr holds the server's code, dist/.vite the build's notes).
  if (rel.includes('\0') || /(^|\/)\./.test(rel)) return undefined;
  const full = resolve(root, '.' + normalize('/' + rel));
  if (full !== root && !full.startsWith(root + sep)) return undefined;
  try {
    return (await stat(full)).isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

async function sendFile(path: string, cache: string): Promise<Response> {
  const data = await readFile(path);
  return new Response(data, {
    status: 200,
    headers: {
      'Content-Type': getMimeType(path) ?? 'application/octet-stream',
      'Content-Length': String(data.byteLength),
      'Cache-Control': cache,
    },
  });
}

const gzipAsync = promisify(gzip);

/** The client takes gzip: Accept-Encoding names it (or `*`) without q=0; gzip named beats `*`. */
export function acceptsGzip(header: string | undefined | null): boolean {
  let star = false;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const taken = !q || Number(q.slice(2)) > 0;
    if (name === 'gzip') return taken;
    if (name === '*') star = taken;
  }
  return star;
}

/**
 * Hashed built files (a new build gives new names) read and gzipped once, then answered from
 * memory: a page load asks for a dozen of them, and reading and compressing each one again on
 * every request kept the one server thread busy while the database waited behind it. The build
 * writes a smaller gzip copy beside each script and stylesheet (scripts/vite-precompress.ts):
 * that one is served when it is there.
 */
const builtFiles = new Map<string, Promise<{ raw: Uint8Array<ArrayBuffer>; gz: Uint8Array<ArrayBuffer> }>>();

async function gzipOf(path: string, raw: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const built = await readFile(`${path}.gz`).catch(() => null);
  return new Uint8Array(built ?? (await gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION })));
}

export async function sendBuiltFile(path: string, acceptEncoding: string | undefined | null): Promise<Response> {
  let entry = builtFiles.get(path);
  if (!entry) {
    entry = readFile(path).then(async (raw) => ({ raw, gz: await gzipOf(path, raw) }));
    entry.catch(() => builtFiles.delete(path));
    builtFiles.set(path, entry);
  }
  const { raw, gz } = await entry;
  // Tiny files are not worth the header, as the compress middleware also judges.
  const zipped = acceptsGzip(acceptEncoding) && gz.byteLength < raw.byteLength;
  const body = zipped ? gz : raw;
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': getMimeType(path) ?? 'application/octet-stream',
      'Content-Length': String(body.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
      ...(zipped ? { 'Content-Encoding': 'gzip' } : {}),
    },
  });
}

/** Vite's build manifest: each source file's chunk and the manifest keys of what it imports statically. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

const manifests = new Map<string, Promise<BuildManifest>>();

/** dist/.vite/manifest.json (vite.config.ts asks for it), read once; empty if the build has none. */
function manifestIn(root: string): Promise<BuildManifest> {
  let manifest = manifests.get(root);
  if (!manifest) {
    manifest = readFile(join(root, '.vite', 'manifest.json'), 'utf8').then((text) => JSON.parse(text) as BuildManifest, () => ({}));
    manifests.set(root, manifest);
  }
  return manifest;
}

/**
 * index.html with the chunks of a page's source `files` (and what they import) named by
 * <link rel="modulepreload"> (links, not scripts: CSP-safe), except those it names already. The
 * address is known here, before any script runs: the chunks download beside the entry instead of
 * after it has run and asked for them. A signed-out visitor to a signed-in page fetches them for
 * nothing, and they are there after signing in.
 */
export function withPageChunks(html: string, manifest: BuildManifest, files: string[]): string {
  const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]!));
  const chunks: string[] = [];
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || named.has(entry.file)) return;
    named.add(entry.file);
    chunks.push(`/${entry.file}`);
    for (const next of entry.imports ?? []) visit(next);
  };
  for (const file of files) visit(file);
  if (!chunks.length) return html;
  const links = chunks.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`).join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}

/**
 * The public page, the SPA under /admin (history fallback to index.html) and the built files.
 * Registered after the API so API routes win.
 */
export function mountStatic(app: Hono<AppEnv>, distDir: string | undefined): void {
  const root = distDir ? resolve(distDir) : undefined;

  app.get('/', (c) => c.html(homePage(), 200, { 'Cache-Control': 'no-cache' }));
  app.get('/site.css', (c) => c.body(SITE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }));
  app.get('/pos', (c) => c.redirect('/admin/pos', 302));

  const spa = async (c: Context<AppEnv>) => {
    const index = root && (await fileIn(root, '/index.html'));
    if (!index) {
      return new Response(
        htmlPage('Not built', '<main><h1>The admin app is not built</h1><p>Run <code>npm run build</code>, then restart the server.</p></main>'),
        { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
      );
    }
    // Which files the page needs, the server's build of the app says (its page table, src/pages/).
    const drawer = await drawerIn(root);
    let files: string[] = [];
    try {
      files = drawer?.filesOf(c.req.path) ?? [];
    } catch {
      // An address that cannot be decoded names no page.
    }
    const html = withPageChunks(await readFile(index, 'utf8'), await manifestIn(root), files);
    return (
      drawnPageResponse(c, app, root, html, acceptsGzip(c.req.header('Accept-Encoding'))) ??
      new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', Vary: 'Cookie' } })
    );
  };
  app.get('/admin', spa);
  app.get('/admin/*', spa);

  app.get('*', async (c, next) => {
    if (!root) return next();
    const path = c.req.path;
    const file = await fileIn(root, path);
    if (!file || file === join(root, 'index.html')) return next();
    const built = path.startsWith('/js/') || path.startsWith('/assets/');
    if (built && HASHED.test(path)) return sendBuiltFile(file, c.req.header('Accept-Encoding'));
    return sendFile(file, 'no-cache');
  });
}
