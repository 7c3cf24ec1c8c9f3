/**
 * PRODUCT §1: a production server never signs anyone in with the demo password, even on a
 * database first created (and seeded) in development, and the password rule holds there too.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableDemoAccounts } from '../../server/seed.ts';
import { accessTokens, users } from '../../server/db/schema.ts';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  // The demo seed ran as it does in development; the app now runs as production.
  h = await createHarness({ config: { production: true, nodeEnv: 'production' } });
});
afterAll(() => h?.close());

const signIn = (email: string, password: string) => h.request('POST', '/api/v1/admin/login', { body: { email, password } });

describe('NODE_ENV=production on a database made in development', () => {
  it('refuses the demo password for every account, demo or not, as invalid credentials', async () => {
    await h.createUser({ email: 'copied@example.com', roles: ['Manager'] }); // its password is "password" too
    for (const email of ['admin@example.com', 'manager@example.com', 'cashier@example.com', 'copied@example.com']) {
      const res = await signIn(email, 'password');
      expect(res.status, email).toBe(422);
      expect(res.body).toEqual({ message: 'Invalid Credentials' });
    }
  });

  it('disables the demo accounts that still have the demo password, ends their sessions and names them', async () => {
    const token = await h.tokenFor('manager@example.com');
    // An administrator gave the cashier a real password: that account stays.
    await h.db.update(users).set({ password_hash: await (await import('../../server/auth/password.ts')).hashPassword('till-keys-2024') }).where(eq(users.email, 'cashier@example.com'));

    expect((await disableDemoAccounts(h.db)).sort()).toEqual(['admin@example.com', 'manager@example.com']);

    const rows = await h.db.select({ email: users.email, status: users.status, id: users.id }).from(users).where(inArray(users.email, ['admin@example.com', 'manager@example.com', 'cashier@example.com']));
    expect(Object.fromEntries(rows.map((r) => [r.email, r.status]))).toEqual({ 'admin@example.com': 'inactive', 'manager@example.com': 'inactive', 'cashier@example.com': 'active' });
    expect(await h.db.select().from(accessTokens).where(inArray(accessTokens.user_id, rows.filter((r) => r.status === 'inactive').map((r) => r.id)))).toEqual([]);
    expect((await h.request('GET', '/me', { token })).status).toBe(401);
    expect((await signIn('cashier@example.com', 'till-keys-2024')).status).toBe(200);
    // A second start names them again (they still have the demo password) and changes nothing else.
    expect((await disableDemoAccounts(h.db)).sort()).toEqual(['admin@example.com', 'manager@example.com']);
  });
});
