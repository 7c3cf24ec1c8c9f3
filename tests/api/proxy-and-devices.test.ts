/**
 * Behind load balancers: the client address from a trusted proxy's X-Forwarded-For (and only
 * from one), the public scheme for Secure cookies, device cookies that keep an account's owner
 * signing in while strangers use up its limit, /api/ready, and request ids. In process; the
 * real balancer in front of real servers is load-balancer.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { purgeOnce } from '../../server/auth/purge.ts';
import { DEVICE_COOKIE } from '../../server/auth/device.ts';
import { runningState } from '../../server/http/ready.ts';
import { createHarness, XSRF_VALUE, type Harness } from './harness.ts';

const LOGIN = '/api/v1/admin/login';
const PROXY = '127.0.0.1';
const MAX = 6;

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    config: {
      trustedProxies: [PROXY, '10.1.0.0/16'],
      loginMaxFailures: 3,
      loginAccountMaxFailures: MAX,
      loginAddressMaxFailures: MAX,
      loginDeviceMaxFailures: 3,
    },
  });
  await h.createUser({ email: 'owner@example.com', roles: ['Cashier'] });
  await h.createUser({ email: 'other@example.com', roles: ['Cashier'] });
});
afterAll(() => h?.close());

const signIn = (email: string, password: string, o: { address: string; xff?: string; cookie?: string }) =>
  h.request('POST', LOGIN, {
    body: { email, password },
    address: o.address,
    xsrf: false,
    headers: {
      ...(o.xff ? { 'x-forwarded-for': o.xff } : {}),
      cookie: `XSRF-TOKEN=${XSRF_VALUE}${o.cookie ? `; ${o.cookie}` : ''}`,
      'x-xsrf-token': XSRF_VALUE,
    },
  });
const setCookies = (res: { headers: Headers }) => res.headers.getSetCookie();
const deviceOf = (res: { headers: Headers }) => {
  const line = setCookies(res).find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return line ? line.split(';')[0]! : undefined;
};

describe('TRUSTED_PROXIES', () => {
  it('takes addresses and ranges, and refuses anything else', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8 ::1 fd00::/8' }).trustedProxies).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.local' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
    expect(loadConfig({}).trustedProxies).toEqual([]);
  });

  it('counts failures per real client behind the proxy: a stranger locks only himself', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn('owner@example.com', 'wrong', { address: PROXY, xff: '198.51.100.7' })).status).toBe(422);
    expect((await signIn('owner@example.com', 'wrong', { address: PROXY, xff: '198.51.100.7' })).status).toBe(429);
    // The owner, through the same proxy from his own address, is not locked.
    expect((await signIn('owner@example.com', 'password', { address: PROXY, xff: '198.51.100.8' })).status).toBe(200);
  });

  it('reads the right-most hop that is not a proxy of ours: what the client wrote itself is ignored', async () => {
    // 203.0.113.9 forged "192.0.2.1"; our proxy 127.0.0.1 appended the real one, via a second proxy in 10.1/16.
    for (let i = 0; i < 3; i++) {
      expect((await signIn('other@example.com', 'wrong', { address: PROXY, xff: `192.0.2.${i}, 203.0.113.9, 10.1.2.3` })).status).toBe(422);
    }
    expect((await signIn('other@example.com', 'password', { address: PROXY, xff: '192.0.2.50, 203.0.113.9, 10.1.2.3' })).status).toBe(429);
    expect((await signIn('other@example.com', 'password', { address: PROXY, xff: '203.0.113.10' })).status).toBe(200);
  });

  it('ignores X-Forwarded-For from anyone not trusted: a new forged address per try changes nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn('other@example.com', 'wrong', { address: '203.0.113.50', xff: `192.0.2.${100 + i}` })).status).toBe(422);
    expect((await signIn('other@example.com', 'password', { address: '203.0.113.50', xff: '192.0.2.200' })).status).toBe(429);
  });
});

describe('Secure cookies', () => {
  const cookiesOf = async (o: { address?: string; headers?: Record<string, string> }, config = h.config) => {
    const app = createApp({ db: h.db, config });
    const env = o.address ? { incoming: { socket: { remoteAddress: o.address, remoteFamily: 'IPv4' } } } : undefined;
    const res = await app.request('/sanctum/csrf-cookie', { headers: o.headers ?? {} }, env);
    return res.headers.getSetCookie();
  };
  it('marks every cookie Secure under an https PUBLIC_URL, and only then', async () => {
    const https = { ...h.config, publicUrl: new URL('https://shop.example') };
    expect((await cookiesOf({}, https)).every((c) => /;\s*Secure/i.test(c))).toBe(true);
    expect((await cookiesOf({})).some((c) => /;\s*Secure/i.test(c))).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl?.protocol).toBe('https:');
    expect(() => loadConfig({ PUBLIC_URL: 'shop.example' })).toThrow(/PUBLIC_URL/);
  });
  it('believes X-Forwarded-Proto from a trusted proxy only', async () => {
    const proto = { 'x-forwarded-proto': 'https' };
    expect((await cookiesOf({ address: PROXY, headers: proto }))[0]).toMatch(/;\s*Secure/i);
    expect((await cookiesOf({ address: '203.0.113.1', headers: proto }))[0]).not.toMatch(/;\s*Secure/i);
  });
  it('makes the sign-in cookies (page session, device) Secure too', async () => {
    const https = { ...h.config, publicUrl: new URL('https://shop.example') };
    const app = createApp({ db: h.db, config: https });
    const res = await app.request(LOGIN, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'password' }),
    });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
  });
});

describe('device cookies', () => {
  it('lets the owner sign in from a browser he used before while strangers have used up the account', async () => {
    await h.createUser({ email: 'boss@example.com', roles: ['Cashier'] });
    const first = await signIn('boss@example.com', 'password', { address: '192.0.2.10' });
    expect(first.status).toBe(200);
    const device = deviceOf(first)!;
    expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=\\d+\\.[\\w-]+\\.[\\w-]+$`));
    expect(setCookies(first).find((c) => c.startsWith(DEVICE_COOKIE))).toMatch(/HttpOnly/i);

    for (let i = 0; i < MAX; i++) expect((await signIn('boss@example.com', `guess-${i}`, { address: `198.18.0.${i}` })).status).toBe(422);
    // Unknown browsers, even the owner's address without the cookie, are refused for the hour.
    expect((await signIn('boss@example.com', 'password', { address: '192.0.2.10' })).status).toBe(429);
    // His own browser is not.
    const again = await signIn('boss@example.com', 'password', { address: '192.0.2.10', cookie: device });
    expect(again.status).toBe(200);
    // It keeps the same device (the same nonce).
    expect(deviceOf(again)).toBe(device);
  });

  it('gives a known browser a small allowance of its own, and trusts no cookie it did not sign for this account', async () => {
    const device = deviceOf(await h.request('POST', LOGIN, { body: { email: 'admin@example.com', password: 'password' }, address: '192.0.2.20' }))!;
    // Someone else's cookie, or a forged one, is an unknown browser: the account limit applies.
    expect((await signIn('boss@example.com', 'password', { address: '192.0.2.21', cookie: device })).status).toBe(429);
    const [name, value] = device.split('=') as [string, string];
    const [, nonce, mac] = value.split('.');
    expect((await signIn('boss@example.com', 'password', { address: '192.0.2.21', cookie: `${name}=999.${nonce}.${mac}` })).status).toBe(429);

    // The device's own allowance (3 here, and the per-key lock at 3) runs out for that device only:
    // from the same address without the cookie the account still signs in.
    for (let i = 0; i < 3; i++) expect((await signIn('admin@example.com', `wrong-${i}`, { address: '192.0.2.20', cookie: device })).status).toBe(422);
    expect((await signIn('admin@example.com', 'password', { address: '192.0.2.20', cookie: device })).status).toBe(429);
    expect((await signIn('admin@example.com', 'password', { address: '192.0.2.20' })).status).toBe(200);
  });
});

describe('/api/health, /api/ready, request ids', () => {
  it('is ready with a database that answers, and not while stopping or before migrations', async () => {
    expect((await h.request('GET', '/api/ready')).status).toBe(200);
    const state = runningState();
    const app = createApp({ db: h.db, config: h.config, state });
    state.stopping = true;
    const stopping = await app.request('/api/ready');
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ ok: false, reason: 'stopping' });
    expect((await app.request('/api/health')).status).toBe(200);
    state.stopping = false;
    state.migrated = false;
    expect((await app.request('/api/ready')).status).toBe(503);
  });

  it('answers 503 when the database is gone, while /api/health stays 200', async () => {
    const gone = await openDatabase({});
    await gone.close();
    const app = createApp({ db: gone.db, config: h.config });
    expect((await app.request('/api/ready')).status).toBe(503);
    expect((await app.request('/api/health')).status).toBe(200);
  });

  it('gives every answer a request id, keeping a trusted proxy\'s and no one else\'s', async () => {
    const own = await h.request('GET', '/api/health');
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const fromProxy = await h.request('GET', '/api/health', { address: PROXY, headers: { 'x-request-id': 'lb-42' } });
    expect(fromProxy.headers.get('x-request-id')).toBe('lb-42');
    const fromStranger = await h.request('GET', '/api/health', { address: '203.0.113.1', headers: { 'x-request-id': 'lb-42' } });
    expect(fromStranger.headers.get('x-request-id')).not.toBe('lb-42');
  });
});

it('purges on one server at a time: a second purge while one holds the lock does nothing', async () => {
  if (h.handle.kind !== 'postgres') {
    // PGlite has one connection: a purge's lock cannot meet another's. Still, it runs and purges.
    expect(await purgeOnce(h.db, new Date(), h.config)).toMatchObject({ tokens: expect.any(Number) });
    return;
  }
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const first = h.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${(0x73686f70_70757267n).toString()}::bigint)`);
    entered();
    await held;
  });
  await inside;
  expect(await purgeOnce(h.db, new Date(), h.config)).toBeUndefined();
  release();
  await first;
  expect(await purgeOnce(h.db, new Date(), h.config)).toMatchObject({ tokens: expect.any(Number) });
});
