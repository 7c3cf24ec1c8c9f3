import { defineList, type ResourceFacts } from '../resource.ts';
import * as facts from './website.facts.ts';

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Shown' },
  { value: 'false', label: 'Hidden' },
] as const;

const content = (f: ResourceFacts) =>
  defineList({
    ...f,
    // The title opens the record; the image is a preview of what the website shows.
    columns: [
      { name: 'image', label: 'Image', kind: 'image' },
      { name: 'title', label: 'Title', sortable: true },
      { name: 'subtitle', label: 'Subtitle', minor: true },
      { name: 'sort_order', label: 'Order', kind: 'number', sortable: true },
      { name: 'active', label: 'Shown', kind: 'status', sortable: true },
    ],
    filters: [{ name: 'active', label: 'Shown', kind: 'select', options: ACTIVE_OPTIONS }],
    searchHint: 'Search title',
    defaultSort: { field: 'sort_order', dir: 'asc' },
    titleField: 'title',
  });

export const services = content(facts.services);
export const banners = content(facts.banners);
export const solutions = content(facts.solutions);
