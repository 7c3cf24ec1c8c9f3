import { and, eq, or, sql } from 'drizzle-orm';
import { LINE_LOOKUP_ACCESS, LINE_PRODUCTS_API, LINE_SERIALS_API, LOOKUP_MAX, lookupQuery, SELL_ACCESS, SERIALS_LOOKUP_MAX, serialLookupQuery, type InStockSerial, type LineProduct } from '../../domain/documents/lines.ts';
import { containsPattern, lowerContains, parseId } from '../crud/index.ts';
import { products, serials, stockLevels, units } from '../db/schema.ts';
import { route, type RouteDef } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Products for a document line: an exact barcode or SKU (a scan) first, then names and SKUs
 * containing the text. And a serial-tracked product's serials in stock, for a line that sells it
 * (a sale, the till): what the ledger says is in stock now, an exact serial (a scan) first.
 */
export const lookupRoutes: RouteDef[] = [
  route('GET', LINE_PRODUCTS_API, LINE_LOOKUP_ACCESS, {
    summary: 'Find active products for a document line by name, SKU or scanned barcode (exact matches first)',
    query: lookupQuery,
    handler: async (c, input) => {
      const { search } = input.query();
      const exact = or(eq(products.barcode, search), sql`lower(${products.sku}) = lower(${search})`)!;
      const pattern = containsPattern(search);
      const rows = await c.var.db
        .select({
          id: products.id,
          name: products.name,
          sku: products.sku,
          barcode: products.barcode,
          cost_price: products.cost_price,
          sale_price: products.sale_price,
          tax_bps: products.tax_bps,
          prices_include_tax: sql<boolean>`${products.tax_method} = 'inclusive'`,
          tracks_serials: products.tracks_serials,
          unit_name: units.short_name,
          on_hand: sql<number>`coalesce(${stockLevels.qty}, 0)`,
          exact: sql<boolean>`coalesce(${exact}, false)`,
        })
        .from(products)
        .innerJoin(units, eq(units.id, products.unit_id))
        .leftJoin(stockLevels, eq(stockLevels.product_id, products.id))
        .where(and(eq(products.status, 'active'), or(exact, lowerContains(products.name, pattern), lowerContains(products.sku, pattern))))
        .orderBy(sql`coalesce(${exact}, false) desc`, products.name, products.id)
        .limit(LOOKUP_MAX);
      const data: LineProduct[] = rows.map((r) => ({ ...r, prices_include_tax: Boolean(r.prices_include_tax), on_hand: Number(r.on_hand), exact: Boolean(r.exact) }));
      return c.json({ data }, 200);
    },
  }),
  route('GET', LINE_SERIALS_API, SELL_ACCESS, {
    summary: 'A product’s serial numbers in stock, for a line that sells it: search narrows them (an exact one first)',
    query: serialLookupQuery,
    handler: async (c, input) => {
      const id = parseId(c.req.param('id'));
      const [product] = id === undefined ? [] : await c.var.db.select({ id: products.id }).from(products).where(eq(products.id, id));
      if (!product) throw new ApiError(404, 'This product does not exist. It may have been deleted.');
      const { search } = input.query();
      const exact = sql<boolean>`lower(${serials.serial}) = lower(${search})`;
      const rows = await c.var.db
        .select({ serial: serials.serial, exact })
        .from(serials)
        .where(and(eq(serials.product_id, product.id), eq(serials.state, 'in_stock'), search ? lowerContains(serials.serial, containsPattern(search)) : undefined))
        .orderBy(...(search ? [sql`${exact} desc`] : []), serials.serial)
        .limit(SERIALS_LOOKUP_MAX);
      const data: InStockSerial[] = rows.map((r) => ({ serial: r.serial, exact: Boolean(r.exact) }));
      return c.json({ data }, 200);
    },
  }),
];
