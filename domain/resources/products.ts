import { rights } from '../permissions.ts';
import { defineResource } from '../resource.ts';
import { STATUS_OPTIONS } from '../status.ts';

export const categories = defineResource({
  key: 'categories',
  label: { one: 'category', many: 'categories' },
  api: '/api/v1/admin/categories',
  permissions: rights('category'),
  routes: { list: '/category' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'parent_name', label: 'Parent', sortable: true },
    { name: 'description', label: 'Description', minor: true },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
  ],
  filters: [
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS },
    { name: 'parent_id', label: 'Parent', kind: 'relation', relation: 'categories' },
  ],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  schema: ({ z, requiredText, optionalRelationId, optionalText, status }) =>
    z.strictObject({
      name: requiredText('a name'),
      parent_id: optionalRelationId('a parent category'),
      description: optionalText(1000),
      status: status(),
    }),
  defaults: { name: '', parent_id: '', description: '', status: 'active' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'parent_id', label: 'Parent category', kind: 'relation', relation: 'categories', help: 'Leave empty for a top-level category.' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, required: true },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  ],
});

export const brands = defineResource({
  key: 'brands',
  label: { one: 'brand', many: 'brands' },
  api: '/api/v1/admin/brands',
  permissions: rights('brand'),
  routes: { list: '/brands' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'description', label: 'Description', minor: true },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
  ],
  filters: [{ name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS }],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  schema: ({ z, requiredText, optionalText, status }) =>
    z.strictObject({
      name: requiredText('a name'),
      description: optionalText(1000),
      status: status(),
    }),
  defaults: { name: '', description: '', status: 'active' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, required: true },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  ],
});

export const attributes = defineResource({
  key: 'attributes',
  label: { one: 'attribute', many: 'attributes' },
  api: '/api/v1/admin/attributes',
  permissions: rights('attribute'),
  routes: { list: '/attribute' },
  rowLinks: [{ label: 'Values', resource: 'attributeValues' }],
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'values_count', label: 'Values', kind: 'number', sortable: true },
    { name: 'value_names', label: 'Examples', kind: 'tags', minor: true },
  ],
  filters: [],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  schema: ({ z, requiredText }) => z.strictObject({ name: requiredText('a name') }),
  defaults: { name: '' },
  fields: [{ name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off', help: 'For example Size or Material.' }],
});

export const attributeValues = defineResource({
  key: 'attributeValues',
  label: { one: 'attribute value', many: 'attribute values' },
  api: '/api/v1/admin/attribute-values',
  permissions: rights('attribute'),
  routes: { list: '/attribute/value/:parent', create: '/attribute/value/:parent/create', edit: '/attribute/value/:parent/edit/:id' },
  parent: { field: 'attribute_id', resource: 'attributes' },
  columns: [
    { name: 'name', label: 'Value', sortable: true },
    { name: 'created_at', label: 'Created', kind: 'date', sortable: true, minor: true },
  ],
  filters: [],
  searchHint: 'Search value',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  schema: ({ z, relationId, requiredText }) =>
    z.strictObject({
      attribute_id: relationId('an attribute'),
      name: requiredText('a value'),
    }),
  defaults: { attribute_id: '', name: '' },
  fields: [{ name: 'name', label: 'Value', kind: 'text', required: true, autoComplete: 'off', help: 'For example XL or Cotton.' }],
});

export const colors = defineResource({
  key: 'colors',
  label: { one: 'colour', many: 'colours' },
  api: '/api/v1/admin/colors',
  permissions: rights('color'),
  routes: { list: '/color' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'hex', label: 'Colour', kind: 'colour', sortable: true },
  ],
  filters: [],
  searchHint: 'Search name or code',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  schema: ({ z, requiredText, hexColour }) => z.strictObject({ name: requiredText('a name'), hex: hexColour() }),
  defaults: { name: '', hex: '#7c3aed' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'hex', label: 'Colour', kind: 'colour', required: true },
  ],
});

export const units = defineResource({
  key: 'units',
  label: { one: 'unit', many: 'units' },
  api: '/api/v1/admin/units',
  permissions: rights('unit'),
  routes: { list: '/units' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'short_name', label: 'Short name', sortable: true },
  ],
  filters: [],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  schema: ({ z, requiredText }) => z.strictObject({ name: requiredText('a name', 100), short_name: requiredText('a short name', 16) }),
  defaults: { name: '', short_name: '' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off', help: 'For example Piece or Kilogram.' },
    { name: 'short_name', label: 'Short name', kind: 'text', required: true, autoComplete: 'off', help: 'Shown beside quantities: pcs, kg, box.' },
  ],
});
