import { STATUS_OPTIONS } from '../status.ts';
import { defineList } from '../resource.ts';
import * as facts from './people.facts.ts';

export const customerCategories = defineList({
  ...facts.customerCategories,
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
});

export const customers = defineList({
  ...facts.customers,
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'email', label: 'Email', kind: 'email', sortable: true },
    { name: 'phone', label: 'Phone', minor: true },
    { name: 'city', label: 'City', sortable: true, minor: true },
    { name: 'category_name', label: 'Category', minor: true },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
    { name: 'created_at', label: 'Created', kind: 'date', sortable: true, minor: true },
  ],
  filters: [
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS },
    { name: 'category_id', label: 'Category', kind: 'relation', relation: 'customerCategories' },
    { name: 'created_at', label: 'Created', kind: 'dateRange' },
  ],
  searchHint: 'Search name, email or phone',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
});

export const suppliers = defineList({
  ...facts.suppliers,
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
});
