import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DocumentTotals } from '../../domain/documents/totals.ts';
import type { Tx } from '../db/index.ts';
import { products, serials, stockMovements, units } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';

/**
 * The engine's lines: what every kind with lines (purchases; sales, returns, quotations next)
 * does to them the same way. A line table has id, position, product_id and the totals' net,
 * tax and total; `parent` names its document column (purchase_id).
 */
export interface LineTable {
  table: PgTable & { id: PgColumn; position: PgColumn; product_id: PgColumn };
  parent: string;
}

type Errors = Record<string, string[]>;
const refuse = (errors: Errors) => {
  if (Object.keys(errors).length) throw validationError(errors);
};

/** A line that moves stock: the document line, how many, its serials, and where errors about it go. */
export interface Moving<L extends LineLike = LineLike> {
  line: L;
  quantity: number;
  serials: string[];
  path: string;
}
interface LineLike {
  id: number;
  product_id: number;
}

/** The lines of document `id` in order, with what errors say of their products (name, serial tracking): one statement. */
export async function linesWithProducts<L extends LineLike>(tx: Tx, l: LineTable, id: number) {
  const cols = getTableColumns(l.table) as Record<string, PgColumn>;
  const got = await tx
    .select({ l: l.table as PgTable, name: products.name, tracks_serials: products.tracks_serials } as never)
    .from(l.table as PgTable)
    .innerJoin(products, eq(products.id, l.table.product_id))
    .where(eq(cols[l.parent]!, id))
    .orderBy(asc(l.table.position));
  const rows = got as unknown as { l: L; name: string; tracks_serials: boolean }[];
  return {
    lines: rows.map((r) => r.l),
    names: new Map(rows.map((r) => [r.l.product_id, r.name])),
    serial: new Map(rows.map((r) => [r.l.product_id, r.tracks_serials])),
  };
}

/** A document's lines in order. */
export const linesOf = <L>(tx: Tx, l: LineTable, id: number) =>
  tx
    .select()
    .from(l.table as PgTable)
    .where(eq((getTableColumns(l.table) as Record<string, PgColumn>)[l.parent]!, id))
    .orderBy(asc(l.table.position)) as unknown as Promise<L[]>;

/** Inserts `rows` as document `id`'s lines, positions in order; answers them in that order. */
export async function insertLines<L extends { position: number }>(tx: Tx, l: LineTable, id: number, rows: readonly Record<string, unknown>[]): Promise<L[]> {
  const got = (await tx
    .insert(l.table)
    .values(rows.map((r, i) => ({ ...r, [l.parent]: id, position: i })) as never)
    .returning()) as unknown as L[];
  return got.sort((a, b) => a.position - b.position);
}

/**
 * Adds to a counter column of several lines in ONE statement (UPDATE … FROM unnest), whatever
 * their number; a line named twice adds both. The lines are the locked document's, so no other
 * writer waits on them; the table's CHECK keeps the counters within bounds.
 */
export async function addToLines(tx: Tx, l: LineTable, column: string, moving: readonly Moving<LineLike & Record<string, unknown>>[]): Promise<void> {
  const byLine = new Map<number, number>();
  for (const m of moving) byLine.set(m.line.id, (byLine.get(m.line.id) ?? 0) + m.quantity);
  if (!byLine.size) return;
  const sorted = [...byLine].sort(([a], [b]) => a - b);
  const col = sql.identifier(column);
  await tx.execute(sql`update ${l.table} as l set ${col} = l.${col} + v.q
    from unnest(${sql.param(sorted.map(([id]) => id))}::int[], ${sql.param(sorted.map(([, q]) => q))}::int[]) as v(id, q) where l.id = v.id`);
  for (const m of moving) (m.line as Record<string, unknown>)[column] = (m.line[column] as number) + m.quantity;
}

/** Sets one column of several lines to each line's own value (line id → value) in ONE statement: a sale's unit cost once its stock has left. */
export async function setOnLines(tx: Tx, l: LineTable, column: string, values: ReadonlyMap<number, number>): Promise<void> {
  if (!values.size) return;
  const sorted = [...values].sort(([a], [b]) => a - b);
  await tx.execute(sql`update ${l.table} as l set ${sql.identifier(column)} = v.x
    from unnest(${sql.param(sorted.map(([id]) => id))}::int[], ${sql.param(sorted.map(([, x]) => x))}::bigint[]) as v(id, x) where l.id = v.id`);
}

/** Stores each line's share of the totals (net, tax, total) where it changed: one statement. */
export async function restateLines(tx: Tx, table: PgTable, lines: readonly Record<string, unknown>[], totals: DocumentTotals): Promise<void> {
  const changed = lines.flatMap((l, i) => {
    const t = totals.lines[i]!;
    return l.net !== t.net || l.tax !== t.tax || l.total !== t.total ? [sql`(${l.id}::int, ${t.net}::bigint, ${t.tax}::bigint, ${t.total}::bigint)`] : [];
  });
  if (!changed.length) return;
  await tx.execute(sql`update ${table} as l set net = v.net, tax = v.tax, total = v.total
    from (values ${sql.join(changed, sql`, `)}) as v(id, net, tax, total) where l.id = v.id`);
}

type Product = { id: number; name: string; sku: string; barcode: string | null; cost_price: number; sale_price: number; tracks_serials: boolean; tax_bps: number; tax_method: 'exclusive' | 'inclusive'; status: string };

/**
 * The products of `lines`, or a 422 under the first line whose product is gone, and under any
 * line `check` says something of (its path under the line, and the sentence).
 */
export async function productsFor<T extends { product_id: number }>(tx: Tx, lines: readonly T[], check?: (line: T, p: Product) => [string, string] | undefined) {
  const ids = [...new Set(lines.map((l) => l.product_id))];
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      barcode: products.barcode,
      cost_price: products.cost_price,
      sale_price: products.sale_price,
      tracks_serials: products.tracks_serials,
      tax_bps: products.tax_bps,
      tax_method: products.tax_method,
      status: products.status,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((p) => [p.id, p]));
  const errors: Errors = {};
  lines.forEach((l, i) => {
    const p = byId.get(l.product_id);
    const said: [string, string] | undefined = p ? check?.(l, p) : ['product_id', 'This product no longer exists. Choose another.'];
    if (said) errors[`lines.${i}.${said[0]}`] = [said[1]];
  });
  refuse(errors);
  return byId;
}

/**
 * Request lines (line_id, quantity, serials) → the document's lines, with 422s under the
 * request line's own path: a line not on the document, or more than `room` allows.
 */
export function resolveMoving<L extends LineLike>(
  noun: string,
  lines: readonly L[],
  wanted: readonly { line_id: number; quantity: number; serials: string[] }[],
  room: (l: L) => number,
  tooMany: (n: number, name: string) => string,
  names: Map<number, string>,
): Moving<L>[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const errors: Errors = {};
  const out: Moving<L>[] = [];
  wanted.forEach((w, i) => {
    const line = byId.get(w.line_id);
    if (!line) {
      errors[`lines.${i}.line_id`] = [`This line is not on this ${noun}. Reload the ${noun} and try again.`];
      return;
    }
    if (w.quantity > room(line)) errors[`lines.${i}.quantity`] = [tooMany(room(line), names.get(line.product_id) ?? 'this product')];
    out.push({ line, quantity: w.quantity, serials: w.serials, path: `lines.${i}` });
  });
  refuse(errors);
  return out;
}

/** What history keeps of the lines an action moved. */
export const movedData = (moving: readonly Moving[]) => ({ lines: moving.map((m) => ({ line_id: m.line.id, product_id: m.line.product_id, quantity: m.quantity, serials: m.serials })) });

/** Serial-tracked lines name one serial per unit; others none. Said under the line before the ledger would. */
export function checkSerialCounts(moving: readonly Moving[], serial: Map<number, boolean>, names: Map<number, string>): void {
  const errors: Errors = {};
  for (const m of moving) {
    const tracks = serial.get(m.line.product_id);
    if (tracks && m.serials.length !== m.quantity) {
      errors[`${m.path}.serials`] = [`“${names.get(m.line.product_id)}” tracks serial numbers: name one per unit (${m.quantity} ${m.quantity === 1 ? 'unit' : 'units'}, ${m.serials.length} named).`];
    }
    if (!tracks && m.serials.length) errors[`${m.path}.serials`] = [`“${names.get(m.line.product_id)}” does not track serial numbers; leave them out.`];
  }
  refuse(errors);
}

const lowered = (serialList: readonly string[]) => serialList.map((s) => s.trim().toLowerCase());
const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** A serial coming in that is already in stock: refused under its own path (lines.2.serials.0), naming it. */
export async function checkSerialsNew(tx: Tx, moving: readonly Moving[], names: Map<number, string>): Promise<void> {
  const withSerials = moving.filter((m) => m.serials.length);
  if (!withSerials.length) return;
  // One statement for every line: the (product, serial) pairs already in stock.
  const pairs = withSerials.flatMap((m) => lowered(m.serials).map((s) => ({ product: m.line.product_id, serial: s })));
  const hits = await tx
    .select({ product_id: serials.product_id, serial: serials.serial })
    .from(serials)
    .where(
      and(
        eq(serials.state, 'in_stock'),
        sql`(${serials.product_id}, lower(${serials.serial})) in (select * from unnest(${sql`array[${sql.join(pairs.map((p) => sql`${p.product}`), sql`, `)}]::int[]`}, ${textArray(pairs.map((p) => p.serial))}))`,
      ),
    );
  const taken = new Set(hits.map((h) => `${h.product_id} ${h.serial.toLowerCase()}`));
  const errors: Errors = {};
  for (const m of withSerials) {
    m.serials.forEach((s, k) => {
      if (taken.has(`${m.line.product_id} ${s.trim().toLowerCase()}`)) errors[`${m.path}.serials.${k}`] = [`Serial number ${s.trim()} of “${names.get(m.line.product_id)}” is already in stock.`];
    });
  }
  refuse(errors);
}

/**
 * A serial going back where it came from must have moved on this document (`source`) and not
 * come back since: in on it (a purchase's, going back to the supplier) or out on it (a sale's,
 * coming back from the customer; once back in stock it no longer names the sale). Refused under
 * its path otherwise.
 */
export async function checkSerialsCameIn(tx: Tx, moving: readonly Moving[], names: Map<number, string>, source: { type: string; id: number; noun: string; way?: 'in' | 'out' }): Promise<void> {
  const errors: Errors = {};
  const out = source.way === 'out';
  for (const m of moving.filter((x) => x.serials.length)) {
    const want = lowered(m.serials);
    const came = await tx
      .select({ serial: serials.serial })
      .from(serials)
      .innerJoin(stockMovements, eq(stockMovements.id, out ? serials.out_movement_id : serials.in_movement_id))
      .where(and(eq(serials.product_id, m.line.product_id), eq(stockMovements.source_type, source.type), eq(stockMovements.source_id, source.id), sql`lower(${serials.serial}) = any(${textArray(want)})`));
    const ours = new Set(came.map((c) => c.serial.toLowerCase()));
    want.forEach((s, k) => {
      if (!ours.has(s)) errors[`${m.path}.serials.${k}`] = [`Serial number ${m.serials[k]!.trim()} of “${names.get(m.line.product_id)}” did not ${out ? 'leave' : 'come in'} on this ${source.noun}${out ? ' or is back already' : ''}.`];
    });
  }
  refuse(errors);
}

/** A document's lines with their products, as one JSON array (a subquery of the document's row, `docId` its id). */
export function linesJson(l: LineTable, docId: SQL) {
  const columns = Object.entries(getTableColumns(l.table) as Record<string, PgColumn>).map(([key, col]) => sql.raw(`'${key}', l."${col.name}"`));
  return sql<unknown>`(
  select coalesce(json_agg(json_build_object(${sql.join(columns, sql`, `)}, 'product_name', pr.name, 'sku', pr.sku,
    'barcode', pr.barcode, 'tracks_serials', pr.tracks_serials, 'unit_name', un.short_name) order by l.position), '[]')
  from ${l.table} l join ${products} pr on pr.id = l.product_id join ${units} un on un.id = pr.unit_id
  where l.${sql.identifier(l.parent)} = ${docId})`;
}
