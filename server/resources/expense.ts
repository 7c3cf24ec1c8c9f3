import { eq, sql } from 'drizzle-orm';
import * as R from '../../domain/resources/index.ts';
import { expenseCategories, expenses } from '../db/schema.ts';
import { countOf, countWhere, serverResource } from '../crud/index.ts';
import { plural } from '../../domain/text.ts';

const expensesCount = countOf(expenses, expenses.category_id, expenseCategories.id);

export const expenseCategoryResource = serverResource({
  def: R.expenseCategories,
  table: expenseCategories,
  extra: { expenses_count: expensesCount.as('expenses_count') },
  sort: { name: expenseCategories.name, expenses_count: expensesCount },
  search: [expenseCategories.name],
  unique: { expense_categories_name_unique: { field: 'name', message: 'Another expense category already has this name.' } },
  usedBy: [countWhere(expenses, expenses.category_id, (n) => plural(n, 'expense', 'expenses'))],
});

export const expenseResource = serverResource({
  def: R.expenses,
  table: expenses,
  extra: { category_name: sql<string | null>`${expenseCategories.name}`.as('category_name') },
  joins: [{ table: expenseCategories, on: eq(expenseCategories.id, expenses.category_id) }],
  sort: { date: expenses.date, category_name: expenseCategories.name, reference: expenses.reference, amount: expenses.amount },
  search: [expenses.reference, expenses.note],
  references: {
    expenses_category_id_expense_categories_id_fk: { field: 'category_id', message: 'This category no longer exists. Choose another.' },
  },
});
