import { z } from 'zod';
import type { ResourceDef, Row, SortDir } from './resource.ts';

/**
 * A list's query (page, page size, sort, search, filters): the same keys in the browser's
 * address bar and in the API's query string. The address bar is read leniently, the API
 * strictly; both write and read it through here.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export interface ListQuery {
  page: number;
  per_page: PageSize;
  sort: string;
  dir: SortDir;
  search: string;
  /** filter name → value; only filters the definition declares. */
  filters: Record<string, string>;
}

export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export interface ListResponse {
  data: Row[];
  meta: ListMeta;
  /** Sums over the whole filter, when the list has them (the stock list's on hand and value). */
  totals?: Record<string, number>;
}

export const SEARCH_MAX = 100;
export const RESERVED_QUERY_KEYS = ['page', 'per_page', 'sort', 'dir', 'search'] as const;

export const defaultQuery = (def: Pick<ResourceDef, 'defaultSort'>): ListQuery => ({
  page: 1,
  per_page: DEFAULT_PAGE_SIZE,
  sort: def.defaultSort.field,
  dir: def.defaultSort.dir,
  search: '',
  filters: {},
});

export const sortableColumns = (def: Pick<ResourceDef, 'columns'>) => def.columns.filter((c) => c.sortable).map((c) => c.name);

/**
 * Lenient reading for the address bar: anything unknown or malformed falls back to the
 * default, so a hand-edited URL still shows a list.
 */
export function parseListQuery(def: Pick<ResourceDef, 'defaultSort' | 'columns' | 'filters'>, search: string): ListQuery {
  const p = new URLSearchParams(search);
  const q = defaultQuery(def);
  const page = Number(p.get('page'));
  if (Number.isInteger(page) && page >= 1 && page <= 1_000_000) q.page = page;
  const per = Number(p.get('per_page'));
  if ((PAGE_SIZES as readonly number[]).includes(per)) q.per_page = per as PageSize;
  const sort = p.get('sort');
  if (sort && sortableColumns(def).includes(sort)) q.sort = sort;
  const dir = p.get('dir');
  if (dir === 'asc' || dir === 'desc') q.dir = dir;
  q.search = (p.get('search') ?? '').slice(0, SEARCH_MAX);
  for (const f of def.filters) {
    const v = p.get(f.name);
    if (v) q.filters[f.name] = v;
  }
  return q;
}

/** The query string for both the address bar and the API; defaults are left out. */
export function listQueryString(def: Pick<ResourceDef, 'defaultSort'>, q: ListQuery, opts: { full?: boolean } = {}): string {
  const d = defaultQuery(def);
  const p = new URLSearchParams();
  if (opts.full || q.page !== d.page) p.set('page', String(q.page));
  if (opts.full || q.per_page !== d.per_page) p.set('per_page', String(q.per_page));
  if (opts.full || q.sort !== d.sort || q.dir !== d.dir) {
    p.set('sort', q.sort);
    p.set('dir', q.dir);
  }
  if (q.search) p.set('search', q.search);
  for (const [k, v] of Object.entries(q.filters)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
}

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

