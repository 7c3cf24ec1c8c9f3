import { defineFacts } from '../resource.ts';

export const expenseCategories = defineFacts({
  key: 'expenseCategories',
  label: { one: 'expense category', many: 'expense categories' },
  api: '/api/v1/admin/expense-categories',
  permissions: { list: 'expense list', create: 'expense create', edit: 'expense create', delete: 'expense create' },
  routes: { list: '/expense/category' },
});

export const expenses = defineFacts({
  key: 'expenses',
  label: { one: 'expense', many: 'expenses' },
  api: '/api/v1/admin/expenses',
  permissions: { list: 'expense list', create: 'expense create', edit: 'expense create', delete: 'expense create' },
  routes: { list: '/expense' },
});
