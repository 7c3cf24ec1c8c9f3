import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessionUser } from '../../domain/auth-schemas.ts';
import { accessTokens, users } from '../../server/db/schema.ts';
import { createHarness, type Harness } from './harness.ts';

const EXPIRED = { message: 'Your session has expired. Sign in again.' };
const SIGN_IN = { message: 'Sign in to continue.' };
const USER_PATHS = ['/me', '/api/user'] as const;

let h: Harness;
beforeAll(async () => {
  // Short limits so the clock can cross them: idle 30 minutes, absolute 1 hour.
  h = await createHarness({ config: { tokenIdleMinutes: 30, tokenTtlHours: 1 } });
});
afterAll(() => h?.close());

describe.each(USER_PATHS)('GET %s', (path) => {
  it('returns the signed-in user record', async () => {
    const token = await h.tokenFor('cashier@example.com');
    const res = await h.request('GET', path, { token });
    expect(res.status).toBe(200);
    const user = sessionUser.parse(res.body);
    expect(user).toMatchObject({ email: 'cashier@example.com', name: 'Cashier', status: 'active', phone: null });
    expect(res.body).not.toHaveProperty('password_hash');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 "Sign in to continue." without a token', async () => {
    const res = await h.request('GET', path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(SIGN_IN);
  });

  it.each([
    ['an unknown token', { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG' }],
    ['a token with a changed letter', undefined],
  ])('answers 401 for %s', async (_, headers) => {
    let hdrs = headers;
    if (!hdrs) {
      const token = await h.tokenFor('cashier@example.com');
      const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
      hdrs = { authorization: `Bearer ${flipped}` };
    }
    const res = await h.request('GET', path, { headers: hdrs });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(EXPIRED);
  });

  it('answers 401 for a malformed Authorization header', async () => {
    const res = await h.request('GET', path, { headers: { authorization: 'Basic YWRtaW46cGFzc3dvcmQ=' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(SIGN_IN);
  });
});

describe('token expiry', () => {
  it('ends a session idle longer than TOKEN_IDLE_MINUTES', async () => {
    const token = await h.tokenFor('manager@example.com');
    h.clock.advance(29 * 60_000);
    expect((await h.request('GET', '/me', { token })).status).toBe(200);
    h.clock.advance(29 * 60_000); // 58 minutes in, but only 29 idle
    expect((await h.request('GET', '/me', { token })).status).toBe(200);
    h.clock.advance(30 * 60_000 + 1000);
    const res = await h.request('GET', '/me', { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(EXPIRED);
  });

  it('ends an active session at the absolute expiry (TOKEN_TTL_HOURS)', async () => {
    const token = await h.tokenFor('manager@example.com');
    for (let i = 0; i < 3; i++) {
      h.clock.advance(19 * 60_000);
      expect((await h.request('GET', '/api/user', { token })).status).toBe(200);
    }
    h.clock.advance(4 * 60_000); // 61 minutes, never idle for more than 19
    const res = await h.request('GET', '/api/user', { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(EXPIRED);
  });

  it('records use at most once a minute', async () => {
    const token = await h.tokenFor('manager@example.com');
    const hash = createHash('sha256').update(token).digest('hex');
    const lastUsed = async () =>
      (await h.db.select().from(accessTokens).where(eq(accessTokens.token_hash, hash)))[0]!.last_used_at.getTime();
    const issued = await lastUsed();
    h.clock.advance(30_000);
    await h.request('GET', '/me', { token });
    expect(await lastUsed()).toBe(issued);
    h.clock.advance(31_000);
    await h.request('GET', '/me', { token });
    expect(await lastUsed()).toBe(h.clock.now.getTime());
  });

  it('ends the sessions of a user who is made inactive', async () => {
    const id = await h.createUser({ email: 'temp@example.com', roles: ['Cashier'] });
    const token = await h.tokenFor('temp@example.com');
    expect((await h.request('GET', '/me', { token })).status).toBe(200);
    await h.db.update(users).set({ status: 'inactive' }).where(eq(users.id, id));
    const res = await h.request('GET', '/me', { token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(EXPIRED);
  });
});

describe('the session check', () => {
  it('is one statement: token, expiry, last use, user, roles and permissions', async () => {
    for (const email of ['admin@example.com', 'cashier@example.com']) {
      const token = await h.tokenFor(email);
      const { result, statements } = await h.statementsOf(() => h.request('GET', '/me', { token }));
      expect(result.status).toBe(200);
      expect(statements).toHaveLength(1);
      // Also when it records the use (a minute later) and when it ends the session.
      h.clock.advance(61_000);
      expect((await h.statementsOf(() => h.request('GET', '/me', { token }))).statements).toHaveLength(1);
      h.clock.advance(31 * 60_000);
      const ended = await h.statementsOf(() => h.request('GET', '/me', { token }));
      expect(ended.result.status).toBe(401);
      expect(ended.statements).toHaveLength(1);
    }
  });

  it('deletes a token that has ended', async () => {
    const token = await h.tokenFor('cashier@example.com');
    const hash = createHash('sha256').update(token).digest('hex');
    h.clock.advance(31 * 60_000);
    expect((await h.request('GET', '/me', { token })).status).toBe(401);
    expect(await h.db.select().from(accessTokens).where(eq(accessTokens.token_hash, hash))).toEqual([]);
  });

  it("answers the same user record as the sign-in (roles by id, each role's permissions by id)", async () => {
    const res = await h.request('POST', '/api/v1/admin/login', { body: { email: 'manager@example.com', password: 'password' } });
    const me = await h.request('GET', '/me', { token: res.body.access_token });
    expect(me.body).toEqual(res.body.user);
    const ids = (me.body as { roles: { permissions: { id: number }[] }[] }).roles.flatMap((r) => r.permissions.map((p) => p.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('POST /api/logout', () => {
  it('revokes the token', async () => {
    const token = await h.login('cashier@example.com');
    const other = await h.tokenFor('cashier@example.com');
    const res = await h.request('POST', '/api/logout', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out' });
    for (const path of USER_PATHS) {
      const after = await h.request('GET', path, { token });
      expect(after.status).toBe(401);
      expect(after.body).toEqual(EXPIRED);
    }
    // Only that session ends.
    expect((await h.request('GET', '/me', { token: other })).status).toBe(200);
    expect((await h.request('POST', '/api/logout', { token })).status).toBe(401);
  });

  it('needs a token', async () => {
    const res = await h.request('POST', '/api/logout');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(SIGN_IN);
  });
});

describe('token storage', () => {
  it('stores only the sha256 of the token', async () => {
    const token = await h.login('admin@example.com');
    const rows = await h.db.select().from(accessTokens);
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(token);
    const hash = createHash('sha256').update(token).digest('hex');
    const mine = rows.filter((r) => r.token_hash === hash);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.expires_at.getTime() - mine[0]!.created_at.getTime()).toBe(3_600_000);
    for (const r of rows) expect(r.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('issues a different token each time', async () => {
    const a = await h.tokenFor('admin@example.com');
    const b = await h.tokenFor('admin@example.com');
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64url').length).toBeGreaterThanOrEqual(32);
  });
});

describe('XSRF protection', () => {
  const login = { email: 'admin@example.com', password: 'password' };
  const XSRF_MSG = { message: 'Your page has expired. Reload it and try again.' };
  // A browser sends the cookies it holds for the site with every request, wanted or not: any
  // request with a cookie must prove with the header that our own page sent it.
  const someCookie = 'theme=dark';

  it('refuses a POST that carries a cookie but neither the XSRF cookie nor the header', async () => {
    const res = await h.request('POST', '/api/v1/admin/login', { body: login, xsrf: false, headers: { cookie: someCookie } });
    expect(res.status).toBe(419);
    expect(res.body).toEqual(XSRF_MSG);
    expect(res.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
  });

  it.each([
    ['the header missing', { cookie: 'XSRF-TOKEN=abc' }],
    ['the XSRF cookie missing beside another cookie', { cookie: someCookie, 'X-XSRF-TOKEN': 'abc' }],
    ['a mismatch', { cookie: 'XSRF-TOKEN=abc', 'X-XSRF-TOKEN': 'abd' }],
    ['a length mismatch', { cookie: 'XSRF-TOKEN=abc', 'X-XSRF-TOKEN': 'abcd' }],
  ])('refuses with %s', async (_, headers) => {
    const res = await h.request('POST', '/api/v1/admin/login', { body: login, xsrf: false, headers });
    expect(res.status).toBe(419);
    expect(res.body).toEqual(XSRF_MSG);
  });

  it.each(['PATCH', 'PUT', 'DELETE'])('guards %s too, even with a valid bearer token, when a cookie comes along', async (method) => {
    const token = await h.tokenFor('admin@example.com');
    const res = await h.request(method, '/api/profile', { token, xsrf: false, headers: { cookie: 'XSRF-TOKEN=abc' }, body: { name: 'X', email: 'x@example.com' } });
    expect(res.status).toBe(419);
  });

  it('takes the device cookie alone for no cookie (SameSite=Strict, no credential), and with another cookie still asks the header', async () => {
    const token = await h.tokenFor('admin@example.com');
    const body = { name: 'Admin', email: 'admin@example.com' };
    const alone = await h.request('PATCH', '/api/profile', { token, xsrf: false, headers: { cookie: 'bo_device=anything' }, body });
    expect(alone.status).toBe(200);
    const withAnother = await h.request('PATCH', '/api/profile', { token, xsrf: false, headers: { cookie: `bo_device=anything; ${someCookie}` }, body });
    expect(withAnother.status).toBe(419);
  });

  it('accepts a matching cookie and header', async () => {
    const res = await h.request('POST', '/api/v1/admin/login', {
      body: login,
      xsrf: false,
      headers: { cookie: 'XSRF-TOKEN=s3cr3t-value', 'X-XSRF-TOKEN': 's3cr3t-value' },
    });
    expect(res.status).toBe(200);
  });

  it('GET /sanctum/csrf-cookie answers 204 and sets a readable Lax cookie', async () => {
    const res = await h.request('GET', '/sanctum/csrf-cookie', { xsrf: false });
    expect(res.status).toBe(204);
    const cookie = res.headers.get('set-cookie') ?? '';
    const m = /^XSRF-TOKEN=([A-Za-z0-9_-]+);/.exec(cookie);
    expect(m).not.toBeNull();
    expect(Buffer.from(m![1]!, 'base64url').length).toBe(32);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('sets the cookie on any response that lacks it, and not when present', async () => {
    const without = await h.request('GET', '/api/health', { xsrf: false });
    expect(without.body).toEqual({ ok: true });
    expect(without.headers.get('set-cookie')).toMatch(/^XSRF-TOKEN=/);
    const withIt = await h.request('GET', '/api/health');
    expect(withIt.headers.get('set-cookie')).toBeNull();
  });

  it('the cookie from csrf-cookie works for a sign-in', async () => {
    const first = await h.request('GET', '/sanctum/csrf-cookie', { xsrf: false });
    const value = /^XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
    const res = await h.request('POST', '/api/v1/admin/login', {
      body: login,
      xsrf: false,
      headers: { cookie: `XSRF-TOKEN=${value}`, 'X-XSRF-TOKEN': value },
    });
    expect(res.status).toBe(200);
  });
});

describe('API clients (scripts, other servers): a bearer token and no cookies', () => {
  const customers = '/api/v1/admin/customers';

  it('sign in, write, read and sign out with Authorization: Bearer alone', async () => {
    const signIn = await h.request('POST', '/api/v1/admin/login', { xsrf: false, body: { email: 'manager@example.com', password: 'password' } });
    expect(signIn.status, signIn.text).toBe(200);
    const token = signIn.body.access_token as string;

    const created = await h.request('POST', customers, { token, xsrf: false, body: { name: 'Scripted Ltd', status: 'active' } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as number;
    const updated = await h.request('PUT', `${customers}/${id}`, { token, xsrf: false, body: { name: 'Scripted Ltd (renamed)', status: 'active' } });
    expect(updated.status, updated.text).toBe(200);
    expect((await h.request('GET', `${customers}/${id}`, { token, xsrf: false })).body.data.name).toBe('Scripted Ltd (renamed)');
    expect((await h.request('DELETE', `${customers}/${id}`, { token, xsrf: false })).status).toBe(200);
    expect((await h.request('POST', '/api/logout', { token, xsrf: false })).status).toBe(200);
    expect((await h.request('GET', '/me', { token, xsrf: false })).status).toBe(401);
  });

  it('without a token, a cookie-less write is still refused (401): the token is the credential', async () => {
    const res = await h.request('POST', customers, { xsrf: false, body: { name: 'Nobody Ltd', status: 'active' } });
    expect(res.status).toBe(401);
  });
});

describe('request bodies are JSON', () => {
  const customers = '/api/v1/admin/customers';
  const UNSUPPORTED = { message: 'Send the request body as JSON, with the header Content-Type: application/json.' };

  it.each([
    ['text/plain', 'POST', customers, '{"name":"Ann","status":"active"}'],
    ['application/x-www-form-urlencoded', 'POST', customers, 'name=Ann&status=active'],
    ['multipart/form-data; boundary=x', 'POST', customers, '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn\r\n--x--\r\n'],
    ['application/xml', 'PATCH', '/api/profile', '<p><name>Ann</name></p>'],
    ['application/jsonx', 'POST', '/api/v1/admin/login', '{}'],
  ])('a body sent as %s answers 415 saying what to send', async (type, method, path, body) => {
    const token = await h.tokenFor('admin@example.com');
    const res = await h.request(method, path, { token, body, headers: { 'content-type': type } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual(UNSUPPORTED);
  });

  it('a body without a Content-Type answers 415', async () => {
    const token = await h.tokenFor('admin@example.com');
    const res = await h.app.request(customers, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new Blob(['{"name":"Ann","status":"active"}']).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(415);
  });

  it('accepts application/json with a charset, in any letter case', async () => {
    const token = await h.tokenFor('admin@example.com');
    const res = await h.request('POST', customers, { token, body: { name: 'Charset Ltd', status: 'active' }, headers: { 'content-type': 'Application/JSON; charset=UTF-8' } });
    expect(res.status, res.text).toBe(201);
  });
});
