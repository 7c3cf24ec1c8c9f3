import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes as A, attributeValues as AV, brands as B, categories as CAT, colors as COL, units as UN } from '../../domain/resources/index.ts';
import { client, expectFieldError, type Client } from './crud-helpers.ts';
import { createHarness, type Harness } from './harness.ts';

/** Product reference data: categories (a tree), brands, attributes with their values, colours, units. */

let h: Harness;
let api: Client;

beforeAll(async () => {
  h = await createHarness();
  api = client(h, await h.tokenFor('admin@example.com'));
});
afterAll(() => h?.close());

describe('categories', () => {
  let electronics: any;
  let audio: any;
  let headphones: any;

  beforeAll(async () => {
    electronics = await api.create(CAT.api, { name: 'Electronics' });
    audio = await api.create(CAT.api, { name: 'Audio', parent_id: electronics.id });
    headphones = await api.create(CAT.api, { name: 'Headphones', parent_id: audio.id, status: 'inactive' });
    await api.create(CAT.api, { name: 'Clothing', description: 'Everyday wear.' });
  });

  it('shows the parent’s name, sorts by it and filters by parent and status', async () => {
    expect(audio).toMatchObject({ parent_id: electronics.id, parent_name: 'Electronics' });
    expect(electronics.parent_name).toBeNull();
    const sorted = await api.rows(CAT.api, { sort: 'parent_name', dir: 'asc' });
    // Top-level categories (no parent) come last, in id order.
    expect(sorted.map((r) => r.name)).toEqual(['Headphones', 'Audio', 'Electronics', 'Clothing']);
    expect((await api.rows(CAT.api, { parent_id: electronics.id })).map((r) => r.name)).toEqual(['Audio']);
    expect((await api.rows(CAT.api, { status: 'inactive' })).map((r) => r.name)).toEqual(['Headphones']);
    expect((await api.get(CAT.api, { search: 'audio' })).body.meta.total).toBe(1);
  });

  it('refuses a category as its own parent', async () => {
    const res = await api.put(`${CAT.api}/${audio.id}`, { name: 'Audio', parent_id: audio.id });
    expectFieldError(res, 'parent_id', 'A category cannot be its own parent. Choose another one.');
  });

  it.each([
    ['its child', () => audio.id],
    ['its grandchild', () => headphones.id],
  ])('refuses to move a category under %s (a loop)', async (_what, parent) => {
    const res = await api.put(`${CAT.api}/${electronics.id}`, { name: 'Electronics', parent_id: parent() });
    expectFieldError(res, 'parent_id', 'This category sits inside the one you are editing. Choose a category outside it.');
    expect((await api.get(`${CAT.api}/${electronics.id}`)).body.data.parent_id).toBeNull();
  });

  it('moves a category under a sibling branch and back to the top', async () => {
    const clothing = (await api.rows(CAT.api, { search: 'Clothing' }))[0];
    const moved = await api.update(CAT.api, headphones.id, { name: 'Headphones', parent_id: clothing.id });
    expect(moved.parent_name).toBe('Clothing');
    const top = await api.update(CAT.api, headphones.id, { name: 'Headphones', parent_id: '' });
    expect(top.parent_id).toBeNull();
    await api.update(CAT.api, headphones.id, { name: 'Headphones', parent_id: audio.id });
  });

  it('refuses a parent that does not exist, and a duplicate name in any case', async () => {
    expectFieldError(await api.post(CAT.api, { name: 'Orphan', parent_id: 999999 }), 'parent_id', 'This parent category no longer exists. Choose another.');
    expectFieldError(await api.post(CAT.api, { name: 'AUDIO' }), 'name', 'Another category already has this name.');
  });

  it('refuses to delete a category with subcategories, and deletes a leaf', async () => {
    const res = await api.del(`${CAT.api}/${electronics.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This category cannot be deleted: it has 1 subcategory.');
    expect((await api.del(`${CAT.api}/${headphones.id}`)).status).toBe(200);
    expect((await api.del(`${CAT.api}/${audio.id}`)).status).toBe(200);
    expect((await api.del(`${CAT.api}/${electronics.id}`)).status).toBe(200);
  });

  it('offers categories as parent options', async () => {
    const res = await api.get(`${CAT.api}/options`, { search: 'cloth' });
    expect(res.body.data).toEqual([{ id: expect.any(Number), label: 'Clothing' }]);
  });
});

describe('brands', () => {
  it('creates, updates, filters by status and deletes', async () => {
    const brand = await api.create(B.api, { name: 'Voltix', description: 'Chargers' });
    expect(brand).toMatchObject({ name: 'Voltix', status: 'active' });
    const off = await api.update(B.api, brand.id, { name: 'Voltix', status: 'inactive', description: '' });
    expect(off).toMatchObject({ status: 'inactive', description: null });
    await api.create(B.api, { name: 'Auralis' });
    expect((await api.rows(B.api, { status: 'inactive' })).map((r) => r.name)).toEqual(['Voltix']);
    expect((await api.rows(B.api, { sort: 'status', dir: 'asc' })).map((r) => r.name)).toEqual(['Auralis', 'Voltix']);
    expectFieldError(await api.post(B.api, { name: 'voltix' }), 'name', 'Another brand already has this name.');
    expectFieldError(await api.post(B.api, { name: 'X', status: 'archived' }), 'status', 'Choose Active or Inactive.');
    expect((await api.del(`${B.api}/${brand.id}`)).status).toBe(200);
  });
});

describe('attributes and their values', () => {
  let size: any;
  let material: any;

  beforeAll(async () => {
    size = await api.create(A.api, { name: 'Size' });
    material = await api.create(A.api, { name: 'Material' });
    for (const name of ['XL', 'S', 'M', 'L', 'XXL', 'XS']) await api.create(AV.api, { attribute_id: size.id, name });
  });

  it('counts values and shows the first five by name', async () => {
    const rows = await api.rows(A.api);
    const bySize = rows.find((r) => r.id === size.id);
    expect(bySize).toMatchObject({ values_count: 6, value_names: ['L', 'M', 'S', 'XL', 'XS'] });
    expect(rows.find((r) => r.id === material.id)).toMatchObject({ values_count: 0, value_names: [] });
    expect((await api.rows(A.api, { sort: 'values_count', dir: 'desc' }))[0].name).toBe('Size');
  });

  it('lists the values of one attribute only', async () => {
    await api.create(AV.api, { attribute_id: material.id, name: 'Cotton' });
    const res = await api.get(AV.api, { attribute_id: size.id, per_page: 25 });
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(6);
    expect(res.body.data.every((r: any) => r.attribute_id === size.id)).toBe(true);
    expect((await api.rows(AV.api, { attribute_id: size.id, search: 'xl' })).map((r) => r.name)).toEqual(['XL', 'XXL']);
  });

  it('needs the attribute to list values', async () => {
    const res = await api.get(AV.api);
    expectFieldError(res, 'attribute_id', 'Choose an attribute.');
    expect(res.body.message).toBe('Choose an attribute.');
    expectFieldError(await api.get(AV.api, { attribute_id: 'size' }), 'attribute_id');
    expectFieldError(await api.get(`${AV.api}/export`), 'attribute_id');
  });

  it('answers 404 when the attribute does not exist', async () => {
    for (const path of [AV.api, `${AV.api}/export`]) {
      const res = await api.get(path, { attribute_id: 999999 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('This attribute does not exist. It may have been deleted.');
    }
  });

  it('keeps value names unique within an attribute, in any case', async () => {
    expectFieldError(await api.post(AV.api, { attribute_id: size.id, name: 'xl' }), 'name', 'This attribute already has this value.');
    expect((await api.post(AV.api, { attribute_id: material.id, name: 'XL' })).status).toBe(201);
    expectFieldError(await api.post(AV.api, { attribute_id: 999999, name: 'Z' }), 'attribute_id');
    expectFieldError(await api.post(AV.api, { name: 'Z' }), 'attribute_id');
  });

  it('renames a value and deletes it', async () => {
    const [xxl] = await api.rows(AV.api, { attribute_id: size.id, search: 'XXL' });
    expect((await api.update(AV.api, xxl.id, { attribute_id: size.id, name: '2XL' })).name).toBe('2XL');
    expect((await api.del(`${AV.api}/${xxl.id}`)).status).toBe(200);
  });

  it('refuses to delete an attribute that still has values', async () => {
    const res = await api.del(`${A.api}/${size.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This attribute cannot be deleted: it still has 5 values.');
    const empty = await api.create(A.api, { name: 'Capacity' });
    expect((await api.update(A.api, empty.id, { name: 'Volume' })).name).toBe('Volume');
    expect((await api.del(`${A.api}/${empty.id}`)).status).toBe(200);
    expectFieldError(await api.post(A.api, { name: 'size' }), 'name', 'Another attribute already has this name.');
  });
});

describe('colours', () => {
  it('stores the code in lower case, searches name or code, and refuses a bad code', async () => {
    const navy = await api.create(COL.api, { name: 'Navy', hex: '#1E3A8A' });
    expect(navy.hex).toBe('#1e3a8a');
    await api.create(COL.api, { name: 'Red', hex: '#dc2626' });
    expect((await api.rows(COL.api, { search: '#1e3' })).map((r) => r.name)).toEqual(['Navy']);
    expect((await api.rows(COL.api, { search: 'red' })).map((r) => r.name)).toEqual(['Red']);
    expect((await api.rows(COL.api, { sort: 'hex' })).map((r) => r.name)).toEqual(['Navy', 'Red']);
    expectFieldError(await api.post(COL.api, { name: 'Blue', hex: 'blue' }), 'hex', 'Enter a colour code like #7c3aed.');
    expectFieldError(await api.post(COL.api, { name: 'NAVY', hex: '#000000' }), 'name', 'Another colour already has this name.');
    expect((await api.update(COL.api, navy.id, { name: 'Navy Blue', hex: '#1e3a8a' })).name).toBe('Navy Blue');
    expect((await api.del(`${COL.api}/${navy.id}`)).status).toBe(200);
  });
});

describe('units', () => {
  it('creates, updates and deletes, and names whichever field clashes', async () => {
    const piece = await api.create(UN.api, { name: 'Piece', short_name: 'pcs' });
    await api.create(UN.api, { name: 'Kilogram', short_name: 'kg' });
    expectFieldError(await api.post(UN.api, { name: 'piece', short_name: 'pc' }), 'name', 'Another unit already has this name.');
    expectFieldError(await api.post(UN.api, { name: 'Pieces', short_name: 'PCS' }), 'short_name', 'Another unit already has this short name.');
    expectFieldError(await api.post(UN.api, { name: 'Long', short_name: 'x'.repeat(17) }), 'short_name', 'Use at most 16 characters.');
    expect((await api.rows(UN.api, { sort: 'short_name', dir: 'desc' })).map((r) => r.short_name)).toEqual(['pcs', 'kg']);
    expect((await api.rows(UN.api, { search: 'kilo' })).map((r) => r.name)).toEqual(['Kilogram']);
    expect((await api.update(UN.api, piece.id, { name: 'Piece', short_name: 'pc' })).short_name).toBe('pc');
    expect((await api.del(`${UN.api}/${piece.id}`)).status).toBe(200);
  });
});
