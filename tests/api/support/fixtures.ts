import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApiRoute } from '../../../server/app.ts';
import { isPermission, SUPER_ADMIN_ROLE, type Permission } from '../../../domain/permissions.ts';
import type { FieldDef, ResourceDef, SingletonDef } from '../../../domain/resource.ts';
import { RESOURCES, SINGLETONS } from '../../../domain/resources/index.ts';
import { verifyPassword } from '../../../server/auth/password.ts';
import { permissions, rolePermissions, roles, userRoles, users } from '../../../server/db/schema.ts';
import type { Harness, TestResponse } from '../harness.ts';
import { purchaseFixture } from './purchase-fixtures.ts';
import { SEARCH_API } from '../../../domain/search.ts';
import { DASHBOARD_API } from '../../../domain/insight/dashboard.ts';
import { REPORTS_API } from '../../../domain/insight/reports.ts';
import { accessTokens } from '../../../server/db/schema.ts';
import { saleFixture } from './sale-fixtures.ts';
import { orderFixture } from './order-fixtures.ts';
import { quotationFixture } from './quotation-fixtures.ts';
import { posFixture } from './pos-fixtures.ts';
import { auditFixture } from './audit-fixtures.ts';
import { stockFixture } from './stock-fixtures.ts';
import { writeSchemas } from '../../../domain/schema-kit.ts';

/**
 * Valid requests for every API route, derived from the resource and singleton definitions
 * (domain/resources) plus a short explicit table for the routes that are not CRUD.
 * A route nobody can build a request for is an error that names it, never a silent skip.
 */

export interface Actor {
  email: string;
}

export interface PreparedRequest {
  method: string;
  /** Concrete path with query string. */
  path: string;
  body?: unknown;
  /** Extra headers (the type of a file sent as the body). */
  headers?: Record<string, string>;
  /** The request ends the session it is sent with (logout): send it with a token of its own. */
  freshToken?: boolean;
}

/** Sends a request as the actor of the test. */
export type Send = (method: string, path: string) => Promise<TestResponse>;

export interface RouteFixture {
  /** 'list', 'create', ... for resource routes; 'singleton.get'; or 'explicit'. */
  kind: string;
  resource?: ResourceDef;
  singleton?: SingletonDef;
  /** Sends argon2 work to the server (password hashing or checking): tests run it fewer times. */
  slow?: boolean;
  /** A valid request for `actor`; creates the records it needs (a fresh one for deletes). */
  build(actor: Actor): Promise<PreparedRequest>;
  /**
   * For write routes: snapshot of what the request would change (the row, the list total,
   * the settings), taken for the same request `build` returned; `send` acts as the actor.
   */
  observe?(req: PreparedRequest, send: Send): Promise<unknown>;
}

export type Access = ApiRoute['permission'] | readonly Permission[];

/** The permissions a route accepts (any one of them), or [] for 'auth'/'public'. */
export function permissionsOf(access: Access): Permission[] {
  if (Array.isArray(access)) return [...(access as readonly Permission[])];
  return typeof access === 'string' && isPermission(access) ? [access] : [];
}

export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** `/x/:id` → `/x/1`: a concrete path for checks that need no real record (401, 403). */
export const concrete = (path: string, id: number | string = 1) => path.replace(/:[A-Za-z_]\w*/g, String(id));

/** The schema's field map, when it is an object schema (all resource schemas are strict objects). */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const s = schema as unknown as { shape?: Record<string, z.ZodType>; def?: { in?: z.ZodType; innerType?: z.ZodType } };
  if (s.shape && typeof s.shape === 'object') return s.shape;
  const inner = s.def?.in ?? s.def?.innerType;
  return inner ? shapeOf(inner) : undefined;
}

/** The API path that lists a resource, with its parent filter when it has a parent. */
type ParentOf = (def: ResourceDef) => Promise<string>;

export interface Fixtures {
  /** The fixture for a route, or undefined when no fixture knows it. */
  resolve(route: { method: string; path: string }): RouteFixture | undefined;
  /** A valid create (or update) body for a resource; values are unique per call. */
  /**
   * With an actor, roles and permissions in the body are ones that actor may grant (those they
   * hold): the server refuses to let anyone grant more (privilege bounds).
   */
  sample(def: ResourceDef, mode: 'create' | 'update', actor?: Actor): Promise<Record<string, unknown>>;
  singletonSample(def: SingletonDef): Promise<Record<string, unknown>>;
  /** A record that stays (for show routes and as the target of relations). */
  anchor(key: string): Promise<number>;
  /** A new record, e.g. to delete. */
  fresh(key: string): Promise<number>;
  /** `{api}` or `{api}?parent_field=id`. */
  listPath: ParentOf;
  /** Requests as the Super Admin (setup). */
  admin(method: string, path: string, body?: unknown): Promise<TestResponse>;
}

/** Explicit requests for routes that are not built from a resource definition. */
type ExplicitTable = Record<string, { slow?: boolean; freshToken?: boolean; body?: (actor: Actor, h: Harness) => unknown; observe?: 'me' }>;

const DEMO_PASSWORD = 'password';
/** A password the password rule accepts (the demo one is too common to be set). */
const FIXTURE_PASSWORD = 'fixture-gate-key-42';

/** The actor's current password: the demo one, or the fixture's once a request changed it. */
async function currentPassword(h: Harness, email: string): Promise<string> {
  const [row] = await h.db.select({ hash: users.password_hash }).from(users).where(eq(users.email, email.toLowerCase()));
  return row && (await verifyPassword(row.hash, FIXTURE_PASSWORD)) ? FIXTURE_PASSWORD : DEMO_PASSWORD;
}

export const EXPLICIT: ExplicitTable = {
  'GET /sanctum/csrf-cookie': {},
  'GET /api/health': {},
  'GET /api/ready': {},
  'POST /api/v1/admin/login': { slow: true, body: () => ({ email: 'admin@example.com', password: DEMO_PASSWORD }) },
  'POST /api/admin-login': { slow: true, body: () => ({ email: 'admin@example.com', password: DEMO_PASSWORD }) },
  'POST /api/logout': { freshToken: true },
  'GET /me': {},
  'GET /api/user': {},
  // The actor's own email, so the request is valid for whoever sends it.
  'PATCH /api/profile': { body: (a) => ({ name: `Profile of ${a.email}`, email: a.email }), observe: 'me' },
  // From whatever the actor has now to the fixture's password: valid however often it is sent.
  'PATCH /api/password': {
    slow: true,
    body: async (a, h) => ({ current_password: await currentPassword(h, a.email), password: FIXTURE_PASSWORD, password_confirmation: FIXTURE_PASSWORD }),
  },
  'GET /api/v1/admin/roles/permission-grid': {},
  'GET /api/openapi.json': {},
  'GET /api/docs': {},
};

let seq = 0;
const next = () => ++seq;

/** Candidate values for a field, most specific first; the schema decides which one is valid. */
function candidates(field: FieldDef | undefined, n: number): unknown[] {
  switch (field?.kind) {
    case undefined:
      return [];
    case 'text':
      return [`Sample ${n}`, `S${n}`];
    case 'textarea':
      return [`Sample text ${n}, with a comma and "quotes".`];
    case 'email':
      return [`sample${n}@example.com`];
    case 'tel':
      return [`+1 555 ${String(n).padStart(4, '0')}`];
    case 'url':
      return [`https://example.com/${n}`, `/page-${n}`];
    case 'password':
      return ['password-123'];
    case 'integer':
      return [(n % 1000) + 1, 0];
    case 'money':
      return [1000 + n];
    case 'percent':
      return [(n % 50) * 100, 0];
    case 'date':
      return ['2024-05-06'];
    case 'colour':
      return [`#${((n * 2_654_435_761) % 0xffffff).toString(16).padStart(6, '0')}`];
    case 'select':
      return (field.options ?? []).map((o) => o.value);
    case 'checkboxes':
      return [(field.options ?? []).slice(0, 1).map((o) => o.value), (field.options ?? []).map((o) => o.value)];
    case 'switch':
      return [true, false];
    // relation, relationMany and permissionGrid need records: see valueFor.
    default:
      return [];
  }
}

export interface FixtureOptions {
  /**
   * Build bodies without a server: every relation points at id 1. For checking that each
   * definition yields a valid sample before its routes exist.
   */
  offline?: boolean;
  /**
   * Check that a cached record still exists before handing it out again (and make a new one
   * when it does not): for tests that send generated deletes, which may hit any id.
   */
  recheck?: boolean;
}

export function createFixtures(h: Harness, adminToken: string, opts: FixtureOptions = {}): Fixtures {
  const admin = (method: string, path: string, body?: unknown) => h.request(method, path, { token: adminToken, body });
  const anchors = new Map<string, Promise<number>>();
  const inProgress = new Set<string>();

  let permissionIds: Promise<number[]> | undefined;
  const somePermissionIds = () =>
    opts.offline ? Promise.resolve([1]) : (permissionIds ??= h.db
      .select({ id: permissions.id })
      .from(permissions)
      .orderBy(asc(permissions.id))
      .limit(2)
      .then((rows) => rows.map((r) => r.id)));

  /** What `email` holds: their roles but Super Admin, their permission ids, and whether they are a Super Admin. */
  async function grantsOf(email: string): Promise<{ superAdmin: boolean; roleIds: number[]; permissionIds: number[] }> {
    const held = await h.db
      .select({ id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.role_id))
      .innerJoin(users, eq(users.id, userRoles.user_id))
      .where(eq(users.email, email.toLowerCase()))
      .orderBy(asc(roles.id));
    const superAdmin = held.some((r) => r.name === SUPER_ADMIN_ROLE);
    const others = held.filter((r) => r.name !== SUPER_ADMIN_ROLE).map((r) => r.id);
    const links = others.length ? await h.db.select().from(rolePermissions).where(inArray(rolePermissions.role_id, others)) : [];
    return { superAdmin, roleIds: others, permissionIds: [...new Set(links.map((l) => l.permission_id))].sort((a, b) => a - b) };
  }

  async function valueFor(owner: string, key: string, field: FieldDef | undefined, parent: ResourceDef['parent'], n: number, actor?: Actor): Promise<unknown[]> {
    if (parent && key === parent.field) return [await anchor(parent.resource)];
    if (!field) return [];
    // An actor who is not a Super Admin grants only what they hold: their own permissions, and
    // (never Super Admin) their own roles.
    const grants = actor && !opts.offline ? await grantsOf(actor.email) : undefined;
    if (grants && !grants.superAdmin) {
      if (field.kind === 'permissionGrid') return [grants.permissionIds.slice(0, 2)];
      if (field.relation === 'roles') return field.kind === 'relation' ? grants.roleIds.slice(0, 1) : [grants.roleIds.slice(0, 1)];
    }
    if (field.kind === 'permissionGrid') return [await somePermissionIds(), []];
    if (field.kind === 'relation' || field.kind === 'relationMany') {
      const rel = field.relation;
      // A record pointing at its own kind (a category's parent) while that kind's anchor is
      // being made: leave it out, the schema says whether that is allowed.
      if (!rel || inProgress.has(rel)) return [];
      const id = await anchor(rel);
      return field.kind === 'relation' ? [id] : [[id], []];
    }
    return candidates(field, n);
  }

  /** Picks, per schema key, the first candidate the field's own schema accepts. */
  async function build(
    owner: string,
    schema: z.ZodType,
    fields: readonly FieldDef[],
    defaults: Record<string, unknown>,
    mode: 'create' | 'update',
    parent?: ResourceDef['parent'],
    actor?: Actor,
  ): Promise<Record<string, unknown>> {
    const shape = shapeOf(schema);
    if (!shape) throw new Error(`fixtures: the schema of ${owner} is not an object schema; add a sample for it`);
    const n = next();
    const body: Record<string, unknown> = {};
    const skip = mode === 'create' ? 'edit' : 'create';
    for (const [key, fieldSchema] of Object.entries(shape)) {
      const field = fields.find((f) => f.name === key && f.only !== skip) ?? fields.find((f) => f.name === key);
      const tries = [...(await valueFor(owner, key, field, parent, n, actor)), ...(key in defaults ? [defaults[key]] : [])];
      const hit = tries.find((v) => fieldSchema.safeParse(v).success);
      if (hit !== undefined) body[key] = hit;
      else if (!fieldSchema.safeParse(undefined).success) {
        throw new Error(`fixtures: no valid value for ${owner}.${key} (field kind ${field?.kind ?? 'none'}); tried ${JSON.stringify(tries)}`);
      }
    }
    const whole = schema.safeParse(body);
    if (!whole.success) throw new Error(`fixtures: sample ${mode} body of ${owner} is invalid: ${whole.error.message}`);
    return body;
  }

  const sample: Fixtures['sample'] = (def, mode, actor) =>
    build(def.key, writeSchemas(def)[mode === 'update' ? 'update' : 'create'], def.fields, def.defaults, mode, def.parent, actor);

  const singletonSample: Fixtures['singletonSample'] = (def) => build(def.key, writeSchemas(def).create, def.fields, def.defaults, 'create');

  async function create(key: string): Promise<number> {
    const def = RESOURCES[key];
    if (!def) throw new Error(`fixtures: no resource ${key}`);
    inProgress.add(key);
    let body: Record<string, unknown>;
    try {
      body = await sample(def, 'create');
    } finally {
      inProgress.delete(key);
    }
    const res = await admin('POST', def.api, body);
    const id = res.body?.data?.id;
    if (res.status !== 201 || typeof id !== 'number') {
      throw new Error(`fixtures: creating a ${def.label.one} failed: POST ${def.api} → ${res.status} ${res.text.slice(0, 300)}`);
    }
    return id;
  }

  function cached(cache: Map<string, Promise<number>>, key: string): Promise<number> {
    let p = cache.get(key);
    if (!p) {
      p = create(key);
      cache.set(key, p);
      p.catch(() => cache.delete(key));
    }
    return p;
  }

  async function stillThere(cache: Map<string, Promise<number>>, key: string): Promise<number> {
    const id = await cached(cache, key);
    if (!opts.recheck || (await admin('GET', `${RESOURCES[key]!.api}/${id}`)).status === 200) return id;
    cache.delete(key);
    return cached(cache, key);
  }

  function anchor(key: string): Promise<number> {
    if (opts.offline) return Promise.resolve(1);
    return stillThere(anchors, key);
  }

  const listPath: ParentOf = async (def) =>
    def.parent ? `${def.api}?${def.parent.field}=${await anchor(def.parent.resource)}` : def.api;

  const total = async (def: ResourceDef) => {
    const res = await admin('GET', await listPath(def));
    if (res.status !== 200) throw new Error(`fixtures: cannot count ${def.label.many}: ${res.status}`);
    return res.body.meta.total as number;
  };
  const show = async (path: string) => {
    const res = await admin('GET', path);
    return { status: res.status, body: res.body };
  };

  /** The PUT target: a record of its own, so a relation anchor never points at itself. */
  const targets = new Map<string, Promise<number>>();
  const target = (key: string) => stillThere(targets, key);

  function resourceFixture(def: ResourceDef, method: string, rest: string): RouteFixture | undefined {
    const slow = def.fields.some((f) => f.kind === 'password');
    const idPath = (id: number) => `${def.api}/${id}`;
    const req = (path: string, body?: unknown): PreparedRequest => ({ method, path, ...(body === undefined ? {} : { body }) });
    const r = { resource: def };
    if (rest === '' && method === 'GET') return { ...r, kind: 'list', build: async () => req(await listPath(def)) };
    if (rest === '/export' && method === 'GET') {
      return {
        ...r,
        kind: 'export',
        build: async () => req(def.parent ? (await listPath(def)).replace(def.api, `${def.api}/export`) : `${def.api}/export`),
      };
    }
    if (rest === '/options' && method === 'GET') {
      return {
        ...r,
        kind: 'options',
        build: async () => req(def.parent ? (await listPath(def)).replace(def.api, `${def.api}/options`) : `${def.api}/options`),
      };
    }
    if (rest === '' && method === 'POST') {
      return { ...r, kind: 'create', slow, build: async (actor) => req(def.api, await sample(def, 'create', actor)), observe: () => total(def) };
    }
    if (rest === '/bulk-delete' && method === 'POST') {
      return {
        ...r,
        kind: 'bulkDelete',
        build: async () => req(`${def.api}/bulk-delete`, { ids: [await fresh(def.key)] }),
        observe: async (q) => ({ total: await total(def), rows: await Promise.all(((q.body as { ids?: number[] })?.ids ?? []).map((id) => show(idPath(id)))) }),
      };
    }
    // The person's own list settings: columns and saved filters (server/crud/preferences.ts).
    const settingsOf = (send: Send) => send('GET', `${def.api}/list-settings`).then((res) => ({ status: res.status, body: res.body }));
    if (rest === '/list-settings' && method === 'GET') return { ...r, kind: 'listSettings', build: async () => req(`${def.api}/list-settings`) };
    if (rest === '/list-settings/columns' && method === 'PUT') {
      const hide = def.columns.find((c) => c.name !== def.titleField)?.name;
      return {
        ...r,
        kind: 'columns',
        build: async () => req(`${def.api}/list-settings/columns`, { hidden: hide ? [hide] : [] }),
        observe: (_q, send) => settingsOf(send),
      };
    }
    if (rest === '/saved-filters' && method === 'POST') {
      return {
        ...r,
        kind: 'savedFilterCreate',
        build: async () => req(`${def.api}/saved-filters`, { name: `Saved ${next()}`, query: 'search=a' }),
        observe: (_q, send) => settingsOf(send),
      };
    }
    if (rest === '/saved-filters/:id' && method === 'DELETE') {
      return {
        ...r,
        kind: 'savedFilterDelete',
        // A saved filter of the actor's own (only its owner may delete it); made by the fixtures' admin when the actor may not.
        build: async (actor) => {
          const body = { name: `To delete ${next()}`, query: '' };
          let res = opts.offline || !actor.email ? undefined : await h.request('POST', `${def.api}/saved-filters`, { token: await h.tokenFor(actor.email), body });
          if (res?.status !== 201) res = await admin('POST', `${def.api}/saved-filters`, body);
          if (res.status !== 201) throw new Error(`fixtures: saving a filter of ${def.key} failed: ${res.status} ${res.text.slice(0, 300)}`);
          return req(`${def.api}/saved-filters/${res.body.data.id as number}`);
        },
        observe: (_q, send) => settingsOf(send),
      };
    }
    if (!/^\/:[A-Za-z_]\w*$/.test(rest)) return undefined;
    if (method === 'GET') return { ...r, kind: 'show', build: async () => req(idPath(await anchor(def.key))) };
    if (method === 'PUT' || method === 'PATCH') {
      return {
        ...r,
        kind: 'update',
        slow,
        build: async (actor) => req(idPath(await target(def.key)), await sample(def, 'update', actor)),
        observe: (q) => show(q.path),
      };
    }
    if (method === 'DELETE') {
      return {
        ...r,
        kind: 'delete',
        build: async () => req(idPath(await fresh(def.key))),
        observe: async (q) => ({ total: await total(def), row: await show(q.path) }),
      };
    }
    return undefined;
  }

  const fresh = (key: string) => create(key);

  function resolve(route: { method: string; path: string }): RouteFixture | undefined {
    const explicit = EXPLICIT[routeKey(route)];
    if (explicit) {
      return {
        kind: 'explicit',
        ...(explicit.slow ? { slow: true } : {}),
        build: async (actor) => ({
          method: route.method,
          path: route.path,
          ...(explicit.body ? { body: await explicit.body(actor, h) } : {}),
          ...(explicit.freshToken ? { freshToken: true } : {}),
        }),
        ...(explicit.observe === 'me'
          ? {
              observe: async (_q: PreparedRequest, send: Send) => {
                const me = await send('GET', '/me');
                return { status: me.status, body: me.body };
              },
            }
          : {}),
      };
    }
    for (const def of Object.values(SINGLETONS)) {
      if (route.path !== def.api) continue;
      if (route.method === 'GET') return { singleton: def, kind: 'singleton.get', build: async () => ({ method: 'GET', path: def.api }) };
      if (route.method === 'PUT') {
        return {
          singleton: def,
          kind: 'singleton.put',
          build: async () => ({ method: 'PUT', path: def.api, body: await singletonSample(def) }),
          observe: () => show(def.api),
        };
      }
    }
    // Search everywhere answers any signed-in person (each group by its own right: tests/api/search.test.ts).
    if (routeKey(route) === `GET ${SEARCH_API}`) return { kind: 'explicit', build: async () => ({ method: 'GET', path: `${SEARCH_API}?q=Fixture` }) };
    // The dashboard draws what the person may see; a report over a month (each kind's rights: tests/api/insight.test.ts).
    if (routeKey(route) === `GET ${DASHBOARD_API}`) return { kind: 'explicit', build: async () => ({ method: 'GET', path: DASHBOARD_API }) };
    if (routeKey(route) === `GET ${REPORTS_API}/:kind`) return { kind: 'explicit', build: async () => ({ method: 'GET', path: `${REPORTS_API}/sales-by-day?from=2026-01-01&to=2026-01-31` }) };
    // One's own sessions (tests/api/sessions.test.ts): ending one ends a second session made for the person.
    if (route.path === '/api/sessions' || route.path === '/api/sessions/others') return { kind: 'explicit', build: async () => ({ method: route.method, path: route.path }) };
    if (routeKey(route) === 'DELETE /api/sessions/:id') {
      return {
        kind: 'explicit',
        build: async (actor) => {
          await h.tokenFor(actor.email);
          const [user] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, actor.email.toLowerCase()));
          const [second] = await h.db.select({ id: accessTokens.id }).from(accessTokens).where(eq(accessTokens.user_id, user!.id)).orderBy(desc(accessTokens.id)).limit(1);
          return { method: 'DELETE', path: `/api/sessions/${second!.id}` };
        },
      };
    }
    const stock = stockFixture(route, { h, admin, anchor, adminToken }) ?? purchaseFixture(route, { h, admin, anchor, adminToken }) ?? saleFixture(route, { h, admin, anchor, adminToken }) ?? orderFixture(route, { h, admin, anchor, adminToken }) ?? quotationFixture(route, { h, admin, anchor, adminToken }) ?? posFixture(route, { h, admin, anchor, adminToken }) ?? auditFixture(route);
    if (stock) return stock;
    // Longest API path first, so /website/services never answers for a longer sibling.
    const defs = Object.values(RESOURCES).sort((a, b) => b.api.length - a.api.length);
    for (const def of defs) {
      if (route.path !== def.api && !route.path.startsWith(`${def.api}/`)) continue;
      const found = resourceFixture(def, route.method, route.path.slice(def.api.length));
      if (found) return found;
    }
    return undefined;
  }

  return { resolve, sample, singletonSample, anchor, fresh, listPath, admin };
}

/** Throws an error naming the route when no fixture knows it. */
export function fixtureFor(fx: Fixtures, route: { method: string; path: string }): RouteFixture {
  const f = fx.resolve(route);
  if (!f) {
    throw new Error(
      `No fixture knows ${routeKey(route)}. Add it to tests/api/support/fixtures.ts (EXPLICIT, or a resource/singleton definition it can be derived from).`,
    );
  }
  return f;
}
