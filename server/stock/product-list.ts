import { eq, sql, type SQL } from 'drizzle-orm';
import { IMAGES_API } from '../../domain/stock/image.ts';
import { brands, categories, colors, lowStock, products, stockLevels, units } from '../db/schema.ts';
import { qualified as q, type Expr, type ListSource } from '../crud/index.ts';
import { statusFilter } from '../resources/people.ts';

/**
 * Products as the product list, the stock list and a product's record show them: the
 * product's own columns plus its category, brand and unit names, image addresses and stock
 * (on hand, average cost, value, state) from its level. One source, so the lists agree.
 */

const p = products;
const l = stockLevels;

export const onHand = sql<number>`coalesce(${l.qty}, 0)`;
export const avgCost = sql<number | null>`round(${l.avg_cost})::int`;
export const stockValue = sql<number>`coalesce(round(${l.qty} * ${l.avg_cost}), 0)::float8`;
export const stockStateSql = sql<'in_stock' | 'low' | 'out'>`(case when coalesce(${l.qty}, 0) <= 0 then 'out' when ${l.qty} <= ${p.alert_quantity} then 'low' else 'in_stock' end)`;

/** On hand of the outer product row, for filters: they run without the list's joins. */
const ownOnHand = sql`coalesce((select ${q(l.qty)} from ${l} where ${q(l.product_id)} = ${q(p.id)}), 0)`;

/** The outer product is low or out: it has a row in low_stock (a primary key probe). */
const isLow = sql`exists (select 1 from ${lowStock} where ${q(lowStock.product_id)} = ${q(p.id)})`;

/**
 * Filter values of the stock state: in stock, low, out, and alert (low or out: what the bell
 * counts). The low_stock table (kept by the database, migration 0013) holds the products at or
 * below their alert quantity, so the alert and in-stock filters read its index, not the levels.
 */
export const stockStateFilter = (v: string): SQL | undefined => {
  switch (v) {
    case 'out':
      return sql`${isLow} and ${ownOnHand} = 0`;
    case 'low':
      return sql`${isLow} and ${ownOnHand} > 0`;
    case 'alert':
      return isLow;
    case 'in_stock':
      return sql`not ${isLow}`;
    default:
      return undefined;
  }
};

/** A category and everything under it (a category's products include its sub-categories'). */
export const categoryFilter = (v: string): SQL | undefined =>
  /^\d{1,9}$/.test(v)
    ? sql`${q(p.category_id)} in (with recursive tree(id) as (select ${Number(v)}::int union select ${q(categories.id)} from ${categories} join tree on ${q(categories.parent_id)} = tree.id) select id from tree)`
    : undefined;

const imageUrl = sql<string | null>`(case when ${p.image} is null then null else ${`${IMAGES_API}/`} || ${p.image} end)`;
const thumbnailUrl = sql<string | null>`(case when ${p.image} is null then null else ${`${IMAGES_API}/`} || ${p.image} || '/thumb' end)`;

export const productSource = {
  table: p,
  // The till's catalogue sync reads it (server/pos/catalogue.ts); no one else needs it.
  hidden: ['catalogue_xid'],
  // 100,000 products: the unfiltered list reads its total from row_counts.
  counted: true,
  extra: {
    category_name: sql<string | null>`${categories.name}`.as('category_name'),
    brand_name: sql<string | null>`${brands.name}`.as('brand_name'),
    unit_name: sql<string | null>`${units.short_name}`.as('unit_name'),
    color_name: sql<string | null>`${colors.name}`.as('color_name'),
    image_url: imageUrl.as('image_url'),
    thumbnail_url: thumbnailUrl.as('thumbnail_url'),
    on_hand: onHand.as('on_hand'),
    avg_cost: avgCost.as('avg_cost'),
    stock_value: stockValue.as('stock_value'),
    stock_state: stockStateSql.as('stock_state'),
  },
  joins: [
    { table: categories, on: eq(categories.id, p.category_id) },
    { table: brands, on: eq(brands.id, p.brand_id) },
    { table: units, on: eq(units.id, p.unit_id) },
    { table: colors, on: eq(colors.id, p.color_id) },
    { table: l, on: eq(l.product_id, p.id) },
  ],
  sort: {
    name: p.name,
    sku: p.sku,
    barcode: p.barcode,
    category_name: categories.name,
    brand_name: brands.name,
    sale_price: p.sale_price,
    on_hand: onHand,
    alert_quantity: p.alert_quantity,
    avg_cost: avgCost,
    stock_value: stockValue,
    status: p.status,
    created_at: p.created_at,
  } satisfies Record<string, Expr>,
  // Trigram indexes on lower(name) and lower(sku) (migration 0012).
  searchLower: [p.name, p.sku],
  // A scanned barcode finds its product first; longer text cannot be one.
  searchExact: (text: string) => (text.length <= 32 ? eq(p.barcode, text) : undefined),
  filters: {
    category_id: categoryFilter,
    status: statusFilter(p.status),
    stock_state: stockStateFilter,
  },
} satisfies ListSource;
