import { defineFacts } from '../resource.ts';

export const categories = defineFacts({
  key: 'categories',
  label: { one: 'category', many: 'categories' },
  api: '/api/v1/admin/categories',
  permissions: { list: 'category list', create: 'category list', edit: 'category list', delete: 'category list' },
  routes: { list: '/category' },
});

export const brands = defineFacts({
  key: 'brands',
  label: { one: 'brand', many: 'brands' },
  api: '/api/v1/admin/brands',
  permissions: { list: 'brand list', create: 'brand list', edit: 'brand list', delete: 'brand list' },
  routes: { list: '/brands' },
});

export const attributes = defineFacts({
  key: 'attributes',
  label: { one: 'attribute', many: 'attributes' },
  api: '/api/v1/admin/attributes',
  permissions: { list: 'attribute list', create: 'attribute list', edit: 'attribute list', delete: 'attribute list' },
  routes: { list: '/attribute' },
});

export const attributeValues = defineFacts({
  key: 'attributeValues',
  label: { one: 'attribute value', many: 'attribute values' },
  api: '/api/v1/admin/attribute-values',
  permissions: { list: 'attribute list', create: 'attribute list', edit: 'attribute list', delete: 'attribute list' },
  routes: { list: '/attribute/value/:parent', create: '/attribute/value/:parent/create', edit: '/attribute/value/:parent/edit/:id' },
  parent: { field: 'attribute_id', resource: 'attributes' },
});

export const colors = defineFacts({
  key: 'colors',
  label: { one: 'colour', many: 'colours' },
  api: '/api/v1/admin/colors',
  permissions: { list: 'color list', create: 'color list', edit: 'color list', delete: 'color list' },
  routes: { list: '/color' },
});

export const units = defineFacts({
  key: 'units',
  label: { one: 'unit', many: 'units' },
  api: '/api/v1/admin/units',
  permissions: { list: 'product create', create: 'product create', edit: 'product create', delete: 'product create' },
  routes: { list: '/units' },
});
