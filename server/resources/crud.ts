import { and, asc, count, desc, eq, getTableColumns, getTableName, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { capitalise } from '../../domain/text.ts';
import type { Permission } from '../../domain/permissions.ts';
import { type ResourceDef, type Row } from '../../domain/resource.ts';
import { apiListQuery, bulkDeleteBody, SEARCH_MAX, type ListQuery } from '../../domain/list-query.ts';
import type { Db } from '../db/index.ts';
import { findNul, NUL_MESSAGE, readJson } from '../http/body.ts';
import { route, type AppContext, type RouteDef } from '../http/context.ts';
import { ApiError, validationError, zodErrors } from '../http/errors.ts';
import { toCsv } from './csv.ts';

/** The transaction handle drizzle passes to `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Expr = PgColumn | SQL;
export type AnyTable = PgTable & { id: PgColumn };

export interface UsedBy {
  /** Counts the rows that point at record `id`. */
  count: (db: Db | Tx, id: number) => Promise<number>;
  /** "3 customers" */
  what: (n: number) => string;
  /** How the record relates to them; default "is used by" (a category "has" subcategories). */
  verb?: string;
}

export interface ServerResource {
  def: ResourceDef;
  table: AnyTable;
  /** Table columns never sent to the browser (a user's password hash). */
  hidden?: readonly string[];
  /** What names a record in relation options; default the def's titleField column. */
  label?: Expr;
  /**
   * Child resources (def.parent): the list needs the parent's id, and a parent that does not
   * exist answers 404 rather than an empty list that looks like "no values yet".
   */
  parent?: { table: AnyTable; choose: string; missing: string };
  /** Extra routes, registered before `{api}/:id` so their paths are not taken for an id. */
  routes?: readonly RouteDef[];
  /** Extra list/show columns (joins, counts) on top of the table's own. */
  extra?: Record<string, SQL.Aliased>;
  /** Left joins the extra columns need: to-one only (a foreign key to a primary key), for display and sorting; search and filters use the table's own columns. */
  joins?: readonly { table: PgTable; on: SQL }[];
  /** Columns the list can sort by; keys are the def's sortable column names. Default: the table's. */
  sort?: Record<string, Expr>;
  /** Text columns the search box looks in (case-insensitive, contains). */
  search?: readonly Expr[];
  /** Filter name → condition for a query value; return undefined when the value is not valid. */
  filters?: Record<string, (value: string) => SQL | undefined>;
  /** Unique constraint name → the field it is about, and the message. */
  unique?: Record<string, { field: string; message: string }>;
  /** Foreign key constraint name → the field whose choice does not exist. */
  references?: Record<string, { field: string; message: string }>;
  /** What still uses a record, so deleting it answers 409 naming it. */
  usedBy?: readonly UsedBy[];
  /** Valid body → column values (default: the body as is). */
  toRow?: (body: Record<string, unknown>, ctx: { tx: Tx; id?: number }) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Writes that go with the row (role links, permission links), inside the same transaction. */
  afterWrite?: (tx: Tx, id: number, body: Record<string, unknown>, ctx: { c: AppContext; before?: Row }) => Promise<void>;
  /** Extra fields of one record for its edit form (e.g. role_ids). */
  detail?: (db: Db | Tx, id: number) => Promise<Record<string, unknown>>;
  /** Refuse an update (throw ApiError), e.g. stripping the Super Admin role. */
  beforeUpdate?: (tx: Tx, row: Row, body: Record<string, unknown>, c: AppContext) => Promise<void> | void;
  /** Refuse a delete (throw ApiError), e.g. deleting yourself. */
  beforeDelete?: (tx: Tx, row: Row, c: AppContext) => Promise<void> | void;
}

const PG_UNIQUE = '23505';
const PG_FOREIGN_KEY = '23503';
/** Class 22: a value PostgreSQL cannot store (out of range, bad encoding). */
const PG_DATA_EXCEPTION = /^22/;
export const INT_MAX = 2_147_483_647;

/** drizzle wraps driver errors; the PostgreSQL code and constraint sit somewhere in the cause chain. */
export function pgError(e: unknown): { code: string; constraint: string } | undefined {
  for (let cur: any = e, depth = 0; cur && depth < 5; cur = cur.cause, depth++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) {
      return { code: cur.code, constraint: String(cur.constraint_name ?? cur.constraint ?? '') };
    }
  }
  return undefined;
}

export const parseId = (raw: string | undefined): number | undefined => {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= INT_MAX ? n : undefined;
};

/** Strict query parsing: unknown parameters and bad values answer 422 naming them. */
export function readQuery<T>(c: AppContext, schema: z.ZodType<T>): T {
  // fromEntries makes own keys even of "__proto__", so every unknown parameter gets named.
  const raw: Record<string, string> = Object.fromEntries(new URL(c.req.url).searchParams);
  const nul = findNul(raw);
  if (nul !== undefined) throw validationError({ [nul]: [NUL_MESSAGE] });
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(zodErrors(result.error));
  return result.data;
}

/** `%text%` for ILIKE, with the user's % _ and \ matched literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

const optionsQuery = z.strictObject({
  search: z.string().max(SEARCH_MAX, { error: `Use at most ${SEARCH_MAX} characters.` }).optional(),
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, { error: 'Send up to 50 record ids separated by commas.' })
    .optional(),
});
export const OPTIONS_MAX = 50;

/**
 * Builds list/show/create/update/delete/bulk-delete/export for one resource, plus
 * `{api}/options` (id + label pairs for pickers) when `optionsAccess` is given.
 */
export function crudRoutes(res: ServerResource, opts: { optionsAccess?: readonly Permission[] } = {}): RouteDef[] {
  const { def, table } = res;
  const one = def.label.one;
  const One = capitalise(one);
  const own = getTableColumns(table) as Record<string, PgColumn>;
  const visible = Object.fromEntries(Object.entries(own).filter(([k]) => !res.hidden?.includes(k)));
  const selection = { ...visible, ...res.extra };
  const sorts: Record<string, Expr> = res.sort ?? {};
  const querySchema = apiListQuery(def);
  const updateSchema = (def.updateSchema ?? def.schema) as z.ZodType<Record<string, unknown>>;
  const createSchema = def.schema as z.ZodType<Record<string, unknown>>;
  const notFound = () => new ApiError(404, `This ${one} does not exist. It may have been deleted.`);
  const filterNames = [...def.filters.map((f) => f.name), ...(def.parent ? [def.parent.field] : [])];

  function where(q: ListQuery): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    for (const name of filterNames) {
      const value = q.filters[name];
      if (value === undefined) continue;
      const make = res.filters?.[name] ?? ((v: string) => (/^\d{1,9}$/.test(v) ? eq(own[name]!, Number(v)) : undefined));
      const cond = make(value);
      if (!cond) throw validationError({ [name]: [`This ${name.replace(/_id$/, '').replace(/_/g, ' ')} filter value is not valid.`] });
      parts.push(cond);
    }
    if (q.search && res.search?.length) {
      const pattern = containsPattern(q.search);
      parts.push(or(...res.search.map((col) => ilike(col, pattern))));
    }
    return parts.length ? and(...parts) : undefined;
  }

  function selectRows(db: Db | Tx) {
    let qb = db.select(selection).from(table).$dynamic();
    for (const j of res.joins ?? []) qb = qb.leftJoin(j.table, j.on);
    return qb;
  }

  async function findRow(db: Db | Tx, id: number): Promise<Row | undefined> {
    const rows = await selectRows(db).where(eq(table.id, id)).limit(1);
    return rows[0] as Row | undefined;
  }

  async function showRow(db: Db | Tx, id: number): Promise<Row | undefined> {
    const row = await findRow(db, id);
    if (!row) return undefined;
    return res.detail ? { ...row, ...(await res.detail(db, id)) } : row;
  }

  const orderOf = (q: ListQuery) => {
    const col = sorts[q.sort] ?? own[q.sort];
    if (!col) throw validationError({ sort: [`This list cannot be sorted by ${q.sort}.`] });
    const dir = q.dir === 'asc' ? asc : desc;
    return [dir(col), dir(table.id)]; // id breaks ties, so pages never overlap
  };

  /** The parent of a child list must be named and must exist. */
  async function checkParent(db: Db, q: ListQuery) {
    if (!def.parent || !res.parent) return;
    const value = q.filters[def.parent.field];
    if (value === undefined) throw validationError({ [def.parent.field]: [res.parent.choose] });
    const found = await db.select({ id: res.parent.table.id }).from(res.parent.table).where(eq(res.parent.table.id, Number(value))).limit(1);
    if (!found[0]) throw new ApiError(404, res.parent.missing);
  }

  async function list(db: Db, q: ListQuery) {
    const cond = where(q);
    await checkParent(db, q);
    // Joins are to-one and only add display columns, so the count never needs them (and
    // without them an unfiltered count is an index-only scan).
    const [totalRow] = await db.select({ n: count() }).from(table).where(cond);
    const total = Number(totalRow?.n ?? 0);
    const offset = (q.page - 1) * q.per_page;
    let filter = cond;
    // Few matches: collect them first (bitmap scans on the trigram indexes), then sort; walking
    // the sort index would visit most of the table when the matches sort late.
    if (cond && q.search && total <= FENCE_MAX) {
      const ids = db.select({ id: table.id }).from(table).where(cond);
      filter = sql`${table.id} = any(array(${ids}))`;
    }
    let data: Row[];
    if (offset >= DEFER_FROM) {
      // Deep page: find its ids on the (sort, id) index alone, then fetch just those rows.
      // Joins only when the sort or the filter needs them: a join (even one the planner drops)
      // makes the join column needed, which rules out the index-only scan.
      const ownSort = Object.values(own).includes((sorts[q.sort] ?? own[q.sort]) as PgColumn);
      let ids = db.select({ id: table.id }).from(table).$dynamic();
      if (!ownSort || filter) for (const j of res.joins ?? []) ids = ids.leftJoin(j.table, j.on);
      const page = ids.where(filter).orderBy(...orderOf(q)).limit(q.per_page).offset(offset);
      data = (await selectRows(db).where(sql`${table.id} = any(array(${page}))`).orderBy(...orderOf(q))) as Row[];
    } else {
      data = (await selectRows(db).where(filter).orderBy(...orderOf(q)).limit(q.per_page).offset(offset)) as Row[];
    }
    return { data, meta: { page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) } };
  }

  /** Turns constraint violations into the 422 a person can act on. */
  function explain(e: unknown): never {
    const pg = pgError(e);
    if (pg?.code === PG_UNIQUE) {
      const hit = res.unique?.[pg.constraint];
      if (hit) throw validationError({ [hit.field]: [hit.message] });
      throw new ApiError(422, `This ${one} would duplicate another one.`);
    }
    if (pg?.code === PG_FOREIGN_KEY) {
      const hit = res.references?.[pg.constraint];
      if (hit) throw validationError({ [hit.field]: [hit.message] });
      throw new ApiError(422, 'One of the chosen items no longer exists. Reload and choose again.');
    }
    if (pg && PG_DATA_EXCEPTION.test(pg.code)) {
      throw new ApiError(422, 'One of the values cannot be saved as it is. Check the fields and try again.');
    }
    throw e;
  }

  async function usage(db: Db | Tx, id: number): Promise<string[]> {
    const out: string[] = [];
    for (const u of res.usedBy ?? []) {
      const n = await u.count(db, id);
      if (n > 0) out.push(`${u.verb ?? 'is used by'} ${u.what(n)}`);
    }
    return out;
  }

  const title = (row: Row) => String(row[def.titleField] ?? `#${row.id}`);

  async function save(c: AppContext, id: number | undefined): Promise<Response> {
    const { db } = c.var;
    const body = await readJson(c, id === undefined ? createSchema : updateSchema);
    const ifMatch = c.req.header('If-Match');
    try {
      const savedId = await db.transaction(async (tx) => {
        let targetId = id;
        if (targetId !== undefined) {
          // Lock the row first: two saves from the same old copy must not both pass the ETag check.
          await tx.select({ id: table.id }).from(table).where(eq(table.id, targetId)).for('update');
          const current = await findRow(tx, targetId);
          if (!current) throw notFound();
          if (ifMatch && ifMatch !== '*' && ifMatch !== etagOf(current)) {
            throw new ApiError(
              409,
              `Someone else changed this ${one} while you were editing it. Reload to see their changes, then make yours again.`,
              { code: 'stale' },
            );
          }
          await res.beforeUpdate?.(tx, current, body, c);
          const values = await (res.toRow?.(body, { tx, id: targetId }) ?? body);
          await tx.update(table).set({ ...values, updated_at: nextVersion(table) } as never).where(eq(table.id, targetId));
          await res.afterWrite?.(tx, targetId, body, { c, before: current });
        } else {
          const values = await (res.toRow?.(body, { tx }) ?? body);
          const [inserted] = (await tx.insert(table).values(values as never).returning({ id: table.id })) as { id: number }[];
          targetId = inserted!.id;
          await res.afterWrite?.(tx, targetId, body, { c });
        }
        return targetId;
      });
      const data = await showRow(db, savedId);
      return c.json(
        { data, message: `${One} ${id === undefined ? 'created' : 'updated'}.` },
        id === undefined ? 201 : 200,
        data ? { ETag: etagOf(data) } : {},
      );
    } catch (e) {
      if (e instanceof ApiError) throw e;
      explain(e);
    }
  }

  async function remove(c: AppContext, requested: number[]): Promise<number> {
    const { db } = c.var;
    // Ids beyond the integer column's range cannot exist; PostgreSQL would refuse to compare them.
    const ids = requested.filter((n) => n <= INT_MAX);
    if (ids.length === 0) return 0;
    try {
      return await db.transaction(async (tx) => {
        const rows = (await selectRows(tx).where(inArray(table.id, ids))) as Row[];
        for (const row of rows) {
          await res.beforeDelete?.(tx, row, c);
          const uses = await usage(tx, row.id);
          if (uses.length) {
            const lead = ids.length > 1 ? `Nothing was deleted: ${one} “${title(row)}”` : `This ${one} cannot be deleted: it`;
            throw new ApiError(409, `${lead} ${uses.join(' and ')}.`, { code: 'in_use' });
          }
        }
        if (rows.length) await tx.delete(table).where(inArray(table.id, rows.map((r) => r.id)));
        return rows.length;
      });
    } catch (e) {
      if (e instanceof ApiError) throw e;
      const pg = pgError(e);
      if (pg?.code === PG_FOREIGN_KEY) {
        throw new ApiError(409, `This ${one} is still used by other records, so it cannot be deleted.`, { code: 'in_use' });
      }
      throw e;
    }
  }

  const labelExpr = res.label ?? own[def.titleField] ?? table.id;

  async function options(db: Db, q: z.output<typeof optionsQuery>) {
    const parts: SQL[] = [];
    if (q.ids !== undefined) {
      const ids = q.ids.split(',').map(Number).filter((n) => n >= 1 && n <= INT_MAX);
      if (ids.length === 0) return [];
      parts.push(inArray(table.id, ids));
    }
    const search = q.search?.trim();
    if (search) parts.push(ilike(labelExpr, containsPattern(search)));
    const label = sql<string>`${labelExpr}`;
    let qb = db.select({ id: table.id, label }).from(table).$dynamic();
    for (const j of res.joins ?? []) qb = qb.leftJoin(j.table, j.on);
    return qb
      .where(parts.length ? and(...parts) : undefined)
      .orderBy(asc(label), asc(table.id))
      .limit(OPTIONS_MAX);
  }

  const p = def.permissions;
  const base = def.api;
  return [
    route('GET', base, p.list, async (c) => c.json(await list(c.var.db, readQuery(c, querySchema)), 200)),
    route('GET', `${base}/export`, p.list, async (c) => {
      const q = readQuery(c, querySchema);
      const cond = where(q);
      await checkParent(c.var.db, q);
      const rows = (await selectRows(c.var.db).where(cond).orderBy(...orderOf(q)).limit(EXPORT_MAX)) as Row[];
      const day = c.var.now().toISOString().slice(0, 10);
      return c.body(toCsv(def.columns, rows), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${def.key}-${day}.csv"`,
      });
    }),
    route('POST', `${base}/bulk-delete`, p.delete, async (c) => {
      const { ids } = await readJson(c, bulkDeleteBody);
      const n = await remove(c, [...new Set(ids)]);
      return c.json({ message: n === 1 ? `1 ${one} deleted.` : `${n} ${def.label.many} deleted.`, deleted: n }, 200);
    }),
    ...(opts.optionsAccess
      ? [route('GET', `${base}/options`, opts.optionsAccess, async (c) => c.json({ data: await options(c.var.db, readQuery(c, optionsQuery)) }, 200))]
      : []),
    ...(res.routes ?? []),
    route('GET', `${base}/:id`, p.list, async (c) => {
      const id = parseId(c.req.param('id'));
      const row = id === undefined ? undefined : await showRow(c.var.db, id);
      if (!row) throw notFound();
      return c.json({ data: row }, 200, { ETag: etagOf(row) });
    }),
    route('POST', base, p.create, (c) => save(c, undefined)),
    route('PUT', `${base}/:id`, p.edit, async (c) => {
      const id = parseId(c.req.param('id'));
      if (id === undefined) throw notFound();
      return save(c, id);
    }),
    route('DELETE', `${base}/:id`, p.delete, async (c) => {
      const id = parseId(c.req.param('id'));
      if (id === undefined || (await remove(c, [id])) === 0) throw notFound();
      return c.json({ message: `${One} deleted.` }, 200);
    }),
  ];
}

const FENCE_MAX = 5_000;
const DEFER_FROM = 1_000;

export const EXPORT_MAX = 50_000;

/**
 * The new updated_at of a save: now, but always at least a millisecond after the last one, in
 * whole milliseconds, so two saves within the same millisecond still get different ETags.
 */
const nextVersion = (table: AnyTable) => {
  const col = (table as unknown as { updated_at: PgColumn }).updated_at;
  return sql`date_trunc('milliseconds', greatest(clock_timestamp(), ${col} + interval '1 millisecond'))`;
};

/** A record's version for optimistic locking: its last update time. */
export function etagOf(row: Row): string {
  const t = row.updated_at instanceof Date ? row.updated_at.getTime() : Date.parse(String(row.updated_at ?? ''));
  return `W/"${row.id}-${Number.isFinite(t) ? t : 0}"`;
}

/** `select count(*) from t where col = id`, for usedBy. */
export const countWhere = (t: PgTable, col: PgColumn, what: (n: number) => string): UsedBy => ({
  count: async (db, id) => {
    const [r] = await db.select({ n: count() }).from(t).where(eq(col, id));
    return Number(r?.n ?? 0);
  },
  what,
});

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 422 on `field` unless every id names a row of `t` (ids come deduplicated from idList). */
export async function checkIds(db: Db | Tx, t: AnyTable, ids: readonly number[], field: string, message: string): Promise<void> {
  if (ids.length === 0) return;
  const [r] = await db.select({ n: count() }).from(t).where(inArray(t.id, [...ids]));
  if (Number(r?.n ?? 0) !== new Set(ids).size) throw validationError({ [field]: [message] });
}

/**
 * `"table"."column"`. drizzle leaves columns unqualified in a query without joins, and inside a
 * correlated subquery an unqualified "id" means the subquery's own table, not the outer row.
 */
export const qualified = (c: PgColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

/** A correlated count for a list column: `(select count(*) from t where col = outer.id)`. */
export const countOf = (t: PgTable, col: PgColumn, outerId: PgColumn) =>
  sql<number>`(select count(*)::int from ${t} where ${qualified(col)} = ${qualified(outerId)})`;
