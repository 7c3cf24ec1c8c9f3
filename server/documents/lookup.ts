import { and, eq, or, sql } from 'drizzle-orm';
import { LINE_LOOKUP_ACCESS, LINE_PRODUCTS_API, LOOKUP_MAX, lookupQuery, type LineProduct } from '../../domain/documents/lines.ts';
import { containsPattern, lowerContains } from '../crud/index.ts';
import { products, stockLevels, units } from '../db/schema.ts';
import { route, type RouteDef } from '../http/context.ts';

/** Products for a document line: an exact barcode or SKU (a scan) first, then names and SKUs containing the text. */
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
      const data: LineProduct[] = rows.map((r) => ({ ...r, on_hand: Number(r.on_hand), exact: Boolean(r.exact) }));
      return c.json({ data }, 200);
    },
  }),
];
