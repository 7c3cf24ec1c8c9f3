import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  isDay,
  keysOf,
  PAGE_SIZES,
  rangeKeys,
  SAVED_FILTER_NAME_MAX,
  SEARCH_MAX,
  sortableColumns,
  type ListQuery,
  type Matching,
  type PageSize,
} from './list-query.ts';
import type { ResourceDef } from './resource.ts';

/**
 * The API's strict reading of a list's query and of the list's write bodies, with zod: the
 * server uses them; the list screens read the address bar leniently (domain/list-query.ts)
 * and do not load zod.
 */

type QueryDef = Pick<ResourceDef, 'defaultSort' | 'columns' | 'filters'>;

/** Search and filter values, checked strictly: shared by the list, export and bulk delete by filter. */
function filterShape(def: Pick<ResourceDef, 'filters' | 'parent'>) {
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {};
  const text = () => z.string().max(100, { error: 'Use at most 100 characters.' }).optional();
  for (const f of def.filters) {
    if (f.kind !== 'dateRange') {
      shape[f.name] = text();
      continue;
    }
    for (const key of keysOf(f)) {
      shape[key] = z
        .string()
        .refine((v) => v === '' || isDay(v), { error: 'Enter a date that exists on the calendar, as YYYY-MM-DD.' })
        .optional();
    }
  }
  if (def.parent) shape[def.parent.field] = text();
  return shape;
}

/** A date range whose end is before its start is an error on its end. */
function checkRanges(def: Pick<ResourceDef, 'filters'>, v: Record<string, unknown>, ctx: z.RefinementCtx, at: (string | number)[] = []) {
  for (const f of def.filters) {
    if (f.kind !== 'dateRange') continue;
    const k = rangeKeys(f.name);
    const from = v[k.from];
    const to = v[k.to];
    if (typeof from === 'string' && typeof to === 'string' && from && to && isDay(from) && isDay(to) && from > to) {
      ctx.addIssue({ code: 'custom', path: [...at, k.to], message: 'The end date is before the start date.' });
    }
  }
}

const onlyValues = (filters: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));

/** Strict reading for the API: a wrong parameter is a 422 naming it, never a silent default. */
export function apiListQuery(def: Pick<ResourceDef, 'defaultSort' | 'columns' | 'filters' | 'parent'>) {
  const sorts = sortableColumns(def);
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
      ...filterShape(def),
    })
    .superRefine((v, ctx) => checkRanges(def, v, ctx))
    .transform(({ page, per_page, sort, dir, search, ...filters }): ListQuery => ({
      page,
      per_page: per_page as PageSize,
      sort,
      dir,
      search: search.trim(),
      filters: onlyValues(filters),
    }));
}

/**
 * POST {api}/bulk-delete: chosen ids, or every record `matching` a search and filters. `count` is
 * how many the person was told match: when the list changed meanwhile nothing is deleted.
 */
export function bulkDeleteBody(def: Pick<ResourceDef, 'filters' | 'parent'>) {
  const ids = z
    .array(z.number({ error: 'Send record ids.' }).int({ error: 'Send record ids.' }).positive({ error: 'Send record ids.' }), {
      error: 'Send the ids to delete.',
    })
    .min(1, { error: 'Choose at least one record.' })
    // A page holds at most 100 rows; more go by filter.
    .max(100, { error: 'Delete at most 100 records at a time.' });
  const matching = z.strictObject({
    search: z.string().max(SEARCH_MAX, { error: `Use at most ${SEARCH_MAX} characters.` }).optional(),
    ...filterShape(def),
  });
  return z
    .strictObject({
      ids: ids.optional(),
      matching: matching.optional(),
      count: z.number({ error: 'Send how many records you were shown.' }).int({ error: 'Send how many records you were shown.' }).min(0).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.ids === undefined && v.matching === undefined) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Send the ids to delete, or a filter.' });
      if (v.ids !== undefined && v.matching !== undefined) ctx.addIssue({ code: 'custom', path: ['matching'], message: 'Send either ids or a filter, not both.' });
      if (v.matching !== undefined && v.count === undefined) ctx.addIssue({ code: 'custom', path: ['count'], message: 'Send how many records you were shown.' });
      if (v.matching) checkRanges(def, v.matching, ctx, ['matching']);
    })
    .transform((v): { ids: number[] } | { matching: Matching; count: number } => {
      if (v.ids) return { ids: v.ids };
      const { search = '', ...filters } = v.matching!;
      return { matching: { search: search.trim(), filters: onlyValues(filters) }, count: v.count! };
    })
    // The refinement above in JSON Schema, so the API document says one of the two is required.
    .meta({ anyOf: [{ required: ['ids'] }, { required: ['matching', 'count'] }] });
}

export const savedFilterName = z
  .string({ error: 'Enter a name for this filter.' })
  .trim()
  .min(1, { error: 'Enter a name for this filter.' })
  .max(SAVED_FILTER_NAME_MAX, { error: `Use at most ${SAVED_FILTER_NAME_MAX} characters.` });

/** POST {api}/saved-filters */
export function savedFilterBody(def: QueryDef & Pick<ResourceDef, 'parent'>) {
  const query = apiListQuery(def);
  return z.strictObject({
    name: savedFilterName,
    query: z
      .string({ error: 'Send the filter as a query string.' })
      .max(2000, { error: 'This filter is too long to save.' })
      .superRefine((v, ctx) => {
        // The list's own query, strictly: a saved filter never holds what the list would refuse
        // (nor a child list's parent, which comes from the page).
        const params = new URLSearchParams(v);
        const parentKey = def.parent?.field;
        if (v.startsWith('?') || !query.safeParse(Object.fromEntries(params)).success || (parentKey !== undefined && params.has(parentKey))) {
          ctx.addIssue({ code: 'custom', message: 'This filter cannot be saved: one of its values is not valid here.' });
        }
      }),
  });
}

/** PUT {api}/list-settings/columns */
export function columnsBody(def: Pick<ResourceDef, 'columns' | 'titleField'>) {
  const hideable = def.columns.filter((c) => c.name !== def.titleField).map((c) => c.name);
  return z.strictObject({
    hidden: z
      .array(z.string().refine((n) => hideable.includes(n), { error: `Hide one of: ${hideable.join(', ') || 'nothing'}.` }), {
        error: 'Send the names of the columns to hide.',
      })
      .max(hideable.length, { error: 'Send each column once.' })
      .transform((xs) => [...new Set(xs)]),
  });
}

