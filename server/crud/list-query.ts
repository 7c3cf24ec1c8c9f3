import { and, asc, count, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Row } from '../../domain/resource.ts';
import type { ListQuery, ListResponse } from '../../domain/list-query.ts';
import type { Db, Tx } from '../db/index.ts';
import { validationError } from '../http/errors.ts';
import { containsPattern, type AnyTable, type Expr } from './sql.ts';

/**
 * The list query of any table: filters, search, sort and the page plans that keep a list fast at
 * 100,000 rows. Simple resources (crud routes) and document lists share it; each describes its
 * table once as a ListSource.
 */

/**
 * A search with at most this many matches collects them first (bitmap scans on the trigram
 * indexes) and sorts them after; walking the sort index would visit most of the table when
 * the matches sort late.
 */
export const NARROW_SEARCH_MAX_MATCHES = 5_000;
/** From this offset on, a page takes its ids from the (sort, id) index before fetching rows. */
export const DEEP_PAGE_OFFSET = 1_000;

/** A left join to one row (a foreign key to a primary key): for display and sorting. */
export interface ToOneJoin {
  table: PgTable;
  on: SQL;
}

/** A table as a list shows it. */
export interface ListSource {
  table: AnyTable;
  /** Table columns never sent to the browser (a user's password hash). */
  hidden?: readonly string[];
  /** Extra list/show columns (joins, counts) on top of the table's own. */
  extra?: Record<string, SQL.Aliased>;
  /** Left joins the extra columns need: to-one only, for display and sorting; search and filters use the table's own columns. */
  joins?: readonly ToOneJoin[];
  /** Columns the list can sort by; keys are the sortable column names. Default: the table's. */
  sort?: Record<string, Expr>;
  /** Text columns the search box looks in (case-insensitive, contains). */
  search?: readonly Expr[];
  /**
   * An exact match for the search text (a scanned barcode): found even when no search column
   * contains the text, and listed before the other matches.
   */
  searchExact?: (text: string) => SQL | undefined;
  /** Filter name → condition for a query value; return undefined when the value is not valid. */
  filters?: Record<string, (value: string) => SQL | undefined>;
}

/** A ListSource with what every query needs worked out once. */
export interface ListView extends ListSource {
  /** The table's own columns by name. */
  own: Record<string, PgColumn>;
  /** What a row carries: the visible own columns and the extra ones. */
  selection: Record<string, PgColumn | SQL.Aliased>;
  /** The query keys that filter; one without a `filters` entry matches an id column. */
  filterNames: readonly string[];
}

export function listView(source: ListSource, filterNames: readonly string[]): ListView {
  const own = getTableColumns(source.table) as Record<string, PgColumn>;
  const visible = Object.fromEntries(Object.entries(own).filter(([k]) => !source.hidden?.includes(k)));
  return { ...source, own, selection: { ...visible, ...source.extra }, filterNames };
}

/** The WHERE of a list query (filters and search); a filter value that is not valid is a 422 naming it. */
export function listWhere(view: ListView, q: ListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  for (const name of view.filterNames) {
    const value = q.filters[name];
    if (value === undefined) continue;
    const make = view.filters?.[name] ?? ((v: string) => (/^\d{1,9}$/.test(v) ? eq(view.own[name]!, Number(v)) : undefined));
    const cond = make(value);
    if (!cond) throw validationError({ [name]: [`This ${name.replace(/_id$/, '').replace(/_/g, ' ')} filter value is not valid.`] });
    parts.push(cond);
  }
  if (q.search && (view.search?.length || view.searchExact)) {
    const pattern = containsPattern(q.search);
    parts.push(or(view.searchExact?.(q.search), ...(view.search ?? []).map((col) => ilike(col, pattern))));
  }
  return parts.length ? and(...parts) : undefined;
}

const sortExpr = (view: ListView, q: ListQuery): Expr | undefined => view.sort?.[q.sort] ?? view.own[q.sort];

/** Whether the list's order needs nothing but the table's own columns (no join). */
const ownSortOnly = (view: ListView, q: ListQuery) => Object.values(view.own).includes(sortExpr(view, q) as PgColumn);

/** ORDER BY the chosen column, then id, which breaks ties so pages never overlap. */
export function listOrder(view: ListView, q: ListQuery): SQL[] {
  const col = sortExpr(view, q);
  if (!col) throw validationError({ sort: [`This list cannot be sorted by ${q.sort}.`] });
  const dir = q.dir === 'asc' ? asc : desc;
  const exact = q.search ? view.searchExact?.(q.search) : undefined;
  return [...(exact ? [sql`coalesce(${exact}, false) desc`] : []), dir(col), dir(view.table.id)];
}

/**
 * Adds the view's to-one joins to a query of its table. The query selects named fields, so a
 * join leaves its row type as it is (drizzle's types only change for whole-table selections).
 */
export function withJoins<Q extends PgSelect>(qb: Q, view: ListView): Q {
  for (const j of view.joins ?? []) qb = qb.leftJoin(j.table, j.on) as unknown as Q;
  return qb;
}

/** SELECT the view's row shape (plus `extra` columns, if any), with its joins. */
export const selectRows = (db: Db | Tx, view: ListView, extra: Record<string, SQL.Aliased | SQL> = {}) =>
  withJoins(db.select({ ...view.selection, ...extra }).from(view.table).$dynamic(), view);

export async function findRow(db: Db | Tx, view: ListView, id: number): Promise<Row | undefined> {
  const rows = await selectRows(db, view).where(eq(view.table.id, id)).limit(1);
  return rows[0] as Row | undefined;
}

/** The page's rows carry the list's total under this key while on their way (it never reaches the API's answer). */
const TOTAL = 'list_total__';

/**
 * One page of rows matching `cond` (from listWhere), with the total and page count, in as few
 * statements as the plans allow: the total rides along with the page as an uncorrelated
 * subquery (one statement, each part keeping its own plan), except for a search, whose count
 * comes first because it picks the plan, and an empty page, which has no row to carry it.
 * `known` is the total when the caller keeps it (a product's movement count), so nothing is counted.
 */
export async function listPage(db: Db, view: ListView, q: ListQuery, cond: SQL | undefined, known?: number): Promise<ListResponse> {
  const { table } = view;
  // Joins are to-one and only add display columns, so the count never needs them (and
  // without them an unfiltered count is an index-only scan).
  const counted = db.select({ n: count() }).from(table).where(cond);
  const countRows = async () => Number((await counted)[0]?.n ?? 0);
  let total = known ?? (q.search && cond ? await countRows() : undefined);
  const offset = (q.page - 1) * q.per_page;
  let filter = cond;
  if (cond && q.search && total !== undefined && total <= NARROW_SEARCH_MAX_MATCHES) {
    const ids = db.select({ id: table.id }).from(table).where(cond);
    filter = sql`${table.id} = any(array(${ids}))`;
  }
  const carried: Record<string, SQL> = total === undefined ? { [TOTAL]: sql<number>`(${counted})`.mapWith(Number) } : {};
  let data: Row[];
  if (offset >= DEEP_PAGE_OFFSET) {
    // Deep page: find its ids on the (sort, id) index alone, then fetch just those rows.
    // Joins only when the sort or the filter needs them: a join (even one the planner drops)
    // makes the join column needed, which rules out the index-only scan.
    const ownSort = Object.values(view.own).includes(sortExpr(view, q) as PgColumn);
    let ids = db.select({ id: table.id }).from(table).$dynamic();
    if (!ownSort || filter) ids = withJoins(ids, view);
    const page = ids.where(filter).orderBy(...listOrder(view, q)).limit(q.per_page).offset(offset);
    data = (await selectRows(db, view, carried).where(sql`${table.id} = any(array(${page}))`).orderBy(...listOrder(view, q))) as Row[];
  } else if (filter !== cond && ownSortOnly(view, q)) {
    // Narrow search sorted by the table's own columns: pick the page among the matches on the
    // table alone, then join only its rows (joining every match first costs more than the sort).
    const page = db.select({ id: table.id }).from(table).where(filter).orderBy(...listOrder(view, q)).limit(q.per_page).offset(offset);
    data = (await selectRows(db, view, carried).where(sql`${table.id} = any(array(${page}))`).orderBy(...listOrder(view, q))) as Row[];
  } else {
    data = (await selectRows(db, view, carried).where(filter).orderBy(...listOrder(view, q)).limit(q.per_page).offset(offset)) as Row[];
  }
  if (total === undefined) total = data.length ? Number(data[0]![TOTAL]) : await countRows();
  if (TOTAL in carried) for (const row of data) delete row[TOTAL];
  return { data, meta: { page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) } };
}
