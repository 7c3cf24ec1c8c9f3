import { defineFacts } from '../resource.ts';

export const customerCategories = defineFacts({
  key: 'customerCategories',
  label: { one: 'customer category', many: 'customer categories' },
  api: '/api/v1/admin/customer-categories',
  permissions: {
    list: 'customer category list',
    create: 'customer category list',
    edit: 'customer category list',
    delete: 'customer category list',
  },
  routes: { list: '/customer/categories' },
});

export const customers = defineFacts({
  key: 'customers',
  label: { one: 'customer', many: 'customers' },
  api: '/api/v1/admin/customers',
  permissions: { list: 'customer list', create: 'customer list', edit: 'customer list', delete: 'customer list' },
  routes: { list: '/customers' },
});

export const suppliers = defineFacts({
  key: 'suppliers',
  label: { one: 'supplier', many: 'suppliers' },
  api: '/api/v1/admin/suppliers',
  permissions: { list: 'supplier list', create: 'supplier list', edit: 'supplier list', delete: 'supplier list' },
  routes: { list: '/suppliers' },
});
