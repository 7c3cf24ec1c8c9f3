import { z } from 'zod';
import { hexColour, optionalRelationId, optionalText, relationId, requiredText, status, STATUS_OPTIONS } from '../fields.ts';
import { defineResource } from '../resource.ts';
import * as list from './products.list.ts';

export const categories = defineResource({
  ...list.categories,
  schema: z.strictObject({
    name: requiredText('a name'),
    parent_id: optionalRelationId('a parent category'),
    description: optionalText(1000),
    status: status(),
  }),
  defaults: { name: '', parent_id: '', description: '', status: 'active' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'parent_id', label: 'Parent category', kind: 'relation', relation: 'categories', help: 'Leave empty for a top-level category.' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, required: true },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  ],
});

export const brands = defineResource({
  ...list.brands,
  schema: z.strictObject({
    name: requiredText('a name'),
    description: optionalText(1000),
    status: status(),
  }),
  defaults: { name: '', description: '', status: 'active' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, required: true },
    { name: 'description', label: 'Description', kind: 'textarea', wide: true },
  ],
});

export const attributes = defineResource({
  ...list.attributes,
  schema: z.strictObject({ name: requiredText('a name') }),
  defaults: { name: '' },
  fields: [{ name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off', help: 'For example Size or Material.' }],
});

export const attributeValues = defineResource({
  ...list.attributeValues,
  schema: z.strictObject({
    attribute_id: relationId('an attribute'),
    name: requiredText('a value'),
  }),
  defaults: { attribute_id: '', name: '' },
  fields: [{ name: 'name', label: 'Value', kind: 'text', required: true, autoComplete: 'off', help: 'For example XL or Cotton.' }],
});

export const colors = defineResource({
  ...list.colors,
  schema: z.strictObject({ name: requiredText('a name'), hex: hexColour() }),
  defaults: { name: '', hex: '#7c3aed' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off' },
    { name: 'hex', label: 'Colour', kind: 'colour', required: true },
  ],
});

export const units = defineResource({
  ...list.units,
  schema: z.strictObject({ name: requiredText('a name', 100), short_name: requiredText('a short name', 16) }),
  defaults: { name: '', short_name: '' },
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'off', help: 'For example Piece or Kilogram.' },
    { name: 'short_name', label: 'Short name', kind: 'text', required: true, autoComplete: 'off', help: 'Shown beside quantities: pcs, kg, box.' },
  ],
});
