import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessionUser } from '../../domain/auth.ts';
import { users } from '../../server/db/schema.ts';
import { createHarness, type Harness } from './harness.ts';

const COMMON_PASSWORD = 'This is one of the most common passwords, which attackers try first. Choose one that is harder to guess.';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.createUser({ email: 'pat@example.com', name: 'Pat', roles: ['Cashier'] });
  await h.createUser({ email: 'sam@example.com', name: 'Sam', roles: ['Cashier'] });
});
afterAll(() => h?.close());

describe('PATCH /api/profile', () => {
  it('updates name and email and returns the user', async () => {
    const token = await h.tokenFor('pat@example.com');
    const res = await h.request('PATCH', '/api/profile', { token, body: { name: '  Pat Doe ', email: 'Pat.Doe@Example.com' } });
    expect(res.status).toBe(200);
    const user = sessionUser.parse(res.body.user);
    expect(user.name).toBe('Pat Doe');
    expect(user.email).toBe('pat.doe@example.com');
    expect(user.roles.map((r) => r.name)).toEqual(['Cashier']);
    const me = await h.request('GET', '/me', { token });
    expect(me.body.email).toBe('pat.doe@example.com');
    expect((await h.login('PAT.DOE@example.com')).length).toBeGreaterThan(0);
  });

  it('refuses an email another user has, naming the field', async () => {
    const token = await h.tokenFor('sam@example.com');
    const res = await h.request('PATCH', '/api/profile', { token, body: { name: 'Sam', email: 'ADMIN@example.com' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['This email address is already in use.']);
    const [row] = await h.db.select().from(users).where(eq(users.email, 'sam@example.com'));
    expect(row?.name).toBe('Sam');
  });

  it('keeps its own email without complaint', async () => {
    const token = await h.tokenFor('sam@example.com');
    const res = await h.request('PATCH', '/api/profile', { token, body: { name: 'Samantha', email: 'sam@example.com' } });
    expect(res.status).toBe(200);
    expect(res.body.user.name).toBe('Samantha');
  });

  it.each([
    [{ name: '', email: 'sam@example.com' }, ['name']],
    [{ name: 'Sam', email: 'nope' }, ['email']],
    [{ name: 'Sam', email: 'sam@example.com', status: 'inactive' }, ['status']],
    [{ name: 'Sam', email: 'sam@example.com', roles: [1] }, ['roles']],
    [{}, ['name', 'email']],
  ])('refuses %j', async (body, fields) => {
    const token = await h.tokenFor('sam@example.com');
    const res = await h.request('PATCH', '/api/profile', { token, body });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
  });
});

describe('PATCH /api/password', () => {
  it('refuses a wrong current password on current_password', async () => {
    const token = await h.tokenFor('sam@example.com');
    const res = await h.request('PATCH', '/api/password', {
      token,
      body: { current_password: 'wrong', password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['current_password']);
  });

  it.each([
    [{ current_password: 'password', password: 'short', password_confirmation: 'short' }, 'password'],
    [{ current_password: 'password', password: 'long-enough-1', password_confirmation: 'long-enough-2' }, 'password_confirmation'],
    [{ current_password: 'password', password: 'long-enough-1' }, 'password_confirmation'],
  ])('refuses %j on %s', async (body, field) => {
    const token = await h.tokenFor('sam@example.com');
    const res = await h.request('PATCH', '/api/password', { token, body });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]?.length).toBeGreaterThan(0);
  });

  it.each(['password1', 'Qwertyuiop', 'iloveyou'])('refuses the common password %s on password, saying why', async (password) => {
    const token = await h.tokenFor('sam@example.com');
    const res = await h.request('PATCH', '/api/password', { token, body: { current_password: 'password', password, password_confirmation: password } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ password: [COMMON_PASSWORD] });
  });

  it('changes the password and ends the other sessions only', async () => {
    const mine = await h.tokenFor('sam@example.com');
    const other = await h.tokenFor('sam@example.com');
    const someoneElse = await h.tokenFor('cashier@example.com');
    const res = await h.request('PATCH', '/api/password', {
      token: mine,
      body: { current_password: 'password', password: 'new-password-1', password_confirmation: 'new-password-1' },
    });
    expect(res.status).toBe(200);
    expect((await h.request('GET', '/me', { token: mine })).status).toBe(200);
    expect((await h.request('GET', '/me', { token: other })).status).toBe(401);
    expect((await h.request('GET', '/me', { token: someoneElse })).status).toBe(200);
    const old = await h.request('POST', '/api/v1/admin/login', { body: { email: 'sam@example.com', password: 'password' } });
    expect(old.status).toBe(422);
    expect((await h.login('sam@example.com', 'new-password-1')).length).toBeGreaterThan(0);
  });
});
