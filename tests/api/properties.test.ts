import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterKeys } from '../../domain/list-query.ts';
import { RESOURCES } from '../../domain/resources/index.ts';
import { apiRoutes } from '../../server/app.ts';
import { issueToken } from '../../server/auth/tokens.ts';
import { createHarness, type Harness, type TestResponse } from './harness.ts';
import { createFixtures, fixtureFor, routeKey, shapeOf, type Fixtures, type PreparedRequest, type RouteFixture } from './support/fixtures.ts';
import { writeSchemas } from '../../domain/schema-kit.ts';

/**
 * Generated bodies against every write endpoint: whatever arrives, the server answers with a
 * 2xx or a 4xx that explains itself, never a 5xx; an unknown key is refused by name and
 * changes nothing. Seeded, so a failure replays: FC_SEED=<seed> (printed on failure).
 * FC_RUNS sets the number of generated bodies per endpoint (default 25; a body of few fields
 * fewer, see runsForFields; unknown keys get 20% of it, and a route repeating an earlier one's
 * shape a fifth).
 */

const SEED = Number(process.env.FC_SEED ?? 424242);
const RUNS = Number(process.env.FC_RUNS ?? 25);
// A key no schema knows is refused by the same strict object on every route: a few per route.
const UNKNOWN_RUNS = Math.ceil(RUNS / 5);
fc.configureGlobal({ seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false });

const writes = apiRoutes.filter((r) => r.method !== 'GET');
const lists = apiRoutes.filter((r) => r.method === 'GET' && Object.values(RESOURCES).some((d) => d.api === r.path));

let h: Harness;
let fx: Fixtures;
let actors = 0;

beforeAll(async () => {
  h = await createHarness();
  await h.createUser({ email: 'fixtures@example.com', roles: ['Super Admin'] });
  // Generated deletes may hit any id, the fixtures' own records included: recheck them.
  fx = createFixtures(h, await h.tokenFor('fixtures@example.com'), { recheck: true });
}, 60_000);
afterAll(() => h?.close());

/** A Super Admin of its own per endpoint: a profile or password change there touches nobody else. */
async function newActor(): Promise<{ email: string; token: () => Promise<string> }> {
  const email = `props-${++actors}@example.com`;
  const id = await h.createUser({ email, roles: ['Super Admin'] });
  const token = async () => (await issueToken(h.db, id, h.clock.now, h.config.tokenTtlHours)).token;
  return { email, token };
}

// ——— generated values ———

/** A JSON number literal JSON.stringify cannot write (1e999 parses to Infinity). */
class Raw {
  constructor(readonly text: string) {}
}

const RAW_MARK = '\u2063raw\u2063';
/** JSON text of `value`, with Raw literals spliced in as written. */
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `${RAW_MARK}${raws.length - 1}${RAW_MARK}`;
    }
    return v;
  });
  return (text ?? 'null').replace(new RegExp(`"${RAW_MARK}(\\d+)${RAW_MARK}"`, 'g'), (_m, i: string) => raws[Number(i)]!);
}

const tricky = fc.constantFrom(
  '',
  ' ',
  '   padded   ',
  '\u0000',
  'a\u0000b',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-0',
  '0x1F',
  '1_000',
  '١٢٣',
  '12.50',
  '  42  ',
  'null',
  'true',
  '[]',
  '{}',
  "Robert'); DROP TABLE customers;--",
  '%_\\',
  '<script>alert(1)</script>',
  '\u202Eevil',
  '\uD800',
  '😀'.repeat(200),
  'é'.normalize('NFD'),
  '2024-02-30',
  '#GGGGGG',
  'not-an-email@',
  'https://',
  '/',
);
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 250, maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.nat(5000).map((n) => 'x'.repeat(n)) },
  { weight: 3, arbitrary: tricky },
);
const number = fc.oneof(
  fc.integer(),
  fc.integer({ min: -10, max: 10_000 }),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 0.5, 99.999, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, -(2 ** 53), 1e21, 1e308, Number.MIN_VALUE),
  fc.constantFrom('1e999', '-1e999', '1e-400', '123456789012345678901234567890', '-0.0').map((t) => new Raw(t)),
);
const json = fc.jsonValue({ maxDepth: 3 });
const anything = fc.oneof(
  text,
  number,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(number, text, fc.constant(null)), { maxLength: 6 }),
  fc.dictionary(fc.string({ maxLength: 8 }), json, { maxKeys: 4 }),
  json,
);

/** Values of the sample's own type, then of any type. */
function valueLike(sample: unknown): fc.Arbitrary<unknown> {
  let same: fc.Arbitrary<unknown>;
  if (typeof sample === 'string') same = text;
  else if (typeof sample === 'number') same = number;
  else if (typeof sample === 'boolean') same = fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 0, 1, 'yes'));
  else if (Array.isArray(sample)) {
    const item = sample.length ? valueLike(sample[0]) : anything;
    same = fc.oneof(
      fc.array(item, { maxLength: 8 }),
      fc.array(fc.oneof(number, text), { maxLength: 5 }),
      fc.integer({ min: 90, max: 1100 }).map((n) => Array.from({ length: n }, (_, i) => i + 1)),
    );
  } else same = anything;
  return fc.oneof({ weight: 3, arbitrary: same }, { weight: 2, arbitrary: anything });
}

/** Files like `file`: cut short, with bytes changed, a wrong start, nothing at all, or other data. */
function fileLike(file: Uint8Array): fc.Arbitrary<Uint8Array> {
  const flipped = fc.array(fc.tuple(fc.nat(file.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }).map((edits) => {
    const out = new Uint8Array(file);
    for (const [at, v] of edits) out[at] = v;
    return out;
  });
  return fc.oneof(
    fc.nat(file.length - 1).map((n) => file.slice(0, n)),
    flipped,
    fc.uint8Array({ maxLength: 2000 }),
    fc.constant(new Uint8Array(0)),
    fc.constantFrom('GIF89a', '%PDF-1.7\n', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'RIFF\0\0\0\0WEBPVP8 ', '\x89PNG\r\n\x1a\n', '\xff\xd8\xff\xe0').map((head) => {
      const start = new TextEncoder().encode(head);
      const out = new Uint8Array(start.length + 200);
      out.set(start);
      return out;
    }),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((tail) => {
      const out = new Uint8Array(file.length + tail.length);
      out.set(file);
      out.set(tail, file.length);
      return out;
    }),
  );
}

const KEEP = Symbol('keep');
const OMIT = Symbol('omit');

/** The valid sample with some fields replaced or left out; now and then not an object at all. */
function bodies(sample: unknown): fc.Arbitrary<unknown> {
  if (!sample || typeof sample !== 'object' || Array.isArray(sample)) return anything;
  const base = sample as Record<string, unknown>;
  const perKey = Object.fromEntries(
    Object.keys(base).map((k) => [
      k,
      fc.oneof(
        { weight: 4, arbitrary: fc.constant<unknown>(KEEP) },
        { weight: 3, arbitrary: valueLike(base[k]) },
        { weight: 1, arbitrary: fc.constant<unknown>(OMIT) },
      ),
    ]),
  );
  const mutated = fc.record(perKey).map((choice) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(base)) {
      const c = choice[k];
      if (c === OMIT) continue;
      out[k] = c === KEEP ? v : c;
    }
    return out;
  });
  return fc.oneof({ weight: 9, arbitrary: mutated }, { weight: 1, arbitrary: anything });
}

const unknownKeys = fc.oneof(
  fc.string({ minLength: 1, maxLength: 24 }),
  fc.constantFrom(
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'id',
    'created_at',
    'updated_at',
    'password_hash',
    'is_super_admin',
    'Name',
    'name ',
    '',
  ),
);

// ——— what every answer must look like ———

function explainStatus(req: { method: string; path: string }, res: TestResponse, sent: string | undefined): string {
  return `${req.method} ${req.path} → ${res.status} ${res.text.slice(0, 300)}\nbody sent: ${(sent ?? '(none)').slice(0, 300)}`;
}

function checkAnswer(req: { method: string; path: string }, res: TestResponse, sent: string | undefined): void {
  const why = explainStatus(req, res, sent);
  expect(res.status, why).toBeLessThan(500);
  if (res.status < 400) return;
  const body = res.body as { message?: unknown; errors?: unknown };
  expect(typeof body, why).toBe('object');
  expect(typeof body.message, why).toBe('string');
  expect((body.message as string).trim().length, why).toBeGreaterThan(0);
  if (body.errors !== undefined) {
    expect(body.errors !== null && typeof body.errors === 'object' && !Array.isArray(body.errors), why).toBe(true);
    for (const [field, list] of Object.entries(body.errors as Record<string, unknown>)) {
      expect(Array.isArray(list) && list.length > 0 && list.every((m) => typeof m === 'string' && m.length > 0), `${why}\nerrors.${field}`).toBe(true);
    }
  }
}

const sendText = (req: PreparedRequest, token: string, body: string | undefined, headers?: Record<string, string>) =>
  h.request(req.method, req.path, { token, body, ...(headers ? { headers } : {}) });

const runsFor = (f: RouteFixture, n: number) => Math.max(3, Math.round(f.slow ? n / 4 : n));

/**
 * Routes that repeat an earlier route's shape (the same parent path and method, a body with the
 * same fields: an order's process, ship, deliver and cancel steps) take the same body through
 * the same route factory and schema: the first of them gets every run, the others a fifth.
 */
const shapes = new Set<string>();
function runsOfShape(f: RouteFixture, route: { method: string; path: string }, body: unknown, n: number): number {
  const keys = body && typeof body === 'object' && !(body instanceof Uint8Array) ? Object.keys(body) : [];
  const fields = keys.length ? [...keys].sort().join() : typeof body;
  const shape = `${route.method} ${route.path.replace(/[^/]+$/, '*')} {${fields}}`;
  const repeat = shapes.has(shape);
  shapes.add(shape);
  const runs = Math.min(runsFor(f, n), runsForFields(keys.length));
  return repeat ? Math.max(3, Math.round(runs / 5)) : runs;
}

/**
 * A body of few fields has few mutations to try (each run replaces each field with a 3-in-8
 * chance, or sends something that is not the object at all one time in ten): an empty body
 * sends `{}` again nine runs in ten, one field is tried bad in about three runs of eight. So
 * such a body gets 4 runs, and 3 more a field, up to the full count (7 fields and more).
 */
const runsForFields = (fields: number) => 4 + 3 * fields;

describe.each(writes.map((r) => [r.method, r.path, r] as const))('%s %s', (_m, _p, route) => {
  it('answers generated bodies with a 2xx or an explained 4xx, never a 5xx', async () => {
    const f = fixtureFor(fx, route);
    const actor = await newActor();
    let token = await actor.token();
    const base = await f.build({ email: actor.email });

    if (base.body instanceof Uint8Array) {
      // A file upload: damaged, cut short, padded, retyped and foreign files, and none at all.
      const file = base.body;
      await fc.assert(
        fc.asyncProperty(fileLike(file), fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/plain', 'application/json'), async (bytes, type) => {
          const res = await h.request(base.method, base.path, { token, body: bytes, headers: { 'content-type': type } });
          checkAnswer(base, res, `(${bytes.length} bytes as ${type})`);
        }),
        { numRuns: runsFor(f, RUNS) },
      );
      return;
    }

    if (base.body === undefined && route.method === 'DELETE') {
      // No body: the id in the path is what a client controls.
      const ids = fc.oneof(
        fc.integer().map(String),
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.constantFrom('0', '-1', '1.5', '1e3', '2147483648', '99999999999999999999', 'null', 'undefined', '%00', '..', ' 1', '0x10'),
      );
      await fc.assert(
        fc.asyncProperty(ids, async (id) => {
          const req = { ...base, path: base.path.replace(/\/[^/]+$/, `/${encodeURIComponent(id)}`) };
          checkAnswer(req, await sendText(req, token, undefined), undefined);
        }),
        { numRuns: runsFor(f, RUNS) },
      );
      return;
    }

    await fc.assert(
      fc.asyncProperty(bodies(base.body), async (body) => {
        if (base.freshToken) token = await actor.token();
        const sent = toJson(body);
        checkAnswer(base, await sendText(base, token, sent), sent);
      }),
      { numRuns: runsOfShape(f, route, base.body, RUNS) },
    );
  });

  it('refuses a body with an unknown key with a 422 naming it, and changes nothing', async () => {
    const f = fixtureFor(fx, route);
    const actor = await newActor();
    const token = await actor.token();
    const base = await f.build({ email: actor.email });
    if (!base.body || typeof base.body !== 'object' || Array.isArray(base.body) || base.body instanceof Uint8Array) return; // takes no JSON body
    const known = new Set([
      ...Object.keys(base.body),
      ...Object.keys((f.resource && shapeOf(writeSchemas(f.resource).update)) ?? {}),
      ...Object.keys((f.singleton && shapeOf(writeSchemas(f.singleton).create)) ?? {}),
    ]);
    const send = async (method: string, path: string) => h.request(method, path, { token });
    const fields = (base.body as Record<string, unknown>);

    // What the request targets is compared once around all runs: every run must leave it alone.
    const before = await f.observe?.(base, send);
    await fc.assert(
      fc.asyncProperty(
        unknownKeys.filter((k) => !known.has(k)),
        anything,
        async (key, value) => {
          // Written by hand so that keys like __proto__ arrive as ordinary keys.
          const sent = `${toJson(fields).slice(0, -1)}${Object.keys(fields).length ? ',' : ''}${JSON.stringify(key)}:${toJson(value)}}`;
          const res = await sendText(base, token, sent);
          const why = explainStatus(base, res, sent);
          checkAnswer(base, res, sent);
          expect(res.status, why).toBe(422);
          const errors = (res.body as { errors?: Record<string, unknown> }).errors ?? {};
          expect(Object.hasOwn(errors, key), `${why}\nerrors do not name ${JSON.stringify(key)}`).toBe(true);
        },
      ),
      { numRuns: runsFor(f, UNKNOWN_RUNS) },
    );
    expect(await f.observe?.(base, send), `${routeKey(base)}: a refused request changed what it targets`).toEqual(before);
  });
});

describe.each(lists.map((r) => [r.path] as const))('GET %s with generated query strings', (path) => {
  it('answers a 2xx or an explained 4xx, never a 5xx', async () => {
    const actor = await newActor();
    const token = await actor.token();
    const def = Object.values(RESOURCES).find((d) => d.api === path)!;
    const keys = fc.oneof(
      fc.constantFrom('page', 'per_page', 'sort', 'dir', 'search', ...filterKeys(def), ...(def.parent ? [def.parent.field] : [])),
      unknownKeys,
    );
    const values = fc.oneof(text, number.map((n) => (n instanceof Raw ? n.text : String(n))));
    const base = await fx.listPath(def);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(keys, values), { maxLength: 4 }), async (pairs) => {
        const q = new URLSearchParams(base.includes('?') ? base.slice(base.indexOf('?') + 1) : '');
        for (const [k, v] of pairs) q.append(k, v);
        const req = { method: 'GET', path: `${def.api}?${q}` };
        checkAnswer(req, await h.request('GET', req.path, { token }), undefined);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});

describe('malformed requests to one endpoint (POST customers)', () => {
  const def = RESOURCES.customers!;
  let token: string;
  let total: () => Promise<number>;
  beforeAll(async () => {
    token = await (await newActor()).token();
    total = async () => (await h.request('GET', def.api, { token })).body.meta.total as number;
  });
  const post = (body: string, headers?: Record<string, string>) =>
    h.request('POST', def.api, { token, body, ...(headers ? { headers } : {}) });

  it.each([
    ['malformed JSON', '{"name": "Ann", ', 400],
    ['a trailing comma', '{"name": "Ann",}', 400],
    ['an empty body', '', 400],
    ['only whitespace', ' \n\t ', 400],
    ['null', 'null', 422],
    ['an array', '[{"name": "Ann"}]', 422],
    ['a string', '"Ann"', 422],
    ['a number', '42', 422],
  ] as const)('refuses %s with an explained 4xx and creates nothing', async (_what, body, status) => {
    const before = await total();
    const res = await post(body);
    checkAnswer({ method: 'POST', path: def.api }, res, body);
    expect(res.status).toBe(status);
    expect(await total()).toBe(before);
  });

  it.each([
    ['text/plain', 'name=Ann'],
    ['application/x-www-form-urlencoded', 'name=Ann&status=active'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn\r\n--x--\r\n'],
    ['application/xml', '<customer><name>Ann</name></customer>'],
  ])('refuses a body sent as %s with an explained 4xx and creates nothing', async (type, body) => {
    const before = await total();
    const res = await post(body, { 'content-type': type });
    checkAnswer({ method: 'POST', path: def.api }, res, body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await total()).toBe(before);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const before = await total();
    const body = JSON.stringify({ name: 'Ann', address: 'x'.repeat(1024 * 1024 + 10) });
    const res = await post(body);
    checkAnswer({ method: 'POST', path: def.api }, res, '(1 MB)');
    expect(res.status).toBe(413);
    expect(await total()).toBe(before);
  });

  it('refuses a body over 1 MB that does not say its length, with 413', async () => {
    const before = await total();
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"name":"Ann","address":"'));
      },
      pull(c) {
        if (sent > 1.2 * 1024 * 1024) {
          c.enqueue(new TextEncoder().encode('"}'));
          c.close();
          return;
        }
        sent += chunk.length;
        c.enqueue(chunk);
      },
    });
    const res = await h.app.request(def.api, {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=t',
        'X-XSRF-TOKEN': 't',
      },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message?: string }).message).toBeTruthy();
    expect(await total()).toBe(before);
  });

  it('answers deeply nested JSON without a server error', async () => {
    const depth = 200_000;
    const body = `{"name": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const res = await post(body);
    checkAnswer({ method: 'POST', path: def.api }, res, '(deep)');
    expect(res.status).toBeGreaterThanOrEqual(400);
  });

  it('keeps a valid body working next to all that (the endpoint is not just refusing everything)', async () => {
    const before = await total();
    const res = await post(JSON.stringify(await fx.sample(def, 'create')));
    expect(res.status, res.text).toBe(201);
    expect(await total()).toBe(before + 1);
  });
});

describe('the generators', () => {
  it('writes raw number literals that JSON.parse reads as numbers', () => {
    expect(JSON.parse(toJson({ a: new Raw('1e999'), b: [new Raw('-0.0')] }))).toEqual({ a: Infinity, b: [-0] });
  });

});
