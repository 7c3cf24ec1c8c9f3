import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginSuccess } from '../../domain/auth.ts';
import { PERMISSION_MODULES, PERMISSIONS, permissionsOf } from '../../domain/permissions.ts';
import { loginAttempts } from '../../server/db/schema.ts';
import { createHarness, type Harness } from './harness.ts';

const LOGIN = '/api/v1/admin/login';
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ config: { loginMaxFailures: 3, loginWindowSeconds: 900, loginLockSeconds: 60 } });
});
afterAll(() => h?.close());

describe('POST /api/v1/admin/login', () => {
  it.each([
    ['admin@example.com', 'Super Admin', [...PERMISSIONS]],
    [
      'manager@example.com',
      'Manager',
      PERMISSIONS.filter((p) => !(PERMISSION_MODULES.Administration as readonly string[]).includes(p)),
    ],
    ['cashier@example.com', 'Cashier', ['dashboard', 'pos', 'sales list', 'sales create', 'customer list', 'customer create', 'customer edit']],
  ])('signs in %s with role %s and exactly its permissions', async (email, role, expected) => {
    const res = await h.request('POST', LOGIN, { body: { email, password: 'password' } });
    expect(res.status).toBe(200);
    const body = loginSuccess.parse(res.body);
    expect(body.user.email).toBe(email);
    expect(body.user.roles.map((r) => r.name)).toEqual([role]);
    expect([...permissionsOf(body.user.roles)].sort()).toEqual([...expected].sort());
    // The role's own list is what the browser shows; Super Admin lists every permission.
    expect(body.user.roles[0]!.permissions.map((p) => p.name).sort()).toEqual([...expected].sort());
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const expires = new Date(body.expires_at).getTime();
    expect(expires - h.clock.now.getTime()).toBe(h.config.tokenTtlHours * 3_600_000);
  });

  it('accepts the email in any letter case', async () => {
    const res = await h.request('POST', LOGIN, { body: { email: 'Cashier@Example.COM', password: 'password' } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('cashier@example.com');
  });

  it('POST /api/admin-login is the same sign-in', async () => {
    const res = await h.request('POST', '/api/admin-login', { body: { email: 'manager@example.com', password: 'password' } });
    expect(res.status).toBe(200);
    loginSuccess.parse(res.body);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrong = await h.request('POST', LOGIN, { body: { email: 'admin@example.com', password: 'nope' } });
    const unknown = await h.request('POST', LOGIN, { body: { email: 'ghost@example.com', password: 'nope' } });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(wrong.body).toEqual({ message: 'Invalid Credentials' });
    expect(unknown.text).toBe(wrong.text);
    await h.db.delete(loginAttempts);
  });

  it('spends about as long on an unknown email as on a wrong password', async () => {
    const time = async (email: string) => {
      const t = performance.now();
      await h.request('POST', LOGIN, { body: { email, password: 'wrong-password' } });
      return performance.now() - t;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(`manager@example.com`));
      unknown.push(await time(`nobody${i}@example.com`));
      await h.db.delete(loginAttempts);
    }
    // Without the dummy hash an unknown email answers ~50x faster than a real argon2 verify.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
  });

  it('answers Status failed for an inactive account with the right password', async () => {
    await h.createUser({ email: 'former@example.com', status: 'inactive', roles: ['Cashier'] });
    const res = await h.request('POST', LOGIN, { body: { email: 'former@example.com', password: 'password' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Status: 'failed', message: 'This account is inactive.' });
    const wrong = await h.request('POST', LOGIN, { body: { email: 'former@example.com', password: 'nope' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ message: 'Invalid Credentials' });
    await h.db.delete(loginAttempts);
  });
});

describe('login body validation', () => {
  const cases: [string, unknown, number, string[]][] = [
    ['missing both fields', {}, 422, ['email', 'password']],
    ['missing password', { email: 'admin@example.com' }, 422, ['password']],
    ['a bad email', { email: 'not-an-email', password: 'x' }, 422, ['email']],
    ['an unknown field', { email: 'admin@example.com', password: 'password', remember: true }, 422, ['remember']],
    ['wrong types', { email: 5, password: ['a'] }, 422, ['email', 'password']],
    ['a huge password', { email: 'admin@example.com', password: 'x'.repeat(5000) }, 422, ['password']],
    ['a JSON array', [1, 2], 422, ['body']],
    ['a JSON null', 'null', 422, ['body']],
  ];
  it.each(cases)('refuses %s with 422 and field errors', async (_, body, status, fields) => {
    const res = await h.request('POST', LOGIN, { body });
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
    for (const msgs of Object.values(res.body.errors as Record<string, string[]>)) expect(msgs[0]).toBeTruthy();
  });

  it('names a missing field as required', async () => {
    const res = await h.request('POST', LOGIN, { body: { email: 'admin@example.com' } });
    expect(res.body.errors.password).toEqual(['This field is required.']);
  });

  it.each([
    ['malformed JSON', '{"email": ', 400],
    ['an empty body', '', 400],
    ['form data', 'email=a%40b.c&password=x', 400],
  ])('refuses %s with a clear message', async (_, raw, status) => {
    const res = await h.request('POST', LOGIN, { body: raw });
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(/JSON|body/);
  });

  it('refuses a body over the size limit with 413, not 500', async () => {
    const res = await h.request('POST', LOGIN, {
      body: JSON.stringify({ email: 'admin@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
  });
});

describe('sign-in throttling', () => {
  const fail = (email: string) => h.request('POST', LOGIN, { body: { email, password: 'wrong' } });
  const succeed = (email: string) => h.request('POST', LOGIN, { body: { email, password: 'password' } });

  it('locks after the maximum failures, even for the right password, then unlocks', async () => {
    const email = 'manager@example.com';
    for (let i = 0; i < 3; i++) expect((await fail(email)).status).toBe(422);
    const locked = await succeed(email);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('60');
    expect(locked.body).toEqual({ message: 'Too many sign-in attempts. Try again in 60 seconds.' });

    h.clock.advance(20_000);
    const later = await succeed(email);
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('40');
    expect(later.body.message).toBe('Too many sign-in attempts. Try again in 40 seconds.');

    // Other accounts from the same address are not affected.
    expect((await succeed('cashier@example.com')).status).toBe(200);

    h.clock.advance(41_000);
    expect((await succeed(email)).status).toBe(200);
    const rows = await h.db.select().from(loginAttempts).where(eq(loginAttempts.key, `${email}|local`));
    expect(rows).toEqual([]);
  });

  it('counts the email case-insensitively', async () => {
    await fail('Admin@Example.com');
    await fail('ADMIN@example.com');
    await fail('admin@example.com');
    expect((await succeed('admin@example.com')).status).toBe(429);
    h.clock.advance(61_000);
  });

  it('forgets failures after a success', async () => {
    const email = 'cashier@example.com';
    await fail(email);
    await fail(email);
    expect((await succeed(email)).status).toBe(200);
    await fail(email);
    await fail(email);
    expect((await succeed(email)).status).toBe(200);
  });

  it('starts counting again when the window has passed', async () => {
    const email = 'cashier@example.com';
    await fail(email);
    await fail(email);
    h.clock.advance(901_000);
    await fail(email);
    await fail(email);
    expect((await succeed(email)).status).toBe(200);
  });

  it('throttles unknown emails the same way', async () => {
    for (let i = 0; i < 3; i++) expect((await fail('ghost2@example.com')).status).toBe(422);
    expect((await fail('ghost2@example.com')).status).toBe(429);
  });
});
