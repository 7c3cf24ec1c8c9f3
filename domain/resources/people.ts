import { z } from 'zod';
import {
  basisPoints,
  optionalEmail,
  optionalPhone,
  optionalRelationId,
  optionalText,
  requiredText,
  status,
  STATUS_OPTIONS,
} from '../fields.ts';
import { defineResource } from '../resource.ts';
import * as list from './people.list.ts';

export const customerCategories = defineResource({
  ...list.customerCategories,
  schema: z.strictObject({
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
  ...list.customers,
  schema: z.strictObject({
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
  ...list.suppliers,
  schema: z.strictObject({
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
