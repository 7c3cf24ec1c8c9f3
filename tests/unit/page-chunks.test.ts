/**
 * The page's chunks named in its HTML (server/static.ts withPageChunks, from the build's
 * dist/.vite/page-chunks.json): a list page gets the HTTP client, the screen loader, its data module, view and shell
 * at once, the sign-in page nothing beyond the entry, and the screen loader imports the same modules.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../domain/routes.ts';
import { hasPageFiles, pageFiles, SCREEN_FILES } from '../../domain/screen-files.ts';
import { withPageChunks } from '../../server/static.ts';
import { chunksAfterPaint } from '../../server/page-render.ts';
import { PAGE_CHUNKS_ID } from '../../domain/auth.ts';

const HTML = '<!doctype html><html><head><title>x</title></head><body></body></html>';
const CHUNKS = {
  [SCREEN_FILES.session[0]]: ['/js/chunks/http-client-E.js'],
  [SCREEN_FILES.session[1]]: ['/js/chunks/registry-F.js'],
  [SCREEN_FILES.data.list]: ['/js/chunks/list-data-A.js'],
  [SCREEN_FILES.views.list]: ['/js/chunks/list-B.js', '/js/chunks/list-data-A.js', '/js/chunks/shell-C.js'],
  [SCREEN_FILES.shell]: ['/js/chunks/shell-C.js'],
  [SCREEN_FILES.views.dashboard]: ['/js/chunks/dashboard-D.js', '/js/chunks/shell-C.js'],
};
const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe("a page's chunks in its HTML", () => {
  it('a list page names the HTTP client, the screen loader and its data module first, then its view and the shell, each once', () => {
    expect(links(withPageChunks(HTML, CHUNKS, '/admin/customers'))).toEqual(['/js/chunks/http-client-E.js', '/js/chunks/registry-F.js', '/js/chunks/list-data-A.js', '/js/chunks/list-B.js', '/js/chunks/shell-C.js']);
  });

  it('the dashboard names its own', () => {
    expect(links(withPageChunks(HTML, CHUNKS, '/admin/dashboard'))).toEqual(['/js/chunks/http-client-E.js', '/js/chunks/registry-F.js', '/js/chunks/dashboard-D.js', '/js/chunks/shell-C.js']);
  });

  it('the sign-in page, an unknown address and a bad one are left as they are', () => {
    for (const path of ['/admin/login', '/admin/nope/at/all', '/admin/%E0%A4%A', '/admin']) expect(withPageChunks(HTML, CHUNKS, path)).toBe(HTML);
  });

  it('without the build file nothing is added', () => {
    expect(withPageChunks(HTML, {}, '/admin/customers')).toBe(HTML);
  });

  it('a list page needs the HTTP client, its data module, its view and the shell, the requests first', () => {
    expect(pageFiles({ screen: 'list:customers', layout: 'content' })).toEqual([...SCREEN_FILES.session, SCREEN_FILES.data.list, SCREEN_FILES.views.list, SCREEN_FILES.shell]);
    expect(pageFiles({ screen: 'login', layout: 'blank' })).toEqual([]);
  });

  it('whether a page needs modules is said alike without the table (the sign-in page asks so)', () => {
    const pages = [...ROUTES, { screen: 'notFound', layout: 'content' as const }, { screen: 'notFound', layout: 'blank' as const }, { screen: 'forbidden', layout: 'content' as const }];
    for (const page of pages) expect(hasPageFiles(page), page.screen).toBe(pageFiles(page).length > 0);
    expect(hasPageFiles({ screen: 'login', layout: 'blank' })).toBe(false);
  });

  it("the screen loader's imports are the table's modules", () => {
    const registry = readFileSync(join(import.meta.dirname, '../../src/screens/registry.ts'), 'utf8');
    const imported = new Set([...registry.matchAll(/import\('(\.[^']+)'\)/g)].map((m) => join('src/screens', m[1]!)));
    const table = new Set<string>([SCREEN_FILES.shell, ...Object.values(SCREEN_FILES.views), ...Object.values(SCREEN_FILES.data)]);
    expect(imported).toEqual(table);
  });

  it("a drawn page's head names the same chunks, in order, for after its first frame instead of preloading them", () => {
    const head = withPageChunks(HTML.replace('<title>x</title>', '<title>x</title><link rel="modulepreload" crossorigin href="/js/chunks/app-G.js">'), CHUNKS, '/admin/customers');
    const drawn = chunksAfterPaint(head);
    expect(links(drawn)).toEqual([]);
    const list = new RegExp(`<script type="application/json" id="${PAGE_CHUNKS_ID}">(.*?)</script>`).exec(drawn);
    expect(JSON.parse(list![1]!)).toEqual(['/js/chunks/app-G.js', ...links(head).slice(1)]);
    expect(drawn).toContain('<title>x</title>');
    expect(chunksAfterPaint(HTML)).toBe(HTML);
  });
});
