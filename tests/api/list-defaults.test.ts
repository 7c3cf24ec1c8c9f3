import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultQuery, listQueryString, sortableColumns, type ListQuery } from '../../domain/list-query.ts';
import type { ResourceDef } from '../../domain/resource.ts';
import { RESOURCES, resourceByKey } from '../../domain/resources/index.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * Every list the browser opens asks the server for exactly what the list machine asks for:
 * `listQueryString(def, query, { full: true })`. Permission modules and Permissions once never
 * loaded because their default sort was one the server refused ("Sort by one of: …"); this
 * asks every resource's first page as the browser does, and every sortable column both ways.
 */

let h: Harness;
let api: Client;

beforeAll(async () => {
  // The demo shop, so child lists (attribute values) have a parent and most lists have rows.
  h = await createHarness({ shop: true });
  api = client(h, await h.tokenFor('admin@example.com'));
}, 120_000);
afterAll(() => h?.close());

/** The parent filter of a child list: the first record of the parent resource. */
async function parentQuery(def: ResourceDef): Promise<string> {
  if (!def.parent) return '';
  const parent = resourceByKey(def.parent.resource);
  const rows = await api.rows(parent.api);
  expect(rows.length, `the demo shop has ${parent.label.many}`).toBeGreaterThan(0);
  return `&${def.parent.field}=${rows[0].id}`;
}

const asked = async (def: ResourceDef, q: ListQuery) => api.get(`${def.api}${listQueryString(def, q, { full: true })}${await parentQuery(def)}`);

describe.each(Object.values(RESOURCES).map((def) => [def.key, def] as const))('%s', (_key, def) => {
  it('answers the first page the browser asks for by default', async () => {
    const res = await asked(def, defaultQuery(def));
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, per_page: 10 });
  });

  it.each(sortableColumns(def).flatMap((field) => (['asc', 'desc'] as const).map((dir) => [field, dir] as const)))(
    'sorts by %s %s',
    async (field, dir) => {
      const res = await asked(def, { ...defaultQuery(def), sort: field, dir });
      expect(res.status, res.text).toBe(200);
    },
  );
});
