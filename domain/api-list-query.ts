import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_MAX, sortableColumns, type ListQuery, type PageSize } from './list-query.ts';
import type { ResourceDef } from './resource.ts';

/**
 * What the API accepts for lists, with zod: the strict reading of a list query (the address
 * bar's lenient one is in domain/list-query.ts) and a bulk delete's body.
 */

/** Strict reading for the API: a wrong parameter is a 422 naming it, never a silent default. */
export function apiListQuery(def: Pick<ResourceDef, 'defaultSort' | 'columns' | 'filters' | 'parent'>) {
  const sorts = sortableColumns(def);
  const filterShape: Record<string, z.ZodOptional<z.ZodString>> = {};
  const filterNames = [...def.filters.map((f) => f.name), ...(def.parent ? [def.parent.field] : [])];
  for (const name of filterNames) filterShape[name] = z.string().max(100, { error: 'Use at most 100 characters.' }).optional();
  return z
    .strictObject({
      page: z.coerce
        .number({ error: 'Use a page number of 1 or more.' })
        .int({ error: 'Use a page number of 1 or more.' })
        .min(1, { error: 'Use a page number of 1 or more.' })
        .max(1_000_000, { error: 'Use a page number of at most 1000000.' })
        .default(1),
      per_page: z.coerce
        .number({ error: `Use one of ${PAGE_SIZES.join(', ')} per page.` })
        .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: `Use one of ${PAGE_SIZES.join(', ')} per page.` })
        .default(DEFAULT_PAGE_SIZE),
      sort: z
        .string()
        .refine((s) => sorts.includes(s), { error: `Sort by one of: ${sorts.join(', ') || 'nothing'}.` })
        .default(def.defaultSort.field),
      dir: z.enum(['asc', 'desc'], { error: 'Use asc or desc.' }).default(def.defaultSort.dir),
      search: z.string().max(SEARCH_MAX, { error: `Use at most ${SEARCH_MAX} characters.` }).default(''),
      ...filterShape,
    })
    .transform(({ page, per_page, sort, dir, search, ...filters }): ListQuery => ({
      page,
      per_page: per_page as PageSize,
      sort,
      dir,
      search: search.trim(),
      filters: Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')),
    }));
}

export const bulkDeleteBody = z.strictObject({
  ids: z
    .array(z.number({ error: 'Send record ids.' }).int({ error: 'Send record ids.' }).positive({ error: 'Send record ids.' }), {
      error: 'Send the ids to delete.',
    })
    .min(1, { error: 'Choose at least one record.' })
    .max(100, { error: 'Delete at most 100 records at a time.' }),
});

