import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customers as C } from '../../domain/resources/index.ts';
import { NARROW_SEARCH_MAX_MATCHES } from '../../server/crud/index.ts';
import { client, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * Deep pages (offset ≥ 1000) take another query plan (ids from the sort index, then the rows)
 * and so do searches (their matches first, then sorted). Both must give exactly the rows
 * the plain plan would: the same order, ties broken by id, nothing skipped or repeated.
 */
let h: Harness;
let api: Client;
const N = 1_234;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  // Few distinct names and cities, so most sort keys tie and the id tie-break matters.
  await h.db.execute(sql`
    insert into customers (name, email, city, status)
    select 'Name ' || (g % 37), case when g % 5 = 0 then null else 'c' || g || '@example.com' end,
           'City ' || (g % 11), case when g % 3 = 0 then 'inactive' else 'active' end
    from generate_series(1, ${N}) g`);
});
afterAll(() => h?.close());

async function everyId(query: Record<string, string | number>): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get(C.api, { ...query, per_page: 100, page });
    expect(res.status, res.text).toBe(200);
    ids.push(...res.body.data.map((r: { id: number }) => r.id));
    if (page >= res.body.meta.last_page) return ids;
  }
}

it.each([
  ['name', 'asc'],
  ['email', 'desc'],
  ['city', 'desc'],
  ['created_at', 'asc'],
])('sorted by %s %s, pages past row 1000 continue the order exactly', async (sort, dir) => {
  const ids = await everyId({ sort, dir });
  expect(ids).toHaveLength(N);
  expect(new Set(ids).size).toBe(N);
  const rows = await h.db.execute(
    sql.raw(`select id from customers order by ${sort} ${dir} ${dir === 'asc' ? 'nulls last' : 'nulls first'}, id ${dir}`),
  );
  const expected = (rows as unknown as { rows?: { id: number }[] }).rows ?? (rows as unknown as { id: number }[]);
  expect(ids).toEqual(expected.map((r) => Number(r.id)));
});

it('a narrow search with a filter on a deep page gives the same rows as reading it all', async () => {
  const ids = await everyId({ search: 'Name 3', status: 'active', sort: 'name', dir: 'desc' });
  const all = await everyId({ status: 'active', sort: 'name', dir: 'desc' });
  const rows = await api.rows(C.api, { search: 'Name 3', status: 'active' });
  expect(rows.every((r) => r.name.startsWith('Name 3') && r.status === 'active')).toBe(true);
  const matching = new Set(ids);
  expect(all.filter((id) => matching.has(id))).toEqual(ids);
});

it.each([
  ['the first page', 2, {}],
  ['a filtered page', 2, { status: 'inactive' }],
  ['a deep page', 2, { page: 12 }],
  // A search sorted on the table's own columns reads its matches once: the page's ids, count
  // and sums in one statement, while they are at most NARROW_SEARCH_MAX_MATCHES (every search
  // here), then the page's rows with their joins in a prepared one.
  ['a narrow search', 3, { search: 'Name 3' }],
  ['a search matching every row', 3, { search: 'Name' }],
  ['a narrow search sorted by name, on its second page', 3, { search: 'Name 3', sort: 'name', dir: 'asc', page: 2 }],
  // An empty page has no row to carry the total: it is counted on its own.
  ['a page past the end', 3, { page: 99 }],
])('%s comes with its total, in %i statements with the session check', async (_, statements, query: Record<string, string | number>) => {
  const { result, statements: sent } = await h.statementsOf(() => api.get(C.api, { per_page: 100, ...query }));
  expect(result.status, result.text).toBe(200);
  const where = [
    query.status ? `status = '${query.status}'` : 'true',
    query.search ? `(name ilike '%${query.search}%' or email ilike '%${query.search}%' or phone ilike '%${query.search}%')` : 'true',
  ].join(' and ');
  const counted = await h.db.execute(sql.raw(`select count(*)::int as n from customers where ${where}`));
  const n = ((counted as unknown as { rows?: { n: number }[] }).rows ?? (counted as unknown as { n: number }[]))[0]!.n;
  expect(result.body.meta).toEqual({ page: Number(query.page ?? 1), per_page: 100, total: n, last_page: Math.max(1, Math.ceil(n / 100)) });
  expect(result.body.data.every((r: Record<string, unknown>) => !Object.keys(r).some((k) => k.startsWith('list_tally'))), 'the carried total is not a column').toBe(true);
  expect(sent).toHaveLength(statements);
});

it(`a wide search (over ${NARROW_SEARCH_MAX_MATCHES.toLocaleString('en')} matches) is counted first and paged the plain way, in the same order`, async () => {
  await h.db.execute(sql`
    insert into customers (name, email, city, status)
    select 'Name ' || (g % 37), 'w' || g || '@example.com', 'City ' || (g % 11), 'active'
    from generate_series(1, ${NARROW_SEARCH_MAX_MATCHES}) g`);
  const first = await h.statementsOf(() => api.get(C.api, { search: 'Name', sort: 'city', dir: 'asc', per_page: 100 }));
  expect(first.result.body.meta.total).toBe(N + NARROW_SEARCH_MAX_MATCHES);
  // The session check, the narrow try that finds too many, the count and the page.
  expect(first.statements).toHaveLength(4);
  const searched = await everyId({ search: 'Name', sort: 'city', dir: 'asc' });
  expect(searched).toEqual(await everyId({ sort: 'city', dir: 'asc' }));
});
