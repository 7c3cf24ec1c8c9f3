import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, SUPER_ADMIN_ROLE } from '../../domain/permissions.ts';
import { brands, permissionModules as PM, permissions as P, roles as R, users as U } from '../../domain/resources/index.ts';
import { accessTokens, users as userTable } from '../../server/db/schema.ts';
import { client, expectFieldError, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/** Users, roles, permission modules and permissions: their CRUD and the rules that protect access. */

let h: Harness;
let api: Client;
let adminToken: string;
const roleId = new Map<string, number>();
const permId = new Map<string, number>();

beforeAll(async () => {
  h = await createHarness();
  adminToken = await h.tokenFor('admin@example.com');
  api = client(h, adminToken);
  for (const r of await api.rows(R.api)) roleId.set(r.name, r.id);
  const perms = await api.get(P.api, { per_page: 100 });
  for (const p of perms.body.data) permId.set(p.name, p.id);
});
afterAll(() => h?.close());

const COMMON_PASSWORD = 'This is one of the most common passwords, which attackers try first. Choose one that is harder to guess.';
const tokensOf = async (id: number) => (await h.db.select().from(accessTokens).where(eq(accessTokens.user_id, id))).length;
const status = async (token: string) => (await h.request('GET', '/me', { token })).status;

describe('users', () => {
  let nina: any;

  it('creates a user with a hashed password, never sent back, who can then sign in', async () => {
    nina = await api.create(U.api, {
      name: 'Nina Clerk',
      email: ' Nina.Clerk@Example.COM ',
      password: 'counter-top-9',
      role_ids: [roleId.get('Manager')],
    });
    expect(nina).toMatchObject({ name: 'Nina Clerk', email: 'nina.clerk@example.com', status: 'active', role_ids: [roleId.get('Manager')], role_names: ['Manager'] });
    expect(nina).not.toHaveProperty('password_hash');
    expect(nina).not.toHaveProperty('password');
    const [row] = await h.db.select().from(userTable).where(eq(userTable.id, nina.id));
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await h.login('nina.clerk@example.com', 'counter-top-9')).toBeTruthy();
  });

  it('lists role names, filters by role and never sends a password hash', async () => {
    const list = await api.get(U.api, { per_page: 100 });
    expect(list.text).not.toMatch(/argon2|password/);
    const rows = list.body.data as any[];
    expect(rows.find((r) => r.email === 'admin@example.com').role_names).toEqual([SUPER_ADMIN_ROLE]);
    const managers = await api.rows(U.api, { role_id: roleId.get('Manager')! });
    expect(managers.map((r) => r.email).sort()).toEqual(['manager@example.com', 'nina.clerk@example.com']);
    expect((await api.rows(U.api, { search: 'CLERK' })).map((r) => r.id)).toEqual([nina.id]);
    expectFieldError(await api.get(U.api, { role_id: 'managers' }), 'role_id');
    const csv = await api.get(`${U.api}/export`);
    expect(csv.text.split('\r\n')[0]).toBe('Name,Email,Phone,Roles,Status,Created');
    expect(csv.text).not.toMatch(/argon2/);
    const shown = await api.get(`${U.api}/${nina.id}`);
    expect(shown.text).not.toMatch(/argon2|password/);
  });

  it.each([
    [{ name: 'X', email: 'NINA.CLERK@example.com', password: 'long-enough' }, 'email', 'Another user already has this email address.'],
    [{ name: 'X', email: 'x@example.com', password: 'short' }, 'password', 'Use at least 8 characters.'],
    [{ name: 'X', email: 'x@example.com' }, 'password', undefined],
    [{ name: 'X', email: 'x@example.com', password: 'long-enough', role_ids: [999999] }, 'role_ids', 'One of the chosen roles no longer exists. Reload and choose again.'],
    [{ name: 'X', email: 'x@example.com', password: 'long-enough', password_hash: 'x' }, 'password_hash', 'This field is not allowed.'],
    [{ name: 'X', email: 'x@example.com', password: 'password123' }, 'password', COMMON_PASSWORD],
    [{ name: 'X', email: 'x@example.com', password: 'SUNSHINE1' }, 'password', COMMON_PASSWORD],
  ])('refuses %j', async (body, field, text) => {
    expectFieldError(await api.post(U.api, body), field, text);
  });

  it('keeps the password when an edit leaves it empty, and replaces the roles', async () => {
    const updated = await api.update(U.api, nina.id, { name: 'Nina C.', email: 'nina.clerk@example.com', password: '', role_ids: [roleId.get('Cashier')] });
    expect(updated).toMatchObject({ name: 'Nina C.', role_ids: [roleId.get('Cashier')], role_names: ['Cashier'] });
    expect(await h.login('nina.clerk@example.com', 'counter-top-9')).toBeTruthy();
  });

  it('refuses a common password on an edit too, and keeps the old one', async () => {
    expectFieldError(await api.put(`${U.api}/${nina.id}`, { name: 'Nina C.', email: 'nina.clerk@example.com', password: 'qwerty123', role_ids: [] }), 'password', COMMON_PASSWORD);
    expect(await h.login('nina.clerk@example.com', 'counter-top-9')).toBeTruthy();
  });

  it('a new password ends the user’s sessions', async () => {
    const token = await h.tokenFor('nina.clerk@example.com');
    expect(await status(token)).toBe(200);
    await api.update(U.api, nina.id, { name: 'Nina C.', email: 'nina.clerk@example.com', password: 'new-counter-10', role_ids: [] });
    expect(await status(token)).toBe(401);
    expect(await h.login('nina.clerk@example.com', 'new-counter-10')).toBeTruthy();
  });

  it('changing your own password keeps this session and ends the others', async () => {
    const other = await h.tokenFor('admin@example.com');
    const admin = (await api.rows(U.api, { search: 'admin@example.com' }))[0];
    await api.update(U.api, admin.id, { name: 'Admin', email: 'admin@example.com', password: 'admin-own-new-9', role_ids: [roleId.get(SUPER_ADMIN_ROLE)] });
    expect(await status(adminToken)).toBe(200);
    expect(await status(other)).toBe(401);
  });

  it('making a user inactive ends their sessions for good', async () => {
    await h.tokenFor('nina.clerk@example.com');
    expect(await tokensOf(nina.id)).toBeGreaterThan(0);
    await api.update(U.api, nina.id, { name: 'Nina C.', email: 'nina.clerk@example.com', status: 'inactive' });
    expect(await tokensOf(nina.id)).toBe(0);
    await api.update(U.api, nina.id, { name: 'Nina C.', email: 'nina.clerk@example.com', status: 'active' });
    expect(await tokensOf(nina.id)).toBe(0);
  });

  it('a user cannot make themself inactive or delete themself', async () => {
    const admin = (await api.rows(U.api, { search: 'admin@example.com' }))[0];
    const res = await api.put(`${U.api}/${admin.id}`, { name: 'Admin', email: 'admin@example.com', status: 'inactive', role_ids: [roleId.get(SUPER_ADMIN_ROLE)] });
    expectFieldError(res, 'status', 'You cannot make your own account inactive.');
    const del = await api.del(`${U.api}/${admin.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('You cannot delete your own account.');
    const bulk = await api.post(`${U.api}/bulk-delete`, { ids: [nina.id, admin.id] });
    expect(bulk.status).toBe(409);
    expect((await api.get(`${U.api}/${nina.id}`)).status).toBe(200);
    expect(await status(adminToken)).toBe(200);
  });

  it('deletes another user, ending their sessions', async () => {
    const token = await h.tokenFor('nina.clerk@example.com');
    expect((await api.del(`${U.api}/${nina.id}`)).status).toBe(200);
    expect(await status(token)).toBe(401);
  });
});

describe('roles', () => {
  it('lists counts, and marks only Super Admin as protected', async () => {
    const rows = await api.rows(R.api);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName[SUPER_ADMIN_ROLE]).toMatchObject({ permissions_count: PERMISSIONS.length, users_count: 1, protected: true });
    expect(byName.Cashier).toMatchObject({ permissions_count: 7, users_count: 1, protected: false });
    expect(byName.Manager.protected).toBe(false);
    const sorted = await api.rows(R.api, { sort: 'permissions_count', dir: 'desc' });
    expect(sorted[0].name).toBe(SUPER_ADMIN_ROLE);
    expect(sorted.at(-1).name).toBe('Cashier');
  });

  it('creates a role with permissions, which then open the matching endpoints to its users', async () => {
    const role = await api.create(R.api, { name: 'Stock clerk', permission_ids: [permId.get('brand list'), permId.get('dashboard')] });
    expect(role.permission_ids).toEqual([permId.get('dashboard'), permId.get('brand list')].sort((a, b) => a! - b!));
    expect(role).toMatchObject({ permissions_count: 2, users_count: 0, protected: false });
    await h.createUser({ email: 'clerk@example.com', roles: ['Stock clerk'] });
    const clerk = client(h, await h.tokenFor('clerk@example.com'));
    expect((await clerk.get(brands.api)).status).toBe(200);
    await api.update(R.api, role.id, { name: 'Stock clerk', permission_ids: [permId.get('dashboard')] });
    expect((await clerk.get(brands.api)).status).toBe(403);
  });

  it('refuses unknown permissions and a duplicate name', async () => {
    expectFieldError(await api.post(R.api, { name: 'Ghost', permission_ids: [999999] }), 'permission_ids', 'One of the chosen permissions no longer exists. Reload and choose again.');
    expectFieldError(await api.post(R.api, { name: 'Manager' }), 'name', 'Another role already has this name.');
  });

  it('refuses to delete a role users hold, saying how many', async () => {
    const res = await api.del(`${R.api}/${roleId.get('Cashier')}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This role cannot be deleted: it is used by 1 user.');
  });

  it('deletes a role nobody holds', async () => {
    const role = await api.create(R.api, { name: 'Temporary' });
    expect((await api.del(`${R.api}/${role.id}`)).status).toBe(200);
  });

  describe('Super Admin', () => {
    const id = () => roleId.get(SUPER_ADMIN_ROLE)!;

    it('cannot be deleted, alone or in a bulk delete', async () => {
      const res = await api.del(`${R.api}/${id()}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('The Super Admin role cannot be deleted.');
      expect((await api.post(`${R.api}/bulk-delete`, { ids: [id()] })).status).toBe(409);
    });

    it('cannot be renamed', async () => {
      const res = await api.put(`${R.api}/${id()}`, { name: 'Boss', permission_ids: [] });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^The Super Admin role always holds every permission/);
      expect((await api.get(`${R.api}/${id()}`)).body.data.name).toBe(SUPER_ADMIN_ROLE);
    });

    it('keeps every permission when saved with fewer', async () => {
      const saved = await api.update(R.api, id(), { name: SUPER_ADMIN_ROLE, permission_ids: [permId.get('dashboard')] });
      expect(saved.permission_ids).toHaveLength(PERMISSIONS.length);
      expect(saved.permissions_count).toBe(PERMISSIONS.length);
      expect((await h.request('GET', brands.api, { token: adminToken })).status).toBe(200);
    });
  });

  it('serves the permission grid before the :id route', async () => {
    const res = await api.get(`${R.api}/permission-grid`);
    expect(res.status).toBe(200);
    expect(res.body.data.flatMap((m: any) => m.permissions.map((p: any) => p.name))).toEqual(expect.arrayContaining([...PERMISSIONS]));
  });

  it('offers role options to whoever edits users', async () => {
    const res = await api.get(`${R.api}/options`, { search: 'admin' });
    expect(res.body.data).toEqual([{ id: roleId.get(SUPER_ADMIN_ROLE), label: SUPER_ADMIN_ROLE }]);
  });
});

describe('permission modules', () => {
  it('creates, renames, counts permissions and refuses a duplicate name', async () => {
    const mod = await api.create(PM.api, { name: 'Analytics' });
    expect(mod.permissions_count).toBe(0);
    const renamed = await api.update(PM.api, mod.id, { name: 'Reporting' });
    expect(renamed.name).toBe('Reporting');
    expectFieldError(await api.post(PM.api, { name: 'People' }), 'name', 'Another permission module already has this name.');
    const rows = await api.rows(PM.api, { sort: 'permissions_count', dir: 'desc' });
    // Products holds the most: product create and list, and five rights for each of five resources.
    expect(rows.slice(0, 2).map((r) => [r.name, r.permissions_count])).toEqual([
      ['Products', 27],
      ['Administration', 21],
    ]);
  });

  it('refuses to delete a module that holds permissions, and deletes an empty one', async () => {
    const people = (await api.rows(PM.api, { search: 'People' }))[0];
    const res = await api.del(`${PM.api}/${people.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This permission module cannot be deleted: it still holds 15 permissions.');
    const empty = await api.create(PM.api, { name: 'Empty' });
    expect((await api.del(`${PM.api}/${empty.id}`)).status).toBe(200);
  });
});

describe('permissions', () => {
  let reports: number;
  beforeAll(async () => {
    reports = (await api.create(PM.api, { name: 'Extras' })).id;
  });

  it('lists the module name and how many roles grant each permission', async () => {
    // The search looks at names and what each allows ("Export the customer list as CSV").
    const rows = await api.rows(P.api, { search: 'customer list' });
    expect(rows.map((r) => r.name).sort()).toEqual(['customer export', 'customer list']);
    // Super Admin, Manager and Cashier; the Cashier may not export.
    expect(rows.find((r) => r.name === 'customer list')).toMatchObject({ module_name: 'People', roles_count: 3 });
    expect(rows.find((r) => r.name === 'customer export')).toMatchObject({ module_name: 'People', roles_count: 2 });
    const sorted = await api.rows(P.api, { sort: 'module_name' });
    const names = sorted.map((r) => r.module_name);
    expect(names).toEqual([...names].sort());
    const people = (await api.rows(PM.api, { search: 'People' }))[0];
    expect((await api.rows(P.api, { module_id: people.id })).map((r) => r.name).sort()).toEqual(
      ['customer', 'customer category', 'supplier'].flatMap((n) => ['list', 'create', 'edit', 'delete', 'export'].map((r) => `${n} ${r}`)).sort(),
    );
    // Each says what it allows, as the role screen shows it.
    expect((await api.rows(P.api, { search: 'customer delete' }))[0]).toMatchObject({ description: 'Delete customers' });
  });

  it('refuses to rename or delete a permission the application checks, but lets it move', async () => {
    const id = permId.get('user list')!;
    const rename = await api.put(`${P.api}/${id}`, { name: 'staff list', module_id: reports });
    expect(rename.status).toBe(409);
    expect(rename.body.message).toBe('“user list” is checked by the application and cannot be renamed.');
    const del = await api.del(`${P.api}/${id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('“user list” is checked by the application and cannot be deleted.');
    const moved = await api.update(P.api, id, { name: 'user list', module_id: reports });
    expect(moved).toMatchObject({ module_id: reports, module_name: 'Extras' });
  });

  it('creates, renames and deletes a custom permission', async () => {
    const made = await api.create(P.api, { name: 'report export', module_id: reports });
    expect(made).toMatchObject({ module_name: 'Extras', roles_count: 1 });
    expect((await api.update(P.api, made.id, { name: 'report download', module_id: reports })).name).toBe('report download');
    expect((await api.del(`${P.api}/${made.id}`)).status).toBe(200);
  });

  it('refuses to delete a custom permission a role grants, naming how many roles', async () => {
    const made = await api.create(P.api, { name: 'refund approve', module_id: reports });
    await api.create(R.api, { name: 'Supervisor', permission_ids: [made.id] });
    const res = await api.del(`${P.api}/${made.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This permission cannot be deleted: it is used by 1 role.');
  });

  it('refuses a duplicate name and a module that does not exist', async () => {
    expectFieldError(await api.post(P.api, { name: 'pos', module_id: reports }), 'name', 'Another permission already has this name.');
    expectFieldError(await api.post(P.api, { name: 'fresh', module_id: 999999 }), 'module_id', 'This module no longer exists. Choose another.');
  });

  it('keeps renamed modules and moved permissions across a restart’s seed', async () => {
    const { seedPermissions } = await import('../../server/seed.ts');
    const people = (await api.rows(PM.api, { search: 'People' }))[0];
    await api.update(PM.api, people.id, { name: 'Contacts' });
    await seedPermissions(h.db);
    expect((await api.rows(PM.api, { search: 'People' }))).toEqual([]);
    expect((await api.get(`${P.api}/${permId.get('user list')}`)).body.data.module_name).toBe('Extras');
  });
});

describe('the Super Admin role is guarded from users who are not Super Admins', () => {
  let clerk: Client;
  let adminId: number;

  beforeAll(async () => {
    // A role that may run accounts (list, create, edit, delete), not hand out Super Admin.
    const rights = ['user list', 'user create', 'user edit', 'user delete'].map((p) => permId.get(p));
    const role = await api.create(R.api, { name: 'Account clerk', permission_ids: rights });
    await h.createUser({ email: 'accounts@example.com', name: 'Accounts', roles: [role.name] });
    clerk = client(h, await h.tokenFor('accounts@example.com'));
    adminId = (await api.rows(U.api, { search: 'admin@example.com' }))[0].id;
  });

  const body = (roleIds: number[]) => ({ name: 'Sam Clerk', email: 'sam.clerk@example.com', password: 'long-enough-1', role_ids: roleIds });

  it('refuses to give the role, naming the roles field', async () => {
    expectFieldError(await clerk.post(U.api, body([roleId.get(SUPER_ADMIN_ROLE)!])), 'role_ids', /Only a Super Admin/);
    expect(await api.rows(U.api, { search: 'sam.clerk' })).toEqual([]);
    // Roles the clerk may give are those whose permissions the clerk holds (privilege bounds):
    // not the Cashier's, but the clerk's own.
    expectFieldError(await clerk.post(U.api, body([roleId.get('Cashier')!])), 'role_ids', /You can only give roles whose permissions you hold yourself/);
    const clerkRole = (await api.rows(R.api, { search: 'Account clerk' }))[0].id as number;
    expect((await clerk.post(U.api, body([clerkRole]))).status).toBe(201);
  });

  it("refuses to change or delete a Super Admin's account", async () => {
    const edit = await clerk.put(`${U.api}/${adminId}`, { name: 'Taken over', email: 'admin@example.com', role_ids: [] });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe("Only a Super Admin can change or delete a Super Admin's account.");
    expect((await clerk.del(`${U.api}/${adminId}`)).status).toBe(409);
    expect((await api.get(`${U.api}/${adminId}`)).body.data).toMatchObject({ name: 'Admin', role_ids: [roleId.get(SUPER_ADMIN_ROLE)] });
  });

  it('keeps at least one active Super Admin', async () => {
    const res = await api.put(`${U.api}/${adminId}`, { name: 'Admin', email: 'admin@example.com', role_ids: [roleId.get('Manager')!] });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/At least one active user must keep the Super Admin role/);
    expect((await api.get(`${U.api}/${adminId}`)).body.data.role_ids).toEqual([roleId.get(SUPER_ADMIN_ROLE)]);
  });
});
