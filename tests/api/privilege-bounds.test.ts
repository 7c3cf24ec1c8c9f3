/**
 * Nobody can widen their own access (README, "Who can grant what"): not by giving themself a
 * role, not by adding permissions to a role they hold, not by granting a permission they do
 * not hold (to anyone: a second account would otherwise be the way round).
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf, type Permission } from '../../domain/permissions.ts';
import { RESOURCES } from '../../domain/resources/index.ts';
import { permissions, rolePermissions, roles, userRoles, users } from '../../server/db/schema.ts';
import { createHarness, type Harness } from './harness.ts';

const USERS = RESOURCES.users!.api;
const ROLES = RESOURCES.roles!.api;

let h: Harness;
const roleId = new Map<string, number>();
const permId = new Map<string, number>();
const userId = new Map<string, number>();

async function makeRole(name: string, perms: Permission[]) {
  const [role] = await h.db.insert(roles).values({ name }).returning();
  const ids = perms.map((p) => permId.get(p)!);
  if (ids.length) await h.db.insert(rolePermissions).values(ids.map((permission_id) => ({ role_id: role!.id, permission_id })));
  roleId.set(name, role!.id);
}

/** Who runs accounts, and who runs roles: since finer rights, a write needs its own permission. */
const ACCOUNTS: Permission[] = ['user list', 'user create', 'user edit'];
const ROLE_DESK: Permission[] = ['role list', 'role create', 'role edit'];
const sorted = (names: string[]) => [...names].sort();

beforeAll(async () => {
  h = await createHarness();
  for (const p of await h.db.select().from(permissions)) permId.set(p.name, p.id);
  await makeRole('Accounts', [...ACCOUNTS, 'dashboard']);
  await makeRole('Roles desk', [...ROLE_DESK, 'dashboard']);
  await makeRole('Sales', ['sales list', 'dashboard']);
  await makeRole('Dashboard only', ['dashboard']);
  await makeRole('People desk', [...ACCOUNTS, ...ROLE_DESK, 'dashboard']);
  for (const [email, role] of [
    ['alice@example.com', 'Accounts'],
    ['rob@example.com', 'Roles desk'],
    ['bob@example.com', 'Dashboard only'],
    ['pia@example.com', 'People desk'],
  ] as const) {
    userId.set(email, await h.createUser({ email, name: email.split('@')[0], roles: [role] }));
  }
}, 60_000);
afterAll(() => h?.close());

const as = async (email: string) => h.tokenFor(email);
const userBody = (email: string, roleNames: string[], extra: Record<string, unknown> = {}) => ({
  name: email.split('@')[0],
  email,
  status: 'active',
  role_ids: roleNames.map((n) => roleId.get(n)!),
  ...extra,
});
const roleBody = (name: string, perms: Permission[]) => ({ name, permission_ids: perms.map((p) => permId.get(p)!) });
const rolesOf = async (email: string) =>
  (await h.db.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.role_id)).innerJoin(users, eq(users.id, userRoles.user_id)).where(eq(users.email, email))).map((r) => r.name).sort();
const permissionsOfRole = async (name: string) =>
  (await h.db.select({ name: permissions.name }).from(rolePermissions).innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id)).where(eq(rolePermissions.role_id, roleId.get(name)!))).map((r) => r.name).sort();
const mePermissions = async (token: string) => [...permissionsOf((await h.request('GET', '/me', { token })).body.roles)].sort();

describe('giving roles (user create, user edit)', () => {
  it('nobody gives themself a role that holds a permission they lack', async () => {
    const token = await as('alice@example.com');
    const before = await mePermissions(token);
    const res = await h.request('PUT', `${USERS}/${userId.get('alice@example.com')}`, { token, body: userBody('alice@example.com', ['Accounts', 'Sales']) });
    expect(res.status).toBe(422);
    expect(res.body.errors.role_ids).toEqual(['You cannot give yourself the role “Sales”: it holds “sales list”, which you do not have. Ask someone who holds them.']);
    expect(await rolesOf('alice@example.com')).toEqual(['Accounts']);
    expect(await mePermissions(token)).toEqual(before);
  });

  it('nor gives such a role to someone else, or to a new account (a second account would be the way round)', async () => {
    const token = await as('alice@example.com');
    const other = await h.request('PUT', `${USERS}/${userId.get('bob@example.com')}`, { token, body: userBody('bob@example.com', ['Dashboard only', 'Sales']) });
    expect(other.status).toBe(422);
    expect(other.body.errors.role_ids).toEqual(['You can only give roles whose permissions you hold yourself: “Sales” holds “sales list”, which you do not have.']);
    const created = await h.request('POST', USERS, { token, body: userBody('alice.two@example.com', ['Sales'], { password: 'second-account-9' }) });
    expect(created.status).toBe(422);
    expect(created.body.errors.role_ids?.[0]).toMatch(/“Sales” holds “sales list”/);
    expect(await h.db.select().from(users).where(eq(users.email, 'alice.two@example.com'))).toEqual([]);
    expect(await rolesOf('bob@example.com')).toEqual(['Dashboard only']);
  });

  it('gives a role whose permissions they hold, and takes roles away', async () => {
    const token = await as('alice@example.com');
    const given = await h.request('PUT', `${USERS}/${userId.get('bob@example.com')}`, { token, body: userBody('bob@example.com', ['Dashboard only', 'Accounts']) });
    expect(given.status, given.text).toBe(200);
    const taken = await h.request('PUT', `${USERS}/${userId.get('bob@example.com')}`, { token, body: userBody('bob@example.com', ['Dashboard only']) });
    expect(taken.status, taken.text).toBe(200);
    expect(await rolesOf('bob@example.com')).toEqual(['Dashboard only']);
  });

  it('keeps a role the user already had, even one the editor could not give', async () => {
    const admin = await as('admin@example.com');
    expect((await h.request('PUT', `${USERS}/${userId.get('bob@example.com')}`, { token: admin, body: userBody('bob@example.com', ['Dashboard only', 'Sales']) })).status).toBe(200);
    const token = await as('alice@example.com');
    const res = await h.request('PUT', `${USERS}/${userId.get('bob@example.com')}`, { token, body: userBody('bob@example.com', ['Dashboard only', 'Sales'], { name: 'Bob B.' }) });
    expect(res.status, res.text).toBe(200);
    expect(await rolesOf('bob@example.com')).toEqual(['Dashboard only', 'Sales']);
  });
});

describe('adding permissions to roles (role create, role edit)', () => {
  it('nobody adds a permission they lack to a role they hold', async () => {
    const token = await as('rob@example.com');
    const res = await h.request('PUT', `${ROLES}/${roleId.get('Roles desk')}`, { token, body: roleBody('Roles desk', [...ROLE_DESK, 'dashboard', 'user list']) });
    expect(res.status).toBe(422);
    expect(res.body.errors.permission_ids).toEqual(['You cannot add permissions you do not have to a role you hold: “user list”.']);
    expect(await permissionsOfRole('Roles desk')).toEqual(sorted([...ROLE_DESK, 'dashboard']));
    expect(await mePermissions(token)).toEqual(sorted([...ROLE_DESK, 'dashboard']));
  });

  it('nor grants a permission they lack to any other role, old or new', async () => {
    const token = await as('rob@example.com');
    const other = await h.request('PUT', `${ROLES}/${roleId.get('Sales')}`, { token, body: roleBody('Sales', ['sales list', 'dashboard', 'user list', 'customer list']) });
    expect(other.status).toBe(422);
    expect(other.body.errors.permission_ids).toEqual(['You can only grant permissions you hold yourself: you do not have “user list” and “customer list”.']);
    const created = await h.request('POST', ROLES, { token, body: roleBody('Shadow', ['role list', 'user list']) });
    expect(created.status).toBe(422);
    expect(await h.db.select().from(roles).where(eq(roles.name, 'Shadow'))).toEqual([]);
    expect(await permissionsOfRole('Sales')).toEqual(['dashboard', 'sales list']);
  });

  it('grants permissions they hold, keeps ones a role already had, and takes any away', async () => {
    const token = await as('rob@example.com');
    const created = await h.request('POST', ROLES, { token, body: roleBody('Desk helper', ['role list', 'dashboard']) });
    expect(created.status, created.text).toBe(201);
    const kept = await h.request('PUT', `${ROLES}/${roleId.get('Sales')}`, { token, body: roleBody('Sales', ['sales list']) });
    expect(kept.status, kept.text).toBe(200);
    expect(await permissionsOfRole('Sales')).toEqual(['sales list']);
  });
});

describe('holding the rights on both users and roles', () => {
  it('does not make a way up: a new role with more cannot be made, so cannot be taken', async () => {
    const token = await as('pia@example.com');
    const made = await h.request('POST', ROLES, { token, body: roleBody('Everything desk', ['user list', 'role list', 'dashboard', 'sales list']) });
    expect(made.status).toBe(422);
    const self = await h.request('PUT', `${USERS}/${userId.get('pia@example.com')}`, { token, body: userBody('pia@example.com', ['People desk', 'Sales']) });
    expect(self.status).toBe(422);
    expect(await mePermissions(token)).toEqual(sorted([...ACCOUNTS, ...ROLE_DESK, 'dashboard']));
  });
});

describe('the Super Admin', () => {
  it('holds every permission, so grants any role and any permission', async () => {
    const token = await as('admin@example.com');
    expect((await h.request('PUT', `${USERS}/${userId.get('alice@example.com')}`, { token, body: userBody('alice@example.com', ['Accounts', 'Sales']) })).status).toBe(200);
    expect((await h.request('PUT', `${ROLES}/${roleId.get('Sales')}`, { token, body: roleBody('Sales', ['sales list', 'customer list']) })).status).toBe(200);
    expect(await rolesOf('alice@example.com')).toEqual(['Accounts', 'Sales']);
    const ids = [...roleId.values()];
    expect((await h.db.select().from(roles).where(inArray(roles.id, ids))).length).toBe(ids.length);
  });
});
