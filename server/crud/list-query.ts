import { and, asc, desc, eq, getTableColumns, getTableName, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { ColumnDef, FilterDef, Row } from '../../domain/resource.ts';
import { keysOf, rangeKeys, type ListQuery, type ListResponse } from '../../domain/list-query.ts';
import type { Db, Tx } from '../db/index.ts';
import { rowCounts } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';
import { containsPattern, literalCount, lowerContains, reusingPlan, type AnyTable, type Expr } from './sql.ts';

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
  /** Like `search`, for columns whose trigram index is on lower(column): see lowerContains. */
  searchLower?: readonly Expr[];
  /**
   * An exact match for the search text (a scanned barcode): found even when no search column
   * contains the text, and listed before the other matches.
   */
  searchExact?: (text: string) => SQL | undefined;
  /** Filter name → condition for a query value; return undefined when the value is not valid. */
  filters?: Record<string, (value: string) => SQL | undefined>;
  /** Date range filter name → the date or timestamp it narrows; default the table's column of that name. */
  ranges?: Record<string, Expr>;
  /** Money column name → what the totals row sums; default the table's own column of that name. */
  totals?: Record<string, Expr>;
  /**
   * The database keeps this table's row count in row_counts (migration 0010 and its triggers),
   * so an unfiltered list of it without money columns reads its total instead of counting.
   */
  counted?: boolean;
  /**
   * Where the count and money totals of a filter can be read without the rows, when the filter
   * allows (a summary table the database keeps, server/documents/tallies.ts); undefined for a
   * filter it cannot answer, which is counted over the rows. Never asked for a search.
   */
  tally?: (q: ListQuery) => TallySource | undefined;
}

/** The rows of a summary table that add up to a filter's count and money totals. */
export interface TallySource {
  table: PgTable;
  where: SQL | undefined;
  /** How many list rows a summary row stands for. */
  count: Expr;
  /** Money column name → what a summary row holds of it: every column the list totals. */
  sums: Record<string, Expr>;
}

/** What a list view needs to know of its definition: its filters and money columns. */
export interface ListShape {
  filters: readonly Pick<FilterDef, 'name' | 'kind'>[];
  columns: readonly Pick<ColumnDef, 'name' | 'kind' | 'total'>[];
  /** A child list's parent key (an id filter). */
  parentField?: string | undefined;
}

/** A ListSource with what every query needs worked out once. */
export interface ListView extends ListSource {
  /** The table's own columns by name. */
  own: Record<string, PgColumn>;
  /** What a row carries: the visible own columns and the extra ones. */
  selection: Record<string, PgColumn | SQL.Aliased>;
  /** The query keys that filter; one without a `filters` entry matches an id column. */
  filterNames: readonly string[];
  /** Query key → the column a date range end narrows, and which end it is. */
  rangeEnds: Record<string, { column: Expr; end: 'from' | 'to' }>;
  /** Money columns summed over the whole filter (own columns: the count query has no joins). */
  sums: Record<string, Expr>;
}

export function listView(source: ListSource, shape: ListShape): ListView {
  const own = getTableColumns(source.table) as Record<string, PgColumn>;
  const visible = Object.fromEntries(Object.entries(own).filter(([k]) => !source.hidden?.includes(k)));
  const rangeEnds: ListView['rangeEnds'] = {};
  for (const f of shape.filters) {
    if (f.kind !== 'dateRange') continue;
    const column = source.ranges?.[f.name] ?? own[f.name];
    if (!column) throw new Error(`The date range filter ${f.name} has no column to narrow.`);
    const k = rangeKeys(f.name);
    rangeEnds[k.from] = { column, end: 'from' };
    rangeEnds[k.to] = { column, end: 'to' };
  }
  const sums: Record<string, Expr> = {};
  for (const c of shape.columns) {
    if (c.kind !== 'money' || c.total === false) continue;
    const expr = source.totals?.[c.name] ?? own[c.name];
    if (expr) sums[c.name] = expr;
  }
  const filterNames = [...shape.filters.flatMap(keysOf), ...(shape.parentField ? [shape.parentField] : [])];
  return { ...source, own, selection: { ...visible, ...source.extra }, filterNames, rangeEnds, sums };
}

/**
 * A date range end: from the first moment of `from`, up to the end of `to`. The day is the
 * database session's (UTC) for timestamps; a date column compares as it is.
 */
export function rangeCondition(column: Expr, end: 'from' | 'to', day: string): SQL {
  return end === 'from' ? sql`${column} >= ${day}::date` : sql`${column} < ${day}::date + 1`;
}

/** The WHERE of a list query (filters and search); a filter value that is not valid is a 422 naming it. */
export function listWhere(view: ListView, q: ListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  for (const name of view.filterNames) {
    const value = q.filters[name];
    if (value === undefined) continue;
    const range = view.rangeEnds[name];
    if (range) {
      parts.push(rangeCondition(range.column, range.end, value));
      continue;
    }
    const make = view.filters?.[name] ?? ((v: string) => (/^\d{1,9}$/.test(v) ? eq(view.own[name]!, Number(v)) : undefined));
    const cond = make(value);
    if (!cond) throw validationError({ [name]: [`This ${name.replace(/_id$/, '').replace(/_/g, ' ')} filter value is not valid.`] });
    parts.push(cond);
  }
  if (q.search && (view.search?.length || view.searchLower?.length || view.searchExact)) {
    const pattern = containsPattern(q.search);
    parts.push(
      or(
        view.searchExact?.(q.search),
        ...(view.search ?? []).map((col) => ilike(col, pattern)),
        ...(view.searchLower ?? []).map((col) => lowerContains(col, pattern)),
      ),
    );
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
  const rows = await reusingPlan(selectRows(db, view).where(eq(view.table.id, id)).limit(literalCount(1)));
  return rows[0] as Row | undefined;
}

interface Tally {
  total: number;
  totals?: Record<string, number>;
}

/**
 * The number of rows matching `cond` and the sums of the view's money columns, as one JSON
 * array [count, sum…] from one scan. Joins are to-one and only add display columns, so neither
 * needs them (and without them an unfiltered count is an index-only scan). When the view's
 * `tally` can answer the filter, the same array comes from its summary rows instead.
 */
function tallyQuery(db: Db, view: ListView, q: ListQuery, cond: SQL | undefined) {
  if (view.counted && !cond && Object.keys(view.sums).length === 0) {
    return db.select({ t: sql<unknown>`json_build_array(${rowCounts.n})` }).from(rowCounts).where(eq(rowCounts.table_name, getTableName(view.table)));
  }
  const summary = q.search ? undefined : view.tally?.(q);
  if (!summary) {
    const parts = [sql`count(*)`, ...Object.values(view.sums).map((e) => sql`coalesce(sum(${e}), 0)::bigint`)];
    return db.select({ t: sql<unknown>`json_build_array(${sql.join(parts, sql`, `)})` }).from(view.table).where(cond);
  }
  const sums = Object.keys(view.sums).map((name) => {
    const e = summary.sums[name];
    if (!e) throw new Error(`The list's tally has no sum for its money column ${name}.`);
    return sql`coalesce(sum(${e}), 0)::bigint`;
  });
  const parts = [sql`coalesce(sum(${summary.count}), 0)::bigint`, ...sums];
  return db.select({ t: sql<unknown>`json_build_array(${sql.join(parts, sql`, `)})` }).from(summary.table).where(summary.where);
}

function readTally(view: ListView, value: unknown): Tally {
  const t = (typeof value === 'string' ? JSON.parse(value) : value) as (number | string)[];
  const names = Object.keys(view.sums);
  const total = Number(t[0] ?? 0);
  return names.length ? { total, totals: Object.fromEntries(names.map((n, i) => [n, Number(t[i + 1] ?? 0)])) } : { total };
}

/** The page's rows carry the list's tally under this key while on their way (it never reaches the API's answer). */
const TALLY = 'list_tally__';

/**
 * A search's page, total and sums in two statements, when the search is narrow: its matches
 * (at most NARROW_SEARCH_MAX_MATCHES + 1 of them, a LIMIT that also keeps the planner on the
 * trigram indexes rather than walking the sort index) are read once, counted and summed by
 * window functions and sorted in memory; then only the page's rows are read with their joins,
 * by a prepared statement. Undefined when the
 * search is wide (more matches than that: the caller counts and pages the plain way) or when
 * the page is past the end with matches before it (the caller counts them). Only for a sort on
 * the table's own columns, which the matches carry.
 */
async function narrowSearchPage(db: Db, view: ListView, q: ListQuery, cond: SQL, offset: number): Promise<{ data: Row[]; tally: Tally } | undefined> {
  const { table } = view;
  const exact = view.searchExact?.(q.search!);
  const sumNames = Object.keys(view.sums);
  const matches = db
    .select({
      id: table.id,
      sortKey: sql`${sortExpr(view, q)!}`.as('sort_key__'),
      exactFirst: sql<boolean>`coalesce(${exact ?? sql`false`}, false)`.as('exact_first__'),
      ...Object.fromEntries(sumNames.map((name, i) => [`s${i}`, sql`${view.sums[name]!}`.as(`sum${i}__`)])),
    })
    .from(table)
    .where(cond)
    .limit(literalCount(NARROW_SEARCH_MAX_MATCHES + 1))
    .as('matches__');
  const m = matches as unknown as Record<string, SQL.Aliased> & { id: SQL.Aliased; sortKey: SQL.Aliased; exactFirst: SQL.Aliased };
  const dir = q.dir === 'asc' ? asc : desc;
  // The count and sums as plain columns, put together here: a json_build_array of them was
  // built for every match before the sort took ten (3 of 10 ms for 1,676 matches, pgbench).
  const tallyColumns = Object.fromEntries([
    ['n', sql<number>`count(*) over ()`],
    ...sumNames.map((_, i) => [`s${i}`, sql<number>`coalesce(sum(${m[`s${i}`]!}) over (), 0)::bigint`]),
  ]) as Record<string, SQL<number>>;
  // Not prepared: a generic plan cannot tell a two-letter search from a rare word, and took the
  // trigram indexes for "a" too (300 ms against a few on a sequential scan that stops early).
  // It reads one table, so planning it is cheap.
  const page = await db
    .select({ id: m.id, ...tallyColumns })
    .from(matches)
    .orderBy(desc(m.exactFirst), dir(m.sortKey), dir(m.id))
    .limit(literalCount(q.per_page))
    .offset(offset);
  if (!page.length) return offset === 0 ? { data: [], tally: readTally(view, [0]) } : undefined;
  const first = page[0] as Record<string, unknown>;
  const tally = readTally(view, Object.keys(tallyColumns).map((k) => first[k]));
  if (tally.total > NARROW_SEARCH_MAX_MATCHES) return undefined;
  // The page's rows with their joins, prepared: planning the joins anew cost more than running
  // the search (EXPLAIN ANALYZE on 100,000 products: 4.9-6.4 ms of planning, 3.6-9.4 ms of
  // execution), and this statement's text is the same for every search of the list.
  const ids = page.map((r) => Number(r.id));
  const found = (await reusingPlan(selectRows(db, view).where(sql`${table.id} = any(${sql.param(ids)}::int[])`))) as Row[];
  const at = new Map(found.map((row) => [Number(row.id), row]));
  return { data: ids.flatMap((id) => at.get(id) ?? []), tally };
}

/** The answer of a list page: its rows, the page meta and the money totals. */
function pageAnswer(q: ListQuery, data: Row[], { total, totals }: Tally): ListResponse {
  const meta = { page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) };
  return totals ? { data, meta, totals } : { data, meta };
}

/**
 * One page of rows matching `cond` (from listWhere), with the total, page count and money
 * totals, in as few statements as the plans allow: the tally rides along with the page as an
 * uncorrelated subquery (one statement, each part keeping its own plan). A search sorted on the
 * table's own columns tries the narrow plan first (narrowSearchPage, two statements); another
 * search counts first, because the count picks the plan; an empty page has no row to carry
 * the tally. `known` is the total when the caller keeps it (a product's movement count), so a
 * list without money columns counts nothing.
 */
export async function listPage(db: Db, view: ListView, q: ListQuery, cond: SQL | undefined, known?: number): Promise<ListResponse> {
  const { table } = view;
  const offset = (q.page - 1) * q.per_page;
  const searching = Boolean(q.search && cond);
  const knownTally = known !== undefined && Object.keys(view.sums).length === 0 ? { total: known } : undefined;
  if (searching && !knownTally && ownSortOnly(view, q)) {
    const narrow = await narrowSearchPage(db, view, q, cond!, offset);
    if (narrow) return pageAnswer(q, narrow.data, narrow.tally);
  }
  const tallied = tallyQuery(db, view, q, cond);
  const tallyRows = async () => readTally(view, (await tallied)[0]?.t);
  let tally: Tally | undefined = knownTally ?? (searching ? await tallyRows() : undefined);
  let filter = cond;
  if (cond && q.search && tally && tally.total <= NARROW_SEARCH_MAX_MATCHES) {
    const ids = db.select({ id: table.id }).from(table).where(cond);
    filter = sql`${table.id} = any(array(${ids}))`;
  }
  const carried: Record<string, SQL> = tally ? {} : { [TALLY]: sql`(${tallied})` };
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
    data = (await reusingPlan(selectRows(db, view, carried).where(filter).orderBy(...listOrder(view, q)).limit(literalCount(q.per_page)).offset(offset))) as Row[];
  }
  tally ??= data.length ? readTally(view, data[0]![TALLY]) : await tallyRows();
  if (TALLY in carried) for (const row of data) delete row[TALLY];
  return pageAnswer(q, data, tally);
}
