import { defineList } from '../resource.ts';
import * as facts from './expense.facts.ts';

export const expenseCategories = defineList({
  ...facts.expenseCategories,
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'expenses_count', label: 'Expenses', kind: 'number', sortable: true },
    { name: 'description', label: 'Description', minor: true },
  ],
  filters: [],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
});

export const expenses = defineList({
  ...facts.expenses,
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
});
