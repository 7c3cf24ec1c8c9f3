import { rights } from '../permissions.ts';
import { defineFacts } from '../resource.ts';

export const expenseCategories = defineFacts({
  key: 'expenseCategories',
  label: { one: 'expense category', many: 'expense categories' },
  api: '/api/v1/admin/expense-categories',
  permissions: rights('expense'),
  routes: { list: '/expense/category' },
});

export const expenses = defineFacts({
  key: 'expenses',
  label: { one: 'expense', many: 'expenses' },
  api: '/api/v1/admin/expenses',
  permissions: rights('expense'),
  routes: { list: '/expense' },
});
