import { rights } from '../permissions.ts';
import { defineResource } from '../resource.ts';

export const expenseCategories = defineResource({
  key: 'expenseCategories',
  label: { one: 'expense category', many: 'expense categories' },
  api: '/api/v1/admin/expense-categories',
  permissions: rights('expense'),
  routes: { list: '/expense/category' },
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'expenses_count', label: 'Expenses', kind: 'number', sortable: true },
    { name: 'description', label: 'Description', minor: true },
  ],
  filters: [],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
  schema: ({ z, requiredText, optionalText }) => z.strictObject({ name: requiredText('a name'), description: optionalText(1000) }),
  defaults: { name: '', description: '' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  ],
});

export const expenses = defineResource({
  key: 'expenses',
  label: { one: 'expense', many: 'expenses' },
  api: '/api/v1/admin/expenses',
  permissions: rights('expense'),
  routes: { list: '/expense' },
  columns: [
    { name: 'date', label: 'Date', kind: 'date', sortable: true },
    { name: 'category_name', label: 'Category', sortable: true },
    { name: 'reference', label: 'Reference', sortable: true, minor: true },
    { name: 'amount', label: 'Amount', kind: 'money', sortable: true },
    { name: 'note', label: 'Note', minor: true },
  ],
  filters: [
    { name: 'date', label: 'Date', kind: 'dateRange' },
    { name: 'category_id', label: 'Category', kind: 'relation', relation: 'expenseCategories' },
  ],
  searchHint: 'Search reference or note',
  defaultSort: { field: 'date', dir: 'desc' },
  titleField: 'reference',
  schema: ({ z, relationId, isoDate, money, optionalText }) =>
    z.strictObject({
      category_id: relationId('a category'),
      date: isoDate('the date'),
      amount: money('the amount').refine((v) => v > 0, { error: 'Enter an amount above zero.' }),
      reference: optionalText(64),
      note: optionalText(1000),
    }),
  defaults: { category_id: '', date: '', amount: '', reference: '', note: '' },
  fields: [
    { name: 'date', label: 'Date', kind: 'date', required: true },
    { name: 'category_id', label: 'Category', kind: 'relation', relation: 'expenseCategories', required: true },
    { name: 'amount', label: 'Amount', kind: 'money', required: true },
    { name: 'reference', label: 'Reference', kind: 'text', help: 'A bill or receipt number.' },
    { name: 'note', label: 'Note', kind: 'textarea', wide: true },
  ],
});
