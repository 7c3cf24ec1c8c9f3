import { z } from 'zod';
import { isoDate, money, optionalText, relationId, requiredText } from '../fields.ts';
import { defineResource } from '../resource.ts';
import * as list from './expense.list.ts';

export const expenseCategories = defineResource({
  ...list.expenseCategories,
  schema: z.strictObject({ name: requiredText('a name'), description: optionalText(1000) }),
  defaults: { name: '', description: '' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  ],
});

export const expenses = defineResource({
  ...list.expenses,
  schema: z.strictObject({
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
