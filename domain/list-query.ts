import type { ResourceList, Row, SortDir } from './resource.ts';

/**
 * A list's query (page, page size, sort, search, filters): the same keys in the browser's
 * address bar and in the API's query string. The address bar is read leniently (here), the API
 * strictly (domain/api-list-query.ts, with zod, which the list screens do not load).
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
}

export const SEARCH_MAX = 100;
export const RESERVED_QUERY_KEYS = ['page', 'per_page', 'sort', 'dir', 'search'] as const;

export const defaultQuery = (def: Pick<ResourceList, 'defaultSort'>): ListQuery => ({
  page: 1,
  per_page: DEFAULT_PAGE_SIZE,
  sort: def.defaultSort.field,
  dir: def.defaultSort.dir,
  search: '',
  filters: {},
});

export const sortableColumns = (def: Pick<ResourceList, 'columns'>) => def.columns.filter((c) => c.sortable).map((c) => c.name);

/**
 * Lenient reading for the address bar: anything unknown or malformed falls back to the
 * default, so a hand-edited URL still shows a list.
 */
export function parseListQuery(def: Pick<ResourceList, 'defaultSort' | 'columns' | 'filters'>, search: string): ListQuery {
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
export function listQueryString(def: Pick<ResourceList, 'defaultSort'>, q: ListQuery, opts: { full?: boolean } = {}): string {
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
