/**
 * The API documents itself: /api/openapi.json is generated from the route table and the shared
 * zod schemas, and /api/docs shows it. Fails when a route is missing from the document, or when
 * a body the document describes is not the one the server validates with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes } from '../../server/app.ts';
import { createHarness, type Harness } from './harness.ts';
import { createFixtures, fixtureFor, routeKey, type Fixtures } from './support/fixtures.ts';

let h: Harness;
let fx: Fixtures;
let doc: any;

beforeAll(async () => {
  h = await createHarness();
  await h.createUser({ email: 'fixtures@example.com', roles: ['Super Admin'] });
  fx = createFixtures(h, await h.tokenFor('fixtures@example.com'));
  const res = await h.request('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
}, 60_000);
afterAll(() => h?.close());

const docPath = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
const operation = (r: { method: string; path: string }) => doc.paths[docPath(r.path)]?.[r.method.toLowerCase()];
const withBody = apiRoutes.filter((r) => r.body);

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document that says how to sign in and what is not offered', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
    expect(doc.info.description).toMatch(/Authorization: Bearer/);
    expect(doc.info.description).toMatch(/\/api\/register/);
  });

  it('has every route of the route table, with its guard, and nothing else', () => {
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(apiRoutes.map((r) => `${r.method} ${docPath(r.path)}`).sort());
    for (const r of apiRoutes) expect(operation(r)['x-permission'], routeKey(r)).toEqual(r.permission);
  });

  it.each(apiRoutes.map((r) => [routeKey(r), r] as const))('%s: its body and query are the JSON Schema of what the handler validates with', (_k, r) => {
    const op = operation(r);
    const asJson = (s: z.ZodType) => {
      const { $schema: _, ...rest } = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
      return rest;
    };
    if (r.body) expect(op.requestBody.content['application/json'].schema).toEqual(asJson(r.body));
    else if (r.rawBody) expect(Object.keys(op.requestBody.content).sort()).toEqual([...r.rawBody.types].sort());
    else expect(op.requestBody).toBeUndefined();
    const queryParams = (op.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name).sort();
    expect(queryParams).toEqual(r.query ? Object.keys((asJson(r.query).properties ?? {}) as object).sort() : []);
  });
});

describe('the server refuses what the document says it refuses', () => {
  // Behaviour, not construction: the document's required fields are exactly the ones an empty
  // body is refused for, and a strict body (additionalProperties false) names an unknown field.
  it.each(withBody.map((r) => [routeKey(r), r] as const))('%s', async (_k, r) => {
    const schema = operation(r).requestBody.content['application/json'].schema as { required?: string[]; additionalProperties?: unknown; anyOf?: { required: string[] }[] };
    // A body that must hold one of several groups (a bulk delete: ids, or a filter and its
    // count) is refused for the first group's fields.
    const required = [...(schema.required ?? []), ...(schema.anyOf?.[0]?.required ?? [])];
    const req = await fixtureFor(fx, r).build({ email: 'fixtures@example.com' });
    const token = await h.tokenFor('fixtures@example.com');
    const empty = await h.request(r.method, req.path, { token, body: { zz_not_a_field: 1 } });
    if (required.length === 0 && schema.additionalProperties !== false) {
      expect(empty.status).toBeLessThan(300);
      return;
    }
    expect(empty.status, empty.text).toBe(422);
    const errors = empty.body.errors as Record<string, string[]>;
    const refused = Object.keys(errors).filter((k) => k !== 'zz_not_a_field').sort();
    expect(refused, 'the fields an empty body is refused for').toEqual(required.sort());
    expect(Object.hasOwn(errors, 'zz_not_a_field')).toBe(schema.additionalProperties === false);
  });
});

describe('GET /api/docs', () => {
  it('is a reference page served here, listing every route, with no script and nothing from elsewhere', async () => {
    const res = await h.request('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    for (const r of apiRoutes) expect(res.text).toContain(`<code>${docPath(r.path).replace(/&/g, '&amp;')}</code>`);
    expect(res.text).not.toMatch(/<script|<style|https?:\/\//i);
    expect(res.text).toContain('<link rel="stylesheet" href="/site.css">');
    expect((await h.request('GET', '/site.css')).headers.get('content-type')).toMatch(/text\/css/);
  });
});
