import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { permissions, rolePermissions, roles, userRoles, users } from '../../server/db/schema.ts';
import { PERMISSION_MODULES, PERMISSIONS, isPermission, type Permission } from '../../domain/permissions.ts';
import { apiRoutes } from '../../server/app.ts';
import { createHarness, type Harness } from './harness.ts';

const FORBIDDEN = { message: 'You do not have permission to access this page.', code: 403 };
const GRID = '/api/v1/admin/roles/permission-grid';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.createUser({ email: 'noroles@example.com', name: 'No roles' });
});
afterAll(() => h?.close());

describe(`GET ${GRID} (the role screen's permission grid)`, () => {
  it('answers 401 without a token', async () => {
    const res = await h.request('GET', GRID);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Sign in to continue.' });
  });

  it('answers 401 for a bad token', async () => {
    const res = await h.request('GET', GRID, { token: 'not-a-real-token' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Your session has expired. Sign in again.' });
  });

  it.each(['cashier@example.com', 'manager@example.com', 'noroles@example.com'])(
    'answers 403 with code 403 for %s',
    async (email) => {
      const res = await h.request('GET', GRID, { token: await h.tokenFor(email) });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    },
  );

  it('lists every module with its permissions for the Super Admin', async () => {
    const res = await h.request('GET', GRID, { token: await h.login('admin@example.com') });
    expect(res.status).toBe(200);
    const data = res.body.data as { id: number; name: string; permissions: { id: number; name: string }[] }[];
    expect(data.map((m) => m.name)).toEqual(Object.keys(PERMISSION_MODULES));
    for (const m of data) {
      expect(m.permissions.map((p) => p.name)).toEqual([...PERMISSION_MODULES[m.name as keyof typeof PERMISSION_MODULES]]);
    }
  });

  it('is not the permissions list any more: that is the paginated permission resource', async () => {
    const res = await h.request('GET', '/api/v1/admin/permissions', { token: await h.tokenFor('admin@example.com') });
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, per_page: 10, total: PERMISSIONS.length });
  });

  it('allows any role that holds "role list"', async () => {
    await h.createUser({ email: 'auditor@example.com' });
    const [role] = await h.db.insert(roles).values({ name: 'Auditor' }).returning();
    const [perm] = await h.db.select().from(permissions).where(eq(permissions.name, 'role list'));
    await h.db.insert(rolePermissions).values({ role_id: role!.id, permission_id: perm!.id });
    const [user] = await h.db.select().from(users).where(eq(users.email, 'auditor@example.com'));
    const token = await h.tokenFor('auditor@example.com');
    expect((await h.request('GET', GRID, { token })).status).toBe(403);
    await h.db.insert(userRoles).values({ user_id: user!.id, role_id: role!.id });
    expect((await h.request('GET', GRID, { token })).status).toBe(200);
  });
});

// Each route's 401 (no token, a bad one), 403 and who gets through are authz-matrix.test.ts's,
// with valid requests; here what the registry itself says.
describe('route registry', () => {
  const guarded = apiRoutes.filter((r) => r.permission !== 'public');
  const needed = (access: unknown): readonly Permission[] =>
    typeof access === 'string' ? (isPermission(access) ? [access] : []) : (access as readonly Permission[]);
  const withPermission = apiRoutes.filter((r) => needed(r.permission).length > 0);

  it('lists the auth and permission routes, and only known permissions', () => {
    expect(apiRoutes.length).toBeGreaterThanOrEqual(10);
    expect(withPermission.length).toBeGreaterThan(0);
    for (const r of apiRoutes) {
      if (r.permission === 'public' || r.permission === 'auth') continue;
      const list = needed(r.permission);
      expect(list.length).toBeGreaterThan(0);
      for (const p of list) expect(PERMISSIONS).toContain(p);
    }
    const keys = apiRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of ['POST /api/logout', 'GET /me', 'GET /api/user', 'PATCH /api/profile', 'PATCH /api/password']) {
      expect(guarded.map((r) => `${r.method} ${r.path}`)).toContain(k);
    }
  });

  const anyOf = withPermission.filter((r) => typeof r.permission !== 'string');
  it('has routes open to any one of several permissions (relation options, showing one record)', () => {
    expect(anyOf.map((r) => r.path)).toContain('/api/v1/admin/customer-categories/options');
  });
});
