import { rights } from '../permissions.ts';
import { defineFacts } from '../resource.ts';

export const customerCategories = defineFacts({
  key: 'customerCategories',
  label: { one: 'customer category', many: 'customer categories' },
  api: '/api/v1/admin/customer-categories',
  permissions: rights('customer category'),
  routes: { list: '/customer/categories' },
});

export const customers = defineFacts({
  key: 'customers',
  label: { one: 'customer', many: 'customers' },
  api: '/api/v1/admin/customers',
  permissions: rights('customer'),
  routes: { list: '/customers' },
});

export const suppliers = defineFacts({
  key: 'suppliers',
  label: { one: 'supplier', many: 'suppliers' },
  api: '/api/v1/admin/suppliers',
  permissions: rights('supplier'),
  routes: { list: '/suppliers' },
});
