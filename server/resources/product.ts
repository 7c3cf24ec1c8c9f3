import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import * as R from '../../domain/resources/index.ts';
import { STOCK_ACCESS } from '../../domain/stock/access.ts';
import { inStoreEan13 } from '../../domain/stock/barcode.ts';
import { plural } from '../../domain/text.ts';
import { attributeValues, productAttributeValues, products, serials, stockLevels, stockMovements } from '../db/schema.ts';
import { route, type RouteDef } from '../http/context.ts';
import { ApiError } from '../http/errors.ts';
import { checkIds, countWhere, nextVersion, parseId, serverResource, type UsedBy } from '../crud/index.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/index.ts';
import { movementPage, productMovementCount, productMovementQuery, serialPage, serialQuery } from '../stock/history.ts';
import { productSource } from '../stock/product-list.ts';

/** How many serials in stock a product's record lists (its serials route pages through all). */
const SERIALS_SHOWN = 100;

const notFound = () => new ApiError(404, 'This product does not exist. It may have been deleted.');

async function existingProduct(c: Parameters<RouteDef['handler']>[0]): Promise<number> {
  const id = parseId(c.req.param('id'));
  if (id === undefined) throw notFound();
  const [row] = await c.var.db.select({ id: products.id }).from(products).where(eq(products.id, id));
  if (!row) throw notFound();
  return id;
}

/** GET {api}/barcode: a valid in-store EAN-13 no product uses yet (the form's "Generate barcode"). */
const barcodeRoute = route('GET', `${R.products.api}/barcode`, STOCK_ACCESS.productBarcode, {
  summary: 'A new in-store EAN-13 barcode (prefix 20) that no product uses yet',
  handler: async (c) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const candidates = Array.from({ length: 8 }, () => inStoreEan13());
      const taken = new Set(
        (await c.var.db.select({ barcode: products.barcode }).from(products).where(inArray(products.barcode, candidates))).map((r) => r.barcode),
      );
      const free = candidates.find((b) => !taken.has(b));
      if (free) return c.json({ data: { barcode: free } }, 200);
    }
    throw new ApiError(409, 'No free barcode was found. Try again.');
  },
});

/** POST {api}/bulk-status: make up to 100 products active or inactive. */
/** POST {products.api}/bulk-status: the list's bulk "make active / inactive". */
const bulkStatusBody = z.strictObject({
  ids: z
    .array(z.number({ error: 'Send product ids.' }).int({ error: 'Send product ids.' }).positive({ error: 'Send product ids.' }), {
      error: 'Send the ids to change.',
    })
    .min(1, { error: 'Choose at least one product.' })
    .max(100, { error: 'Change at most 100 products at a time.' }),
  status: z.enum(['active', 'inactive'], { error: 'Choose Active or Inactive.' }),
});

const bulkStatusRoute = route('POST', `${R.products.api}/bulk-status`, STOCK_ACCESS.productEdit, {
  summary: 'Make several products active or inactive',
  body: bulkStatusBody,
  handler: async (c, input) => {
    const { ids, status } = await input.body();
    const changed = await c.var.db
      .update(products)
      .set({ status, updated_at: nextVersion(products) })
      .where(inArray(products.id, [...new Set(ids)].filter((n) => n <= 2_147_483_647)))
      .returning({ id: products.id });
    const n = changed.length;
    return c.json({ message: `${plural(n, 'product', 'products')} made ${status}.`, updated: n }, 200);
  },
});

/** GET {api}/:id/movements: the product's history, newest first, paged. */
const historyRoute = route('GET', `${R.products.api}/:id/movements`, STOCK_ACCESS.productHistory, {
  summary: 'A product’s stock movements, newest first',
  query: productMovementQuery,
  handler: async (c, input) => {
    // Whether the product exists and its movement count (the history's total) in one read.
    const id = parseId(c.req.param('id'));
    const movements = id === undefined ? undefined : await productMovementCount(c.var.db, id);
    if (movements === undefined) throw notFound();
    const q = input.query();
    return c.json(await movementPage(c.var.db, { ...q, filters: { ...q.filters, product_id: String(id) } }, movements), 200);
  },
});

/** GET {api}/:id/serials: the product's serial numbers, filtered by state, searched. */
const serialsRoute = route('GET', `${R.products.api}/:id/serials`, STOCK_ACCESS.productHistory, {
  summary: 'A product’s serial numbers, with where each came from',
  query: serialQuery,
  handler: async (c, input) => {
    const id = await existingProduct(c);
    return c.json(await serialPage(c.var.db, input.query(), id), 200);
  },
});

async function serialsInStock(db: Db | Tx, id: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(serials).where(and(eq(serials.product_id, id), eq(serials.state, 'in_stock')));
  return Number(r?.n ?? 0);
}

export const productResource = serverResource({
  def: R.products,
  ...productSource,
  unique: {
    products_sku_unique: { field: 'sku', message: 'Another product already has this SKU.' },
    products_barcode_unique: { field: 'barcode', message: 'Another product already has this barcode.' },
  },
  references: {
    products_category_id_categories_id_fk: { field: 'category_id', message: 'This category no longer exists. Choose another.' },
    products_brand_id_brands_id_fk: { field: 'brand_id', message: 'This brand no longer exists. Choose another.' },
    products_unit_id_units_id_fk: { field: 'unit_id', message: 'This unit no longer exists. Choose another.' },
    products_color_id_colors_id_fk: { field: 'color_id', message: 'This colour no longer exists. Choose another.' },
    products_image_images_id_fk: { field: 'image', message: 'This image is not on the server. Upload it again.' },
    product_attribute_values_attribute_value_id_attribute_values_id_fk: {
      field: 'attribute_value_ids',
      message: 'One of the chosen attribute values no longer exists. Reload and choose again.',
    },
  },
  routes: [barcodeRoute, bulkStatusRoute, historyRoute, serialsRoute],
  toRow: async ({ attribute_value_ids, ...rest }, { tx }) => {
    const message = 'One of the chosen attribute values no longer exists. Reload and choose again.';
    await checkIds(tx, attributeValues, attribute_value_ids, 'attribute_value_ids', message);
    return rest;
  },
  afterWrite: async (tx, id, body) => {
    await tx.delete(productAttributeValues).where(eq(productAttributeValues.product_id, id));
    const ids = body.attribute_value_ids;
    if (ids.length) await tx.insert(productAttributeValues).values(ids.map((attribute_value_id) => ({ product_id: id, attribute_value_id })));
  },
  beforeUpdate: async (tx, row, body) => {
    if (body.tracks_serials === row.tracks_serials) return;
    // Serial numbers are named as stock comes in and goes out: switching while units are on
    // hand would leave units without one (or serials without a unit).
    const [level] = await tx.select({ qty: stockLevels.qty }).from(stockLevels).where(eq(stockLevels.product_id, row.id));
    const onHand = level?.qty ?? 0;
    if (onHand > 0 || (await serialsInStock(tx, row.id)) > 0) {
      throw new ApiError(409, `“${String(row.name)}” has ${onHand} on hand: serial tracking can be switched only while none are in stock.`, {
        code: 'has_stock',
        errors: { tracks_serials: ['Switch this only while none are in stock.'] },
      });
    }
  },
  detail: async (db, id) => {
    const values = await db
      .select({ id: productAttributeValues.attribute_value_id })
      .from(productAttributeValues)
      .where(eq(productAttributeValues.product_id, id))
      .orderBy(asc(productAttributeValues.attribute_value_id));
    const inStock = await db
      .select({ serial: serials.serial })
      .from(serials)
      .where(and(eq(serials.product_id, id), eq(serials.state, 'in_stock')))
      .orderBy(asc(serials.serial))
      .limit(SERIALS_SHOWN);
    const [level] = await db.select({ movements: stockLevels.movements }).from(stockLevels).where(eq(stockLevels.product_id, id));
    return {
      attribute_value_ids: values.map((v) => v.id),
      serials_in_stock: inStock.map((s) => s.serial),
      serials_in_stock_count: await serialsInStock(db, id),
      movements_count: level?.movements ?? 0,
    };
  },
  beforeDelete: async (tx, row) => {
    const [level] = await tx.select({ n: stockLevels.movements }).from(stockLevels).where(eq(stockLevels.product_id, row.id)).for('update');
    if ((level?.n ?? 0) > 0) {
      throw new ApiError(
        409,
        `“${String(row.name)}” has stock movements, so it cannot be deleted: its history must stay. Make it inactive instead.`,
        { code: 'has_movements' },
      );
    }
  },
});

/** What of a product points at a record of `key` (its category, brand, …), so deleting that record answers 409 naming the products. */
export function productUses(key: string): UsedBy[] {
  const what = (n: number) => plural(n, 'product', 'products');
  const columns: Record<string, PgColumn> = { categories: products.category_id, brands: products.brand_id, units: products.unit_id, colors: products.color_id };
  if (columns[key]) return [countWhere(products, columns[key], what)];
  if (key === 'attributeValues') return [countWhere(productAttributeValues, productAttributeValues.attribute_value_id, what)];
  if (key === 'users') return [{ ...countWhere(stockMovements, stockMovements.user_id, (n) => plural(n, 'stock movement', 'stock movements')), verb: 'has made' }];
  return [];
}
