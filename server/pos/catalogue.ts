import { sql, type SQL } from 'drizzle-orm';
import type { CatalogueAnswer, CatalogueProduct } from '../../domain/pos/till.ts';
import { IMAGES_API } from '../../domain/stock/image.ts';
import { rowsOf } from '../crud/sql.ts';
import type { Db } from '../db/index.ts';
import { catalogueRetired, categories, products, stockLevels, units } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';

/**
 * The till's catalogue, kept in the browser and brought up to date by what changed.
 *
 * Every products row and stock level carries the id of the transaction that last changed what
 * the till shows of it (`catalogue_xid`: products by a trigger, levels by the ledger's own
 * statements, deleted products in catalogue_retired; migration 0022). A sync pass first takes
 * `upto`, the oldest transaction still running (pg_snapshot_xmin of the current snapshot): every
 * transaction below it has ended, so whatever it changed is visible to the pass. The next pass
 * asks for rows changed by transactions at or after `upto` — which includes any that were still
 * running, however late they commit, whatever their id. So nothing is missed under concurrent
 * writes (a commit-ordered cursor, not a sequence whose numbers commit out of order); a row may
 * come twice, which the browser's upsert absorbs.
 *
 * Cursor: `<upto>` once a pass is done (the next call is a delta since it); `<since|all>:<upto>:<after>`
 * while a pass pages on (`after`: the last product id sent; pages go in id order).
 */

type Cursor = { since: number | null; upto: number; after: number };

const CURSOR = /^(?:(all|\d{1,19}):(\d{1,19}):(\d{1,10})|(\d{1,19}))$/;

function parseCursor(s: string): { since: number | null; upto?: number; after: number } {
  const m = CURSOR.exec(s);
  if (!m) throw validationError({ since: ['This is not a catalogue cursor the server gave: leave `since` out to sync the whole catalogue again.'] });
  if (m[4] !== undefined) return { since: Number(m[4]), after: 0 };
  return { since: m[1] === 'all' ? null : Number(m[1]), upto: Number(m[2]), after: Number(m[3]) };
}

const formatCursor = (c: Cursor, more: boolean) => (more ? `${c.since ?? 'all'}:${c.upto}:${c.after}` : String(c.upto));

const p = products;
const columns = sql`p.id, p.name, p.sku, p.barcode, p.category_id, p.sale_price, p.tax_bps, p.tax_method = 'inclusive' as prices_include_tax,
  p.tracks_serials, u.short_name as unit_name, coalesce(l.qty, 0) as on_hand, p.status,
  case when p.image is null then null else ${`${IMAGES_API}/`} || p.image || '/thumb' end as image`;
const from = sql`${p} p join ${units} u on u.id = p.unit_id left join ${stockLevels} l on l.product_id = p.id`;

type ProductRow = Omit<CatalogueProduct, 'on_hand'> & { on_hand: number | string; status: string };
const shown = ({ status: _s, ...r }: ProductRow): CatalogueProduct => ({ ...r, on_hand: Number(r.on_hand) });

/** One page of a sync pass: a first sync (no `since`) or a delta (a done pass's cursor). */
export async function cataloguePage(db: Db, q: { since?: string | undefined; limit: number }): Promise<CatalogueAnswer> {
  const parsed = q.since === undefined ? { since: null, after: 0 } : parseCursor(q.since);
  const [now] = await rowsOf<{ xmin: string | number; xmax: string | number }>(
    db,
    sql`select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as xmin, pg_snapshot_xmax(pg_current_snapshot())::text::bigint as xmax`,
  );
  // A cursor from ahead of this database (it was restored or replaced): start again from the whole catalogue.
  const reset = parsed.since !== null && parsed.since > Number(now!.xmax);
  const c: Cursor = reset ? { since: null, upto: Number(now!.xmin), after: 0 } : { since: parsed.since, upto: parsed.upto ?? Number(now!.xmin), after: parsed.after };
  const page = c.since === null ? await fullPage(db, c, q.limit) : await deltaPage(db, c, q.limit);
  const cats = await rowsOf<{ id: number; name: string }>(db, sql`select id, name from ${categories} where status = 'active' order by name, id`);
  const last = page.ids.at(-1);
  const next = { ...c, after: last ?? c.after };
  return { products: page.products, retired: page.retired, categories: cats, cursor: formatCursor(next, page.more), more: page.more, ...(reset ? { reset: true as const } : {}) };
}

/** Every active product, in id order. */
async function fullPage(db: Db, c: Cursor, limit: number) {
  const rows = await rowsOf<ProductRow>(db, sql`select ${columns} from ${from} where p.status = 'active' and p.id > ${c.after} order by p.id limit ${limit + 1}`);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  return { ids: page.map((r) => r.id), products: page.map(shown), retired: [] as number[], more };
}

/** The products changed since the cursor (their row, their level, or deleted), in id order: the active ones sent, the others retired. */
async function deltaPage(db: Db, c: Cursor, limit: number) {
  const since = sql`${c.since}::bigint`;
  const changed = (table: SQL, id: SQL) => sql`select ${id} as id from ${table} where catalogue_xid >= ${since} and ${id} > ${c.after}`;
  const ids = (
    await rowsOf<{ id: number }>(
      db,
      sql`select id from (${changed(sql`${p}`, sql`id`)} union ${changed(sql`${stockLevels}`, sql`product_id`)} union ${changed(sql`${catalogueRetired}`, sql`product_id`)}) c
          order by id limit ${limit + 1}`,
    )
  ).map((r) => Number(r.id));
  const more = ids.length > limit;
  const page = ids.slice(0, limit);
  const rows = page.length ? await rowsOf<ProductRow>(db, sql`select ${columns} from ${from} where p.id = any(${sql.param(page)}::int[]) order by p.id`) : [];
  const active = rows.filter((r) => r.status === 'active');
  const kept = new Set(active.map((r) => r.id));
  return { ids: page, products: active.map(shown), retired: page.filter((id) => !kept.has(id)), more };
}
