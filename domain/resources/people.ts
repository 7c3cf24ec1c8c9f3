import { rights } from '../permissions.ts';
import { defineResource } from '../resource.ts';
import { STATUS_OPTIONS } from '../status.ts';

export const customerCategories = defineResource({
  key: 'customerCategories',
  label: { one: 'customer category', many: 'customer categories' },
  api: '/api/v1/admin/customer-categories',
  permissions: rights('customer category'),
  routes: { list: '/customer/categories' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'discount_bps', label: 'Discount', kind: 'percent', sortable: true },
    { name: 'customers_count', label: 'Customers', kind: 'number', sortable: true },
    { name: 'description', label: 'Description', minor: true },
  ],
  filters: [],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  schema: ({ z, requiredText, basisPoints, optionalText }) =>
    z.strictObject({
      name: requiredText('a name'),
      discount_bps: basisPoints('the discount').default(0),
      description: optionalText(1000),
    }),
  defaults: { name: '', discount_bps: 0, description: '' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'discount_bps', label: 'Discount %', kind: 'percent', help: 'Taken off every sale to customers in this category.' },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  ],
});

export const customers = defineResource({
  key: 'customers',
  label: { one: 'customer', many: 'customers' },
  api: '/api/v1/admin/customers',
  permissions: rights('customer'),
  routes: { list: '/customers' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'email', label: 'Email', kind: 'email', sortable: true },
    { name: 'phone', label: 'Phone', minor: true },
    { name: 'city', label: 'City', sortable: true, minor: true },
    { name: 'category_name', label: 'Category', minor: true },
    // Over their completed sales (pending ones are not owed yet).
    { name: 'due', label: 'Owes', kind: 'money', sortable: true },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
    { name: 'created_at', label: 'Created', kind: 'date', sortable: true, minor: true },
  ],
  rowLinks: [{ label: 'Sales', list: '/sales/list', filter: 'customer_id' }],
  filters: [
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS },
    { name: 'category_id', label: 'Category', kind: 'relation', relation: 'customerCategories' },
    { name: 'created_at', label: 'Created', kind: 'dateRange' },
  ],
  searchHint: 'Search name, email or phone',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  recordFigures: [{ name: 'due', label: 'Owes', kind: 'money' }],
  recordLinks: [
    // The orders list opens on pending ones; a customer's page means all of theirs.
    { label: 'Orders', list: '/orders', filter: 'customer_id', query: 'status=' },
    { label: 'Quotations', list: '/quotations/list', filter: 'customer_id' },
  ],
  schema: ({ z, requiredText, optionalEmail, optionalPhone, optionalText, optionalRelationId, status }) =>
    z.strictObject({
      name: requiredText('a name'),
      email: optionalEmail(),
      phone: optionalPhone(),
      address: optionalText(500),
      city: optionalText(100),
      country: optionalText(100),
      tax_number: optionalText(64),
      category_id: optionalRelationId('a category'),
      status: status(),
    }),
  defaults: { name: '', email: '', phone: '', address: '', city: '', country: '', tax_number: '', category_id: '', status: 'active' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'email', label: 'Email', kind: 'email', autoComplete: 'off' },
    { name: 'phone', label: 'Phone', kind: 'tel' },
    { name: 'category_id', label: 'Category', kind: 'relation', relation: 'customerCategories' },
    { name: 'address', label: 'Address', kind: 'textarea', wide: true },
    { name: 'city', label: 'City', kind: 'text' },
    { name: 'country', label: 'Country', kind: 'text' },
    { name: 'tax_number', label: 'Tax number', kind: 'text' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, required: true },
  ],
});

export const suppliers = defineResource({
  key: 'suppliers',
  label: { one: 'supplier', many: 'suppliers' },
  api: '/api/v1/admin/suppliers',
  permissions: rights('supplier'),
  routes: { list: '/suppliers' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'company', label: 'Company', sortable: true },
    { name: 'email', label: 'Email', kind: 'email', minor: true },
    { name: 'phone', label: 'Phone', minor: true },
    { name: 'balance_due', label: 'Balance due', kind: 'money', sortable: true },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
  ],
  filters: [{ name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS }],
  searchHint: 'Search name, company, email or phone',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  recordFigures: [{ name: 'balance_due', label: 'Balance due', kind: 'money' }],
  schema: ({ z, requiredText, optionalText, optionalEmail, optionalPhone, status }) =>
    z.strictObject({
      name: requiredText('a name'),
      company: optionalText(),
      email: optionalEmail(),
      phone: optionalPhone(),
      address: optionalText(500),
      tax_number: optionalText(64),
      status: status(),
    }),
  defaults: { name: '', company: '', email: '', phone: '', address: '', tax_number: '', status: 'active' },
  fields: [
    { name: 'name', label: 'Contact name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'company', label: 'Company', kind: 'text' },
    { name: 'email', label: 'Email', kind: 'email', autoComplete: 'off' },
    { name: 'phone', label: 'Phone', kind: 'tel' },
    { name: 'address', label: 'Address', kind: 'textarea', wide: true },
    { name: 'tax_number', label: 'Tax number', kind: 'text' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, required: true },
  ],
});
