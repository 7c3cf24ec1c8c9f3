import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '../../domain/list-query.ts';
import { customerCategories as CC, customers as C, posSetting, suppliers as S } from '../../domain/resources/index.ts';
import { client, expectFieldError, expectSentence, type Client } from './crud-helpers.ts';
import { customers as customerTable } from '../../server/db/schema.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * People (customer categories, customers, suppliers), and through customers the generic
 * resource engine every list shares: paging, sorting, search, filters, strict queries and
 * bodies, uniqueness, 404s, optimistic locking, bulk delete and CSV export.
 */

let h: Harness;
let api: Client;
let retail: number;
let wholesale: number;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  retail = (await api.create(CC.api, { name: 'Retail', discount_bps: 0 })).id;
  wholesale = (await api.create(CC.api, { name: 'Wholesale', discount_bps: 1000 })).id;
  // 23 customers: three cities, every third inactive, the first ten wholesale.
  for (let i = 1; i <= 23; i++) {
    await api.create(C.api, {
      name: `Customer ${String(i).padStart(2, '0')}`,
      email: `customer${i}@example.com`,
      city: ['Austin', 'Boston', 'Chicago'][i % 3],
      status: i % 3 === 0 ? 'inactive' : 'active',
      category_id: i <= 10 ? wholesale : retail,
    });
  }
});
afterAll(() => h?.close());

describe('list paging', () => {
  it('reports page, per_page, total and last_page', async () => {
    const res = await api.get(C.api);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 10, total: 23, last_page: 3 });
    expect(res.body.data).toHaveLength(10);
    const last = await api.get(C.api, { page: 3 });
    expect(last.body.data).toHaveLength(3);
    expect(last.body.meta).toEqual({ page: 3, per_page: 10, total: 23, last_page: 3 });
  });

  it.each(PAGE_SIZES.map((n) => [n]))('serves %i rows per page', async (n) => {
    const res = await api.get(C.api, { per_page: n });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: n, total: 23, last_page: Math.ceil(23 / n) });
    expect(res.body.data).toHaveLength(Math.min(n, 23));
  });

  it('pages do not overlap and together hold every row', async () => {
    const ids: number[] = [];
    for (let page = 1; page <= 3; page++) ids.push(...(await api.get(C.api, { page, sort: 'city' })).body.data.map((r: any) => r.id));
    expect(new Set(ids).size).toBe(23);
  });

  it('answers an empty page past the end, with the real total', async () => {
    const res = await api.get(C.api, { page: 9 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta.total).toBe(23);
  });
});

describe('list sorting', () => {
  const byCityThenId = (dir: 1 | -1) => (a: any, b: any) => (a.city === b.city ? (a.id - b.id) * dir : a.city < b.city ? -dir : dir);

  it.each([
    ['asc', 1],
    ['desc', -1],
  ] as const)('sorts by city %s, ties broken by id in the same direction', async (dir, sign) => {
    const rows = await api.rows(C.api, { sort: 'city', dir });
    expect(rows).toHaveLength(23);
    expect(rows.map((r) => r.id)).toEqual([...rows].sort(byCityThenId(sign)).map((r) => r.id));
    expect(rows[0].city).toBe(sign === 1 ? 'Austin' : 'Chicago');
  });

  it('defaults to the definition’s sort (name ascending)', async () => {
    const rows = await api.rows(C.api);
    expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort());
  });

  it('sorts categories by their customer count', async () => {
    const rows = await api.rows(CC.api, { sort: 'customers_count', dir: 'desc' });
    expect(rows.map((r) => [r.name, r.customers_count])).toEqual([
      ['Retail', 13],
      ['Wholesale', 10],
    ]);
  });
});

describe('list search and filters', () => {
  beforeAll(async () => {
    await api.create(S.api, { name: 'Percy Percent', company: '100% Cotton Ltd' });
    await api.create(S.api, { name: 'Xavier', company: '100X Cotton' });
    await api.create(S.api, { name: 'Under Score', company: 'a_b Trading' });
    await api.create(S.api, { name: 'No Score', company: 'axb Trading' });
  });

  it('matches part of a name, ignoring case', async () => {
    const rows = await api.rows(C.api, { search: 'STOMER 1' });
    expect(rows.map((r) => r.name)).toEqual(['Customer 10', 'Customer 11', 'Customer 12', 'Customer 13', 'Customer 14', 'Customer 15', 'Customer 16', 'Customer 17', 'Customer 18', 'Customer 19']);
  });

  it('looks in every column the search hint names (email too)', async () => {
    const rows = await api.rows(C.api, { search: 'customer7@' });
    expect(rows.map((r) => r.name)).toEqual(['Customer 07']);
  });

  it('takes % and _ literally', async () => {
    expect((await api.rows(S.api, { search: '100%' })).map((r) => r.company)).toEqual(['100% Cotton Ltd']);
    expect((await api.rows(S.api, { search: 'a_b' })).map((r) => r.company)).toEqual(['a_b Trading']);
    expect((await api.rows(S.api, { search: '\\' }))).toEqual([]);
  });

  it('filters by status and by category, together with search', async () => {
    const inactive = await api.rows(C.api, { status: 'inactive' });
    expect(inactive).toHaveLength(7);
    expect(inactive.every((r) => r.status === 'inactive')).toBe(true);
    const both = await api.rows(C.api, { status: 'inactive', category_id: wholesale });
    expect(both.map((r) => r.name)).toEqual(['Customer 03', 'Customer 06', 'Customer 09']);
    const res = await api.get(C.api, { category_id: wholesale, search: 'Customer 0' });
    expect(res.body.meta.total).toBe(9);
  });

  it('lists carry the joined category name', async () => {
    const [row] = await api.rows(C.api, { search: 'Customer 01' });
    expect(row).toMatchObject({ category_id: wholesale, category_name: 'Wholesale' });
  });

  it.each([
    [{ per_page: 7 }, 'per_page', 'Use one of 10, 25, 50, 100 per page.'],
    [{ page: 0 }, 'page', 'Use a page number of 1 or more.'],
    [{ page: 'two' }, 'page', 'Use a page number of 1 or more.'],
    [{ sort: 'password' }, 'sort', /^Sort by one of: name, email, city, due, status, created_at\.$/],
    [{ dir: 'up' }, 'dir', 'Use asc or desc.'],
    [{ colour: 'red' }, 'colour', 'This field is not allowed.'],
    [{ status: 'asleep' }, 'status', /not valid/],
    [{ category_id: 'retail' }, 'category_id', /not valid/],
    [{ search: 'x'.repeat(101) }, 'search', 'Use at most 100 characters.'],
    [{ search: 'a\u0000b' }, 'search', /invisible character/],
    [{ constructor: '0' }, 'constructor', 'This field is not allowed.'],
    [{ ['__proto__']: '0' }, '__proto__', 'This field is not allowed.'],
  ] as const)('answers 422 naming the parameter for %j', async (query, field, text) => {
    const res = await api.get(C.api, query as Record<string, string | number>);
    expectFieldError(res, field, text);
    expectSentence(res.body.message);
  });
});

describe('create and update', () => {
  it('creates, shows and updates a customer, trimming and lowercasing', async () => {
    const made = await api.create(C.api, { name: '  Ada Lovelace ', email: ' ADA@Example.COM', phone: '', category_id: '' });
    expect(made).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', phone: null, category_id: null, status: 'active' });
    const shown = await api.get(`${C.api}/${made.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual(made);
    const updated = await api.update(C.api, made.id, { name: 'Ada King', email: 'ada@example.com', category_id: retail });
    expect(updated).toMatchObject({ name: 'Ada King', category_id: retail, category_name: 'Retail' });
  });

  it('refuses an unknown body field, naming it', async () => {
    expectFieldError(await api.post(C.api, { name: 'X', nickname: 'x' }), 'nickname', 'This field is not allowed.');
  });

  it('refuses a missing name and a bad email with messages for each field', async () => {
    const res = await api.post(C.api, { email: 'not-an-email' });
    expectFieldError(res, 'name');
    expectFieldError(res, 'email', 'Enter a valid email address.');
  });

  it.each(['null', '[]', '"Ann"', '42'])('answers %s with a 422 asking for an object', async (body) => {
    const res = await api.post(C.api, body);
    expectFieldError(res, 'body', 'Send the form as a JSON object.');
  });

  it('refuses malformed JSON with 400 and an empty body with 400', async () => {
    expect((await api.post(C.api, '{"name":')).status).toBe(400);
    expect((await api.post(C.api, '')).status).toBe(400);
  });

  it('names unknown fields even when they are called constructor or __proto__', async () => {
    const res = await api.post(C.api, '{"name": "A", "constructor": 1, "__proto__": 2}');
    expectFieldError(res, 'constructor', 'This field is not allowed.');
    expectFieldError(res, '__proto__', 'This field is not allowed.');
  });

  it('answers a body nested 100,000 deep with a 4xx, not a server error', async () => {
    const res = await api.post(C.api, `{"name": "A", "tags": ${'['.repeat(100_000)}"\u0000"${']'.repeat(100_000)}}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('refuses a NUL character with 422 instead of failing in the database', async () => {
    const res = await api.post(C.api, { name: 'Bad\u0000Name' });
    expectFieldError(res, 'name', /invisible character/);
  });

  it('answers 422 naming email when another customer has it (any case)', async () => {
    const res = await api.post(C.api, { name: 'Copy', email: 'CUSTOMER1@example.com' });
    expectFieldError(res, 'email', 'Another customer already has this email address.');
    const other = await api.create(C.api, { name: 'Other', email: 'other@example.com' });
    expectFieldError(await api.put(`${C.api}/${other.id}`, { name: 'Other', email: 'customer2@example.com' }), 'email');
  });

  it('answers 422 naming the category when it does not exist', async () => {
    const res = await api.post(C.api, { name: 'Lost', category_id: 999999 });
    expectFieldError(res, 'category_id', 'This category no longer exists. Choose another.');
  });

  it('answers 422 naming a customer category whose name exists in another case', async () => {
    expectFieldError(await api.post(CC.api, { name: 'retail' }), 'name', 'A customer category with this name already exists.');
  });

  it('refuses a discount above 100%', async () => {
    expectFieldError(await api.post(CC.api, { name: 'Too kind', discount_bps: 10001 }), 'discount_bps');
  });
});

describe('missing records', () => {
  it.each(['999999', 'abc', '1.5', '-1', '0', '99999999999'])('answers 404 with a sentence for id %s', async (id) => {
    for (const res of [await api.get(`${C.api}/${id}`), await api.put(`${C.api}/${id}`, { name: 'X' }), await api.del(`${C.api}/${id}`)]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('This customer does not exist. It may have been deleted.');
    }
  });
});

describe('optimistic locking', () => {
  it('sends an ETag and refuses a save based on an old copy with 409', async () => {
    const made = await api.create(S.api, { name: 'Locky' });
    const first = await api.get(`${S.api}/${made.id}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const saved = await api.put(`${S.api}/${made.id}`, { name: 'Locky 2' }, { 'If-Match': etag });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).not.toBe(etag);
    const stale = await api.put(`${S.api}/${made.id}`, { name: 'Locky 3' }, { 'If-Match': etag });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale');
    expectSentence(stale.body.message);
    expect((await api.get(`${S.api}/${made.id}`)).body.data.name).toBe('Locky 2');
    // Without If-Match the last save wins, as before.
    expect((await api.put(`${S.api}/${made.id}`, { name: 'Locky 4' })).status).toBe(200);
  });

  it('every save gets a new ETag, however quick', async () => {
    const made = await api.create(S.api, { name: 'Quick' });
    const tags = new Set<string>();
    for (let i = 0; i < 10; i++) tags.add((await api.put(`${S.api}/${made.id}`, { name: `Quick ${i}` })).headers.get('etag')!);
    expect(tags.size).toBe(10);
  });

  it('of two saves from the same copy at the same moment, exactly one wins', async () => {
    const made = await api.create(S.api, { name: 'Race' });
    const etag = (await api.get(`${S.api}/${made.id}`)).headers.get('etag')!;
    const names = Array.from({ length: 8 }, (_, i) => `Race ${i}`);
    const results = await Promise.all(names.map((name) => api.put(`${S.api}/${made.id}`, { name }, { 'If-Match': etag })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
  });
});

describe('deleting', () => {
  it('deletes one record, then answers 404 for it', async () => {
    const made = await api.create(S.api, { name: 'Short lived' });
    const res = await api.del(`${S.api}/${made.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Supplier deleted.');
    expect((await api.get(`${S.api}/${made.id}`)).status).toBe(404);
  });

  it('refuses to delete a category customers use, naming how many', async () => {
    const res = await api.del(`${CC.api}/${wholesale}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This customer category cannot be deleted: it is used by 10 customers.');
  });

  it('bulk delete is all or nothing', async () => {
    const spare = await api.create(CC.api, { name: 'Spare' });
    const refused = await api.post(`${CC.api}/bulk-delete`, { ids: [spare.id, retail] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Nothing was deleted: customer category “Retail” is used by \d+ customers\.$/);
    expect((await api.get(`${CC.api}/${spare.id}`)).status).toBe(200);
    const done = await api.post(`${CC.api}/bulk-delete`, { ids: [spare.id, spare.id, 999999, 99999999999] });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: '1 customer category deleted.', deleted: 1 });
    expect((await api.get(`${CC.api}/${spare.id}`)).status).toBe(404);
  });

  it.each([
    [{ ids: [] }, 'ids', 'Choose at least one record.'],
    [{ ids: 'all' }, 'ids', 'Send the ids to delete.'],
    [{ ids: [1.5] }, 'ids.0', 'Send record ids.'],
    [{ ids: [1], also: true }, 'also', 'This field is not allowed.'],
  ])('refuses a bad bulk delete body %j', async (body, field, text) => {
    expectFieldError(await api.post(`${S.api}/bulk-delete`, body), field, text);
  });

  it('refuses to delete the POS setting’s default customer', async () => {
    const walkIn = await api.create(C.api, { name: 'Walk-in' });
    const put = await api.put(posSetting.api, { default_customer_id: walkIn.id, payment_methods: ['cash'], invoice_prefix: 'INV-' });
    expect(put.status).toBe(200);
    const res = await api.del(`${C.api}/${walkIn.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This customer cannot be deleted: it is used by the POS setting (default customer).');
    await api.put(posSetting.api, { default_customer_id: null, payment_methods: ['cash'], invoice_prefix: 'INV-' });
    expect((await api.del(`${C.api}/${walkIn.id}`)).status).toBe(200);
  });
});

describe('CSV export', () => {
  it('exports the filtered, sorted list with the column labels as header', async () => {
    const res = await api.get(`${C.api}/export`, { category_id: wholesale, sort: 'name', dir: 'desc', search: 'Customer' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Phone,City,Category,Owes,Status,Created');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(/^Customer 10,customer10@example\.com,,Boston,Wholesale,0(\.00)?,Active,\d{4}-\d{2}-\d{2}$/);
  });

  it('defuses cells a spreadsheet would run as a formula, and quotes commas', async () => {
    await api.create(S.api, { name: '=HYPERLINK("http://evil.example","x")', company: 'Smith, Jones & Co' });
    await api.create(S.api, { name: '@SUM(A1)', company: '+1 Trading' });
    const res = await api.get(`${S.api}/export`);
    const text = res.text;
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")","Smith, Jones & Co"`);
    expect(text).toContain(`'@SUM(A1),'+1 Trading`);
    expect(text).not.toMatch(/(^|,)[=+@]/m);
  });

  it('refuses a bad export query with 422', async () => {
    expectFieldError(await api.get(`${C.api}/export`, { sort: 'nope' }), 'sort');
  });
});

describe('relation options', () => {
  it('lists id and label pairs ordered by label, with search and ids', async () => {
    const all = await api.get(`${CC.api}/options`);
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual([
      { id: retail, label: 'Retail' },
      { id: wholesale, label: 'Wholesale' },
    ]);
    expect((await api.get(`${CC.api}/options`, { search: 'HOLE' })).body.data).toEqual([{ id: wholesale, label: 'Wholesale' }]);
    expect((await api.get(`${CC.api}/options`, { ids: `${wholesale}` })).body.data).toEqual([{ id: wholesale, label: 'Wholesale' }]);
    expect((await api.get(`${CC.api}/options`, { ids: '9999999999' })).body.data).toEqual([]);
  });

  it('returns at most 50, and exactly the asked ids', async () => {
    await h.db.insert(customerTable).values(Array.from({ length: 40 }, (_, i) => ({ name: `Zed ${String(i + 1).padStart(2, '0')}` })));
    const page = await api.get(`${C.api}/options`);
    expect(page.body.data).toHaveLength(50);
    const labels: string[] = page.body.data.map((o: any) => o.label);
    expect(labels.slice(0, 3)).toEqual(['Ada King', 'Customer 01', 'Customer 02']);
    expect(labels.at(-1)).toMatch(/^Zed \d\d$/);
    expect(labels).toEqual([...labels].sort());
    const some = (await api.rows(C.api, { per_page: 25 })).slice(0, 3).map((r) => r.id);
    const res = await api.get(`${C.api}/options`, { ids: some.join(',') });
    expect(res.body.data.map((o: any) => o.id).sort()).toEqual([...some].sort());
  });

  it.each([
    [{ ids: '1,x' }, 'ids'],
    [{ ids: Array.from({ length: 51 }, (_, i) => i + 1).join(',') }, 'ids'],
    [{ search: 'y'.repeat(101) }, 'search'],
    [{ page: 2 }, 'page'],
  ])('refuses %j with 422 naming the parameter', async (query, field) => {
    expectFieldError(await api.get(`${CC.api}/options`, query as Record<string, string>), field);
  });

  it('is open to a cashier (customer list) but the categories list is not', async () => {
    const cashier = client(h, await h.tokenFor('cashier@example.com'));
    expect((await cashier.get(`${CC.api}/options`)).status).toBe(200);
    expect((await cashier.get(CC.api)).status).toBe(403);
  });
});

describe('the demo cashier and customers (customer list, create and edit; PRODUCT §1)', () => {
  it('lists, adds and edits customers, but may neither delete nor export them', async () => {
    const cashier = client(h, await h.tokenFor('cashier@example.com'));
    expect((await cashier.get(C.api)).status).toBe(200);
    const created = await cashier.post(C.api, { name: 'Till Walk-up', status: 'active' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const shown = await cashier.get(`${C.api}/${id}`);
    expect(shown.status).toBe(200);
    expect((await cashier.put(`${C.api}/${id}`, { name: 'Till Walk-up Jr', status: 'active' })).status).toBe(200);
    for (const res of [
      await cashier.del(`${C.api}/${id}`),
      await cashier.post(`${C.api}/bulk-delete`, { ids: [id] }),
      await cashier.get(`${C.api}/export`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'You do not have permission to access this page.', code: 403 });
    }
    // Still there: nothing the cashier was refused happened.
    expect((await api.get(`${C.api}/${id}`)).body.data).toMatchObject({ name: 'Till Walk-up Jr' });
  });
});
