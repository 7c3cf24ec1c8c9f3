import { STATUS_OPTIONS } from '../status.ts';
import { defineList } from '../resource.ts';
import * as facts from './products.facts.ts';

export const categories = defineList({
  ...facts.categories,
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'parent_name', label: 'Parent', sortable: true },
    { name: 'description', label: 'Description', minor: true },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
  ],
  filters: [
    { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS },
    { name: 'parent_id', label: 'Parent', kind: 'relation', relation: 'categories' },
  ],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
});

export const brands = defineList({
  ...facts.brands,
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'description', label: 'Description', minor: true },
    { name: 'status', label: 'Status', kind: 'status', sortable: true },
  ],
  filters: [{ name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS }],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
});

export const attributes = defineList({
  ...facts.attributes,
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'values_count', label: 'Values', kind: 'number', sortable: true },
    { name: 'value_names', label: 'Examples', kind: 'tags', minor: true },
  ],
  filters: [],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
});

export const attributeValues = defineList({
  ...facts.attributeValues,
  columns: [
    { name: 'name', label: 'Value', sortable: true },
    { name: 'created_at', label: 'Created', kind: 'date', sortable: true, minor: true },
  ],
  filters: [],
  searchHint: 'Search value',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
});

export const colors = defineList({
  ...facts.colors,
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'hex', label: 'Colour', kind: 'colour', sortable: true },
  ],
  filters: [],
  searchHint: 'Search name or code',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
});

export const units = defineList({
  ...facts.units,
  columns: [
    { name: 'name', label: 'Name', sortable: true },
    { name: 'short_name', label: 'Short name', sortable: true },
  ],
  filters: [],
  searchHint: 'Search name',
  defaultSort: { field: 'name', dir: 'asc' },
  titleField: 'name',
});
