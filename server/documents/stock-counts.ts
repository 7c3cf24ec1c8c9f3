import { and, eq, inArray, sql } from 'drizzle-orm';
import { STOCK_ACCESS } from '../../domain/stock/access.ts';
import { apiListQuery } from '../../domain/api-list-query.ts';
import { STOCK_COUNT_PREFIX, STOCK_COUNTS_API, stockCountBody, stockCountLifecycle, stockCountList, type StockCountBody } from '../../domain/documents/stock-count.ts';
import { listView, type ListSource } from '../crud/index.ts';
import type { Db, Tx } from '../db/index.ts';
import { products, serials, stockCountLines, stockCounts, users } from '../db/schema.ts';
import { lockLevels, post, type PostLine } from '../stock/ledger.ts';
import { create, gone, historyOf, postedKind, shownColumns, type Actor } from './engine.ts';
import type { ClientKey } from './idempotency.ts';
import { productsFor } from './lines.ts';
import { documentRoutes } from './routes.ts';

/** A stock count is a document of the engine, created posted: numbered, with history, its differences posted through the ledger at once. */
export const COUNT_DOC_TYPE = 'stock_count';

type CountRow = typeof stockCounts.$inferSelect;
export const stockCountKind = postedKind<CountRow>({ docType: COUNT_DOC_TYPE, lifecycle: stockCountLifecycle, prefix: STOCK_COUNT_PREFIX, table: stockCounts });

export async function postStockCount(tx: Tx, body: StockCountBody, actor: Actor, client?: ClientKey) {
  const postLines: PostLine[] = [];
  let lines: { position: number; product_id: number; expected: number; counted: number; difference: number }[] = [];
  /** The header from the differences, read under the levels' locks so they are exact. */
  const header = async () => {
    const byId = await productsFor(tx, body.lines, (l, p) => {
      if (p.tracks_serials && l.serials === undefined) return ['serials', `“${p.name}” tracks serial numbers: scan or type the serial number of each unit counted.`];
      if (!p.tracks_serials && l.serials?.length) return ['serials', `“${p.name}” does not track serial numbers; leave them out.`];
      return undefined;
    });
    const ids = body.lines.map((l) => l.product_id);
    const onHand = await lockLevels(tx, ids);
    const serialIds = body.lines.filter((l) => byId.get(l.product_id)!.tracks_serials).map((l) => l.product_id);
    const inStock = new Map<number, string[]>();
    if (serialIds.length) {
      const rows = await tx.select({ product_id: serials.product_id, serial: serials.serial }).from(serials).where(and(inArray(serials.product_id, serialIds), eq(serials.state, 'in_stock')));
      for (const r of rows) inStock.set(r.product_id, [...(inStock.get(r.product_id) ?? []), r.serial]);
    }
    lines = body.lines.map((l, i) => {
      const expected = onHand.get(l.product_id) ?? 0;
      const difference = l.counted - expected;
      if (l.serials) {
        const have = inStock.get(l.product_id) ?? [];
        const counted = new Set(l.serials.map((s) => s.toLowerCase()));
        const had = new Set(have.map((s) => s.toLowerCase()));
        const missing = have.filter((s) => !counted.has(s.toLowerCase()));
        const extra = l.serials.filter((s) => !had.has(s.toLowerCase()));
        if (missing.length) postLines.push({ productId: l.product_id, quantity: -missing.length, serials: missing, path: `lines.${i}` });
        if (extra.length) postLines.push({ productId: l.product_id, quantity: extra.length, serials: extra, path: `lines.${i}` });
      } else if (difference !== 0) postLines.push({ productId: l.product_id, quantity: difference, path: `lines.${i}` });
      return { position: i, product_id: l.product_id, expected, counted: l.counted, difference };
    });
    const unitsIn = postLines.filter((l) => l.quantity > 0).reduce((s, l) => s + l.quantity, 0);
    const unitsOut = postLines.filter((l) => l.quantity < 0).reduce((s, l) => s - l.quantity, 0);
    return { note: body.note ?? null, lines_count: lines.length, units_in: unitsIn, units_out: unitsOut, user_id: actor.userId };
  };
  return create(
    stockCountKind,
    tx,
    actor,
    header,
    client,
    async (doc) => {
      await tx.insert(stockCountLines).values(lines.map((l) => ({ ...l, count_id: doc.id })));
      return { note: body.note, data: { units_in: doc.units_in, units_out: doc.units_out } };
    },
    // After numbering: the adjustment's note names the count (the levels are locked already, so the counter waits on nothing).
    async (doc) => {
      if (postLines.length) await post(tx, { kind: 'adjustment', reason: 'count_correction', note: `Stock count ${doc.reference}`, lines: postLines, source: { type: COUNT_DOC_TYPE, id: doc.id }, userId: actor.userId, at: actor.at });
    },
  );
}

export async function showStockCount(db: Db | Tx, id: number) {
  const [count] = await db.select(shownColumns(stockCounts)).from(stockCounts).where(eq(stockCounts.id, id));
  if (!count) throw gone(stockCountKind);
  const lines = await db
    .select({ id: stockCountLines.id, position: stockCountLines.position, product_id: stockCountLines.product_id, product_name: products.name, sku: products.sku, expected: stockCountLines.expected, counted: stockCountLines.counted, difference: stockCountLines.difference })
    .from(stockCountLines)
    .innerJoin(products, eq(products.id, stockCountLines.product_id))
    .where(eq(stockCountLines.count_id, id))
    .orderBy(stockCountLines.position);
  return { ...count, lines, history: await historyOf(db, COUNT_DOC_TYPE, id) };
}

const countSource = {
  table: stockCounts,
  hidden: ['client_id', 'client_key'],
  extra: { user_name: sql<string | null>`${users.name}`.as('user_name') },
  joins: [{ table: users, on: eq(users.id, stockCounts.user_id) }],
  sort: { reference: stockCounts.reference, created_at: stockCounts.id },
  search: [stockCounts.reference],
} satisfies ListSource;
const countView = listView(countSource, { filters: [], columns: [] });

export const stockCountRoutes = documentRoutes<Awaited<ReturnType<typeof showStockCount>>>({
  kind: stockCountKind,
  api: STOCK_COUNTS_API,
  scope: 'stock',
  show: showStockCount,
  list: { view: countView, query: apiListQuery(stockCountList), access: STOCK_ACCESS.stockAdjust, show: STOCK_ACCESS.stockAdjust, summary: 'Stock counts, newest first' },
  create: {
    scope: 'stock.count',
    body: stockCountBody,
    right: STOCK_ACCESS.stockAdjust,
    summary: 'Post a stock count: counted quantities (and serial numbers) for many products; the differences post as one adjustment',
    run: postStockCount,
    message: (d) => (d.units_in + d.units_out ? `Stock count ${d.reference} posted: ${d.units_in} found, ${d.units_out} missing.` : `Stock count ${d.reference} posted: everything matched.`),
  },
});
