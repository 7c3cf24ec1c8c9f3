import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MAX } from '../../domain/fields.ts';
import { banners, expenseCategories as EC, expenses as E, services, solutions } from '../../domain/resources/index.ts';
import { permissions, rolePermissions, roles } from '../../server/db/schema.ts';
import { client, expectFieldError, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/** Expense categories and expenses; the website's services, banners and solutions. */

let h: Harness;
let api: Client;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
});
afterAll(() => h?.close());

describe('expenses', () => {
  let rent: any;
  let power: any;

  beforeAll(async () => {
    rent = await api.create(EC.api, { name: 'Rent', description: 'Shop rent' });
    power = await api.create(EC.api, { name: 'Utilities' });
    await api.create(E.api, { category_id: rent.id, date: '2026-09-01', amount: 250000, reference: 'RENT-9' });
    await api.create(E.api, { category_id: rent.id, date: '2026-10-01', amount: 250000, reference: 'RENT-10' });
    await api.create(E.api, { category_id: power.id, date: '2026-10-03', amount: 18950, reference: 'ELEC-10', note: 'Electricity, October' });
  });

  it('lists newest first with the category name, and sorts by amount and category', async () => {
    const rows = await api.rows(E.api);
    expect(rows.map((r) => [r.date, r.category_name, r.amount])).toEqual([
      ['2026-10-03', 'Utilities', 18950],
      ['2026-10-01', 'Rent', 250000],
      ['2026-09-01', 'Rent', 250000],
    ]);
    expect((await api.rows(E.api, { sort: 'amount', dir: 'asc' })).map((r) => r.reference)).toEqual(['ELEC-10', 'RENT-9', 'RENT-10']);
    expect((await api.rows(E.api, { sort: 'category_name', dir: 'desc' })).map((r) => r.reference)).toEqual(['ELEC-10', 'RENT-10', 'RENT-9']);
    expect((await api.rows(E.api, { sort: 'reference', dir: 'asc' })).map((r) => r.reference)).toEqual(['ELEC-10', 'RENT-10', 'RENT-9']);
  });

  it('searches reference and note, and filters by category', async () => {
    expect((await api.rows(E.api, { search: 'october' })).map((r) => r.reference)).toEqual(['ELEC-10']);
    expect((await api.rows(E.api, { search: 'rent-1' })).map((r) => r.reference)).toEqual(['RENT-10']);
    expect((await api.rows(E.api, { category_id: rent.id })).map((r) => r.reference)).toEqual(['RENT-10', 'RENT-9']);
  });

  it('exports amounts as plain numbers', async () => {
    const csv = await api.get(`${E.api}/export`, { category_id: power.id });
    expect(csv.text.trimEnd().split('\r\n')).toEqual(['Date,Category,Reference,Amount,Note', '2026-10-03,Utilities,ELEC-10,189.50,"Electricity, October"']);
  });

  it.each([
    [{ date: '2026-02-30' }, 'date', 'Enter a date that exists on the calendar.'],
    [{ date: '03/10/2026' }, 'date', 'Enter the date as YYYY-MM-DD.'],
    [{ date: '0000-01-01' }, 'date', 'Enter a date that exists on the calendar.'],
    [{ amount: 0 }, 'amount', 'Enter an amount above zero.'],
    [{ amount: 12.5 }, 'amount', 'Enter the amount in whole cents.'],
    [{ amount: -100 }, 'amount', 'The amount cannot be negative.'],
    [{ amount: MONEY_MAX + 1 }, 'amount', 'The amount is too large.'],
    [{ amount: 5_000_000_000 }, 'amount', 'The amount is too large.'],
    [{ category_id: 999999 }, 'category_id', 'This category no longer exists. Choose another.'],
    [{ category_id: 'rent' }, 'category_id', 'Choose a category.'],
  ])('refuses %j', async (change, field, text) => {
    const body = { category_id: rent.id, date: '2026-10-05', amount: 1000, ...change };
    expectFieldError(await api.post(E.api, body), field, text);
  });

  it('accepts the largest amount', async () => {
    const made = await api.create(E.api, { category_id: power.id, date: '2026-10-06', amount: MONEY_MAX });
    expect(made.amount).toBe(MONEY_MAX);
    const edited = await api.update(E.api, made.id, { category_id: rent.id, date: '2026-10-07', amount: 999, reference: 'FIX' });
    expect(edited).toMatchObject({ category_name: 'Rent', date: '2026-10-07', amount: 999, reference: 'FIX' });
    expect((await api.del(`${E.api}/${made.id}`)).status).toBe(200);
  });

  it('counts expenses per category and refuses to delete a category in use', async () => {
    const rows = await api.rows(EC.api, { sort: 'expenses_count', dir: 'desc' });
    expect(rows.map((r) => [r.name, r.expenses_count])).toEqual([
      ['Rent', 2],
      ['Utilities', 1],
    ]);
    const res = await api.del(`${EC.api}/${rent.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This expense category cannot be deleted: it is used by 2 expenses.');
    expectFieldError(await api.post(EC.api, { name: 'RENT' }), 'name', 'Another expense category already has this name.');
    const spare = await api.create(EC.api, { name: 'Spare' });
    expect((await api.update(EC.api, spare.id, { name: 'Marketing' })).name).toBe('Marketing');
    expect((await api.del(`${EC.api}/${spare.id}`)).status).toBe(200);
  });

  it('lets someone with "expense list" read but not write', async () => {
    const [role] = await h.db.insert(roles).values({ name: 'Expense reader' }).returning();
    const [perm] = await h.db.select().from(permissions).where(eq(permissions.name, 'expense list'));
    await h.db.insert(rolePermissions).values({ role_id: role!.id, permission_id: perm!.id });
    await h.createUser({ email: 'expense-reader@example.com', roles: ['Expense reader'] });
    const reader = client(h, await h.tokenFor('expense-reader@example.com'));
    expect((await reader.get(E.api)).status).toBe(200);
    expect((await reader.get(`${EC.api}/options`)).status).toBe(200);
    expect((await reader.post(E.api, { category_id: rent.id, date: '2026-10-05', amount: 1 })).status).toBe(403);
  });
});

describe.each([
  ['services', services],
  ['banners', banners],
  ['solutions', solutions],
])('website %s', (_name, def) => {
  it('creates, orders by sort order, filters by shown, updates and deletes', async () => {
    const second = await api.create(def.api, { title: 'Second', sort_order: 20, link: '/second' });
    const first = await api.create(def.api, { title: 'First', sort_order: 10, image: 'https://cdn.example/a.png', active: false });
    expect(first).toMatchObject({ title: 'First', sort_order: 10, active: false, image: 'https://cdn.example/a.png', subtitle: null });
    expect((await api.rows(def.api)).map((r) => r.title)).toEqual(['First', 'Second']);
    expect((await api.rows(def.api, { sort: 'title', dir: 'desc' })).map((r) => r.title)).toEqual(['Second', 'First']);
    expect((await api.rows(def.api, { active: 'true' })).map((r) => r.title)).toEqual(['Second']);
    expect((await api.rows(def.api, { active: 'false' })).map((r) => r.title)).toEqual(['First']);
    expectFieldError(await api.get(def.api, { active: 'yes' }), 'active');
    expect((await api.rows(def.api, { search: 'sec' })).map((r) => r.title)).toEqual(['Second']);
    const shown = await api.update(def.api, first.id, { title: 'First', sort_order: 30, active: true });
    expect(shown).toMatchObject({ active: true, sort_order: 30 });
    expect((await api.rows(def.api)).map((r) => r.title)).toEqual(['Second', 'First']);
    const csv = await api.get(`${def.api}/export`);
    // The image's address first (the list shows its preview), then the title that opens the record.
    expect(csv.text.trimEnd().split('\r\n')).toEqual(['Image,Title,Subtitle,Order,Shown', ',Second,,20,Shown', 'https://cdn.example/a.png,First,,30,Shown']);
    expect((await api.del(`${def.api}/${second.id}`)).status).toBe(200);
    expect((await api.del(`${def.api}/${first.id}`)).status).toBe(200);
  });

  it.each([
    [{ title: '' }, 'title', 'Enter a title.'],
    [{ title: 'X', link: 'javascript:alert(1)' }, 'link', 'Enter an address starting with https://, http:// or /.'],
    [{ title: 'X', image: 'ftp://x' }, 'image', 'Enter an address starting with https://, http:// or /.'],
    [{ title: 'X', sort_order: -1 }, 'sort_order', 'Use 0 or more.'],
    [{ title: 'X', active: 'yes' }, 'active', 'Choose whether it is shown.'],
  ])('refuses %j', async (body, field, text) => {
    expectFieldError(await api.post(def.api, body), field, text);
  });
});
