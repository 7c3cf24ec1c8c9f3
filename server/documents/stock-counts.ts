import { and, eq, inArray, sql } from 'drizzle-orm';
import { STOCK_ACCESS } from '../../domain/stock/access.ts';
import { apiListQuery } from '../../domain/api-list-query.ts';
import { STOCK_COUNT_PREFIX, STOCK_COUNTS_API, stockCountBody, stockCountList, type StockCountBody } from '../../domain/documents/stock-count.ts';
import { explainWriteError, listPage, listView, listWhere, parseId, type ListSource } from '../crud/index.ts';
import type { Db, Tx } from '../db/index.ts';
import { products, serials, stockCountLines, stockCounts, users } from '../db/schema.ts';
import { route, type RouteDef } from '../http/context.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { lockLevels, post, type PostLine } from '../stock/ledger.ts';
import { historyOf, idempotent, nextNumber, recordHistory } from './engine.ts';

/** A stock count is a document of the engine: numbered, with history, its differences posted through the ledger at once. */
export const COUNT_DOC_TYPE = 'stock_count';

export async function postStockCount(tx: Tx, body: StockCountBody, actor: { userId: number | null; at?: Date }): Promise<number> {
  const ids = body.lines.map((l) => l.product_id);
  const found = await tx.select({ id: products.id, name: products.name, tracks_serials: products.tracks_serials }).from(products).where(inArray(products.id, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  const errors: Record<string, string[]> = {};
  body.lines.forEach((l, i) => {
    const p = byId.get(l.product_id);
    if (!p) errors[`lines.${i}.product_id`] = ['This product no longer exists. Choose another.'];
    else if (p.tracks_serials && l.serials === undefined) errors[`lines.${i}.serials`] = [`“${p.name}” tracks serial numbers: scan or type the serial number of each unit counted.`];
    else if (!p.tracks_serials && l.serials?.length) errors[`lines.${i}.serials`] = [`“${p.name}” does not track serial numbers; leave them out.`];
  });
  if (Object.keys(errors).length) throw validationError(errors);

  // What is on hand, read under the levels' locks, so the differences are exact.
  const onHand = await lockLevels(tx, ids);
  const serialIds = body.lines.filter((l) => byId.get(l.product_id)!.tracks_serials).map((l) => l.product_id);
  const inStock = new Map<number, string[]>();
  if (serialIds.length) {
    const rows = await tx.select({ product_id: serials.product_id, serial: serials.serial }).from(serials).where(and(inArray(serials.product_id, serialIds), eq(serials.state, 'in_stock')));
    for (const r of rows) inStock.set(r.product_id, [...(inStock.get(r.product_id) ?? []), r.serial]);
  }
  const postLines: PostLine[] = [];
  const lines = body.lines.map((l, i) => {
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
  const reference = await nextNumber(tx, STOCK_COUNT_PREFIX);
  const unitsIn = postLines.filter((l) => l.quantity > 0).reduce((s, l) => s + l.quantity, 0);
  const unitsOut = postLines.filter((l) => l.quantity < 0).reduce((s, l) => s - l.quantity, 0);
  const [count] = await tx
    .insert(stockCounts)
    .values({ reference, note: body.note ?? null, lines_count: lines.length, units_in: unitsIn, units_out: unitsOut, user_id: actor.userId, ...(actor.at ? { created_at: actor.at } : {}) })
    .returning({ id: stockCounts.id });
  const id = count!.id;
  await tx.insert(stockCountLines).values(lines.map((l) => ({ ...l, count_id: id })));
  if (postLines.length) {
    await post(tx, { kind: 'adjustment', reason: 'count_correction', note: `Stock count ${reference}`, lines: postLines, source: { type: COUNT_DOC_TYPE, id }, userId: actor.userId, at: actor.at });
  }
  await recordHistory(tx, { docType: COUNT_DOC_TYPE, docId: id, action: 'post', from: null, to: 'posted', userId: actor.userId, note: body.note, at: actor.at, data: { units_in: unitsIn, units_out: unitsOut } });
  return id;
}

export async function showStockCount(db: Db | Tx, id: number) {
  const [count] = await db.select().from(stockCounts).where(eq(stockCounts.id, id));
  if (!count) throw new ApiError(404, 'This stock count no longer exists.');
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
  extra: { user_name: sql<string | null>`${users.name}`.as('user_name') },
  joins: [{ table: users, on: eq(users.id, stockCounts.user_id) }],
  sort: { reference: stockCounts.reference, created_at: stockCounts.id },
  search: [stockCounts.reference],
} satisfies ListSource;
const countView = listView(countSource, { filters: [], columns: [] });
const countQuery = apiListQuery(stockCountList);

export const stockCountRoutes: RouteDef[] = [
  route('GET', STOCK_COUNTS_API, STOCK_ACCESS.stockAdjust, {
    summary: 'Stock counts, newest first',
    query: countQuery,
    handler: async (c, input) => {
      const q = input.query();
      return c.json(await listPage(c.var.db, countView, q, listWhere(countView, q)), 200);
    },
  }),
  route('GET', `${STOCK_COUNTS_API}/:id`, STOCK_ACCESS.stockAdjust, async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === undefined) throw new ApiError(404, 'This stock count no longer exists.');
    return c.json({ data: await showStockCount(c.var.db, id) }, 200);
  }),
  route('POST', STOCK_COUNTS_API, STOCK_ACCESS.stockAdjust, {
    summary: 'Post a stock count: counted quantities (and serial numbers) for many products; the differences post as one adjustment',
    body: stockCountBody,
    handler: async (c, input) => {
      const body = await input.body();
      return idempotent(c, 'stock.count', body, async (tx) => {
        try {
          const id = await postStockCount(tx, body, { userId: c.var.auth.row.id });
          const data = await showStockCount(tx, id);
          const moved = data.units_in + data.units_out;
          return {
            status: 201,
            body: { data, message: moved ? `Stock count ${data.reference} posted: ${data.units_in} found, ${data.units_out} missing.` : `Stock count ${data.reference} posted: everything matched.` },
          };
        } catch (e) {
          explainWriteError(e, 'stock count', {});
        }
      });
    },
  }),
];
