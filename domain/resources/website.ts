import { z } from 'zod';
import { optionalText, optionalUrl, requiredText, sortOrder } from '../fields.ts';
import { defineResource, type ResourceDef, type ResourceList } from '../resource.ts';
import * as list from './website.list.ts';

const contentSchema = z.strictObject({
  title: requiredText('a title'),
  subtitle: optionalText(),
  description: optionalText(2000),
  image: optionalUrl(),
  link: optionalUrl(),
  sort_order: sortOrder(),
  active: z.boolean({ error: 'Choose whether it is shown.' }).default(true),
});

/** Services, banners and solutions share one shape: website content blocks. */
function content(l: ResourceList): ResourceDef<typeof contentSchema> {
  return defineResource({
    ...l,
    schema: contentSchema,
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
}

export const services = content(list.services);
export const banners = content(list.banners);
export const solutions = content(list.solutions);
