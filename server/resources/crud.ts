import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { capitalise } from '../../domain/fields.ts';
import { apiListQuery, bulkDeleteBody, type ListQuery, type ResourceDef, type Row } from '../../domain/resource.ts';
import type { Db } from '../db/index.ts';
import { readJson } from '../http/body.ts';
import { route, type AppContext, type RouteDef } from '../http/context.ts';
import { ApiError, validationError, zodErrors } from '../http/errors.ts';
import { toCsv } from './csv.ts';

/** The transaction handle drizzle passes to `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Expr = PgColumn | SQL;
type AnyTable = PgTable & { id: PgColumn };

export interface UsedBy {
  /** Counts the rows that point at record `id`. */
  count: (db: Db | Tx, id: number) => Promise<number>;
  /** "3 customers" */
  what: (n: number) => string;
}

export interface ServerResource {
  def: ResourceDef;
  table: AnyTable;
  /** Extra list/show columns (joins, counts) on top of the table's own. */
  extra?: Record<string, SQL.Aliased>;
  /** Left joins the extra columns need. */
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
  afterWrite?: (tx: Tx, id: number, body: Record<string, unknown>) => Promise<void>;
  /** Extra fields of one record for its edit form (e.g. role_ids). */
  detail?: (db: Db | Tx, id: number) => Promise<Record<string, unknown>>;
  /** Refuse an update (throw ApiError), e.g. stripping the Super Admin role. */
  beforeUpdate?: (tx: Tx, row: Row, body: Record<string, unknown>, c: AppContext) => Promise<void> | void;
  /** Refuse a delete (throw ApiError), e.g. deleting yourself. */
  beforeDelete?: (tx: Tx, row: Row, c: AppContext) => Promise<void> | void;
}

const PG_UNIQUE = '23505';
const PG_FOREIGN_KEY = '23503';

/** drizzle wraps driver errors; the PostgreSQL code and constraint sit somewhere in the cause chain. */
export function pgError(e: unknown): { code: string; constraint: string } | undefined {
  for (let cur: any = e, depth = 0; cur && depth < 5; cur = cur.cause, depth++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) {
      return { code: cur.code, constraint: String(cur.constraint_name ?? cur.constraint ?? '') };
    }
  }
  return undefined;
}

const parseId = (raw: string | undefined): number | undefined => {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
};

/** Strict query parsing: unknown parameters and bad values answer 422 naming them. */
function readQuery(c: AppContext, schema: z.ZodType<ListQuery>): ListQuery {
  const raw: Record<string, string> = {};
  for (const [k, v] of new URL(c.req.url).searchParams) raw[k] = v;
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(zodErrors(result.error));
  return result.data;
}

/** Builds list/show/create/update/delete/bulk-delete/export for one resource. */
export function crudRoutes(res: ServerResource): RouteDef[] {
  const { def, table } = res;
  const one = def.label.one;
  const One = capitalise(one);
  const own = getTableColumns(table) as Record<string, PgColumn>;
  const selection = { ...own, ...res.extra };
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
      const pattern = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
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

  async function list(db: Db, q: ListQuery) {
    const cond = where(q);
    const [totalRow] = await db.select({ n: count() }).from(table).where(cond);
    const total = Number(totalRow?.n ?? 0);
    const data = (await selectRows(db)
      .where(cond)
      .orderBy(...orderOf(q))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)) as Row[];
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
    throw e;
  }

  async function usage(db: Db | Tx, id: number): Promise<string[]> {
    const out: string[] = [];
    for (const u of res.usedBy ?? []) {
      const n = await u.count(db, id);
      if (n > 0) out.push(u.what(n));
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
          const current = await findRow(tx, targetId);
          if (!current) throw notFound();
          if (ifMatch && ifMatch !== etagOf(current)) {
            throw new ApiError(
              409,
              `Someone else changed this ${one} while you were editing it. Reload to see their changes, then make yours again.`,
              { code: 'stale' },
            );
          }
          await res.beforeUpdate?.(tx, current, body, c);
          const values = await (res.toRow?.(body, { tx, id: targetId }) ?? body);
          await tx.update(table).set({ ...values, updated_at: new Date() } as never).where(eq(table.id, targetId));
        } else {
          const values = await (res.toRow?.(body, { tx }) ?? body);
          const [inserted] = (await tx.insert(table).values(values as never).returning({ id: table.id })) as { id: number }[];
          targetId = inserted!.id;
        }
        await res.afterWrite?.(tx, targetId, body);
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

  async function remove(c: AppContext, ids: number[]): Promise<number> {
    const { db } = c.var;
    try {
      return await db.transaction(async (tx) => {
        const rows = (await selectRows(tx).where(inArray(table.id, ids))) as Row[];
        for (const row of rows) {
          await res.beforeDelete?.(tx, row, c);
          const uses = await usage(tx, row.id);
          if (uses.length) {
            const lead = ids.length > 1 ? `Nothing was deleted: ${one} “${title(row)}”` : `This ${one} cannot be deleted: it`;
            throw new ApiError(409, `${lead} is used by ${uses.join(' and ')}.`, { code: 'in_use' });
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

  const p = def.permissions;
  const base = def.api;
  return [
    route('GET', base, p.list, async (c) => c.json(await list(c.var.db, readQuery(c, querySchema)), 200)),
    route('GET', `${base}/export`, p.list, async (c) => {
      const q = readQuery(c, querySchema);
      const rows = (await selectRows(c.var.db).where(where(q)).orderBy(...orderOf(q)).limit(EXPORT_MAX)) as Row[];
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

export const EXPORT_MAX = 50_000;

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

/** A correlated count for a list column: `(select count(*) from t where col = outer.id)`. */
export const countOf = (t: PgTable, col: PgColumn, outerId: PgColumn) =>
  sql<number>`(select count(*)::int from ${t} where ${col} = ${outerId})`;
