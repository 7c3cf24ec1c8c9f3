import { readFile, stat } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';
import type { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from './http/context.ts';

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
  if (rel.includes('\0')) return undefined;
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

/**
 * The public page, the SPA under /admin (history fallback to index.html) and the built files.
 * Registered after the API so API routes win.
 */
export function mountStatic(app: Hono<AppEnv>, distDir: string | undefined): void {
  const root = distDir ? resolve(distDir) : undefined;

  app.get('/', (c) => c.html(homePage(), 200, { 'Cache-Control': 'no-cache' }));
  app.get('/site.css', (c) => c.body(SITE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }));
  app.get('/pos', (c) => c.redirect('/admin/pos', 302));

  const spa = async () => {
    const index = root && (await fileIn(root, '/index.html'));
    if (!index) {
      return new Response(
        htmlPage('Not built', '<main><h1>The admin app is not built</h1><p>Run <code>npm run build</code>, then restart the server.</p></main>'),
        { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } },
      );
    }
    return sendFile(index, 'no-cache');
  };
  app.get('/admin', spa);
  app.get('/admin/*', spa);

  app.get('*', async (c, next) => {
    if (!root) return next();
    const path = c.req.path;
    const file = await fileIn(root, path);
    if (!file || file === join(root, 'index.html')) return next();
    const built = path.startsWith('/js/') || path.startsWith('/assets/');
    const immutable = built && HASHED.test(path);
    return sendFile(file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  });
}
