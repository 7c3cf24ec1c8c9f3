import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers as C, expenseCategories as EC, expenses as E, users as U } from '../../domain/resources/index.ts';
import { eq } from 'drizzle-orm';
import { customers as customerTable, permissions, rolePermissions, roles } from '../../server/db/schema.ts';
import { client, expectFieldError, expectSentence, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/**
 * The list engine's server side, for every list: date ranges, totals over the whole filter,
 * bulk delete of a whole filter, a person's columns and saved filters, and rows whose delete
 * would be refused saying why.
 */

let h: Harness;
let api: Client;
let rent: number;
let power: number;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
  rent = (await api.create(EC.api, { name: 'Rent' })).id;
  power = (await api.create(EC.api, { name: 'Utilities' })).id;
  for (const [category_id, date, amount, reference] of [
    [rent, '2026-09-01', 250000, 'RENT-9'],
    [rent, '2026-10-01', 250000, 'RENT-10'],
    [power, '2026-10-03', 18950, 'ELEC-10'],
    [power, '2026-10-31', 21001, 'ELEC-11'],
    [power, '2026-11-01', 19999, 'ELEC-12'],
  ] as const) {
    await api.create(E.api, { category_id, date, amount, reference });
  }
});
afterAll(() => h?.close());

const refs = (res: { body: { data: { reference: string }[] } }) => res.body.data.map((r) => r.reference);

describe('date range filter', () => {
  it('narrows to the days from and to (both included), either end left open', async () => {
    expect(refs(await api.get(E.api, { date_from: '2026-10-01', date_to: '2026-10-31' }))).toEqual(['ELEC-11', 'ELEC-10', 'RENT-10']);
    expect(refs(await api.get(E.api, { date_from: '2026-10-31' }))).toEqual(['ELEC-12', 'ELEC-11']);
    expect(refs(await api.get(E.api, { date_to: '2026-09-30' }))).toEqual(['RENT-9']);
    expect(refs(await api.get(E.api, { date_from: '2026-10-02', date_to: '2026-10-02' }))).toEqual([]);
  });

  it('works with the other filters and the search', async () => {
    expect(refs(await api.get(E.api, { date_from: '2026-10-01', category_id: power, search: 'ELEC-1' }))).toEqual(['ELEC-12', 'ELEC-11', 'ELEC-10']);
  });

  it('narrows a timestamp column by whole days (customers created)', async () => {
    const ann = await api.create(C.api, { name: 'Ann Range', status: 'active' });
    const day = String(ann.created_at).slice(0, 10);
    const names = async (q: Record<string, string>) => (await api.rows(C.api, { search: 'Ann Range', ...q })).map((r) => r.name);
    expect(await names({ created_at_from: day, created_at_to: day })).toEqual(['Ann Range']);
    expect(await names({ created_at_to: '2000-01-01' })).toEqual([]);
  });

  it.each([
    [{ date_from: '2026-02-30' }, 'date_from', 'Enter a date that exists on the calendar, as YYYY-MM-DD.'],
    [{ date_to: '10/01/2026' }, 'date_to', 'Enter a date that exists on the calendar, as YYYY-MM-DD.'],
    [{ date_from: '0000-01-01' }, 'date_from', 'Enter a date that exists on the calendar, as YYYY-MM-DD.'],
    [{ date_from: '2026-10-02', date_to: '2026-10-01' }, 'date_to', 'The end date is before the start date.'],
    [{ date: '2026-10-01' }, 'date', undefined],
  ] as const)('refuses %j strictly, naming the parameter', async (query, field, message) => {
    for (const path of [E.api, `${E.api}/export`]) expectFieldError(await api.get(path, query), field, message);
  });
});

describe('totals of money columns', () => {
  it('sums every record the filter matches, not the page', async () => {
    const all = await api.get(E.api, { per_page: 10 });
    expect(all.body.totals).toEqual({ amount: 250000 + 250000 + 18950 + 21001 + 19999 });
    const page2 = await api.get(E.api, { per_page: 10, page: 2 });
    expect(page2.body.totals).toEqual(all.body.totals);
    expect((await api.get(E.api, { category_id: power })).body.totals).toEqual({ amount: 18950 + 21001 + 19999 });
    expect((await api.get(E.api, { date_from: '2026-12-01' })).body.totals).toEqual({ amount: 0 });
  });

  it('come with the page and its count in one statement (two with the session check), a search in two', async () => {
    const page = await h.statementsOf(() => api.get(E.api, { category_id: power }));
    expect(page.result.body.totals, page.result.text).toEqual({ amount: 18950 + 21001 + 19999 });
    expect(page.result.body.meta.total).toBe(3);
    expect(page.result.body.data[0]).not.toHaveProperty('list_tally__');
    expect(page.statements).toHaveLength(2);
    const search = await h.statementsOf(() => api.get(E.api, { search: 'RENT' }));
    expect(search.result.body.totals).toEqual({ amount: 500000 });
    expect(search.result.body.meta.total).toBe(2);
    expect(search.result.body.data[0]).not.toHaveProperty('list_tally__');
    // The matches' ids, count and sums; then the page's rows by a prepared statement.
    expect(search.statements).toHaveLength(3);
    expect(search.statements[2]).toMatch(/= any\(/);
  });

  it('write the page size into the statement, so a prepared statement can keep one plan', async () => {
    // With LIMIT $n PostgreSQL re-planned the product list's six joins on every request.
    const listed = async (query: Record<string, string | number>) => {
      const page = await h.statementsOf(() => api.get(E.api, query));
      expect(page.result.status, page.result.text).toBe(200);
      return page.statements.find((s) => /\blimit\b/i.test(s) && /"expenses"/.test(s));
    };
    expect(await listed({ per_page: 25 })).toMatch(/ limit 25$/);
    // An offset stays a parameter: written in, every page number would be a statement of its own.
    expect(await listed({ per_page: 25, page: 2 })).toMatch(/ limit 25 offset \$\d+$/);
  });

  it('a list without money columns has none', async () => {
    expect((await api.get(C.api)).body).not.toHaveProperty('totals');
  });
});

describe('bulk delete of a whole filter', () => {
  const seed = async (n: number, tag: string) => {
    await h.db.insert(customerTable).values(Array.from({ length: n }, (_, i) => ({ name: `${tag} ${String(i).padStart(4, '0')}` })));
  };
  const total = async (search: string) => (await api.get(C.api, { search })).body.meta.total as number;

  it('deletes every record matching the search and filters, on every page, once the count is the one shown', async () => {
    await seed(27, 'Bulkfilter');
    await api.create(C.api, { name: 'Bulkfilter inactive', status: 'inactive' });
    const res = await api.post(`${C.api}/bulk-delete`, { matching: { search: 'Bulkfilter', status: 'active' }, count: 27 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: '27 customers deleted.', deleted: 27 });
    expect((await api.rows(C.api, { search: 'Bulkfilter' })).map((r) => r.name)).toEqual(['Bulkfilter inactive']);
  });

  it('deletes nothing when more or fewer match than the person was shown (409 changed)', async () => {
    await seed(3, 'Changedfilter');
    const res = await api.post(`${C.api}/bulk-delete`, { matching: { search: 'Changedfilter' }, count: 2 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'changed', message: 'Nothing was deleted: 3 customers match now, not 2. The list changed meanwhile; look at it again first.' });
    expect(await total('Changedfilter')).toBe(3);
  });

  it('refuses more than 1,000 at a time with a clear message, deleting nothing', async () => {
    await seed(1001, 'Toomany');
    const res = await api.post(`${C.api}/bulk-delete`, { matching: { search: 'Toomany' }, count: 1001 });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('too_many');
    expectSentence(res.body.message);
    expect(res.body.message).toBe('More than 1,000 customers match; at most 1,000 can be deleted at a time. Narrow the search or filters and try again.');
    expect(await total('Toomany')).toBe(1001);
  });

  it('is all or none: one record in use stops them all, naming it', async () => {
    await api.post(`${E.api}/bulk-delete`, { matching: { date_from: '2026-01-01' }, count: 5 }).then((res) => expect(res.status).toBe(200));
    await api.create(E.api, { category_id: rent, date: '2026-12-01', amount: 100 });
    const res = await api.post(`${EC.api}/bulk-delete`, { matching: {}, count: 2 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Nothing was deleted: expense category “Rent” is used by 1 expense.');
    expect((await api.get(EC.api)).body.meta.total).toBe(2);
  });

  it.each([
    [{ matching: { status: 'gone' }, count: 0 }, 'status'],
    [{ matching: { nonsense: '1' }, count: 0 }, 'matching.nonsense'],
    [{ matching: { created_at_from: '2026-13-01' }, count: 0 }, 'matching.created_at_from'],
    [{ matching: { created_at_from: '2026-10-02', created_at_to: '2026-10-01' }, count: 0 }, 'matching.created_at_to'],
    [{ matching: {} }, 'count'],
    [{ ids: [1], matching: {}, count: 1 }, 'matching'],
    [{}, 'ids'],
  ])('refuses %j naming %s', async (body, field) => {
    expectFieldError(await api.post(`${C.api}/bulk-delete`, body), field);
  });
});

describe("a person's columns and saved filters of a list", () => {
  let cashier: Client;
  beforeAll(async () => {
    cashier = client(h, await h.tokenFor('cashier@example.com'));
  });
  const settings = async (c: Client, api = C.api) => {
    const res = await c.get(`${api}/list-settings`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };

  it('start with every column shown and no saved filter', async () => {
    expect(await settings(cashier)).toEqual({ hidden_columns: [], saved_filters: [] });
  });

  it('remember the hidden columns per person and list', async () => {
    const res = await cashier.put(`${C.api}/list-settings/columns`, { hidden: ['phone', 'city', 'phone'] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ hidden_columns: ['phone', 'city'] });
    expect((await settings(cashier)).hidden_columns).toEqual(['phone', 'city']);
    expect((await settings(api)).hidden_columns).toEqual([]);
    await api.put(`${C.api}/list-settings/columns`, { hidden: ['email'] });
    expect((await settings(api, E.api)).hidden_columns).toEqual([]);
    expect((await settings(cashier)).hidden_columns).toEqual(['phone', 'city']);
    await cashier.put(`${C.api}/list-settings/columns`, { hidden: [] });
    expect((await settings(cashier)).hidden_columns).toEqual([]);
  });

  it('never hide the column that names the record, nor one the list does not have', async () => {
    expectFieldError(await cashier.put(`${C.api}/list-settings/columns`, { hidden: ['name'] }), 'hidden.0');
    expectFieldError(await cashier.put(`${C.api}/list-settings/columns`, { hidden: ['password_hash'] }), 'hidden.0');
    expectFieldError(await cashier.put(`${C.api}/list-settings/columns`, { hidden: 'phone' }), 'hidden');
  });

  it('save a filter under a name, stored as the list writes it, and list them by name', async () => {
    const res = await cashier.post(`${C.api}/saved-filters`, { name: ' Inactive in Lisbon ', query: 'status=inactive&search=Lisbon&page=3&per_page=50' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Inactive in Lisbon', query: 'search=Lisbon&status=inactive' });
    await cashier.post(`${C.api}/saved-filters`, { name: 'A to Z by email', query: 'sort=email&dir=asc' });
    expect((await settings(cashier)).saved_filters.map((f: { name: string; query: string }) => [f.name, f.query])).toEqual([
      ['A to Z by email', 'sort=email&dir=asc'],
      ['Inactive in Lisbon', 'search=Lisbon&status=inactive'],
    ]);
    expect((await settings(api)).saved_filters).toEqual([]);
  });

  it('refuse a name the person already uses (any case), an empty name and a query the list would refuse', async () => {
    expectFieldError(await cashier.post(`${C.api}/saved-filters`, { name: 'inactive IN lisbon', query: '' }), 'name', 'You already have a saved filter with this name.');
    expectFieldError(await cashier.post(`${C.api}/saved-filters`, { name: '  ', query: '' }), 'name', 'Enter a name for this filter.');
    for (const query of ['status=gone', 'sort=password_hash', 'created_at_from=2026-02-30', 'nonsense=1', '?search=a']) {
      expectFieldError(await cashier.post(`${C.api}/saved-filters`, { name: `Bad ${query}`, query }), 'query');
    }
    // Another person may use the same name.
    expect((await api.post(`${C.api}/saved-filters`, { name: 'Inactive in Lisbon', query: '' })).status).toBe(201);
  });

  it('delete only your own', async () => {
    const mine = (await settings(cashier)).saved_filters[0];
    const theirs = (await settings(api)).saved_filters[0];
    expect((await cashier.del(`${C.api}/saved-filters/${theirs.id}`)).status).toBe(404);
    expect((await api.del(`${E.api}/saved-filters/${theirs.id}`)).status).toBe(404);
    const res = await cashier.del(`${C.api}/saved-filters/${mine.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Filter “${mine.name}” deleted.`);
    expect((await settings(cashier)).saved_filters).toHaveLength(1);
    expect((await settings(api)).saved_filters).toHaveLength(1);
  });

  it('keep at most 50 per list', async () => {
    for (let i = (await settings(api)).saved_filters.length; i < 50; i++) {
      expect((await api.post(`${C.api}/saved-filters`, { name: `Filter ${i}`, query: '' })).status).toBe(201);
    }
    expectFieldError(await api.post(`${C.api}/saved-filters`, { name: 'One too many', query: '' }), 'name', 'You can keep at most 50 saved filters per list. Delete one first.');
  });
});

describe('rows whose delete the server would refuse say why', () => {
  it("your own account, and to a manager a Super Admin's", async () => {
    const asAdmin = await api.rows(U.api);
    const self = asAdmin.find((r) => r.email === 'admin@example.com');
    expect(self).toMatchObject({ protected: true, protected_reason: 'You cannot delete your own account.' });
    expect(asAdmin.find((r) => r.email === 'manager@example.com')).not.toHaveProperty('protected');

    // Someone who runs accounts without being a Super Admin.
    const [role] = await h.db.insert(roles).values({ name: 'Accounts' }).returning();
    const [perm] = await h.db.select().from(permissions).where(eq(permissions.name, 'user list'));
    await h.db.insert(rolePermissions).values({ role_id: role!.id, permission_id: perm!.id });
    await h.createUser({ email: 'accounts@example.com', roles: ['Accounts'] });
    const rows = await client(h, await h.tokenFor('accounts@example.com')).rows(U.api);
    expect(rows.find((r) => r.email === 'accounts@example.com')).toMatchObject({ protected: true, protected_reason: 'You cannot delete your own account.' });
    expect(rows.find((r) => r.email === 'admin@example.com')).toMatchObject({ protected: true, protected_reason: "Only a Super Admin can change or delete a Super Admin's account." });
    expect(rows.find((r) => r.email === 'cashier@example.com')).not.toHaveProperty('protected');
    // The reason is what the server answers when asked anyway.
    const refused = await api.del(`${U.api}/${self.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(self.protected_reason);
  });
});
