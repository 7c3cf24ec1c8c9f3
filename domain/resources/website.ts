import { rights, type ResourceNoun } from '../permissions.ts';
import { defineResource } from '../resource.ts';

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Shown' },
  { value: 'false', label: 'Hidden' },
] as const;

/** Services, banners and solutions share one shape: website content blocks. */
const content = (key: string, one: string, many: string, slug: string, noun: ResourceNoun) =>
  defineResource({
    key,
    label: { one, many },
    api: `/api/v1/admin/website/${slug}`,
    permissions: rights(noun),
    routes: { list: `/website/${slug}` },
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
    schema: ({ z, requiredText, optionalText, optionalUrl, sortOrder }) =>
      z.strictObject({
        title: requiredText('a title'),
        subtitle: optionalText(),
        description: optionalText(2000),
        image: optionalUrl(),
        link: optionalUrl(),
        sort_order: sortOrder(),
        active: z.boolean({ error: 'Choose whether it is shown.' }).default(true),
      }),
    defaults: { title: '', subtitle: '', description: '', image: '', link: '', sort_order: '0', active: true },
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true, autoComplete: 'off' },
      { name: 'subtitle', label: 'Subtitle', kind: 'text' },
      { name: 'description', label: 'Description', kind: 'textarea', wide: true },
      { name: 'image', label: 'Image', kind: 'imageUrl', placeholder: 'https://…', help: 'Upload a JPEG, PNG or WebP (up to 5 MB), or enter its address.' },
      { name: 'link', label: 'Link', kind: 'url', placeholder: 'https://… or /page' },
      { name: 'sort_order', label: 'Sort order', kind: 'integer', help: 'Lower numbers come first.' },
      { name: 'active', label: 'Shown on the website', kind: 'switch' },
    ],
  });

export const services = content('services', 'service', 'services', 'services', 'service');
export const banners = content('banners', 'banner', 'banners', 'banners', 'banner');
export const solutions = content('solutions', 'solution', 'solutions', 'solutions', 'solution');
