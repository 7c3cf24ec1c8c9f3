import { z } from 'zod';
import { hexColour, optionalRelationId, optionalText, relationId, requiredText, status, STATUS_OPTIONS } from '../fields.ts';
import { rights } from '../permissions.ts';
import { defineResource } from '../resource.ts';

export const categories = defineResource({
  key: 'categories',
  label: { one: 'category', many: 'categories' },
  api: '/api/v1/admin/categories',
  permissions: rights('category'),
  schema: z.strictObject({
    name: requiredText('a name'),
    parent_id: optionalRelationId('a parent category'),
    description: optionalText(1000),
    status: status(),
  }),
  defaults: { name: '', parent_id: '', description: '', status: 'active' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'parent_name', label: 'Parent', sortable: true },
    { name: 'description', label: 'Description', minor: true },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'parent_id', label: 'Parent category', kind: 'relation', relation: 'categories', help: 'Leave empty for a top-level category.' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, required: true },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  ],
  filters: [
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS },
    { name: 'parent_id', label: 'Parent', kind: 'relation', relation: 'categories' },
  ],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  routes: { list: '/category' },
});

export const brands = defineResource({
  key: 'brands',
  label: { one: 'brand', many: 'brands' },
  api: '/api/v1/admin/brands',
  permissions: rights('brand'),
  schema: z.strictObject({
    name: requiredText('a name'),
    description: optionalText(1000),
    status: status(),
  }),
  defaults: { name: '', description: '', status: 'active' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'description', label: 'Description', minor: true },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, required: true },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  ],
  filters: [{ name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS }],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  routes: { list: '/brands' },
});

export const attributes = defineResource({
  key: 'attributes',
  label: { one: 'attribute', many: 'attributes' },
  api: '/api/v1/admin/attributes',
  permissions: rights('attribute'),
  schema: z.strictObject({ name: requiredText('a name') }),
  defaults: { name: '' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'values_count', label: 'Values', kind: 'number', sortable: true },
    { name: 'value_names', label: 'Examples', kind: 'tags', minor: true },
  ],
  fields: [{ name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off', help: 'For example Size or Material.' }],
  filters: [],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  routes: { list: '/attribute' },
  rowLinks: [{ label: 'Values', resource: 'attributeValues' }],
});

export const attributeValues = defineResource({
  key: 'attributeValues',
  label: { one: 'attribute value', many: 'attribute values' },
  api: '/api/v1/admin/attribute-values',
  permissions: rights('attribute'),
  schema: z.strictObject({
    attribute_id: relationId('an attribute'),
    name: requiredText('a value'),
  }),
  defaults: { attribute_id: '', name: '' },
  columns: [
    { name: 'name', label: 'Value', sortable: true },
    { name: 'created_at', label: 'Created', kind: 'date', sortable: true, minor: true },
  ],
  fields: [{ name: 'name', label: 'Value', kind: 'text', required: true, autoComplete: 'off', help: 'For example XL or Cotton.' }],
  filters: [],
  searchHint: 'Search value',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  routes: { list: '/attribute/value/:parent', create: '/attribute/value/:parent/create', edit: '/attribute/value/:parent/edit/:id' },
  parent: { field: 'attribute_id', resource: 'attributes' },
});

export const colors = defineResource({
  key: 'colors',
  label: { one: 'colour', many: 'colours' },
  api: '/api/v1/admin/colors',
  permissions: rights('color'),
  schema: z.strictObject({ name: requiredText('a name'), hex: hexColour() }),
  defaults: { name: '', hex: '#7c3aed' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'hex', label: 'Colour', kind: 'colour', sortable: true },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'hex', label: 'Colour', kind: 'colour', required: true },
  ],
  filters: [],
  searchHint: 'Search name or code',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  routes: { list: '/color' },
});

export const units = defineResource({
  key: 'units',
  label: { one: 'unit', many: 'units' },
  api: '/api/v1/admin/units',
  permissions: rights('unit'),
  schema: z.strictObject({ name: requiredText('a name', 100), short_name: requiredText('a short name', 16) }),
  defaults: { name: '', short_name: '' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'short_name', label: 'Short name', sortable: true },
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off', help: 'For example Piece or Kilogram.' },
    { name: 'short_name', label: 'Short name', kind: 'text', required: true, autoComplete: 'off', help: 'Shown beside quantities: pcs, kg, box.' },
  ],
  filters: [],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  routes: { list: '/units' },
});
