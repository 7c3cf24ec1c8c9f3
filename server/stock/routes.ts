import { asc, eq, sql } from 'drizzle-orm';
import { apiListQuery } from '../../domain/api-list-query.ts';
import { adminHref } from '../../domain/paths.ts';
import { STOCK_ACCESS } from '../../domain/stock/access.ts';
import { ADJUSTMENTS_API, adjustmentBody } from '../../domain/stock/adjustment.ts';
import { ADJUSTMENT_REASONS, stockState } from '../../domain/stock/kinds.ts';
import { MOVEMENTS_API, STOCK_ALERTS_API, STOCK_API, stockList } from '../../domain/stock/lists.ts';
import { explainWriteError, listPage, listView, listWhere } from '../crud/index.ts';
import { lowStock, products, stockLevels } from '../db/schema.ts';
import { route, type RouteDef } from '../http/context.ts';
import { validationError } from '../http/errors.ts';
import { movementPage, movementQuery } from './history.ts';
import { post } from './ledger.ts';
import { onHand, productSource, stockStateSql, stockValue } from './product-list.ts';

/** How many low-stock products the bell lists (it says how many there are in all). */
export const ALERTS_SHOWN = 20;

// The stock list keeps its own totals (value at cost and at sale): the engine sums no column of it.
const stockView = listView(productSource, { filters: stockList.filters, columns: [] });
const stockQuery = apiListQuery(stockList);

/** The product view page's address, for links in answers. */
const productHref = (id: number) => adminHref('/product/view/:id', { id });

export const stockRoutes: RouteDef[] = [
  route('GET', STOCK_API, STOCK_ACCESS.stockList, {
    summary: 'Every product’s stock (on hand, alert quantity, average cost, value), with the totals of the filter',
    query: stockQuery,
    handler: async (c, input) => {
      const q = input.query();
      const cond = listWhere(stockView, q);
      const { db } = c.var;
      // The totals read the levels alone (a product without one adds nothing), joined to the
      // products only when a filter needs them; the page and its count go beside them.
      const sums = { on_hand: sql<number>`coalesce(sum(${stockLevels.qty}), 0)::float8`, stock_value: sql<number>`coalesce(sum(${stockValue}), 0)::float8` };
      const summed = cond ? db.select(sums).from(stockLevels).innerJoin(products, eq(products.id, stockLevels.product_id)).where(cond) : db.select(sums).from(stockLevels);
      const [page, [totals]] = await Promise.all([listPage(db, stockView, q, cond), summed]);
      return c.json({ ...page, totals: { on_hand: Number(totals?.on_hand ?? 0), stock_value: Number(totals?.stock_value ?? 0) } }, 200);
    },
  }),

  route('GET', MOVEMENTS_API, STOCK_ACCESS.stockMovements, {
    summary: 'The movement ledger, newest first: filter by product, kind and date range (created_at_from, created_at_to: YYYY-MM-DD)',
    query: movementQuery,
    handler: async (c, input) => c.json(await movementPage(c.var.db, input.query()), 200),
  }),

  route('POST', ADJUSTMENTS_API, STOCK_ACCESS.stockAdjust, {
    summary: 'Adjust a product’s stock by a signed quantity, with a reason (and the serial numbers that come or go)',
    body: adjustmentBody,
    handler: async (c, input) => {
      const body = await input.body();
      const { db } = c.var;
      const reason = ADJUSTMENT_REASONS[body.reason];
      const openingAgain = () => validationError({ reason: ['Opening stock is recorded once, before any other movement. Choose count correction or found.'] });
      try {
        const moved = await db.transaction(async (tx) => {
          if (body.reason === 'opening') {
            // Said first, whatever else is wrong with the line; the check after posting is the one that holds under races.
            const [before] = await tx.select({ movements: stockLevels.movements }).from(stockLevels).where(eq(stockLevels.product_id, body.product_id));
            if ((before?.movements ?? 0) > 0) throw openingAgain();
          }
          const [posted] = await post(tx, {
            kind: reason.kind,
            reason: body.reason,
            note: body.note ?? null,
            lines: [{ productId: body.product_id, quantity: body.quantity, unitCost: body.unit_cost, serials: body.serials, path: '' }],
            userId: c.var.auth.row.id,
          });
          if (body.reason === 'opening') {
            // After the ledger's upsert holds the level's row lock, so a second opening at the same moment sees the first.
            const [level] = await tx.select({ movements: stockLevels.movements }).from(stockLevels).where(eq(stockLevels.product_id, body.product_id));
            if ((level?.movements ?? 0) > 1) throw openingAgain();
          }
          return posted!;
        });
        // The product as the transaction left it, from the ledger's own statements: no read after it.
        const after = moved.product;
        const product = { id: body.product_id, name: after.name, alert_quantity: after.alertQuantity, unit_name: after.unitName, avg_cost: after.avgCost, stock_value: after.stockValue };
        const data = {
          movement: {
            id: moved.id,
            kind: reason.kind,
            reason: body.reason,
            quantity: moved.quantity,
            unit_cost: moved.unitCost,
            value: moved.value,
            qty_after: moved.qtyAfter,
            value_after: moved.valueAfter,
            serials: moved.serials,
          },
          product: {
            ...product,
            on_hand: moved.qtyAfter,
            stock_state: stockState(moved.qtyAfter, product.alert_quantity),
          },
        };
        const message = `${reason.label} recorded: “${product.name}” now has ${moved.qtyAfter} ${product.unit_name ?? ''} on hand.`.replace(/ {2,}/g, ' ');
        return c.json({ data, message }, 201);
      } catch (e) {
        explainWriteError(e, 'adjustment', {});
      }
    },
  }),

  route('GET', STOCK_ALERTS_API, STOCK_ACCESS.stockAlerts, {
    summary: 'Low stock for the top bar’s bell: how many active products are at or below their alert quantity, and the first of them',
    handler: async (c) => {
      const { db } = c.var;
      // The partial index low_stock_active_idx holds exactly these rows (active products at or below their alert quantity).
      // The count of them all comes with the first few (counted before the limit): one statement.
      const low = sql`${lowStock.active}`;
      const rows = await db
        .select({ id: products.id, name: products.name, sku: products.sku, on_hand: onHand, alert_quantity: products.alert_quantity, stock_state: stockStateSql, total: sql<number>`count(*) over ()` })
        .from(lowStock)
        .innerJoin(products, eq(products.id, lowStock.product_id))
        .leftJoin(stockLevels, eq(stockLevels.product_id, products.id))
        .where(low)
        // Out of stock first, then the furthest below their alert quantity.
        .orderBy(sql`${onHand} = 0 desc`, sql`${onHand} - ${products.alert_quantity}`, asc(products.name), asc(products.id))
        .limit(ALERTS_SHOWN);
      return c.json(
        {
          count: Number(rows[0]?.total ?? 0),
          data: rows.map(({ total: _, ...r }) => ({ ...r, href: productHref(r.id) })),
          href: `${adminHref('/products')}?stock_state=alert`,
        },
        200,
      );
    },
  }),
];
