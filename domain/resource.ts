import type { z } from 'zod';
import type { Permission, ResourceRights } from './permissions.ts';

/**
 * A resource is declared once (domain/resources/*.ts): its write schema, list columns,
 * filters, form fields, labels, permissions and API path. The server builds its CRUD routes
 * from it, the browser builds its list and form screens from it, the route table gets its
 * create/edit routes from it. Adding a simple resource is one declaration plus its table.
 *
 * The declaration comes in three layers, each built on the one before (so every fact is
 * written once) and each in its own file, so a screen loads only what it uses:
 * - facts (`<group>.facts.ts`): key, labels, API path, permissions, admin routes, parent:
 *   what the route table and the menu need, loaded with the app;
 * - list (`<group>.list.ts`): columns, filters, sort, search, title field, row links: what a
 *   list screen needs, without a schema (no zod on the list route);
 * - declaration (`<group>.ts`): write schema, defaults and form fields: the form screens and
 *   the server.
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
export interface RowLink {
  label: string;
  /** The child resource's key; the row's id is its parent. */
  resource: string;
}

export type SortDir = 'asc' | 'desc';

/** One record as the API lists and shows it. */
export type Row = { id: number } & Record<string, unknown>;

/** What the route table and the menu know of a resource (`<group>.facts.ts`). */
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

/** What a list screen knows of a resource (`<group>.list.ts`): its facts and how its rows are shown. */
export interface ResourceList extends ResourceFacts {
  columns: readonly ColumnDef[];
  filters: readonly FilterDef[];
  /** What the search box looks in, said in its placeholder. Omit for no search box. */
  searchHint?: string;
  defaultSort: { field: string; dir: SortDir };
  /** The row field that names a record in messages ("Delete Acme Ltd?"). */
  titleField: string;
  /** Records that cannot be deleted from the list (e.g. the Super Admin role) say why. */
  protectedHint?: string;
}

/** The whole declaration (`<group>.ts`): its list part and how a record is written. */
export interface ResourceDef<S extends z.ZodType = z.ZodType, U extends z.ZodType = S> extends ResourceList {
  /** Body of POST (create). Strict: unknown fields are refused. */
  schema: S;
  /** Body of PUT (update) when it differs, e.g. a user's password becomes optional. */
  updateSchema?: U;
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
  schema: S;
  defaults: Record<string, unknown>;
  fields: readonly FieldDef[];
  route: string;
  /** Saving it changes what the session carries (the website setting: the shop's name and currency). */
  refreshesSession?: boolean;
}

export const defineFacts = (facts: ResourceFacts) => facts;
export const defineList = (list: ResourceList) => list;
export const defineResource = <S extends z.ZodType, U extends z.ZodType = S>(def: ResourceDef<S, U>) => def;
export const defineSingleton = <S extends z.ZodType>(def: SingletonDef<S>) => def;


export const DELETE_CONFIRM = 'Are you sure want to delete?';
