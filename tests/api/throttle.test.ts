/**
 * Sign-in throttling that holds (ASVS 6.1.1 / 2.2.1): per account at most 100 failed attempts an
 * hour whatever the number of addresses, a limit per address whatever the email, a counter
 * that the end of a lock does not reset, and argon2 work that a spray cannot pile up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createHarness, type Harness } from './harness.ts';

const LOGIN = '/api/v1/admin/login';
const TOO_MANY = /^Too many sign-in attempts\. Try again in \d+ seconds\.$/;

// Each failed attempt costs an argon2 verify, so the tests count to 12, not to the default 100.
const MAX = 12;

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    config: { loginMaxFailures: 3, loginWindowSeconds: 900, loginLockSeconds: 60, loginAccountMaxFailures: MAX, loginAddressMaxFailures: MAX },
  });
  await h.createUser({ email: 'target@example.com', roles: ['Cashier'] });
  await h.createUser({ email: 'bystander@example.com', roles: ['Cashier'] });
});
afterAll(() => h?.close());

const attempt = (email: string, password: string, address: string) => h.request('POST', LOGIN, { body: { email, password }, address });
/** A distinct address per n, as a botnet has (10.x.y.z, 2 bytes of n). */
const addr = (n: number) => `10.${9 + Math.floor(n / 65_536)}.${Math.floor(n / 256) % 256}.${n % 256}`;

it('allows 100 failed attempts an hour per account and per address unless configured otherwise', () => {
  const defaults = loadConfig({});
  expect(defaults.loginAccountMaxFailures).toBe(100);
  expect(defaults.loginAddressMaxFailures).toBe(100);
  expect(loadConfig({ LOGIN_ACCOUNT_MAX_FAILURES: '20', LOGIN_ADDRESS_MAX_FAILURES: '30' })).toMatchObject({ loginAccountMaxFailures: 20, loginAddressMaxFailures: 30 });
});

describe('per account, whatever the number of addresses', () => {
  it('allows the maximum of failed attempts an hour, then refuses every attempt, the right password included', async () => {
    for (let i = 0; i < MAX; i++) {
      const res = await attempt('target@example.com', `guess-${i}`, addr(i));
      expect(res.status, `attempt ${i + 1}: ${res.text}`).toBe(422);
    }
    const locked = await attempt('target@example.com', 'password', addr(5000));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(TOO_MANY);
    expect(Number(locked.headers.get('retry-after'))).toBe(3600);
    // Other accounts are not affected.
    expect((await attempt('bystander@example.com', 'password', addr(5001))).status).toBe(200);
  }, 60_000);

  it('opens again once the oldest failures are an hour old, and only as far as they have aged', async () => {
    h.clock.advance(3_600_000 + 1000);
    expect((await attempt('target@example.com', 'password', addr(6000))).status).toBe(200);
  });
});

describe('per address, whatever the email', () => {
  it('a spray of unknown emails from one address is refused after the maximum of failures, for any email', async () => {
    const from = '192.0.2.77';
    for (let i = 0; i < MAX; i++) {
      const res = await attempt(`nobody-${i}@example.com`, 'password', from);
      expect(res.status, `attempt ${i + 1}`).toBe(422);
    }
    const next = await attempt('nobody-new@example.com', 'password', from);
    expect(next.status).toBe(429);
    expect(next.body.message).toMatch(TOO_MANY);
    // A real account's right password from that address waits too; from elsewhere it works.
    expect((await attempt('bystander@example.com', 'password', from)).status).toBe(429);
    expect((await attempt('bystander@example.com', 'password', '192.0.2.78')).status).toBe(200);
  }, 60_000);

  it('counts an IPv6 /64 as one address (one machine gets a whole /64)', async () => {
    for (let i = 0; i < MAX; i++) {
      expect((await attempt(`v6-${i}@example.com`, 'password', `2001:db8:1:2::${(i + 1).toString(16)}`)).status).toBe(422);
    }
    expect((await attempt('v6-new@example.com', 'password', '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await attempt('v6-new@example.com', 'password', '2001:db8:1:3::1')).status).toBe(422);
  }, 60_000);
});

describe('the lock of one account from one address', () => {
  it('is not reset by its end: the next failure within the window locks again at once', async () => {
    const from = '198.51.100.9';
    for (let i = 0; i < 3; i++) expect((await attempt('bystander@example.com', 'wrong', from)).status).toBe(422);
    expect((await attempt('bystander@example.com', 'wrong', from)).status).toBe(429);
    h.clock.advance(61_000);
    expect((await attempt('bystander@example.com', 'wrong', from)).status).toBe(422);
    const again = await attempt('bystander@example.com', 'password', from);
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('60');
    // The window passing (not the lock ending) is what starts the count afresh.
    h.clock.advance(901_000);
    expect((await attempt('bystander@example.com', 'password', from)).status).toBe(200);
  });
});

describe('argon2 work under a spray', () => {
  it('runs one hash at a time and refuses what would queue beyond its small queue at once, so other requests stay served', async () => {
    const { hashGate } = await import('../../server/auth/password.ts');
    const token = await h.tokenFor('bystander@example.com');
    let maxRunning = 0;
    const watch = setInterval(() => (maxRunning = Math.max(maxRunning, hashGate.running)), 1);
    let lastAnswer = 0;
    const spray = Array.from({ length: 40 }, (_, i) =>
      attempt(`spray-${i}@example.com`, 'password', addr(20_000 + i)).finally(() => (lastAnswer = performance.now())),
    );
    const me = await h.request('GET', '/me', { token });
    const meDone = performance.now();
    const answers = await Promise.all(spray);
    clearInterval(watch);
    expect(me.status).toBe(200);
    const statuses = answers.map((r) => r.status);
    const busy = answers.filter((r) => r.status === 503);
    expect(busy.length, JSON.stringify(statuses)).toBeGreaterThan(0);
    expect(busy[0]!.body.message).toBe('The server is busy checking sign-ins. Try again in a moment.');
    expect(busy[0]!.headers.get('retry-after')).toBe('1');
    expect(statuses.every((s) => s === 422 || s === 503), JSON.stringify(statuses)).toBe(true);
    expect(maxRunning).toBeLessThanOrEqual(hashGate.concurrency);
    // /me did not wait for the spray's hashing to finish.
    expect(meDone).toBeLessThan(lastAnswer);
  }, 60_000);

  it('hashes on one lane (one thread per hash), and a sign-in replaces a hash made on four', async () => {
    const argon2 = (await import('argon2')).default;
    const { users } = await import('../../server/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await h.createUser({ email: 'old-hash@example.com', roles: ['Cashier'] });
    const four = await argon2.hash('old-hash-pass-1', { type: argon2.argon2id });
    expect(four).toMatch(/p=4/);
    await h.db.update(users).set({ password_hash: four }).where(eq(users.email, 'old-hash@example.com'));
    expect((await attempt('old-hash@example.com', 'old-hash-pass-1', '203.0.113.5')).status).toBe(200);
    const [row] = await h.db.select({ hash: users.password_hash }).from(users).where(eq(users.email, 'old-hash@example.com'));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=1,t=3\$/);
    expect((await attempt('old-hash@example.com', 'old-hash-pass-1', '203.0.113.5')).status).toBe(200);
  });
});
