import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import * as R from '../../domain/resources/index.ts';
import { attributes, attributeValues, brands, categories, colors, units } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';
import { countOf, countWhere, qualified as q, serverResource, type Tx } from '../crud/index.ts';
import { plural } from '../../domain/text.ts';
import { statusFilter } from './people.ts';

// ——— categories ———

const parent = alias(categories, 'parent');
/** Serialises parent changes, so two edits cannot build a loop between them. */
const CATEGORY_TREE_LOCK = 7_300_001;

/** Walks up from `start`; true when `id` is on the way (choosing `start` as parent would make a loop). */
async function isAncestorOrSelf(tx: Tx, id: number, start: number): Promise<boolean> {
  const seen = new Set<number>();
  for (let cur: number | null = start; cur !== null && !seen.has(cur); ) {
    if (cur === id) return true;
    seen.add(cur);
    const [row] = await tx.select({ parent_id: categories.parent_id }).from(categories).where(eq(categories.id, cur));
    cur = row?.parent_id ?? null;
  }
  return false;
}

export const categoryResource = serverResource({
  def: R.categories,
  table: categories,
  extra: { parent_name: sql<string | null>`${parent.name}`.as('parent_name') },
  joins: [{ table: parent, on: eq(parent.id, categories.parent_id) }],
  sort: { name: categories.name, parent_name: parent.name, status: categories.status },
  search: [categories.name],
  filters: { status: statusFilter(categories.status) },
  unique: { categories_name_unique: { field: 'name', message: 'Another category already has this name.' } },
  references: {
    categories_parent_id_categories_id_fk: { field: 'parent_id', message: 'This parent category no longer exists. Choose another.' },
  },
  usedBy: [{ ...countWhere(categories, categories.parent_id, (n) => plural(n, 'subcategory', 'subcategories')), verb: 'has' }],
  beforeUpdate: async (tx, row, body) => {
    const parentId = body.parent_id;
    if (typeof parentId !== 'number') return;
    if (parentId === row.id) throw validationError({ parent_id: ['A category cannot be its own parent. Choose another one.'] });
    await tx.execute(sql`select pg_advisory_xact_lock(${CATEGORY_TREE_LOCK})`);
    if (await isAncestorOrSelf(tx, row.id, parentId)) {
      throw validationError({ parent_id: ['This category sits inside the one you are editing. Choose a category outside it.'] });
    }
  },
});

// ——— brands ———

export const brandResource = serverResource({
  def: R.brands,
  table: brands,
  sort: { name: brands.name, status: brands.status },
  search: [brands.name],
  filters: { status: statusFilter(brands.status) },
  unique: { brands_name_unique: { field: 'name', message: 'Another brand already has this name.' } },
});

// ——— attributes and their values ———

const valuesCount = countOf(attributeValues, attributeValues.attribute_id, attributes.id);
/** A few example values for the list (the values screen has them all). */
const valueNames = sql<string[]>`(select coalesce(array_agg(v.name order by v.n), '{}')::text[] from (select ${q(attributeValues.name)} as name, row_number() over (order by lower(${q(attributeValues.name)}), ${q(attributeValues.id)}) as n from ${attributeValues} where ${q(attributeValues.attribute_id)} = ${q(attributes.id)} order by n limit 5) v)`;

export const attributeResource = serverResource({
  def: R.attributes,
  table: attributes,
  extra: { values_count: valuesCount.as('values_count'), value_names: valueNames.as('value_names') },
  sort: { name: attributes.name, values_count: valuesCount },
  search: [attributes.name],
  unique: { attributes_name_unique: { field: 'name', message: 'Another attribute already has this name.' } },
  usedBy: [{ ...countWhere(attributeValues, attributeValues.attribute_id, (n) => plural(n, 'value', 'values')), verb: 'still has' }],
});

export const attributeValueResource = serverResource({
  def: R.attributeValues,
  table: attributeValues,
  // A product picks values of every attribute, so its picker says whose value each is: "Size: XL".
  label: sql`((select ${q(attributes.name)} from ${attributes} where ${q(attributes.id)} = ${q(attributeValues.attribute_id)}) || ': ' || ${q(attributeValues.name)})`,
  parent: { table: attributes, choose: 'Choose an attribute.', missing: 'This attribute does not exist. It may have been deleted.' },
  sort: { name: attributeValues.name, created_at: attributeValues.created_at },
  search: [attributeValues.name],
  unique: { attribute_values_name_unique: { field: 'name', message: 'This attribute already has this value.' } },
  references: {
    attribute_values_attribute_id_attributes_id_fk: {
      field: 'attribute_id',
      message: 'This attribute no longer exists. Go back to the attributes and choose another.',
    },
  },
});

// ——— colours and units ———

export const colorResource = serverResource({
  def: R.colors,
  table: colors,
  sort: { name: colors.name, hex: colors.hex },
  search: [colors.name, colors.hex],
  unique: { colors_name_unique: { field: 'name', message: 'Another colour already has this name.' } },
});

export const unitResource = serverResource({
  def: R.units,
  table: units,
  sort: { name: units.name, short_name: units.short_name },
  search: [units.name],
  unique: {
    units_name_unique: { field: 'name', message: 'Another unit already has this name.' },
    units_short_name_unique: { field: 'short_name', message: 'Another unit already has this short name.' },
  },
});
