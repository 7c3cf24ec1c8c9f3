/**
 * A signed-in page drawn by the server (server/page-render.ts, src/entry-server.tsx): the
 * sign-in sets the page cookie and signing out ends it; a request with it gets the page's HTML
 * with its rows, streamed, and the state the browser starts from; anything else (no cookie, an
 * ended session, a broken hints cookie) gets the plain page for the browser to draw, never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PAGE_CHUNKS_ID, PAGE_DATA_ID, PAGE_HINTS_COOKIE, PAGE_SESSION_COOKIE } from '../../domain/auth.ts';
import { drawPage } from '../../src/entry-server.tsx';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
let dist: string;
const INDEX = '<!doctype html>\n<html lang="en">\n<head><title>Back office</title>\n<link rel="modulepreload" crossorigin href="/js/chunks/app-A.js"></head>\n<body><div id="root"></div><script type="module" src="/js/index.js"></script></body>\n</html>\n';

beforeAll(async () => {
  // A loaded machine running several test files may take longer than a server's usual limit.
  process.env.PAGE_DRAW_TIMEOUT_MS = '60000';
  dist = mkdtempSync(join(tmpdir(), 'dist-ssr-'));
  mkdirSync(join(dist, '.ssr'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  // The build's drawing is the source's here (the test runner compiles it).
  writeFileSync(join(dist, '.ssr', 'entry-server.js'), `export * from ${JSON.stringify(resolve('src/entry-server.tsx'))};\n`);
  h = await createHarness({ distDir: dist, shop: true });
  // The test runner compiles the app's modules on their first use, slower than the server's time limit for a drawing.
  const token = await h.tokenFor('admin@example.com');
  const warm = await drawPage({ url: '/admin/customers', token, hints: {}, fetch: (input, init) => Promise.resolve(h.app.request(String(input), init)), timeoutMs: 120_000 });
  expect(warm).not.toBeNull();
}, 180_000);
afterAll(async () => {
  delete process.env.PAGE_DRAW_TIMEOUT_MS;
  await h?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (path: string, cookie?: string, gzip = false) =>
  h.request('GET', path, { xsrf: false, headers: { ...(cookie ? { cookie } : {}), ...(gzip ? { 'Accept-Encoding': 'gzip' } : {}) } });

async function signIn(): Promise<{ token: string; cookie: string }> {
  const res = await h.request('POST', '/api/v1/admin/login', { body: { email: 'admin@example.com', password: 'password' } });
  expect(res.status).toBe(200);
  const set = res.headers.get('set-cookie') ?? '';
  const value = new RegExp(`${PAGE_SESSION_COOKIE}=([^;]+)`).exec(set)?.[1];
  // A secret of its own, not the API's bearer token.
  expect(value).toMatch(/^[\w-]{43}$/);
  expect(value).not.toBe(res.body.access_token);
  expect(set).toMatch(/HttpOnly/i);
  expect(set).toMatch(/Path=\/admin/i);
  expect(set).toMatch(/SameSite=Lax/i);
  return { token: res.body.access_token as string, cookie: `${PAGE_SESSION_COOKIE}=${value}` };
}

const dataOf = (html: string) => JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`, 's').exec(html)![1]!.replace(/\\u003c/g, '<'));

describe('the server draws a signed-in page', () => {
  it('answers a list page with its rows, the state it was drawn in for the browser, and no cache', async () => {
    const { cookie } = await signIn();
    const res = await page('/admin/customers?per_page=25', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    const customers = await h.request('GET', '/api/v1/admin/customers?page=1&per_page=25&sort=name&dir=asc', { token: (await signIn()).token });
    const first = customers.body.data[0].name as string;
    const root = res.text.slice(res.text.indexOf('<div id="root">'), res.text.indexOf(`id="${PAGE_DATA_ID}"`));
    expect(root).toContain('<table');
    expect(root).toContain(first);
    // No style attribute a Content-Security-Policy would refuse in markup.
    expect(root).not.toMatch(/ style="/);
    const data = dataOf(res.text);
    expect(data.user).toBe(1);
    // The browser starts from what the page was drawn with: the session, and the list's loader's answer.
    expect(data.state.me.email).toBe('admin@example.com');
    expect(data.state.screen.request).toMatchObject({ pathname: '/admin/customers', search: '?per_page=25', screen: 'list:customers' });
    expect(data.state.screen.data.page.data.map((r: { id: number }) => r.id)).toEqual(customers.body.data.map((r: { id: number }) => r.id));
    expect(data.state.screen.data.settings).toEqual({ hidden_columns: [], saved_filters: [] });
    // The script of the page still follows.
    expect(res.text).toContain('<script type="module" src="/js/index.js"></script>');
    // Its chunks are named for after the first frame (src/start.ts), not preloaded beside the styles.
    expect(res.text).not.toContain('rel="modulepreload"');
    const chunks = new RegExp(`<script type="application/json" id="${PAGE_CHUNKS_ID}">(.*?)</script>`).exec(res.text);
    expect(JSON.parse(chunks![1]!)).toEqual(['/js/chunks/app-A.js']);
  });

  it('streams it gzipped to a browser that takes gzip, in the theme the hints ask for', async () => {
    const { cookie } = await signIn();
    const hints = `${PAGE_HINTS_COOKIE}=${encodeURIComponent(JSON.stringify({ narrow: false, phone: false, dark: true }))}`;
    const res = await h.app.request('/admin/products', { headers: { cookie: `${cookie}; ${hints}`, 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(html).toContain('<html lang="en" class="dark">');
    expect(html).toContain(`id="${PAGE_DATA_ID}"`);
  });

  it('leaves the page to the browser without a cookie, with an ended session, or a cookie that is not a session', async () => {
    const plain = await page('/admin/customers');
    expect(plain.status).toBe(200);
    expect(plain.text).toContain('<div id="root"></div>');
    // A page the browser draws preloads its chunks at once.
    expect(plain.text).toContain('<link rel="modulepreload" crossorigin href="/js/chunks/app-A.js">');
    expect(plain.text).not.toContain(`id="${PAGE_CHUNKS_ID}"`);
    expect(plain.headers.get('cache-control')).toBe('no-cache');

    for (const cookie of [`${PAGE_SESSION_COOKIE}=not-a-token`, `${PAGE_SESSION_COOKIE}=`, `${PAGE_SESSION_COOKIE}=%00%ff`]) {
      const res = await page('/admin/customers', cookie);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).not.toContain(`id="${PAGE_DATA_ID}"`);
    }

    const { token, cookie } = await signIn();
    const out = await h.request('POST', '/api/logout', { token });
    expect(out.status).toBe(200);
    // Signing out ends the cookie in the browser, and the session on the server.
    expect(out.headers.get('set-cookie') ?? '').toMatch(new RegExp(`${PAGE_SESSION_COOKIE}=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)`, 'i'));
    const after = await page('/admin/customers', cookie);
    expect(after.text).toContain('<div id="root"></div>');
    expect(after.text).not.toContain(`id="${PAGE_DATA_ID}"`);
  });

  it('takes the page secret for drawing only: the API refuses it, and the bearer token draws no page', async () => {
    const { token, cookie } = await signIn();
    const secret = cookie.slice(`${PAGE_SESSION_COOKIE}=`.length);
    const asKey = await h.request('GET', '/me', { token: secret });
    expect(asKey.status).toBe(401);
    const drawn = await page('/admin/customers', cookie);
    expect(drawn.text).toContain(`id="${PAGE_DATA_ID}"`);
    const withToken = await page('/admin/customers', `${PAGE_SESSION_COOKIE}=${token}`);
    expect(withToken.text).toContain('<div id="root"></div>');
    expect(withToken.text).not.toContain(`id="${PAGE_DATA_ID}"`);
  });

  it('checks the session once for all the calls it makes while drawing (each request of its own checks it)', async () => {
    const { cookie, token } = await signIn();
    const isCheck = (sql: string) => /with "found" as/i.test(sql) && sql.includes('"access_tokens"');
    const { result, statements } = await h.statementsOf(() => page('/admin/customers?per_page=25', cookie));
    expect(result.status).toBe(200);
    expect(dataOf(result.text).state.screen.data.page.data.length).toBeGreaterThan(0);
    expect(statements.filter(isCheck)).toHaveLength(1);
    // Outside a drawing, every call checks its session.
    const calls = await h.statementsOf(async () => {
      expect((await h.request('GET', '/me', { token })).status).toBe(200);
      expect((await h.request('GET', '/api/v1/admin/customers/list-settings', { token })).status).toBe(200);
    });
    expect(calls.statements.filter(isCheck)).toHaveLength(2);
    // And a drawing for a session that has ended since is not drawn with it.
    await h.request('POST', '/api/logout', { token });
    const ended = await page('/admin/customers?per_page=25', cookie);
    expect(ended.text).not.toContain(`id="${PAGE_DATA_ID}"`);
  });

  it('reads a broken hints cookie as none', async () => {
    const { cookie } = await signIn();
    for (const hints of ['{', '%E0%A4%A', JSON.stringify({ locale: '<script>', ui: 7 }), 'x'.repeat(4000)]) {
      const res = await page('/admin/dashboard', `${cookie}; ${PAGE_HINTS_COOKIE}=${hints}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`id="${PAGE_DATA_ID}"`);
    }
  });

  it('draws what the browser draws: the page a person may not see as not allowed, an unknown one as not found', async () => {
    await h.createUser({ email: 'clerk@example.com', roles: [] });
    const res = await h.request('POST', '/api/v1/admin/login', { body: { email: 'clerk@example.com', password: 'password' } });
    const cookie = `${PAGE_SESSION_COOKIE}=${new RegExp(`${PAGE_SESSION_COOKIE}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '')![1]}`;
    expect((await page('/admin/customers', cookie)).text).toMatch(/not allowed|permission/i);
    expect((await page('/admin/no-such-page', cookie)).text).toContain('Page not found');
  });
});

describe('the server draws the sign-in page for a signed-out browser', () => {
  const hints = `${PAGE_HINTS_COOKIE}=${encodeURIComponent(JSON.stringify({ narrow: true, phone: true, dark: true, locale: 'en-US' }))}`;

  it("draws the form, in the theme of the hints, for a browser that sent its hints, with nobody's session", async () => {
    const res = await page('/admin/login', hints);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).toContain('<html lang="en" class="dark">');
    const root = res.text.slice(res.text.indexOf('<div id="root">'), res.text.indexOf(`id="${PAGE_DATA_ID}"`));
    expect(root).toContain('aria-label="Sign in"');
    expect(root).toMatch(/<input[^>]*type="email"/);
    // Its button waits for the app: the form is not sent natively (the password into the address).
    expect(root).toMatch(/<button type="submit" disabled=""/);
    const data = dataOf(res.text);
    expect(data.user).toBeNull();
    expect(data.state.me).toBeNull();
    expect(data.state.screen.data).toBeUndefined();
    // Rendering waits until the drawing is in (no half page first).
    expect(res.text).toContain(`<link rel="expect" href="#${PAGE_DATA_ID}" blocking="render">`);
  });

  it('leaves it to the browser on a first visit (no hints), and draws no other page signed out', async () => {
    const first = await page('/admin/login');
    expect(first.text).toContain('<div id="root"></div>');
    expect(first.text).not.toContain(`id="${PAGE_DATA_ID}"`);
    for (const path of ['/admin/customers', '/admin/dashboard', '/admin', '/admin/no-such-page']) {
      const res = await page(path, hints);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).not.toContain(`id="${PAGE_DATA_ID}"`);
    }
  });

  it('does not draw the sign-in page signed out for a session: the browser goes on to its page', async () => {
    const { cookie } = await signIn();
    const res = await page('/admin/login', `${cookie}; ${hints}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('aria-label="Sign in"');
  });
});

describe('drawing a page (src/entry-server.tsx)', () => {
  it('is not done for a token that is no session, and asks nothing but who it is', async () => {
    const asked: string[] = [];
    const drawn = await drawPage({
      url: '/admin/customers',
      token: 'nope',
      hints: {},
      fetch: (input, init) => {
        asked.push(String(input));
        return Promise.resolve(h.app.request(String(input), init));
      },
    });
    expect(drawn).toBeNull();
    expect(asked).toEqual(['/me']);
  });
});
