import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createApp, SERVER_ERROR } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/index.ts';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
let dist: string;
const INDEX = '<!doctype html><title>SPA</title><div id="root"></div>';
const BIG = `export const y = ${JSON.stringify('a long line of script text, '.repeat(400))};`;
const COPY = gzipSync(BIG, { level: 1 });

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'js', 'chunks'), { recursive: true });
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'js', 'index-Bx3kP9qZ.js'), 'console.log(1)');
  writeFileSync(join(dist, 'js', 'chunks', 'users-C1d2E3f4.js'), 'export {}');
  writeFileSync(join(dist, 'js', 'chunks', 'big-A1b2C3d4.js'), `export const x = ${JSON.stringify('abc '.repeat(5000))};`);
  writeFileSync(join(dist, 'assets', 'index-D5e6F7g8.css'), 'body{}');
  // A script the build wrote a gzip copy of (scripts/vite-precompress.ts): zlib's fastest, so not what the server would make.
  writeFileSync(join(dist, 'js', 'chunks', 'copied-E5f6G7h8.js'), BIG);
  writeFileSync(join(dist, 'js', 'chunks', 'copied-E5f6G7h8.js.gz'), COPY);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  h = await createHarness({ distDir: dist, demo: false });
});
afterAll(async () => {
  await h?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string) => h.request('GET', path, { xsrf: false });

describe('public pages and the SPA', () => {
  it('compresses a built script for a browser that accepts gzip, and not for one that does not', async () => {
    const gz = await h.request('GET', '/js/chunks/big-A1b2C3d4.js', { xsrf: false, headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.status).toBe(200);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/js/chunks/big-A1b2C3d4.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toContain('abc abc');
  });

  it("serves the build's gzip copy of a script when there is one", async () => {
    const res = await h.app.request('/js/chunks/copied-E5f6G7h8.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(COPY)).toBe(true);
    expect(COPY.equals(gzipSync(BIG, { level: 9 }))).toBe(false);
    expect(Number(res.headers.get('content-length'))).toBe(COPY.byteLength);
    const plain = await get('/js/chunks/copied-E5f6G7h8.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(BIG);
  });

  it('answers a built script the same way every time (gzipped once, kept), and honours q=0', async () => {
    const first = await h.request('GET', '/js/chunks/big-A1b2C3d4.js', { xsrf: false, headers: { 'Accept-Encoding': 'gzip, br' } });
    const again = await h.request('GET', '/js/chunks/big-A1b2C3d4.js', { xsrf: false, headers: { 'Accept-Encoding': 'gzip' } });
    expect(again.headers.get('content-encoding')).toBe('gzip');
    expect(again.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(again.text).toBe(first.text);
    const refused = await h.request('GET', '/js/chunks/big-A1b2C3d4.js', { xsrf: false, headers: { 'Accept-Encoding': 'gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(refused.text).toContain('abc abc');
  });

  it('gzips a JSON answer of 1 KB or more in one piece, with its length, and leaves small ones and other clients as they are', async () => {
    const plain = await h.request('GET', '/api/openapi.json', { xsrf: false, headers: { 'Accept-Encoding': 'gzip;q=0, identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const doc = JSON.parse(plain.text) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(plain.text));
    const raw = await h.app.request('/api/openapi.json', { headers: { 'Accept-Encoding': 'deflate, gzip;q=0.8' } });
    expect(raw.headers.get('content-encoding')).toBe('gzip');
    expect(raw.headers.get('vary')).toMatch(/Accept-Encoding/);
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect(Number(raw.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(gunzipSync(bytes).toString()).toBe(plain.text);
    // The XSRF cookie set on the way out survives the re-made answer.
    expect(raw.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
    const small = await h.request('GET', '/api/health', { xsrf: false, headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.body).toEqual({ ok: true });
  });

  it('GET / is a public page with the shop name and a staff sign-in link', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toContain('Back office demo shop');
    expect(res.text).toMatch(/<a href="\/admin\/login">Staff sign in<\/a>/);
  });

  it.each(['/admin', '/admin/', '/admin/login', '/admin/users', '/admin/role/edit/7'])(
    'GET %s serves index.html without caching',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.text).toBe(INDEX);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    },
  );

  it('GET /pos redirects to /admin/pos', async () => {
    const res = await get('/pos');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/pos');
  });

  it.each([
    ['/js/index-Bx3kP9qZ.js', /javascript/],
    ['/js/chunks/users-C1d2E3f4.js', /javascript/],
    ['/assets/index-D5e6F7g8.css', /text\/css/],
  ])('serves the hashed file %s as immutable', async (path, type) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(type);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files from the dist root', async () => {
    const res = await get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/svg/);
    expect(res.headers.get('cache-control')).not.toMatch(/immutable/);
  });

  it.each(['/nope', '/js/missing-AbCdEfGh.js', '/js/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/js'])(
    'answers 404 HTML for %s',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.text).not.toContain('root:');
    },
  );

  it('sets the security headers on HTML', async () => {
    for (const path of ['/', '/admin/users', '/nope']) {
      const res = await get(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
      expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    }
  });

  it('answers /admin with 503 and a hint when the SPA is not built', async () => {
    const app = createApp({ db: h.db, config: h.config });
    const res = await app.request('/admin/login');
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/npm run build/);
  });
});

describe('API errors', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    for (const path of ['/api/nope', '/api/v1/admin/nothing', '/api']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not found.' });
    }
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await h.request('DELETE', '/api/health');
    expect(res.status).toBe(405);
    expect(res.body.message).toBeTruthy();
    expect(res.headers.get('allow')).toContain('GET');
    const post = await h.request('GET', '/api/logout');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('POST');
  });

  it('GET /api/health answers ok', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('hides internal failures behind a generic 500', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = new Proxy({} as Db, {
      get() {
        throw new Error('relation "secret_table" does not exist at SELECT password_hash');
      },
    });
    const app = createApp({ db: broken, config: loadConfig({}) });
    const res = await app.request('/me', { headers: { authorization: 'Bearer abc' } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: SERVER_ERROR });
    expect(text).not.toMatch(/secret_table|password_hash|at /);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
