import { eq, sql, type SQL } from 'drizzle-orm';
import { apiListQuery } from '../../domain/api-list-query.ts';
import type { ListResponse } from '../../domain/list-query.ts';
import { MOVEMENT_KINDS } from '../../domain/stock/kinds.ts';
import { movementList, productMovementList, productSerialList } from '../../domain/stock/lists.ts';
import { SERIAL_STATES } from '../../domain/stock/kinds.ts';
import type { Db } from '../db/index.ts';
import { products, serials, stockLevels, stockMovements, stockMovementSerials, users } from '../db/schema.ts';
import { listPage, listView, listWhere, qualified as q, type ListSource } from '../crud/index.ts';

/**
 * Reading the ledger: the movements of every product (the stock screen), of one product (its
 * view page) and a product's serial numbers. Writing is server/stock/ledger.ts's alone.
 */

const m = stockMovements;

export const movementQuery = apiListQuery(movementList);
export const productMovementQuery = apiListQuery(productMovementList);
export const serialQuery = apiListQuery(productSerialList);

const movedSerials = sql<string[]>`(select coalesce(array_agg(${q(serials.serial)} order by ${q(serials.serial)}), '{}')::text[] from ${stockMovementSerials} join ${serials} on ${q(serials.id)} = ${q(stockMovementSerials.serial_id)} where ${q(stockMovementSerials.movement_id)} = ${q(m.id)})`;

const movementSource = {
  table: m,
  extra: {
    product_name: sql<string>`${products.name}`.as('product_name'),
    sku: sql<string>`${products.sku}`.as('sku'),
    user_name: sql<string | null>`${users.name}`.as('user_name'),
    serials: movedSerials.as('serials'),
  },
  joins: [
    { table: products, on: eq(products.id, m.product_id) },
    { table: users, on: eq(users.id, m.user_id) },
  ],
  // Movements are appended, so id order is time order, and (product_id, id) serves a history.
  sort: { created_at: m.id },
  filters: {
    kind: (v: string) => (v in MOVEMENT_KINDS ? eq(m.kind, v as keyof typeof MOVEMENT_KINDS) : undefined),
  },
  // The ledger's date range (created_at_from, created_at_to): the movement's own time, not its product's.
  ranges: { created_at: q(m.created_at) },
} satisfies ListSource;

// The ledger's filters (its date range on created_at is the engine's); a history's product is an id filter. No totals: a
// sum of signed quantities or values over mixed products says nothing.
const plain = (names: string[]) => ({ filters: names.map((name) => ({ name, kind: 'select' as const })), columns: [] });
const movementView = listView(movementSource, { filters: movementList.filters, columns: [] });

/**
 * Whether the product exists and how many movements it has (its level's count, 0 without a
 * level), in one statement: its history's route checks the one and pages by the other.
 */
export async function productMovementCount(db: Db, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(${stockLevels.movements}, 0)` })
    .from(products)
    .leftJoin(stockLevels, eq(stockLevels.product_id, products.id))
    .where(eq(products.id, productId));
  return row === undefined ? undefined : Number(row.n);
}

/**
 * A page of movements; a product's unfiltered history takes its total from the level, without
 * counting (`movements`: that count when the caller has read it, productMovementCount).
 */
export async function movementPage(db: Db, query: ReturnType<typeof movementQuery.parse>, movements?: number): Promise<ListResponse> {
  const cond = listWhere(movementView, query);
  const filters = Object.keys(query.filters);
  let known: number | undefined;
  if (filters.length === 1 && filters[0] === 'product_id' && movements !== undefined) known = movements;
  else if (filters.length === 1 && filters[0] === 'product_id') {
    const [level] = await db.select({ n: stockLevels.movements }).from(stockLevels).where(eq(stockLevels.product_id, Number(query.filters.product_id)));
    known = level?.n ?? 0;
  }
  return listPage(db, movementView, query, cond, known);
}

const s = serials;
const serialSource = {
  table: s,
  extra: {
    in_kind: sql<string>`${m.kind}`.as('in_kind'),
    in_source_type: sql<string | null>`${m.source_type}`.as('in_source_type'),
    in_source_id: sql<number | null>`${m.source_id}`.as('in_source_id'),
  },
  joins: [{ table: m, on: eq(m.id, s.in_movement_id) }],
  sort: { serial: s.serial, state: s.state, created_at: s.created_at },
  search: [s.serial],
  filters: { state: (v: string) => (v in SERIAL_STATES ? eq(s.state, v as keyof typeof SERIAL_STATES) : undefined) },
} satisfies ListSource;

const serialView = listView(serialSource, plain(['product_id', 'state']));

export function serialPage(db: Db, query: ReturnType<typeof serialQuery.parse>, productId: number): Promise<ListResponse> {
  const q2 = { ...query, filters: { ...query.filters, product_id: String(productId) } };
  const cond: SQL | undefined = listWhere(serialView, q2);
  return listPage(db, serialView, q2, cond);
}
