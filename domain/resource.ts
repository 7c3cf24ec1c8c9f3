import { z } from 'zod';
import type { Permission } from './permissions.ts';

/**
 * A resource is declared once (domain/resources/*.ts): its write schema, list columns,
 * filters, form fields, labels, permissions and API path. The server builds its CRUD routes
 * from it, the browser builds its list and form screens from it, the route table gets its
 * create/edit routes from it. Adding a simple resource is one declaration plus its table.
 */

export type FieldKind =
  | 'text'
  | 'email'
  | 'tel'
  | 'url'
  | 'password'
  | 'textarea'
  | 'integer'
  /** integer minor units, shown as 12.50 */
  | 'money'
  /** basis points, shown as 12.5 (%) */
  | 'percent'
  | 'date'
  | 'colour'
  | 'select'
  | 'checkboxes'
  | 'switch'
  /** one id chosen from another resource's list */
  | 'relation'
  /** several ids chosen from another resource's list */
  | 'relationMany'
  /** role permissions: checkboxes grouped by permission module */
  | 'permissionGrid';

export interface Option {
  value: string;
  label: string;
}

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  /** Marked required in the form; the schema is what decides. */
  required?: boolean;
  options?: readonly Option[];
  /** Resource key whose rows are the choices (relation, relationMany). */
  relation?: string;
  help?: string;
  placeholder?: string;
  /** Shown only when creating or only when editing. */
  only?: 'create' | 'edit';
  /** Takes the whole row of the form grid. */
  wide?: boolean;
  autoComplete?: string;
}

export type ColumnKind = 'text' | 'number' | 'money' | 'percent' | 'date' | 'datetime' | 'status' | 'colour' | 'tags' | 'email';

export interface ColumnDef {
  name: string;
  label: string;
  kind?: ColumnKind;
  sortable?: boolean;
  /** The column is dropped first on narrow screens. */
  minor?: boolean;
}

export interface FilterDef {
  name: string;
  label: string;
  kind: 'select' | 'relation';
  options?: readonly Option[];
  relation?: string;
}

export interface ResourcePermissions {
  list: Permission;
  create: Permission;
  edit: Permission;
  delete: Permission;
}

/** A link shown on each row, e.g. an attribute's values. `{id}` is replaced. */
export interface RowLink {
  label: string;
  to: string;
}

export interface ResourceDef<S extends z.ZodType = z.ZodType, U extends z.ZodType = S> {
  key: string;
  label: { one: string; many: string };
  /** Absolute API path of the collection, e.g. /api/v1/admin/customers. */
  api: string;
  permissions: ResourcePermissions;
  /** Body of POST (create). Strict: unknown fields are refused. */
  schema: S;
  /** Body of PUT (update) when it differs, e.g. a user's password becomes optional. */
  updateSchema?: U;
  /** Values of a new record's form. */
  defaults: Record<string, unknown>;
  columns: readonly ColumnDef[];
  fields: readonly FieldDef[];
  filters: readonly FilterDef[];
  /** What the search box looks in, said in its placeholder. Omit for no search box. */
  searchHint?: string;
  defaultSort: { field: string; dir: SortDir };
  /** The row field that names a record in messages ("Delete Acme Ltd?"). */
  titleField: string;
  /**
   * Admin routes (relative to /admin). `create`/`edit` default to `${list}/create` and
   * `${list}/edit/:id`; `:parent` in them is the parent record's id.
   */
  routes: { list: string; create?: string; edit?: string };
  /** Child resources live under a parent: rows carry `field`, routes carry `:parent`. */
  parent?: { field: string; resource: string };
  rowLinks?: readonly RowLink[];
  /** Records that cannot be deleted from the list (e.g. the Super Admin role) say why. */
  protectedHint?: string;
}

/** One settings record edited in place (POS setting, website setting). */
export interface SingletonDef<S extends z.ZodType = z.ZodType> {
  key: string;
  label: string;
  api: string;
  permission: Permission;
  schema: S;
  defaults: Record<string, unknown>;
  fields: readonly FieldDef[];
  route: string;
}

export const defineResource = <S extends z.ZodType, U extends z.ZodType = S>(def: ResourceDef<S, U>) => def;
export const defineSingleton = <S extends z.ZodType>(def: SingletonDef<S>) => def;

export const createPath = (def: ResourceDef) => def.routes.create ?? `${def.routes.list}/create`;
export const editPath = (def: ResourceDef) => def.routes.edit ?? `${def.routes.list}/edit/:id`;

// ——— list queries: the same keys in the browser's address bar and in the API's query string ———

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
export type SortDir = 'asc' | 'desc';

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

export type Row = { id: number } & Record<string, unknown>;

export interface ListResponse {
  data: Row[];
  meta: ListMeta;
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

export const DELETE_CONFIRM = 'Are you sure want to delete?';
