import type { z } from 'zod';
import type { Permission, ResourceRights } from './permissions.ts';
import type { SchemaKit } from './schema-kit.ts';

/**
 * A resource is declared once (domain/resources/<group>.ts, one `defineResource` each): its
 * labels, API path, permissions and routes; its list columns, filters and sort; its form's
 * fields and defaults; and its write schema. The server builds its CRUD routes from it, the
 * browser its list and form screens, the route table its list, create and edit routes.
 * Adding a simple resource is one declaration, its place in RESOURCES, and its table.
 *
 * The write schema is a function of the schema kit (domain/schema-kit.ts: zod and the field
 * schemas), not a zod object: the declarations travel with the route table in the app's first
 * files, and zod (about 24 kB gzipped) stays in the form's files, which build the schema when
 * they open a form (`writeSchemas`). Functions that need only part of a declaration take the
 * narrower view of it: `ResourceFacts` (routes, menu, titles) or `ResourceList` (list screens).
 */

/**
 * The kinds of form field the generic form knows, as keys. A screen with a kind of its own
 * (document lines, an image) adds it by declaration merging, and registers its codec
 * (domain/form-values.ts) and its view (the form's field registry):
 *   declare module '…/domain/resource.ts' { interface FieldKinds { lines: true } }
 */
export interface FieldKinds {
  text: true;
  email: true;
  tel: true;
  url: true;
  password: true;
  textarea: true;
  integer: true;
  /** integer minor units, shown as 12.50 */
  money: true;
  /** basis points, shown as 12.5 (%) */
  percent: true;
  date: true;
  colour: true;
  select: true;
  checkboxes: true;
  switch: true;
  /** one id chosen from another resource's list */
  relation: true;
  /** several ids chosen from another resource's list */
  relationMany: true;
  /** role permissions: checkboxes grouped by permission module */
  permissionGrid: true;
  /** an uploaded image kept by its id (a product's picture): upload with preview */
  image: true;
  /** an uploaded image kept by its address (the website's logo and banners): upload with preview, or an address typed */
  imageUrl: true;
  /** a barcode typed, scanned or generated (a valid in-store EAN-13 the server makes) */
  barcode: true;
  /** serial numbers, one a line */
  serials: true;
}
export type FieldKind = keyof FieldKinds;

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

export type ColumnKind = 'text' | 'number' | 'money' | 'percent' | 'date' | 'datetime' | 'status' | 'colour' | 'tags' | 'email' | 'image';

export interface ColumnDef {
  name: string;
  label: string;
  kind?: ColumnKind;
  sortable?: boolean;
  /**
   * The column is dropped on narrower screens: `true` below 1264 px (lg), `'wide'` below 1536 px
   * (a laptop beside the open menu has room for the columns a person looks at first only).
   */
  minor?: boolean | 'wide';
  /** A money column the totals row leaves out: a sum of it means nothing (a product's sale price). */
  total?: false;
}

export interface FilterDef {
  /** The query key; a date range uses `${name}_from` and `${name}_to` (YYYY-MM-DD, either may be left open). */
  name: string;
  label: string;
  kind: 'select' | 'relation' | 'dateRange';
  options?: readonly Option[];
  relation?: string;
  /**
   * A relation with too many records for one select (every product): a picker that searches as
   * the person types, instead of a select of the first choices.
   */
  searchable?: boolean;
}

/** One permission per right (list, create, edit, delete, export): `rights('customer')`. */
export type ResourcePermissions = ResourceRights;

/** A link shown on each row to a child list of that row, e.g. an attribute's values. */
export type RowLink =
  | {
      label: string;
      /** The child resource's key; the row's id is its parent. */
      resource: string;
    }
  | {
      label: string;
      /** Another list's route pattern (a document list), filtered by `filter` = the row's id: a customer's sales. */
      list: string;
      filter: string;
      /** More of that list's query: `status=` clears the status it opens on (a customer's orders of every status). */
      query?: string;
    };


export type SortDir = 'asc' | 'desc';

/** One record as the API lists and shows it. */
export type Row = { id: number } & Record<string, unknown>;

/** What the route table and the menu know of a resource. */
export interface ResourceFacts {
  key: string;
  label: { one: string; many: string };
  /** Absolute API path of the collection, e.g. /api/v1/admin/customers. */
  api: string;
  permissions: ResourcePermissions;
  /**
   * Admin routes (relative to /admin). `create`/`edit` default to `${list}/create` and
   * `${list}/edit/:id`; `:parent` in them is the parent record's id.
   */
  routes: { list: string; create?: string; edit?: string };
  /** Child resources live under a parent: rows carry `field`, routes carry `:parent`. */
  parent?: { field: string; resource: string };
  /** Links on each row to a child list; the page titles name a child list by its link's label. */
  rowLinks?: readonly RowLink[];
}

/**
 * A figure the list's totals carry beyond its column sums (the sale list's `sales`), shown under
 * the rows with its caption: what it counts, said where it is shown.
 */
export interface ListFigure {
  name: string;
  label: string;
  kind: 'money' | 'number';
  caption: string;
}

/** What a list screen knows of a resource: its facts and how its rows are shown. */
export interface ResourceList extends ResourceFacts {
  columns: readonly ColumnDef[];
  filters: readonly FilterDef[];
  /** What the search box looks in, said in its placeholder. Omit for no search box. */
  searchHint?: string;
  defaultSort: { field: string; dir: SortDir };
  /** Filters the list opens with (website orders: pending); another value is chosen in the filter. */
  defaultFilters?: Readonly<Record<string, string>>;
  /** Figures of the totals beyond the column sums (the server adds them to `totals`). */
  figures?: readonly ListFigure[];
  /** The row field that names a record in messages ("Delete Acme Ltd?"). */
  titleField: string;
  /** Records that cannot be deleted from the list (e.g. the Super Admin role) say why. */
  protectedHint?: string;
}

/** The whole declaration: its list part and how a record is written. */
export interface ResourceDef<S extends z.ZodType = z.ZodType, U extends z.ZodType = S> extends ResourceList {
  /** What the record's page shows beside its form, read-only, from the record the server sends (a customer's Owes). */
  recordFigures?: readonly ColumnDef[];
  /** Links on the record's own page beyond its rowLinks (a customer's orders and quotations): too many for a row. */
  recordLinks?: readonly RowLink[];
  /** Body of POST (create), made from the kit. Strict: unknown fields are refused. */
  schema: (kit: SchemaKit) => S;
  /** Body of PUT (update) when it differs, e.g. a user's password becomes optional. */
  updateSchema?: (kit: SchemaKit) => U;
  /** Values of a new record's form. */
  defaults: Record<string, unknown>;
  fields: readonly FieldDef[];
}

/** One settings record edited in place (POS setting, website setting). */
export interface SingletonDef<S extends z.ZodType = z.ZodType> {
  key: string;
  label: string;
  api: string;
  permission: Permission;
  /** The body of PUT, made from the kit as a resource's is. */
  schema: (kit: SchemaKit) => S;
  defaults: Record<string, unknown>;
  fields: readonly FieldDef[];
  /** Saving it changes what the session carries (the website setting: the shop's name and currency). */
  refreshesSession?: boolean;
}

export const defineResource = <S extends z.ZodType, U extends z.ZodType = S>(def: ResourceDef<S, U>) => def;
export const defineSingleton = <S extends z.ZodType>(def: SingletonDef<S>) => def;


export const DELETE_CONFIRM = 'Are you sure want to delete?';
