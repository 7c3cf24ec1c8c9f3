import { readFile } from 'node:fs/promises';
import type { Hono } from 'hono';
import { inject } from 'vitest';
import { createApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { migrate, openDatabase, scratchDatabase, type Db, type DbHandle } from '../../server/db/index.ts';
import type { AppEnv } from '../../server/http/context.ts';
import { eq, inArray } from 'drizzle-orm';
import { seedDemo, seedPermissions } from '../../server/seed.ts';
import { demoShop } from './fixtures.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { issueToken } from '../../server/auth/tokens.ts';
import { roles, userRoles, users } from '../../server/db/schema.ts';

export interface HarnessOptions {
  config?: Partial<Config>;
  /** Seed demo roles and users (default true). */
  demo?: boolean;
  /** Also seed the demo shop: customers, categories, expenses… (default false, tests start empty). */
  shop?: boolean;
  distDir?: string;
}

export interface RequestOptions {
  token?: string | undefined;
  /** An object is sent as JSON; a string or bytes are sent as they are (malformed bodies, files). */
  body?: unknown;
  /** Send the XSRF cookie + matching header (default true). */
  xsrf?: boolean;
  headers?: Record<string, string>;
  /** The client's address as the server sees it (default: none, which the server calls "local"). */
  address?: string;
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, else the text. */
  body: T;
  text: string;
}

export interface Harness {
  app: Hono<AppEnv>;
  db: Db;
  handle: DbHandle;
  config: Config;
  /** The app's clock; move it with `clock.advance(ms)` or set `clock.now`. */
  clock: { now: Date; advance(ms: number): void; set(d: Date): void };
  request<T = any>(method: string, path: string, opts?: RequestOptions): Promise<TestResponse<T>>;
  /** Signs in through the API and returns the bearer token (throws when sign-in fails). */
  login(email: string, password?: string): Promise<string>;
  /** A valid token for an existing user without the argon2 cost of a sign-in. */
  tokenFor(email: string): Promise<string>;
  /** Inserts a user (password "password" unless given) with the named roles; returns its id. */
  createUser(u: { email: string; name?: string; password?: string; status?: 'active' | 'inactive'; roles?: string[] }): Promise<number>;
  /** The SQL statements `fn` sent (a round trip each), with its result. */
  statementsOf<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  close(): Promise<void>;
}

export const XSRF_VALUE = 'test-xsrf-token-value';

/**
 * A fresh database for one test file: PGlite in memory (a copy of the run's migrated template,
 * or of its demo shop: tests/api/global-setup.ts), or a new database on TEST_DATABASE_URL copied
 * from the run's template databases.
 */
async function freshDatabase(shop: boolean): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const demo = shop ? await demoShop() : undefined;
  if (!serverUrl) {
    const template = inject('pgliteTemplate');
    const from = demo && 'dump' in demo ? demo.dump : template ? new Blob([await readFile(template)]) : undefined;
    const handle = await openDatabase(from ? { from } : {});
    return { handle, drop: async () => {} };
  }
  return scratchDatabase(serverUrl, 'test', demo && 'template' in demo ? demo.template : inject('pgTemplate') || undefined);
}

export async function createHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const shop = opts.demo !== false && (opts.shop ?? false);
  const { handle, drop } = await freshDatabase(shop);
  await migrate(handle);
  await seedPermissions(handle.db);
  // From the run's demo shop this finds everything there and adds nothing.
  if (opts.demo !== false) await seedDemo(handle.db, { shop });

  const config: Config = { ...loadConfig({}), ...opts.config };
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
    set(d: Date) {
      this.now = d;
    },
  };
  const app = createApp({ db: handle.db, config, distDir: opts.distDir, now: () => clock.now });

  const request = async <T = any>(method: string, path: string, o: RequestOptions = {}): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.xsrf !== false) {
      headers.cookie = `XSRF-TOKEN=${XSRF_VALUE}`;
      headers['X-XSRF-TOKEN'] = XSRF_VALUE;
    }
    if (o.token !== undefined) headers.authorization = `Bearer ${o.token}`;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (o.body instanceof Uint8Array) {
      // A file (an image upload): sent as it is.
      body = new Uint8Array(o.body);
      headers['content-type'] ??= 'application/octet-stream';
    } else if (o.body !== undefined) {
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    // @hono/node-server's getConnInfo reads the socket from the env, as a real server gives it.
    const env = o.address ? { incoming: { socket: { remoteAddress: o.address, remoteFamily: o.address.includes(':') ? 'IPv6' : 'IPv4' } } } : undefined;
    const res = await app.request(path, { method, headers, body }, env);
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  };

  const login = async (email: string, password = 'password') => {
    const res = await request('POST', '/api/v1/admin/login', { body: { email, password } });
    if (res.status !== 200 || res.body?.Status !== 'success') {
      throw new Error(`login ${email} failed: ${res.status} ${res.text}`);
    }
    return res.body.access_token as string;
  };

  const tokenFor = async (email: string) => {
    const rows = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
    if (!rows[0]) throw new Error(`no user ${email}`);
    return (await issueToken(handle.db, rows[0].id, clock.now, config.tokenTtlHours)).token;
  };

  let demoHash: Promise<string> | undefined;
  const createUser: Harness['createUser'] = async (u) => {
    const password_hash =
      u.password === undefined ? await (demoHash ??= hashPassword('password')) : await hashPassword(u.password);
    const [row] = await handle.db
      .insert(users)
      .values({ email: u.email.toLowerCase(), name: u.name ?? u.email, password_hash, status: u.status ?? 'active' })
      .returning({ id: users.id });
    const id = row!.id;
    if (u.roles?.length) {
      const found = await handle.db.select({ id: roles.id }).from(roles).where(inArray(roles.name, u.roles));
      if (found.length !== u.roles.length) throw new Error(`unknown role in ${u.roles.join(', ')}`);
      await handle.db.insert(userRoles).values(found.map((r) => ({ user_id: id, role_id: r.id })));
    }
    return id;
  };

  // drizzle hands every statement to its session's logger (both drivers): count them there. A
  // transaction runs on a session of its own made from the options, so they carry the logger too.
  // A statement prepared once and kept (the session check) holds the logger it was prepared
  // with, so the session gets one logger for good that passes statements on while counting.
  type Logger = { logQuery(query: string, params: unknown[]): void };
  const session = (handle.db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  let counting: string[] | undefined;
  const passOn = session.logger;
  const logger: Logger = {
    logQuery: (query, params) => {
      counting?.push(query);
      passOn.logQuery(query, params);
    },
  };
  session.logger = logger;
  session.options = { ...session.options, logger };
  const statementsOf: Harness['statementsOf'] = async (fn) => {
    const statements: string[] = [];
    counting = statements;
    try {
      return { result: await fn(), statements };
    } finally {
      counting = undefined;
    }
  };

  return {
    app,
    tokenFor,
    statementsOf,
    createUser,
    db: handle.db,
    handle,
    config,
    clock,
    request,
    login,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}
