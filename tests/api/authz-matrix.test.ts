import { Hono } from 'hono';
import { writeSchemas } from '../../domain/schema-kit.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission, type Right } from '../../domain/permissions.ts';
import { RESOURCES, SINGLETONS } from '../../domain/resources/index.ts';
import { apiRoutes } from '../../server/app.ts';
import { permissions as permissionTable, rolePermissions, roles } from '../../server/db/schema.ts';
import { mountStatic } from '../../server/static.ts';
import { createHarness, type Harness, type TestResponse } from './harness.ts';
import {
  concrete,
  createFixtures,
  fixtureFor,
  permissionsOf,
  routeKey,
  type Access,
  type Fixtures,
  type PreparedRequest,
} from './support/fixtures.ts';

/**
 * The permission matrix of every API route: who is refused (401, 403) and who gets through
 * (2xx) with a valid request. Walks `apiRoutes`, so a route added there is checked here.
 */

const FORBIDDEN = { message: 'You do not have permission to access this page.', code: 403 };
const SUPER_ADMIN = 'admin@example.com';
const NOBODY = 'nobody@example.com';
const onlyEmail = (p: Permission) => `only-${p.replace(/\W+/g, '-')}@example.com`;

const routes = apiRoutes.map((r) => ({ method: r.method, path: r.path, access: r.permission as Access }));
const guarded = routes.filter((r) => r.access !== 'public');
const withPermissions = routes.filter((r) => permissionsOf(r.access).length > 0);
const authOnly = routes.filter((r) => r.access === 'auth');
const open = routes.filter((r) => r.access === 'public');

/**
 * Which of a definition's permissions guard each kind of resource route (any one of them lets
 * in): one record is shown to who may list the records or edit it (its edit form loads it).
 */
const KIND_RIGHTS: Record<string, readonly Right[]> = {
  list: ['list'],
  export: ['export'],
  show: ['list', 'edit'],
  options: ['list'],
  create: ['create'],
  update: ['edit'],
  delete: ['delete'],
  bulkDelete: ['delete'],
  // A person's own settings of a list they may see.
  listSettings: ['list'],
  columns: ['list'],
  savedFilterCreate: ['list'],
  savedFilterDelete: ['list'],
};

let h: Harness;
let fx: Fixtures;

beforeAll(async () => {
  h = await createHarness();
  // Fixtures act as an admin of their own, so no request under test can end their session.
  await h.createUser({ email: 'fixtures@example.com', roles: ['Super Admin'] });
  fx = createFixtures(h, await h.tokenFor('fixtures@example.com'));

  // One role with no permission, and one role per permission holding exactly that one.
  const permIds = new Map((await h.db.select().from(permissionTable)).map((p) => [p.name, p.id]));
  await h.db.insert(roles).values({ name: 'No permissions' });
  await h.createUser({ email: NOBODY, name: 'Nobody', roles: ['No permissions'] });
  for (const p of PERMISSIONS) {
    const [role] = await h.db.insert(roles).values({ name: `Only ${p}` }).returning();
    await h.db.insert(rolePermissions).values({ role_id: role!.id, permission_id: permIds.get(p)! });
    await h.createUser({ email: onlyEmail(p), roles: [`Only ${p}`] });
  }
}, 120_000);
afterAll(() => h?.close());

const tokens = new Map<string, Promise<string>>();
/** A token per user, minted without argon2; a request that ends its session gets its own. */
function tokenOf(email: string, fresh = false): Promise<string> {
  if (fresh) return h.tokenFor(email);
  let t = tokens.get(email);
  if (!t) tokens.set(email, (t = h.tokenFor(email)));
  return t;
}

const complements = new Map<string, Promise<string>>();
/** A user whose one role holds every permission but `perms` (not named Super Admin). */
function allBut(perms: readonly Permission[]): Promise<string> {
  const key = [...perms].sort().join('|');
  let p = complements.get(key);
  if (!p) {
    p = (async () => {
      const n = complements.size;
      const ids = (await h.db.select().from(permissionTable)).filter((x) => !perms.includes(x.name as Permission)).map((x) => x.id);
      const [role] = await h.db.insert(roles).values({ name: `All but #${n}` }).returning();
      await h.db.insert(rolePermissions).values(ids.map((permission_id) => ({ role_id: role!.id, permission_id })));
      const email = `all-but-${n}@example.com`;
      await h.createUser({ email, roles: [role!.name] });
      return email;
    })();
    complements.set(key, p);
  }
  return p;
}

async function send(req: PreparedRequest, email: string | undefined): Promise<TestResponse> {
  const token = email === undefined ? undefined : await tokenOf(email, req.freshToken);
  return h.request(req.method, req.path, { token, body: req.body, ...(req.headers ? { headers: req.headers } : {}) });
}

/** Sends the route's valid request as `email` and expects a 2xx, showing the answer when not. */
async function expectSuccess(route: { method: string; path: string }, email: string | undefined) {
  const req = await fixtureFor(fx, route).build({ email: email ?? '' });
  const res = await send(req, email);
  expect(res.status, `${req.method} ${req.path} as ${email ?? 'anonymous'} answered ${res.status}: ${res.text.slice(0, 400)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${req.method} ${req.path} as ${email ?? 'anonymous'} answered ${res.status}: ${res.text.slice(0, 400)}`).toBeLessThan(300);
}

describe('route registry', () => {
  it('the Hono app serves exactly the API routes apiRoutes names (besides middleware and the static/SPA handlers)', () => {
    const staticOnly = new Hono();
    mountStatic(staticOnly as never, undefined);
    const ignored = new Set(staticOnly.routes.map(routeKey));
    const served = new Set(
      h.app.routes
        .filter((r) => !(r.method === 'ALL' && (r.path === '/*' || r.path === '*')))
        .map(routeKey)
        .filter((k) => !ignored.has(k)),
    );
    const named = new Set(routes.map(routeKey));
    expect([...served].filter((k) => !named.has(k)), 'served by the app but missing from apiRoutes').toEqual([]);
    expect([...named].filter((k) => !served.has(k)), 'in apiRoutes but not served by the app').toEqual([]);
  });

  it('names every route once, with known permissions', () => {
    const keys = routes.map(routeKey);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i), 'listed twice').toEqual([]);
    for (const r of routes) {
      if (r.access === 'public' || r.access === 'auth') continue;
      const perms = permissionsOf(r.access);
      expect(perms.length, `${routeKey(r)} has an unknown permission ${JSON.stringify(r.access)}`).toBeGreaterThan(0);
      expect(perms.length, `${routeKey(r)}: ${JSON.stringify(r.access)}`).toBe(Array.isArray(r.access) ? r.access.length : 1);
    }
  });

  it('guards each resource and settings route with the permission its definition declares', () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const f = fx.resolve(r);
      const def = f?.resource;
      const rightsOf = f && KIND_RIGHTS[f.kind];
      const expected = f?.singleton ? [f.singleton.permission] : def && rightsOf ? rightsOf.map((x) => def.permissions[x]) : undefined;
      if (!expected) continue;
      const held = permissionsOf(r.access);
      // Relation options may open to more screens than the list; the list's own permission is always one of them.
      if (f!.kind === 'options' ? !held.includes(expected[0]!) : held.join() !== expected.join()) {
        wrong.push(`${routeKey(r)}: ${JSON.stringify(r.access)}, definition says ${expected.join(' or ')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has a fixture for every route', () => {
    expect(routes.filter((r) => !fx.resolve(r)).map(routeKey), 'routes no fixture knows (tests/api/support/fixtures.ts)').toEqual([]);
  });

  it.each(Object.keys(RESOURCES))('derives valid create and update bodies for resource %s', async (key) => {
    const offline = createFixtures(h, '', { offline: true });
    const def = RESOURCES[key]!;
    expect(writeSchemas(def).create.safeParse(await offline.sample(def, 'create')).success).toBe(true);
    expect(writeSchemas(def).update.safeParse(await offline.sample(def, 'update')).success).toBe(true);
  });

  it.each(Object.keys(SINGLETONS))('derives a valid body for singleton %s', async (key) => {
    const offline = createFixtures(h, '', { offline: true });
    const def = SINGLETONS[key]!;
    expect(writeSchemas(def).create.safeParse(await offline.singletonSample(def)).success).toBe(true);
  });
});

describe.each(guarded.map((r) => [r.method, r.path, r] as const))('%s %s', (_m, _p, route) => {
  it('answers 401 without a token and with a bad one', async () => {
    const body = route.method === 'GET' ? undefined : {};
    const res = await h.request(route.method, concrete(route.path), { body });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Sign in to continue.' });
    expect((await h.request(route.method, concrete(route.path), { token: 'x'.repeat(43), body })).status).toBe(401);
  });
});

/**
 * The Super Admin holds every permission through its session (server/auth/session.ts), and each
 * route's check is the one that lets a holder of exactly its permission through (below): so the
 * Super Admin's own valid request goes to one route of each resource shape (a list, an export,
 * a create… of one resource) and to every route with a fixture of its own, not to all again.
 */
const offline = createFixtures(undefined as never, '', { offline: true });
const shapeOf = (route: { method: string; path: string }) => {
  const kind = offline.resolve(route)?.kind;
  return kind && kind !== 'explicit' ? `${route.method} ${kind}` : routeKey(route);
};
const representsItsShape = (route: { method: string; path: string }) => withPermissions.find((r) => shapeOf(r) === shapeOf(route)) === route;

it('the Super Admin’s session holds every permission', async () => {
  const res = await h.request('GET', '/api/user', { token: await tokenOf(SUPER_ADMIN) });
  expect(res.status, res.text).toBe(200);
  const held = new Set(JSON.stringify(res.body).match(/"name":"[^"]+"/g)!.map((m) => m.slice(8, -1)));
  expect(PERMISSIONS.filter((p) => !held.has(p))).toEqual([]);
});

describe.each(withPermissions.map((r) => [r.method, r.path, r] as const))('%s %s', (_m, _p, route) => {
  const perms = permissionsOf(route.access);
  // One valid request for both refusals: a refused request changes nothing, so it stays valid.
  let refused: Promise<PreparedRequest> | undefined;
  const refusedRequest = () => (refused ??= fixtureFor(fx, route).build({ email: NOBODY }));

  it(`answers 403 to a user whose role holds no permission`, async () => {
    const req = await refusedRequest();
    const res = await send(req, NOBODY);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });

  it.each(perms)('answers 2xx to a user holding exactly "%s"', async (perm) => {
    await expectSuccess(route, onlyEmail(perm));
  });

  if (representsItsShape(route)) {
    it('answers 2xx to the Super Admin (one route of each shape)', async () => {
      await expectSuccess(route, SUPER_ADMIN);
    });
  }

  it('answers 403 to a user holding every other permission', async () => {
    const req = await refusedRequest();
    const res = await send(req, await allBut(perms));
    expect(res.status, `${req.method} ${req.path}: ${res.text.slice(0, 300)}`).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
  });
});

describe.each(authOnly.map((r) => [r.method, r.path, r] as const))('%s %s (any signed-in user)', (_m, _p, route) => {
  it('answers 2xx to a user whose role holds no permission', async () => {
    await expectSuccess(route, NOBODY);
  });
});

describe.each(open.map((r) => [r.method, r.path, r] as const))('%s %s (public)', (_m, _p, route) => {
  it('answers 2xx without a token', async () => {
    await expectSuccess(route, undefined);
  });
});
