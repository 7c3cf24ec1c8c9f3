/**
 * The page's chunks named in its HTML (server/static.ts withPageChunks, from Vite's build
 * manifest): a page gets its files' chunks and what they import, each once, none index.html
 * names already; the sign-in page nothing beyond the entry. Every route's page has a view file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageKey, ROUTES } from '../../domain/routes.ts';
import { PAGE_CHUNKS_ID } from '../../domain/auth.ts';
import { withPageChunks, type BuildManifest } from '../../server/static.ts';
import { chunksAfterPaint } from '../../server/page-render.ts';
import { PAGES } from '../../src/pages/index.ts';
import { pageFiles } from '../../src/pages/screen-loader.ts';

const HTML = '<!doctype html><html><head><title>x</title><script type="module" src="/js/start-S.js"></script></head><body></body></html>';
const MANIFEST: BuildManifest = {
  'src/start.ts': { file: 'js/start-S.js', imports: ['_shared-R.js'] },
  '_shared-R.js': { file: 'js/chunks/shared-R.js' },
  'src/pages/screen-loader.ts': { file: 'js/chunks/screen-loader-F.js', imports: ['_list-data-A.js'] },
  '_list-data-A.js': { file: 'js/chunks/list-data-A.js', imports: ['src/start.ts'] },
  'src/app/http-client.ts': { file: 'js/chunks/http-client-E.js' },
  'src/screens/resource/list-route.tsx': { file: 'js/chunks/list-B.js', imports: ['_list-data-A.js', 'src/app/shell.tsx'] },
  'src/app/shell.tsx': { file: 'js/chunks/shell-C.js' },
  'src/screens/dashboard/dashboard-route.tsx': { file: 'js/chunks/dashboard-D.js', imports: ['src/app/shell.tsx'] },
};
const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const filesAt = (screen: string) => pageFiles({ screen, layout: 'content' });

describe("a page's chunks in its HTML", () => {
  it('a list page names the page table, the HTTP client, its view and the shell, with what they import, each once', () => {
    expect(links(withPageChunks(HTML, MANIFEST, filesAt('list:customers')))).toEqual([
      '/js/chunks/screen-loader-F.js',
      '/js/chunks/list-data-A.js',
      '/js/chunks/http-client-E.js',
      '/js/chunks/list-B.js',
      '/js/chunks/shell-C.js',
    ]);
    expect(links(withPageChunks(HTML, MANIFEST, filesAt('dashboard')))).toEqual([
      '/js/chunks/screen-loader-F.js',
      '/js/chunks/list-data-A.js',
      '/js/chunks/http-client-E.js',
      '/js/chunks/dashboard-D.js',
      '/js/chunks/shell-C.js',
    ]);
  });

  it('the sign-in page and pages with no files name nothing; a build without a manifest names nothing', () => {
    expect(pageFiles({ screen: 'login', layout: 'blank' })).toEqual([]);
    expect(withPageChunks(HTML, MANIFEST, [])).toBe(HTML);
    expect(withPageChunks(HTML, {}, filesAt('list:customers'))).toBe(HTML);
  });

  it("every route names a page module (or is drawn by the first chunk), and every page's view is a file", () => {
    for (const route of ROUTES) {
      const module = PAGES[pageKey(route.screen)];
      if (route.layout === 'blank') expect(module, route.name).toBeUndefined();
      else expect(module && existsSync(join(import.meta.dirname, '../../src/screens', module.view)), route.name).toBe(true);
    }
  });

  it("a drawn page's head names the same chunks, in order, for after its first frame instead of preloading them", () => {
    const head = withPageChunks(HTML.replace('<title>x</title>', '<title>x</title><link rel="modulepreload" crossorigin href="/js/chunks/app-G.js">'), MANIFEST, filesAt('list:customers'));
    const drawn = chunksAfterPaint(head);
    expect(links(drawn)).toEqual([]);
    const list = new RegExp(`<script type="application/json" id="${PAGE_CHUNKS_ID}">(.*?)</script>`).exec(drawn);
    expect(JSON.parse(list![1]!)).toEqual(['/js/chunks/app-G.js', ...links(head).slice(1)]);
    expect(drawn).toContain('<title>x</title>');
    expect(chunksAfterPaint(HTML)).toBe(HTML);
  });
});
