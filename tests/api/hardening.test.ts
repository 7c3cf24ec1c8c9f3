/**
 * Issue 9's small things, each at its cause: text PostgreSQL would silently change is refused,
 * a refused oversized body closes its connection, and old sign-in records do not pile up.
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../domain/resources/index.ts';
import { purgeStale } from '../../server/auth/purge.ts';
import { accessTokens, customers, loginAttempts, loginLimits, users } from '../../server/db/schema.ts';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenFor('admin@example.com');
});
afterAll(() => h?.close());

const SURROGATE_MESSAGE = 'This text contains a broken character that cannot be saved. Retype it.';

describe('a lone UTF-16 surrogate', () => {
  // JSON can carry half of a surrogate pair (\ud800 with no \udc00 after it); UTF-8 cannot,
  // so the driver would store U+FFFD instead: a silent change of what the person typed.
  it.each([
    ['a high surrogate alone', '"Ann \\ud800"'],
    ['a low surrogate alone', '"\\udc00 Ann"'],
    ['two high surrogates', '"\\ud83d\\ud83d"'],
  ])('in a field is a 422 under that field, and nothing is saved (%s)', async (_what, name) => {
    const before = await h.db.$count(customers);
    const res = await h.request('POST', RESOURCES.customers!.api, { token, body: `{"name": ${name}, "status": "active"}` });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: [SURROGATE_MESSAGE] });
    expect(await h.db.$count(customers)).toBe(before);
  });

  it('in a nested value or a key is named by its path', async () => {
    const res = await h.request('PUT', RESOURCES.roles!.api.replace(/$/, '/1'), {
      token,
      body: '{"name": "Ok", "permission_ids": [1], "\\udbff": 1}',
    });
    expect(res.status).toBe(422);
    expect(Object.values(res.body.errors as Record<string, string[]>).flat()).toContain(SURROGATE_MESSAGE);
  });

  it('in the sign-in form is a 422, not a failed attempt', async () => {
    const res = await h.request('POST', '/api/v1/admin/login', { body: '{"email": "admin@example.com", "password": "pass\\ud800"}' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ password: [SURROGATE_MESSAGE] });
  });

  it('a whole pair (an emoji written as escapes) is kept as it is', async () => {
    const res = await h.request('POST', RESOURCES.customers!.api, { token, body: '{"name": "Ann \\ud83d\\ude00", "status": "active"}' });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe('Ann 😀');
  });
});

describe('a body over the size limit', () => {
  it('answers 413 with Connection: close, so the unread rest of the body is never taken for the next request', async () => {
    const res = await h.request('POST', RESOURCES.customers!.api, {
      token,
      body: JSON.stringify({ name: 'Ann', address: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
  });

  it('over a real keep-alive connection, the next request on it is answered', async () => {
    const server = serve({ fetch: h.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((ok) => server.once('listening', ok));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string) =>
      new Promise<{ status?: number; error?: string }>((resolve) => {
        const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a' };
        const req = request({ host: '127.0.0.1', port, path: '/api/v1/admin/login', method: 'POST', agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode }));
        });
        req.on('error', (e) => resolve({ error: e.message }));
        req.end(body);
      });
    try {
      expect(await post(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }))).toEqual({ status: 413 });
      expect(await post(JSON.stringify({ email: 'a@example.com', password: '' }))).toEqual({ status: 422 });
    } finally {
      agent.destroy();
      await new Promise((ok) => server.close(ok));
    }
  });
});

describe('purging old sign-in data', () => {
  it('removes expired and idle tokens and sign-in records nobody needs, and keeps the rest', async () => {
    const now = h.clock.now;
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const [admin] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
    const token = (hash: string, lastUsed: Date, expires: Date) => ({ user_id: admin!.id, token_hash: hash.padEnd(64, '0'), created_at: ago(86_400_000), last_used_at: lastUsed, expires_at: expires });
    const idle = h.config.tokenIdleMinutes * 60_000;
    await h.db.insert(accessTokens).values([
      token('a1', ago(1000), ago(1)), // past its absolute expiry
      token('a2', ago(idle + 1000), new Date(now.getTime() + 3_600_000)), // unused for longer than the idle limit
      token('a3', ago(1000), new Date(now.getTime() + 3_600_000)), // live
    ]);
    const hour = 3_600_000;
    await h.db.insert(loginAttempts).values([
      { key: 'old@example.com|1.2.3.4', failures: 2, first_failed_at: ago(2 * hour) },
      { key: 'recent@example.com|1.2.3.4', failures: 2, first_failed_at: ago(60_000) },
      { key: 'locked@example.com|1.2.3.4', failures: 9, first_failed_at: ago(3 * hour), locked_until: new Date(now.getTime() + 60_000) },
    ]);

    await h.db.insert(loginLimits).values([
      { key: 'account old@example.com', failed_at: [ago(2 * hour), ago(hour + 1000)] },
      { key: 'address 192.0.2.1', failed_at: [ago(2 * hour), ago(60_000)] },
      { key: 'address 192.0.2.2', failed_at: [] },
    ]);

    const purged = await purgeStale(h.db, now, h.config);

    const hashes = (await h.db.select({ h: accessTokens.token_hash }).from(accessTokens)).map((r) => r.h.replace(/0+$/, ''));
    expect(hashes).toContain('a3');
    expect(hashes).not.toContain('a1');
    expect(hashes).not.toContain('a2');
    const keys = (await h.db.select({ k: loginAttempts.key }).from(loginAttempts)).map((r) => r.k);
    expect(keys).toContain('recent@example.com|1.2.3.4');
    expect(keys).toContain('locked@example.com|1.2.3.4');
    expect(keys).not.toContain('old@example.com|1.2.3.4');
    const limits = (await h.db.select({ k: loginLimits.key }).from(loginLimits)).map((r) => r.k);
    expect(limits).toEqual(['address 192.0.2.1']);
    expect(purged.tokens).toBeGreaterThanOrEqual(2);
    expect(purged.signIns).toBeGreaterThanOrEqual(1);
  });
});
