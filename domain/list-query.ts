import type { FilterDef, ResourceList, Row, SortDir } from './resource.ts';

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
  /** query key → value; only keys the definition's filters declare (a date range has two). */
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
  /**
   * Money columns summed over every record the search and filters match (not just this page),
   * in minor units; only lists with money columns have it.
   */
  totals?: Record<string, number>;
}

export const SEARCH_MAX = 100;
export const RESERVED_QUERY_KEYS = ['page', 'per_page', 'sort', 'dir', 'search'] as const;
/** The most records one bulk delete removes (by ids or by a whole filter). */
export const BULK_DELETE_MAX = 1000;

type QueryDef = Pick<ResourceList, 'defaultSort' | 'defaultFilters' | 'columns' | 'filters'>;

export const defaultQuery = (def: Pick<ResourceList, 'defaultSort' | 'defaultFilters'>): ListQuery => ({
  page: 1,
  per_page: DEFAULT_PAGE_SIZE,
  sort: def.defaultSort.field,
  dir: def.defaultSort.dir,
  search: '',
  filters: { ...def.defaultFilters },
});

export const sortableColumns = (def: Pick<ResourceList, 'columns'>) => def.columns.filter((c) => c.sortable).map((c) => c.name);

/** The two query keys of a date range. */
export const rangeKeys = (name: string) => ({ from: `${name}_from`, to: `${name}_to` });

/** Every query key a filter uses. */
export const keysOf = (f: Pick<FilterDef, 'name' | 'kind'>): string[] =>
  f.kind === 'dateRange' ? [rangeKeys(f.name).from, rangeKeys(f.name).to] : [f.name];

/** Every filter key of a definition (a child list's parent key not included). */
export const filterKeys = (def: Pick<ResourceList, 'filters'>): string[] => def.filters.flatMap(keysOf);

/** YYYY-MM-DD of a day that exists on the calendar (no year 0000, which PostgreSQL refuses). */
export function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || v.startsWith('0000')) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** The filter whose key this is, and which end of a range it is. */
function filterOfKey(def: Pick<ResourceList, 'filters'>, key: string): { filter: FilterDef; end?: 'from' | 'to' } | undefined {
  for (const f of def.filters) {
    if (f.kind !== 'dateRange') {
      if (f.name === key) return { filter: f };
      continue;
    }
    const k = rangeKeys(f.name);
    if (key === k.from) return { filter: f, end: 'from' };
    if (key === k.to) return { filter: f, end: 'to' };
  }
  return undefined;
}

/**
 * `filters` with `key` set to `value` ('' clears it). A range end that would cross the other
 * end drops the other one: a person picking a new start after the old end starts over.
 * Unknown keys and days that do not exist are left out.
 */
export function withFilter(def: Pick<ResourceList, 'filters'>, filters: Record<string, string>, key: string, value: string): Record<string, string> {
  const hit = filterOfKey(def, key);
  const out = { ...filters };
  delete out[key];
  if (!hit || !value) return out;
  if (!hit.end) {
    out[key] = value;
    return out;
  }
  if (!isDay(value)) return out;
  out[key] = value;
  const k = rangeKeys(hit.filter.name);
  const from = out[k.from];
  const to = out[k.to];
  if (from && to && from > to) delete out[hit.end === 'from' ? k.to : k.from];
  return out;
}

/**
 * Lenient reading for the address bar: anything unknown or malformed falls back to the
 * default, so a hand-edited URL still shows a list.
 */
export function parseListQuery(def: QueryDef, search: string): ListQuery {
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
  for (const key of filterKeys(def)) {
    const v = p.get(key);
    // `status=` (present, empty) clears a filter the list opens with: the orders of every status.
    if (v !== null) q.filters = withFilter(def, q.filters, key, v.slice(0, 100));
  }
  return q;
}

/**
 * The query string for both the address bar and the API; defaults are left out. A filter the
 * list opens with (defaultFilters) that the person cleared is written empty (`status=`), so the
 * address still says "every status" after a reload, and the server is told so too.
 */
export function listQueryString(def: Pick<ResourceList, 'defaultSort' | 'defaultFilters'>, q: ListQuery, opts: { full?: boolean } = {}): string {
  const d = defaultQuery(def);
  const p = new URLSearchParams();
  if (opts.full || q.page !== d.page) p.set('page', String(q.page));
  if (opts.full || q.per_page !== d.per_page) p.set('per_page', String(q.per_page));
  if (opts.full || q.sort !== d.sort || q.dir !== d.dir) {
    p.set('sort', q.sort);
    p.set('dir', q.dir);
  }
  if (q.search) p.set('search', q.search);
  // Sorted, so two queries with the same filters read the same (saved filters compare by it).
  const cleared = Object.keys(def.defaultFilters ?? {}).filter((k) => !q.filters[k]);
  const shown = [...Object.entries(q.filters).filter(([, v]) => v), ...cleared.map((k) => [k, ''] as const)];
  for (const [k, v] of shown.sort(([a], [b]) => a.localeCompare(b))) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * What a saved filter keeps of a query: search, filters and order, not the page or its size,
 * as a query string without the `?` ('' is the whole list in its default order).
 */
export const savedQueryString = (def: Pick<ResourceList, 'defaultSort' | 'defaultFilters'>, q: ListQuery): string =>
  listQueryString(def, { ...q, page: 1, per_page: DEFAULT_PAGE_SIZE }).replace(/^\?/, '');

/** A saved filter applied to the list: its search, filters and order, from the first page, at the page size shown. */
export function applySaved(def: QueryDef, saved: string, current: ListQuery): ListQuery {
  return { ...parseListQuery(def, saved), page: 1, per_page: current.per_page };
}

/** Which records a bulk delete by filter removes: the list's search and filters (its parent's too). */
export interface Matching {
  search: string;
  filters: Record<string, string>;
}

/** The body of a bulk delete of everything matching the list's query (its parent's id is a filter too). */
export function matchingBody(q: Pick<ListQuery, 'search' | 'filters'>, count: number, parent?: { field: string; id: string }) {
  return { matching: { ...(q.search ? { search: q.search } : {}), ...q.filters, ...(parent ? { [parent.field]: parent.id } : {}) }, count };
}

// ——— a person's list preferences (stored on the server, per user and list) ———

export interface SavedFilter {
  id: number;
  name: string;
  /** search, filters and order as a query string (savedQueryString) */
  query: string;
}

export interface ListSettings {
  /** Columns this person chose not to see. */
  hidden_columns: string[];
  saved_filters: SavedFilter[];
}

export const SAVED_FILTERS_MAX = 50;
export const SAVED_FILTER_NAME_MAX = 60;

/**
 * The first problem with a saved filter's name, or null: the list machine's check, without zod
 * (domain/api-list-query.ts savedFilterName is the server's, with the same messages;
 * tests/unit/saved-filter-name.test.ts holds the two together).
 */
export function savedFilterNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.trim().length === 0) return 'Enter a name for this filter.';
  if (name.trim().length > SAVED_FILTER_NAME_MAX) return `Use at most ${SAVED_FILTER_NAME_MAX} characters.`;
  return null;
}

/** Columns a person may hide: all but the one that names the record. */
export const hideableColumns = (def: Pick<ResourceList, 'columns' | 'titleField'>) => def.columns.filter((c) => c.name !== def.titleField);
