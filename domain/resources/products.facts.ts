import { rights } from '../permissions.ts';
import { defineFacts } from '../resource.ts';

export const categories = defineFacts({
  key: 'categories',
  label: { one: 'category', many: 'categories' },
  api: '/api/v1/admin/categories',
  permissions: rights('category'),
  routes: { list: '/category' },
});

export const brands = defineFacts({
  key: 'brands',
  label: { one: 'brand', many: 'brands' },
  api: '/api/v1/admin/brands',
  permissions: rights('brand'),
  routes: { list: '/brands' },
});

export const attributes = defineFacts({
  key: 'attributes',
  label: { one: 'attribute', many: 'attributes' },
  api: '/api/v1/admin/attributes',
  permissions: rights('attribute'),
  routes: { list: '/attribute' },
  rowLinks: [{ label: 'Values', resource: 'attributeValues' }],
});

export const attributeValues = defineFacts({
  key: 'attributeValues',
  label: { one: 'attribute value', many: 'attribute values' },
  api: '/api/v1/admin/attribute-values',
  permissions: rights('attribute'),
  routes: { list: '/attribute/value/:parent', create: '/attribute/value/:parent/create', edit: '/attribute/value/:parent/edit/:id' },
  parent: { field: 'attribute_id', resource: 'attributes' },
});

export const colors = defineFacts({
  key: 'colors',
  label: { one: 'colour', many: 'colours' },
  api: '/api/v1/admin/colors',
  permissions: rights('color'),
  routes: { list: '/color' },
});

export const units = defineFacts({
  key: 'units',
  label: { one: 'unit', many: 'units' },
  api: '/api/v1/admin/units',
  permissions: rights('unit'),
  routes: { list: '/units' },
});
