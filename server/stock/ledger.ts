import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ApiErrorBody } from '../../domain/auth.ts';
import {
  MOVEMENT_KINDS,
  SERIAL_STATE_OUT,
  SERIAL_STATES,
  signAllowed,
  type AdjustmentReason,
  type MovementKind,
  type SerialState,
} from '../../domain/stock/kinds.ts';
import type { Tx } from '../db/index.ts';
import { qualified, rowsOf } from '../crud/sql.ts';
import { products, serials, stockLevels, stockMovements, stockMovementSerials, units } from '../db/schema.ts';
import { ApiError, validationError } from '../http/errors.ts';

/**
 * THE STOCK LEDGER: the only code that writes stock movements, stock levels and serial numbers.
 * Adjustments (server/stock/routes.ts) call it now; purchases, sales, returns and the till call
 * it inside their own transactions:
 *
 *   const posted = await post(tx, {
 *     kind: 'purchase_receipt',
 *     lines: [{ productId: 7, quantity: 3, unitCost: 1250, serials: ['A1', 'A2', 'A3'], sourceLineId: 41 }],
 *     source: { type: 'purchase', id: 12 },
 *     userId: c.var.auth.row.id,
 *   });
 *
 * What it guarantees, whatever else runs at the same time (PostgreSQL, READ COMMITTED):
 * - A product's level (`stock_levels`) is changed only here, by ONE guarded statement per
 *   movement, in the caller's transaction: stock going out is
 *   `UPDATE stock_levels SET qty = qty + $d … WHERE product_id = $p AND qty + $d >= 0 RETURNING …`
 *   (no row back: not enough stock, refused), stock coming in is an upsert that adds. Never a
 *   read followed by a write. A CHECK keeps qty >= 0 besides. So the level always equals the
 *   sum of the product's movements and is never negative.
 * - Levels are locked in product id order, so two documents touching the same products cannot
 *   deadlock: a single line takes its one lock with its guarded statement; several lines first
 *   lock every level row involved (one INSERT … ORDER BY product_id ON CONFLICT DO UPDATE …
 *   WHERE false: made when missing, locked FOR UPDATE when there), then one statement
 *   adds all incoming lines and one guarded statement takes all outgoing ones (a few statements
 *   whatever the number of lines), and one INSERT writes the movements. A single line's
 *   guarded statement and its movement's INSERT are one statement (postOne). The products are read
 *   FOR NO KEY UPDATE first (in id order too), so a product cannot change whether it tracks
 *   serials, its alert quantity or status, or be deleted while stock moves: the database's
 *   low_stock table (migration 0013), which a level's change reads the product for, stays
 *   right. A lock, not a write: a movement never writes a product row (FOR SHARE was refused
 *   while a low-stock flag lived on the product row, migration 0009: two posts of one product
 *   each held the share lock the other's flag update waited for, and deadlocked).
 * - Refusals throw, so the caller's transaction rolls back whole: a StockError (409) naming the
 *   product and what is available, or naming a serial that is not where it should be; a 422
 *   (`ApiError`) for a line that can never be right (wrong sign for the kind, serial numbers
 *   missing, named twice or not wanted). Error keys are `lines.{i}.{field}` (or `line.path`).
 * - Valuation is by moving average: an incoming line at `unitCost` makes the average
 *   (qty·avg + in·cost) / (qty + in) (just `cost` when nothing was on hand); without a cost it
 *   comes in at the current average (a product that never had stock: its cost price). An
 *   outgoing line leaves at the current average, recorded on its movement (`unit_cost`, and
 *   `value` = quantity × unit_cost), so profit is revenue minus that.
 * - Serial-tracked products name exactly |quantity| serials on each line. Coming in, each is
 *   new or is a known serial that is not in stock (sold, returned, written off) coming back;
 *   going out, each must be in stock and flips (`WHERE state = 'in_stock'`) to sold (sale),
 *   returned (purchase return) or written off (adjustment). One row per unit, unique per
 *   product (letter case aside), so a product's on hand always equals its serials in stock.
 * - Movements are append-only (a trigger refuses UPDATE and DELETE): correct with a new one.
 * - Each statement that changes a level stamps it with its transaction's id (`catalogue_xid`,
 *   migration 0022; a new level takes it as its default), so the till's catalogue sync
 *   (server/pos/catalogue.ts) sends the new on hand, whoever moved the stock.
 */

/** A level changed by this transaction, for the till's catalogue sync. */
const CATALOGUE_CHANGED = sql.raw('catalogue_xid = pg_current_xact_id()::text::bigint');

export interface PostLine {
  productId: number;
  /** Signed: positive comes in, negative goes out; the kind decides which are allowed. */
  quantity: number;
  /** Incoming only: minor units per unit. Default: the current average cost, else the product's cost price. */
  unitCost?: number | undefined;
  /** Serial-tracked products: exactly |quantity| serial numbers; others: none. */
  serials?: readonly string[] | undefined;
  /** The document line this movement belongs to (a purchase line, a sale line). */
  sourceLineId?: number | undefined;
  /** Where errors about this line go: `lines.{i}` by default, '' for a form of one line (`quantity`, `serials`). */
  path?: string | undefined;
}

export interface PostInput {
  kind: MovementKind;
  /** Adjustments: why (count correction, damage, loss, found, opening). */
  reason?: AdjustmentReason | undefined;
  note?: string | null | undefined;
  lines: readonly PostLine[];
  /** The document the movements belong to: { type: 'purchase', id: 12 }. */
  source?: { type: string; id: number } | undefined;
  /** Who did it; null for the system (the demo seed). */
  userId: number | null;
  /** When (default now); the demo seed backdates its history. */
  at?: Date | undefined;
}

export interface PostedMovement {
  id: number;
  productId: number;
  quantity: number;
  /** What it came in at, or the average cost it left at (minor units per unit). */
  unitCost: number;
  /** quantity × unitCost, signed. */
  value: number;
  qtyAfter: number;
  /** The moving average cost after this movement, minor units with up to four decimals. */
  avgCostAfter: number;
  valueAfter: number;
  serials: string[];
  /** The product after this movement, as the product list shows it (so an answer needs no read of its own). */
  product: { name: string; alertQuantity: number; unitName: string | null; avgCost: number | null; stockValue: number };
}

/** A refusal about stock (409): names the product and how much is available. */
export class StockError extends ApiError {
  constructor(
    message: string,
    readonly product: { id: number; name: string; available: number },
    extra: { code: string; errors?: Record<string, string[]> },
  ) {
    super(409, message, extra);
  }

  override body(): ApiErrorBody & { product: { id: number; name: string; available: number } } {
    return { ...super.body(), product: this.product };
  }
}

interface ProductRow {
  id: number;
  name: string;
  tracks_serials: boolean;
  cost_price: number;
  alert_quantity: number;
  unit_name: string | null;
}

interface LevelRow {
  qty: number;
  avg_cost: string | null;
  movements: number;
  /** round(avg_cost) and round(qty × avg_cost), as the product list computes them. */
  avg_cost_rounded: number | null;
  stock_value: number;
}

/** What a level statement returns besides qty, avg_cost and movements: the product list's avg_cost and stock_value. */
const levelShown = (l: string) =>
  sql.raw(`round(${l}.avg_cost)::int as avg_cost_rounded, coalesce(round(${l}.qty * ${l}.avg_cost), 0)::float8 as stock_value`);

const keyOf = (line: PostLine, i: number, field: string) =>
  line.path === undefined ? `lines.${i}.${field}` : line.path ? `${line.path}.${field}` : field;

const unitsText = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** The checks that need nothing but the input: 422s that no retry could fix. */
function checkInput(input: PostInput): void {
  if (!(input.kind in MOVEMENT_KINDS)) throw new Error(`ledger: unknown movement kind ${input.kind}`);
  if (input.lines.length === 0) throw validationError({ lines: ['Add at least one line.'] });
  const errors: Record<string, string[]> = {};
  input.lines.forEach((line, i) => {
    if (!Number.isSafeInteger(line.quantity) || !signAllowed(input.kind, line.quantity)) {
      const sign = MOVEMENT_KINDS[input.kind].sign;
      errors[keyOf(line, i, 'quantity')] = [
        line.quantity === 0
          ? 'Enter a quantity other than 0.'
          : `${MOVEMENT_KINDS[input.kind].label} ${sign > 0 ? 'puts stock in: use a positive quantity' : 'takes stock out: use a negative quantity'}.`,
      ];
    }
    if (line.unitCost !== undefined && (!Number.isSafeInteger(line.unitCost) || line.unitCost < 0)) {
      errors[keyOf(line, i, 'unit_cost')] = ['Enter a unit cost of 0 or more, in whole cents.'];
    }
    const seen = new Set<string>();
    for (const s of line.serials ?? []) {
      const key = s.trim().toLowerCase();
      if (!key) errors[keyOf(line, i, 'serials')] = ['Enter a serial number or remove the empty one.'];
      else if (seen.has(key)) errors[keyOf(line, i, 'serials')] = [`Serial number ${s.trim()} is named twice.`];
      seen.add(key);
    }
  });
  if (Object.keys(errors).length) throw validationError(errors);
}

/** Posts the movements of one operation in the caller's transaction; see the top of this file. */
export async function post(tx: Tx, input: PostInput): Promise<PostedMovement[]> {
  checkInput(input);
  const ids = [...new Set(input.lines.map((l) => l.productId))].sort((a, b) => a - b);
  const found = await tx
    .select({
      id: products.id,
      name: products.name,
      tracks_serials: products.tracks_serials,
      cost_price: products.cost_price,
      alert_quantity: products.alert_quantity,
      // A subquery, not a join: FOR NO KEY UPDATE locks the rows of the FROM list only.
      unit_name: sql<string | null>`(select ${qualified(units.short_name)} from ${units} where ${qualified(units.id)} = ${qualified(products.unit_id)})`,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('no key update');
  const byId = new Map<number, ProductRow>(found.map((p) => [p.id, p]));

  const lines = input.lines.map((line, i) => {
    const product = byId.get(line.productId);
    if (!product) throw validationError({ [keyOf(line, i, 'product_id')]: ['This product no longer exists. Choose another.'] });
    return { line, i, product, serials: checkSerials(line, i, product) };
  });
  // One line (an adjustment, most sales): one statement moves the level (guarded) and writes the movement.
  if (lines.length === 1) return [await postOne(tx, input, lines[0]!)];
  // Several: a few statements for all of them.
  const levels = await moveMany(tx, lines);

  const rowsToInsert = lines.map(({ line, product }, k) => {
    const level = levels[k]!;
    const avg = level.avg_cost === null ? 0 : Number(level.avg_cost);
    const unitCost = line.quantity > 0 && line.unitCost !== undefined ? line.unitCost : Math.round(avg);
    return {
      avg,
      row: {
        product_id: product.id,
        kind: input.kind,
        reason: input.reason ?? null,
        quantity: line.quantity,
        unit_cost: unitCost,
        value: line.quantity * unitCost,
        qty_after: level.qty,
        value_after: Math.round(level.qty * avg),
        source_type: input.source?.type ?? null,
        source_id: input.source?.id ?? null,
        source_line_id: line.sourceLineId ?? null,
        note: input.note ?? null,
        user_id: input.userId,
        ...(input.at ? { created_at: input.at } : {}),
      },
    };
  });
  const ids2 = await insertMovements(tx, input, rowsToInsert.map((r) => r.row));

  const out: PostedMovement[] = [];
  for (const [k, work] of lines.entries()) {
    const { row, avg } = rowsToInsert[k]!;
    const movementId = ids2[k]!.id;
    await moveSerials(tx, input, work, movementId, row.unit_cost, row.qty_after);
    out.push(posted(work, levels[k]!, { id: movementId, unit_cost: row.unit_cost, value: row.value, qty_after: row.qty_after, value_after: row.value_after }, avg));
  }
  return out;
}

interface MovementValues {
  id: number;
  unit_cost: number;
  value: number;
  qty_after: number;
  value_after: number;
}

function posted({ line, product, serials: names }: LineWork, level: LevelRow, m: MovementValues, avg: number): PostedMovement {
  return {
    id: m.id,
    productId: product.id,
    quantity: line.quantity,
    unitCost: m.unit_cost,
    value: m.value,
    qtyAfter: m.qty_after,
    avgCostAfter: avg,
    valueAfter: m.value_after,
    serials: names,
    product: {
      name: product.name,
      alertQuantity: product.alert_quantity,
      unitName: product.unit_name,
      avgCost: level.avg_cost_rounded === null ? null : Number(level.avg_cost_rounded),
      stockValue: Number(level.stock_value),
    },
  };
}

/** The line's serial numbers change state with its movement (none for a product that does not track them). */
async function moveSerials(tx: Tx, input: PostInput, { line, i, product, serials: names }: LineWork, movementId: number, unitCost: number, qtyAfter: number): Promise<void> {
  if (!names.length) return;
  const moved =
    line.quantity > 0
      ? await serialsIn(tx, product, line, i, names, movementId, unitCost, qtyAfter)
      : await serialsOut(tx, product, line, i, names, movementId, SERIAL_STATE_OUT[input.kind], qtyAfter);
  await tx.insert(stockMovementSerials).values(moved.map((serial_id) => ({ movement_id: movementId, serial_id })));
}

/** JavaScript's Math.round of a float8 (half up, towards +∞), so SQL stores what the several-line path computes in JS. */
const jsRound = (x: SQL) => sql`(case when ${x} - floor(${x}) >= 0.5 then ceil(${x}) else floor(${x}) end)`;

/**
 * One line in one statement: the level's change (the upsert that adds, or the guarded update
 * that takes; see the top of this file) and, from the row it returns, the movement, valued as
 * `post` values the lines of several (the average as a float8, as JS reads it, rounded as
 * Math.round rounds). No row back: the guarded update refused, and no movement was written.
 */
async function postOne(tx: Tx, input: PostInput, work: LineWork): Promise<PostedMovement> {
  const { line, i, product } = work;
  const d = line.quantity;
  const costGiven = d > 0 && line.unitCost !== undefined;
  const level =
    d > 0
      ? sql`insert into ${stockLevels} as l (product_id, qty, avg_cost, movements)
            values (${product.id}::int, ${d}::int, ${String(costGiven ? line.unitCost : product.cost_price)}::numeric, 1)
            on conflict (product_id) do update set
              qty = l.qty + excluded.qty,
              avg_cost = ${
                costGiven
                  ? sql`case when l.qty = 0 or l.avg_cost is null then excluded.avg_cost
                        else (l.qty * l.avg_cost + excluded.qty * excluded.avg_cost) / (l.qty + excluded.qty) end`
                  : sql`coalesce(l.avg_cost, excluded.avg_cost)`
              },
              movements = l.movements + 1, ${CATALOGUE_CHANGED}, updated_at = now()
            returning l.qty, l.avg_cost, l.movements, ${levelShown('l')}`
      : sql`update ${stockLevels} as l set qty = l.qty + ${d}::int, movements = l.movements + 1, ${CATALOGUE_CHANGED}, updated_at = now()
            where l.product_id = ${product.id}::int and l.qty + ${d}::int >= 0
            returning l.qty, l.avg_cost, l.movements, ${levelShown('l')}`;
  const avg = sql`coalesce(v.avg_cost::float8, 0)`;
  const unitCost = costGiven ? sql`${line.unitCost!}::int` : sql`${jsRound(avg)}::int`;
  const [got] = await rowsOf<LevelRow & MovementValues>(
    tx,
    sql`with v as (${level}),
        m as (
          insert into ${stockMovements} (product_id, kind, reason, quantity, unit_cost, value, qty_after, value_after,
            source_type, source_id, source_line_id, note, user_id, created_at)
          select ${product.id}::int, ${input.kind}::varchar, ${input.reason ?? null}::varchar, ${d}::int, ${unitCost}, ${d}::bigint * ${unitCost},
            v.qty, ${jsRound(sql`v.qty * ${avg}`)}::bigint, ${input.source?.type ?? null}::varchar, ${input.source?.id ?? null}::int,
            ${line.sourceLineId ?? null}::int, ${input.note ?? null}::text, ${input.userId}::int, coalesce(${input.at?.toISOString() ?? null}::timestamptz, now())
          from v
          returning id, unit_cost, value, qty_after, value_after
        )
        select m.id, m.unit_cost, m.value, m.qty_after, m.value_after, v.qty, v.avg_cost::text as avg_cost, v.movements, v.avg_cost_rounded, v.stock_value
        from m, v`,
  );
  if (!got) return refuseShort(tx, product, line, i);
  const m: MovementValues = { id: Number(got.id), unit_cost: Number(got.unit_cost), value: Number(got.value), qty_after: Number(got.qty_after), value_after: Number(got.value_after) };
  await moveSerials(tx, input, work, m.id, m.unit_cost, m.qty_after);
  return posted(work, got, m, got.avg_cost === null ? 0 : Number(got.avg_cost));
}

type MovementRow = Omit<typeof stockMovements.$inferInsert, 'id'>;

/**
 * One INSERT for the operation's movements, whatever its number of lines: what differs per
 * line goes as one array per column (unnest), what the operation shares as one value. So the
 * statement is the same text for 1 or 200 lines, with 7 parameters where a VALUES list had 14
 * per line (drizzle spent about 3 ms of CPU building that list for a 20-line receipt, --cpu-prof).
 * The ids come back in the lines' order (WITH ORDINALITY, ORDER BY).
 */
async function insertMovements(tx: Tx, input: PostInput, movements: MovementRow[]): Promise<{ id: number }[]> {
  const column = <K extends keyof MovementRow>(k: K) => sql.param(movements.map((m) => m[k] ?? null));
  const got = await rowsOf<{ id: number }>(
    tx,
    sql`insert into ${stockMovements} (product_id, kind, reason, quantity, unit_cost, value, qty_after, value_after,
          source_type, source_id, source_line_id, note, user_id, created_at)
        select m.product_id, ${input.kind}::varchar, ${input.reason ?? null}::varchar, m.quantity, m.unit_cost, m.value,
          m.qty_after, m.value_after, ${input.source?.type ?? null}::varchar, ${input.source?.id ?? null}::int,
          m.source_line_id, ${input.note ?? null}::text, ${input.userId}::int, coalesce(${input.at?.toISOString() ?? null}::timestamptz, now())
        from unnest(${column('product_id')}::int[], ${column('quantity')}::int[], ${column('unit_cost')}::int[], ${column('value')}::bigint[],
          ${column('qty_after')}::int[], ${column('value_after')}::bigint[], ${column('source_line_id')}::int[])
          with ordinality as m(product_id, quantity, unit_cost, value, qty_after, value_after, source_line_id, n)
        order by m.n
        returning id`,
  );
  return got.map((r) => ({ id: Number(r.id) }));
}

interface LineWork {
  line: PostLine;
  i: number;
  product: ProductRow;
  serials: string[];
}

/** The line's serial numbers, trimmed: one per unit for a product that tracks them, none otherwise. */
function checkSerials(line: PostLine, i: number, product: ProductRow): string[] {
  const names = (line.serials ?? []).map((s) => s.trim());
  const need = Math.abs(line.quantity);
  if (product.tracks_serials && names.length !== need) {
    throw validationError({
      [keyOf(line, i, 'serials')]: [
        `“${product.name}” tracks serial numbers: name one per unit (${unitsText(need)}, ${names.length} serial ${names.length === 1 ? 'number' : 'numbers'}).`,
      ],
    });
  }
  if (!product.tracks_serials && names.length > 0) {
    throw validationError({ [keyOf(line, i, 'serials')]: [`“${product.name}” does not track serial numbers; leave them out.`] });
  }
  return names;
}

/**
 * Several lines: every level row involved is created if missing and locked in product id
 * order first (so two documents can never wait on each other), then one statement adds the
 * incoming lines and one guarded statement takes the outgoing ones, per round of distinct
 * products (a product on two lines moves in the next round). Levels come back in line order.
 */
async function moveMany(tx: Tx, work: LineWork[]): Promise<LevelRow[]> {
  const ids = [...new Set(work.map((w) => w.product.id))].sort((a, b) => a - b);
  const idList = sql`${sql.param(ids)}::int[]`;
  // `post` holds the products already (FOR NO KEY UPDATE, in id order), so the levels come next.
  // One statement makes the missing ones and locks the others, in product id order: ON CONFLICT
  // DO UPDATE locks every conflicting row FOR UPDATE even when its WHERE false updates none.
  await tx.execute(sql`insert into ${stockLevels} as l (product_id) select unnest(${idList}) order by 1
    on conflict (product_id) do update set qty = l.qty where false`);

  const out: LevelRow[] = new Array(work.length);
  let pending = [...work].sort((a, b) => a.product.id - b.product.id || a.i - b.i);
  while (pending.length) {
    const seen = new Set<number>();
    const round: LineWork[] = [];
    const later: LineWork[] = [];
    for (const w of pending) (seen.has(w.product.id) ? later : round).push(w), seen.add(w.product.id);
    const incoming = round.filter((w) => w.line.quantity > 0);
    const outgoing = round.filter((w) => w.line.quantity < 0);
    if (incoming.length) {
      const p = sql.param(incoming.map((w) => w.product.id));
      const d = sql.param(incoming.map((w) => w.line.quantity));
      // Costs go as text: postgres-js (through drizzle) cannot send a numeric[] parameter.
      const c = sql.param(incoming.map((w) => (w.line.unitCost === undefined ? null : String(w.line.unitCost))));
      const f = sql.param(incoming.map((w) => String(w.product.cost_price)));
      const got = await rowsOf<LevelRow & { product_id: number }>(
        tx,
        sql`update ${stockLevels} as l set
              qty = l.qty + v.d,
              avg_cost = case when v.c is null then coalesce(l.avg_cost, v.f)
                              when l.qty = 0 or l.avg_cost is null then v.c
                              else (l.qty * l.avg_cost + v.d * v.c) / (l.qty + v.d) end,
              movements = l.movements + 1, ${CATALOGUE_CHANGED}, updated_at = now()
            from unnest(${p}::int[], ${d}::int[], ${c}::text[]::numeric[], ${f}::text[]::numeric[]) as v(p, d, c, f)
            where l.product_id = v.p
            returning l.product_id, l.qty, l.avg_cost::text as avg_cost, l.movements, ${levelShown('l')}`,
      );
      const byProduct = new Map(got.map((r) => [Number(r.product_id), r]));
      for (const w of incoming) out[w.i] = byProduct.get(w.product.id)!;
    }
    if (outgoing.length) {
      const p = sql.param(outgoing.map((w) => w.product.id));
      const d = sql.param(outgoing.map((w) => w.line.quantity));
      const got = await rowsOf<LevelRow & { product_id: number }>(
        tx,
        sql`update ${stockLevels} as l set qty = l.qty + v.d, movements = l.movements + 1, ${CATALOGUE_CHANGED}, updated_at = now()
            from unnest(${p}::int[], ${d}::int[]) as v(p, d)
            where l.product_id = v.p and l.qty + v.d >= 0
            returning l.product_id, l.qty, l.avg_cost::text as avg_cost, l.movements, ${levelShown('l')}`,
      );
      const byProduct = new Map(got.map((r) => [Number(r.product_id), r]));
      const short = outgoing.filter((w) => !byProduct.has(w.product.id)).sort((a, b) => a.i - b.i)[0];
      if (short) await refuseShort(tx, short.product, short.line, short.i);
      for (const w of outgoing) out[w.i] = byProduct.get(w.product.id)!;
    }
    pending = later;
  }
  return out.map((r) => ({ ...r, qty: Number(r.qty), movements: Number(r.movements) }));
}

/** Not enough stock for `line`: the refusal, naming the product and what is available. */
async function refuseShort(tx: Tx, product: ProductRow, line: PostLine, i: number): Promise<never> {
  const l = stockLevels;
  // Only to say how much there is: the refusal itself was the guarded update's.
  const [now] = await tx.select({ qty: l.qty }).from(l).where(eq(l.product_id, product.id));
  const available = now?.qty ?? 0;
  const message = `Not enough stock of “${product.name}”: ${available} available, ${-line.quantity} needed.`;
  throw new StockError(message, { id: product.id, name: product.name, available }, {
    code: 'insufficient_stock',
    errors: { [keyOf(line, i, 'quantity')]: [message] },
  });
}

/** New serials, or known ones that are not in stock coming back; one already in stock is refused. */
async function serialsIn(
  tx: Tx,
  product: ProductRow,
  line: PostLine,
  i: number,
  names: string[],
  movementId: number,
  unitCost: number,
  available: number,
): Promise<number[]> {
  const got = await rowsOf<{ id: number; serial: string }>(
    tx,
    sql`insert into ${serials} (product_id, serial, state, unit_cost, in_movement_id)
        select ${product.id}, s.serial, 'in_stock', ${unitCost}, ${movementId} from unnest(${textArray(names)}) as s(serial)
        on conflict (product_id, lower(serial)) do update
          set state = 'in_stock', unit_cost = excluded.unit_cost, in_movement_id = excluded.in_movement_id,
              out_movement_id = null, updated_at = now()
          where ${serials}.state <> 'in_stock'
        returning id, serial`,
  );
  if (got.length === names.length) return got.map((r) => r.id);
  const back = new Set(got.map((r) => r.serial.toLowerCase()));
  const already = names.filter((s) => !back.has(s.toLowerCase()));
  const list = already.join(', ');
  const message =
    already.length === 1
      ? `Serial number ${list} of “${product.name}” is already in stock.`
      : `Serial numbers ${list} of “${product.name}” are already in stock.`;
  throw new StockError(message, { id: product.id, name: product.name, available: available - line.quantity }, {
    code: 'serial_in_stock',
    errors: { [keyOf(line, i, 'serials')]: [message] },
  });
}

/** Serials leaving stock: each flips from in stock to `to`, or the operation is refused naming it. */
async function serialsOut(
  tx: Tx,
  product: ProductRow,
  line: PostLine,
  i: number,
  names: string[],
  movementId: number,
  to: SerialState,
  available: number,
): Promise<number[]> {
  const lowered = names.map((s) => s.toLowerCase());
  const got = await rowsOf<{ id: number; serial: string }>(
    tx,
    sql`update ${serials} set state = ${to}, out_movement_id = ${movementId}, updated_at = now()
        where product_id = ${product.id} and lower(serial) = any(${textArray(lowered)}) and state = 'in_stock'
        returning id, serial`,
  );
  if (got.length === names.length) return got.map((r) => r.id);
  const moved = new Set(got.map((r) => r.serial.toLowerCase()));
  const missing = names.filter((s) => !moved.has(s.toLowerCase()));
  const states = await tx
    .select({ serial: serials.serial, state: serials.state })
    .from(serials)
    .where(and(eq(serials.product_id, product.id), sql`lower(${serials.serial}) = any(${textArray(missing.map((s) => s.toLowerCase()))})`));
  const stateOf = new Map(states.map((s) => [s.serial.toLowerCase(), s.state]));
  const why = missing.map((s) => {
    const state = stateOf.get(s.toLowerCase());
    return state ? `${s} (${SERIAL_STATES[state].toLowerCase()})` : `${s} (not known)`;
  });
  const message = `${why.length === 1 ? 'Serial number' : 'Serial numbers'} ${why.join(', ')} of “${product.name}” ${why.length === 1 ? 'is' : 'are'} not in stock.`;
  throw new StockError(message, { id: product.id, name: product.name, available: available - line.quantity }, {
    code: 'serial_not_in_stock',
    errors: { [keyOf(line, i, 'serials')]: [message] },
  });
}

/**
 * Locks the products and levels of `productIds` for the rest of the caller's transaction (in
 * product id order, a level at 0 made for a product that never had stock) and says what each
 * has on hand.
 * A stock count reads its differences under these locks, so nothing can move between reading
 * what is on hand and posting the difference; `post` in the same transaction takes them again
 * without waiting.
 */
export async function lockLevels(tx: Tx, productIds: readonly number[]): Promise<Map<number, number>> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (!ids.length) return new Map();
  const idList = sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::int[]`;
  // The products first, as `post` takes them (products, then levels): a count and an
  // adjustment of the same product queue instead of each holding what the other waits for.
  await tx.execute(sql`select id from ${products} where id = any(${idList}) order by id for no key update`);
  await tx.execute(sql`insert into ${stockLevels} (product_id) select unnest(${idList}) order by 1 on conflict (product_id) do nothing`);
  const got = await rowsOf<{ product_id: number; qty: number }>(
    tx,
    sql`select product_id, qty from ${stockLevels} where product_id = any(${idList}) order by product_id for update`,
  );
  return new Map(got.map((r) => [Number(r.product_id), Number(r.qty)]));
}
