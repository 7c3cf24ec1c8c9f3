import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const stamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  // Stored lowercased so the unique index is effectively case-insensitive.
  email: varchar('email', { length: 255 }).notNull().unique(),
  password_hash: text('password_hash').notNull(),
  phone: varchar('phone', { length: 64 }),
  status: varchar('status', { length: 16, enum: ['active', 'inactive'] }).notNull().default('active'),
  ...stamps,
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull().unique(),
  ...stamps,
});

export const permissionModules = pgTable('permission_modules', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull().unique(),
  ...stamps,
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull().unique(),
  /** What the permission allows, in plain words for the role screen ("Delete customers"). */
  description: text('description'),
  module_id: integer('module_id')
    .notNull()
    .references(() => permissionModules.id, { onDelete: 'restrict' }),
  ...stamps,
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] })],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 hex of the bearer token; the token itself is never stored. */
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /**
     * sha256 hex of the page secret (the `bo_page` cookie): the server draws this session's pages
     * with it, and the API never takes it. It ends with the session's row.
     */
    page_hash: varchar('page_hash', { length: 64 }).unique(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; idle expiry is computed from last_used_at. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The browser's User-Agent at sign-in (cut to 512), named in words when listed (domain/devices.ts). */
    user_agent: varchar('user_agent', { length: 512 }),
    /** The client's address at sign-in as the server saw it (server/http/client.ts). */
    ip_address: varchar('ip_address', { length: 64 }),
  },
  (t) => [index('access_tokens_user_id_idx').on(t.user_id)],
);

export const loginAttempts = pgTable('login_attempts', {
  /** lowercased email + '|' + client address */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  first_failed_at: timestamp('first_failed_at', { withTimezone: true }).notNull(),
  locked_until: timestamp('locked_until', { withTimezone: true }),
});

/** Failed sign-ins of one account ("account <email>") or one address ("address <ip>") in the last hour. */
export const loginLimits = pgTable('login_limits', {
  key: text('key').primaryKey(),
  /** When each counted attempt was made, oldest first; those over an hour old no longer count. */
  failed_at: timestamp('failed_at', { withTimezone: true }).array().notNull().default(sql`'{}'::timestamptz[]`),
});

// ——— simple resources (issue 3). Names are unique case-insensitively where people would
// expect one of each ("Apple" and "apple" are the same brand). ———

const status = () => varchar('status', { length: 16, enum: ['active', 'inactive'] }).notNull().default('active');
/**
 * The id of the transaction that writes the row (xid8 as a bigint): the till's catalogue asks for
 * rows changed by transactions at or after the oldest one still running when it last read
 * (server/pos/catalogue.ts), so a change committed late is never missed.
 */
const catalogueXid = () => bigint('catalogue_xid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`);
const trgm = (name: string, col: AnyPgColumn) => index(name).using('gin', sql`${col} gin_trgm_ops`);
/**
 * A trigram index on lower(col): searched with `lower(col) LIKE lower(pattern)`, it finds the
 * rows ILIKE finds, but the recheck of every candidate is a plain LIKE instead of ILIKE's case
 * folding of the pattern and the text row by row (2.5 ms of 7 for a 1,676-match product search).
 */
const lowerTrgm = (name: string, col: AnyPgColumn) => index(name).using('gin', sql`lower(${col}) gin_trgm_ops`);

export const customerCategories = pgTable(
  'customer_categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    discount_bps: integer('discount_bps').notNull().default(0),
    description: text('description'),
    ...stamps,
  },
  (t) => [uniqueIndex('customer_categories_name_unique').on(sql`lower(${t.name})`)],
);

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 32 }),
    address: varchar('address', { length: 500 }),
    city: varchar('city', { length: 100 }),
    country: varchar('country', { length: 100 }),
    tax_number: varchar('tax_number', { length: 64 }),
    category_id: integer('category_id').references(() => customerCategories.id, { onDelete: 'restrict' }),
    status: status(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('customers_email_unique').on(t.email),
    // (email, id) lets a sort by email that ties on empty emails still read pages from the index.
    index('customers_email_idx').on(t.email, t.id),
    index('customers_name_idx').on(t.name, t.id),
    index('customers_city_idx').on(t.city, t.id),
    index('customers_status_idx').on(t.status, t.id),
    index('customers_created_idx').on(t.created_at, t.id),
    index('customers_category_idx').on(t.category_id),
    trgm('customers_name_trgm', t.name),
    trgm('customers_email_trgm', t.email),
    trgm('customers_phone_trgm', t.phone),
  ],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    company: varchar('company', { length: 255 }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 32 }),
    address: varchar('address', { length: 500 }),
    tax_number: varchar('tax_number', { length: 64 }),
    status: status(),
    ...stamps,
  },
  (t) => [uniqueIndex('suppliers_email_unique').on(t.email)],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    parent_id: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    description: text('description'),
    status: status(),
    ...stamps,
  },
  (t) => [uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`), index('categories_parent_idx').on(t.parent_id)],
);

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    status: status(),
    ...stamps,
  },
  (t) => [uniqueIndex('brands_name_unique').on(sql`lower(${t.name})`)],
);

export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('attributes_name_unique').on(sql`lower(${t.name})`)],
);

export const attributeValues = pgTable(
  'attribute_values',
  {
    id: serial('id').primaryKey(),
    attribute_id: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 255 }).notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('attribute_values_name_unique').on(t.attribute_id, sql`lower(${t.name})`)],
);

export const colors = pgTable(
  'colors',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    hex: varchar('hex', { length: 7 }).notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('colors_name_unique').on(sql`lower(${t.name})`)],
);

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    short_name: varchar('short_name', { length: 16 }).notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('units_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('units_short_name_unique').on(sql`lower(${t.short_name})`),
  ],
);

export const expenseCategories = pgTable(
  'expense_categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    ...stamps,
  },
  (t) => [uniqueIndex('expense_categories_name_unique').on(sql`lower(${t.name})`)],
);

export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    category_id: integer('category_id')
      .notNull()
      .references(() => expenseCategories.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    reference: varchar('reference', { length: 64 }),
    note: text('note'),
    ...stamps,
  },
  (t) => [index('expenses_date_idx').on(t.date, t.id), index('expenses_category_idx').on(t.category_id)],
);

/** Services, banners and solutions: website content blocks of one shape. */
const contentColumns = () => ({
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 255 }).notNull(),
  subtitle: varchar('subtitle', { length: 255 }),
  description: text('description'),
  image: varchar('image', { length: 2048 }),
  link: varchar('link', { length: 2048 }),
  sort_order: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...stamps,
});
export const services = pgTable('services', contentColumns());
export const banners = pgTable('banners', contentColumns());
export const solutions = pgTable('solutions', contentColumns());

/** Single-record settings (POS, website), stored as validated JSON under a key. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many rows a large table has, kept by statement triggers on it (migration 0010), so an
 * unfiltered list reads its total instead of counting 100,000 rows on every page. A table is
 * counted when a migration adds its row here and its triggers; its list source says `counted`.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    table_name: varchar('table_name', { length: 64 }).primaryKey(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [check('row_counts_n_check', sql`${t.n} >= 0`)],
);

/**
 * A person's own choices on one list (the resource key): the columns they hid. One row per user
 * and list, so the chooser remembers them on every browser they sign in on.
 */
export const listPreferences = pgTable(
  'list_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: varchar('resource', { length: 64 }).notNull(),
    hidden_columns: text('hidden_columns').array().notNull().default(sql`'{}'::text[]`),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.resource] })],
);

/** A person's named filters of one list: its search, filters and order as a query string. */
export const savedFilters = pgTable(
  'saved_filters',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: varchar('resource', { length: 64 }).notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    query: text('query').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_filters_user_resource_name_unique').on(t.user_id, t.resource, sql`lower(${t.name})`)],
);

// ——— products, images and the stock ledger (issue 10) ———
// server/stock/ledger.ts is the only writer of stock_levels, stock_movements, serials and
// stock_movement_serials; a product's form never touches them.

/** PostgreSQL bytea as a Buffer (postgres-js) or Uint8Array (PGlite). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded images, re-encoded, with their thumbnails, in the database so every app server
 * can serve them. The id is the SHA-256 of `data`: the same picture uploaded twice is one row,
 * and its address never changes what it shows (served as immutable).
 */
export const images = pgTable('images', {
  id: varchar('id', { length: 64 }).primaryKey(),
  type: varchar('type', { length: 32 }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  data: bytea('data').notNull(),
  thumb_type: varchar('thumb_type', { length: 32 }).notNull(),
  thumb_data: bytea('thumb_data').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    sku: varchar('sku', { length: 64 }).notNull(),
    barcode: varchar('barcode', { length: 32 }),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    brand_id: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    unit_id: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    color_id: integer('color_id').references(() => colors.id, { onDelete: 'restrict' }),
    cost_price: integer('cost_price').notNull().default(0),
    sale_price: integer('sale_price').notNull(),
    tax_bps: integer('tax_bps').notNull().default(0),
    tax_method: varchar('tax_method', { length: 16, enum: ['exclusive', 'inclusive'] }).notNull().default('exclusive'),
    alert_quantity: integer('alert_quantity').notNull().default(0),
    tracks_serials: boolean('tracks_serials').notNull().default(false),
    image: varchar('image', { length: 64 }).references(() => images.id, { onDelete: 'restrict' }),
    description: text('description'),
    status: status(),
    /** The transaction that last changed what the till's catalogue shows of it (migration 0022, server/pos/catalogue.ts). */
    catalogue_xid: catalogueXid(),
    ...stamps,
  },
  (t) => [
    index('products_catalogue_xid_idx').on(t.catalogue_xid),
    uniqueIndex('products_sku_unique').on(sql`lower(${t.sku})`),
    uniqueIndex('products_barcode_unique').on(t.barcode),
    index('products_name_idx').on(t.name, t.id),
    index('products_sku_idx').on(t.sku, t.id),
    index('products_sale_price_idx').on(t.sale_price, t.id),
    index('products_status_idx').on(t.status, t.id),
    index('products_category_idx').on(t.category_id),
    index('products_brand_idx').on(t.brand_id),
    index('products_unit_idx').on(t.unit_id),
    index('products_color_idx').on(t.color_id),
    index('products_image_idx').on(t.image),
    lowerTrgm('products_name_lower_trgm', t.name),
    lowerTrgm('products_sku_lower_trgm', t.sku),
    check('products_prices_check', sql`${t.cost_price} >= 0 and ${t.sale_price} >= 0 and ${t.alert_quantity} >= 0`),
  ],
);

export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attribute_value_id: integer('attribute_value_id')
      .notNull()
      .references(() => attributeValues.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.product_id, t.attribute_value_id] }), index('product_attribute_values_value_idx').on(t.attribute_value_id)],
);

/**
 * One row per product that ever had stock: on hand (never negative) and the moving average
 * cost in minor units with four decimals. Always equal to the sum of its movements: the
 * ledger changes it with one guarded statement per movement, in the movement's transaction.
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    product_id: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull().default(0),
    avg_cost: numeric('avg_cost', { precision: 18, scale: 4 }),
    /** How many movements the product has: its history's page count without counting them. */
    movements: integer('movements').notNull().default(0),
    /** The transaction that last changed qty: set by the ledger's statements (migration 0022, server/pos/catalogue.ts). */
    catalogue_xid: catalogueXid(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stock_levels_qty_not_negative', sql`${t.qty} >= 0`), index('stock_levels_catalogue_xid_idx').on(t.catalogue_xid)],
);

/**
 * The products whose on hand is at or below their alert quantity (a product never stocked counts
 * as 0 on hand), whatever their status; `active` copies the product's status for the bell.
 * Kept by the database (statement triggers of migration 0013) whenever a level or a product
 * changes, so the bell and the stock-state filters read an index instead of every level. A table
 * of its own, not a flag on the product: a stock movement that crosses the alert quantity
 * inserts or deletes a row here and never rewrites the product's row (and its indexes).
 */
export const lowStock = pgTable(
  'low_stock',
  {
    product_id: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull(),
  },
  (t) => [index('low_stock_active_idx').on(t.product_id).where(sql`${t.active}`)],
);

export const MOVEMENT_KIND_VALUES = ['opening', 'adjustment', 'purchase_receipt', 'purchase_return', 'sale', 'sale_return'] as const;

/** The append-only ledger: corrections are new movements (a trigger refuses UPDATE and DELETE). */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 24, enum: MOVEMENT_KIND_VALUES }).notNull(),
    /** Adjustments: count_correction, damage, loss, found, opening. */
    reason: varchar('reason', { length: 24 }),
    quantity: integer('quantity').notNull(),
    /** Minor units per unit: what it came in at, or the average cost it left at. */
    unit_cost: integer('unit_cost').notNull(),
    /** quantity × unit_cost, signed. */
    value: bigint('value', { mode: 'number' }).notNull(),
    qty_after: integer('qty_after').notNull(),
    /** qty_after × the average cost after, rounded. */
    value_after: bigint('value_after', { mode: 'number' }).notNull(),
    /** The document this movement belongs to (purchase, sale, …) and its line, when there is one. */
    source_type: varchar('source_type', { length: 32 }),
    source_id: integer('source_id'),
    source_line_id: integer('source_line_id'),
    note: text('note'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.product_id, t.id),
    index('stock_movements_kind_idx').on(t.kind, t.id),
    index('stock_movements_created_idx').on(t.created_at, t.id),
    index('stock_movements_source_idx').on(t.source_type, t.source_id),
    index('stock_movements_user_idx').on(t.user_id),
    check(
      'stock_movements_sign_check',
      sql`${t.quantity} <> 0 and ${t.qty_after} >= 0 and ${t.unit_cost} >= 0 and case ${t.kind} when 'adjustment' then true when 'opening' then ${t.quantity} > 0 when 'purchase_receipt' then ${t.quantity} > 0 when 'sale_return' then ${t.quantity} > 0 else ${t.quantity} < 0 end`,
    ),
  ],
);

export const SERIAL_STATE_VALUES = ['in_stock', 'sold', 'returned', 'written_off'] as const;

/** One row per unit of a serial-tracked product; unique per product, letter case aside. */
export const serials = pgTable(
  'serials',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    serial: varchar('serial', { length: 100 }).notNull(),
    state: varchar('state', { length: 16, enum: SERIAL_STATE_VALUES }).notNull(),
    /** What it came in at. */
    unit_cost: integer('unit_cost').notNull(),
    /** The movement that brought it in (last time), and that took it out (while not in stock). */
    in_movement_id: integer('in_movement_id')
      .notNull()
      .references(() => stockMovements.id, { onDelete: 'restrict' }),
    out_movement_id: integer('out_movement_id').references(() => stockMovements.id, { onDelete: 'restrict' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('serials_product_serial_unique').on(t.product_id, sql`lower(${t.serial})`),
    index('serials_product_state_idx').on(t.product_id, t.state),
    index('serials_in_movement_idx').on(t.in_movement_id),
    index('serials_out_movement_idx').on(t.out_movement_id),
  ],
);

/** Which serials each movement moved (a serial moves many times: in, out, back in). */
export const stockMovementSerials = pgTable(
  'stock_movement_serials',
  {
    movement_id: integer('movement_id')
      .notNull()
      .references(() => stockMovements.id, { onDelete: 'restrict' }),
    serial_id: integer('serial_id')
      .notNull()
      .references(() => serials.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.movement_id, t.serial_id] }), index('stock_movement_serials_serial_idx').on(t.serial_id)],
);

// ——— documents (issue 11): the engine's tables, shared by every kind, then each kind's own ———

/**
 * One counter per number prefix (PO-, SC-, later SL-, QT-): the next number to give. Taken with
 * one upsert inside the transaction that makes a document final, so the row lock orders
 * concurrent documents and a rollback takes the number back: no gaps, no duplicates.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    prefix: varchar('prefix', { length: 32 }).primaryKey(),
    next: integer('next').notNull().default(1),
  },
  (t) => [check('document_counters_next_check', sql`${t.next} >= 1`)],
);

/** Every transition of every document, who and when: written in the transition's transaction. */
export const documentHistory = pgTable(
  'document_history',
  {
    id: serial('id').primaryKey(),
    doc_type: varchar('doc_type', { length: 32 }).notNull(),
    doc_id: integer('doc_id').notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    from_status: varchar('from_status', { length: 24 }),
    to_status: varchar('to_status', { length: 24 }).notNull(),
    note: text('note'),
    /** What the action moved: the lines and quantities received, the payment's amount. */
    data: jsonb('data'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_history_doc_idx').on(t.doc_type, t.doc_id, t.id), index('document_history_user_idx').on(t.user_id)],
);

/** Payments against documents (to suppliers, from customers), in minor units. */
export const documentPayments = pgTable(
  'document_payments',
  {
    id: serial('id').primaryKey(),
    doc_type: varchar('doc_type', { length: 32 }).notNull(),
    doc_id: integer('doc_id').notNull(),
    paid_on: date('paid_on', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    method: varchar('method', { length: 16 }).notNull(),
    note: text('note'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_payments_doc_idx').on(t.doc_type, t.doc_id, t.id),
    /** The reports' per-method read (migration 0028 INCLUDEs method and amount; drizzle cannot say INCLUDE). */
    index('document_payments_paid_on_idx').on(t.doc_type, t.paid_on),
    index('document_payments_user_idx').on(t.user_id),
    check('document_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Idempotency keys (IETF draft, Stripe): the first answer under a key is kept and returned for a
 * retry with the same body. Claimed with ON CONFLICT in the same transaction as the write, so
 * "at most once" is a database fact, not a check in code.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: varchar('scope', { length: 64 }).notNull(),
    /** Who made the key: a till or a browser tab (X-Client-Id), else `user:<id>` (migration 0014). */
    client_id: varchar('client_id', { length: 64 }).notNull().default(''),
    key: varchar('key', { length: 255 }).notNull(),
    /** Who sent it first; a key is the client's, so another staff member on the same till replays it. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    request_hash: varchar('request_hash', { length: 64 }).notNull(),
    status: integer('status').notNull(),
    /** The answer's JSON text exactly as first sent (jsonb would reorder its keys). */
    response: text('response').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.client_id, t.key] }), index('idempotency_keys_created_idx').on(t.created_at), index('idempotency_keys_user_idx').on(t.user_id)],
);

/**
 * How many documents of a kind there are and what they add up to (grand total, paid), per party
 * (supplier, customer; 0 for none) and state. Kept by the database (migration 0011,
 * `document_tallies_track`): statement triggers on each document table stage what a statement
 * changed, and one deferred trigger adds a transaction's changes at its commit, in key order. So
 * a list's count and totals read a few of these rows instead of every document in its filter.
 */
export const documentTalliesByParty = pgTable(
  'document_tallies_by_party',
  {
    doc_type: varchar('doc_type', { length: 32 }).notNull(),
    party_id: integer('party_id').notNull(),
    status: varchar('status', { length: 24 }).notNull(),
    payment_status: varchar('payment_status', { length: 16 }).notNull(),
    docs: bigint('docs', { mode: 'number' }).notNull().default(0),
    grand_total: bigint('grand_total', { mode: 'number' }).notNull().default(0),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'document_tallies_by_party_pk', columns: [t.doc_type, t.party_id, t.status, t.payment_status] })],
);

/** The same tallies per day of the document (its date, as a list's date range reads it). */
export const documentTalliesByDay = pgTable(
  'document_tallies_by_day',
  {
    doc_type: varchar('doc_type', { length: 32 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 24 }).notNull(),
    payment_status: varchar('payment_status', { length: 16 }).notNull(),
    docs: bigint('docs', { mode: 'number' }).notNull().default(0),
    grand_total: bigint('grand_total', { mode: 'number' }).notNull().default(0),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'document_tallies_by_day_pk', columns: [t.doc_type, t.day, t.status, t.payment_status] })],
);

/**
 * What every document header has (migration 0014): its number, null only inside the transaction
 * that makes it (the engine numbers last; a deferred trigger refuses a commit without one), and
 * the client key it was made under (a till's or tab's X-Client-Id and Idempotency-Key), unique,
 * so a replay is recognised for good, after its idempotency key is purged or the staff changed.
 */
const numbered = {
  reference: varchar('reference', { length: 32 }),
  client_id: varchar('client_id', { length: 64 }),
  client_key: varchar('client_key', { length: 255 }),
};

export const PURCHASE_STATUS_VALUES = ['ordered', 'partial', 'received', 'cancelled', 'returned'] as const;
export const PAYMENT_STATUS_VALUES = ['due', 'partial', 'paid'] as const;

/**
 * What the header of a document that is paid for stores (purchases, sales): the inputs of its
 * totals, the totals computeTotals gave (domain/documents/totals.ts's, never a client's), what
 * was paid and its status, the version (bumped by every write: the ETag of the record) and who
 * made it.
 */
const documentTotals = {
  prices_include_tax: boolean('prices_include_tax').notNull().default(false),
  discount: integer('discount').notNull().default(0),
  tax_bps: integer('tax_bps').notNull().default(0),
  shipping: integer('shipping').notNull().default(0),
  subtotal: bigint('subtotal', { mode: 'number' }).notNull().default(0),
  line_tax: bigint('line_tax', { mode: 'number' }).notNull().default(0),
  lines_total: bigint('lines_total', { mode: 'number' }).notNull().default(0),
  discount_total: bigint('discount_total', { mode: 'number' }).notNull().default(0),
  document_tax: bigint('document_tax', { mode: 'number' }).notNull().default(0),
  shipping_total: bigint('shipping_total', { mode: 'number' }).notNull().default(0),
  grand_total: bigint('grand_total', { mode: 'number' }).notNull().default(0),
};
/** Who made it and its version (bumped by every write: the ETag of the record). */
const versioned = {
  version: integer('version').notNull().default(1),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
};
const paidDocument = {
  ...documentTotals,
  paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  payment_status: varchar('payment_status', { length: 8, enum: PAYMENT_STATUS_VALUES }).notNull().default('due'),
  ...versioned,
};

/** A purchase's header with its stored totals (domain/documents/totals.ts's, never a client's). */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    ...numbered,
    supplier_id: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    purchased_on: date('purchased_on', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 16, enum: PURCHASE_STATUS_VALUES }).notNull().default('ordered'),
    cancelled: boolean('cancelled').notNull().default(false),
    note: text('note'),
    rounding: varchar('rounding', { length: 8, enum: ['line', 'document'] }).notNull().default('line'),
    ...paidDocument,
    ...stamps,
  },
  (t) => [
    uniqueIndex('purchases_reference_unique').on(t.reference),
    uniqueIndex('purchases_client_key_unique').on(t.client_id, t.client_key).where(sql`${t.client_key} is not null`),
    index('purchases_date_idx').on(t.purchased_on, t.id),
    index('purchases_supplier_date_idx').on(t.supplier_id, t.purchased_on, t.id),
    index('purchases_status_date_idx').on(t.status, t.purchased_on, t.id),
    index('purchases_payment_status_date_idx').on(t.payment_status, t.purchased_on, t.id),
    index('purchases_total_idx').on(t.grand_total, t.id),
    index('purchases_created_by_idx').on(t.created_by),
    check('purchases_amounts_check', sql`${t.discount} >= 0 and ${t.tax_bps} >= 0 and ${t.shipping} >= 0 and ${t.paid} >= 0 and ${t.grand_total} >= 0`),
  ],
);

/** A purchase line: what was ordered, and how much of it came in and went back (never more). */
export const purchaseLines = pgTable(
  'purchase_lines',
  {
    id: serial('id').primaryKey(),
    purchase_id: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    received: integer('received').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    unit_cost: integer('unit_cost').notNull(),
    discount: integer('discount').notNull().default(0),
    tax_bps: integer('tax_bps').notNull().default(0),
    /** This line's share of the stored totals (over the billed quantity). */
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('purchase_lines_purchase_idx').on(t.purchase_id, t.position),
    index('purchase_lines_product_idx').on(t.product_id),
    check(
      'purchase_lines_quantities_check',
      sql`${t.quantity} > 0 and ${t.received} >= 0 and ${t.received} <= ${t.quantity} and ${t.returned} >= 0 and ${t.returned} <= ${t.received} and ${t.unit_cost} >= 0 and ${t.discount} >= 0 and ${t.tax_bps} >= 0`,
    ),
  ],
);

/** A stock count: counted quantities for many products, the differences posted as one adjustment. */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: serial('id').primaryKey(),
    ...numbered,
    note: text('note'),
    lines_count: integer('lines_count').notNull(),
    /** Units found (+) and missing (−) over all lines. */
    units_in: integer('units_in').notNull().default(0),
    units_out: integer('units_out').notNull().default(0),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_counts_reference_unique').on(t.reference),
    uniqueIndex('stock_counts_client_key_unique').on(t.client_id, t.client_key).where(sql`${t.client_key} is not null`),
    index('stock_counts_created_idx').on(t.created_at, t.id),
    index('stock_counts_user_idx').on(t.user_id),
  ],
);

export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    id: serial('id').primaryKey(),
    count_id: integer('count_id')
      .notNull()
      .references(() => stockCounts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** On hand when the count was posted, what was counted, and the difference posted. */
    expected: integer('expected').notNull(),
    counted: integer('counted').notNull(),
    difference: integer('difference').notNull(),
  },
  (t) => [index('stock_count_lines_count_idx').on(t.count_id, t.position), index('stock_count_lines_product_idx').on(t.product_id)],
);

export const SALE_STATUS_VALUES = ['pending', 'completed'] as const;

/**
 * A cashier's register session (RS-, domain/pos/till.ts): opened with a counted float, cash moved
 * in and out, closed with what was counted per method against what was expected (`closing`,
 * frozen then). At most one open session per person: a partial unique index (migration 0022).
 */
export const registerSessions = pgTable(
  'register_sessions',
  {
    id: serial('id').primaryKey(),
    ...numbered,
    opened_by: integer('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The day it was opened on (the list's date range). */
    opened_on: date('opened_on', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 16, enum: ['open', 'closed'] }).notNull().default('open'),
    opening_float: bigint('opening_float', { mode: 'number' }).notNull(),
    note: text('note'),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    /** Who closed it: its cashier, or a manager (`pos setting`) closing one left open. */
    closed_by: integer('closed_by').references(() => users.id, { onDelete: 'restrict' }),
    /** At closing: [{ method, expected, counted, difference }], never changed after. */
    closing: jsonb('closing'),
    /** The sum of the closing's differences (counted − expected): the list shows it. */
    difference: bigint('difference', { mode: 'number' }),
    close_note: text('close_note'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('register_sessions_reference_unique').on(t.reference),
    uniqueIndex('register_sessions_client_key_unique').on(t.client_id, t.client_key).where(sql`${t.client_key} is not null`),
    uniqueIndex('register_sessions_one_open').on(t.opened_by).where(sql`${t.status} = 'open'`),
    index('register_sessions_date_idx').on(t.opened_on, t.id),
    index('register_sessions_person_date_idx').on(t.opened_by, t.opened_on, t.id),
    index('register_sessions_status_date_idx').on(t.status, t.opened_on, t.id),
    check('register_sessions_float_check', sql`${t.opening_float} >= 0`),
  ],
);

/** Cash put into or taken out of a register during its session, with the reason. */
export const cashMovements = pgTable(
  'cash_movements',
  {
    id: serial('id').primaryKey(),
    session_id: integer('session_id')
      .notNull()
      .references(() => registerSessions.id, { onDelete: 'restrict' }),
    direction: varchar('direction', { length: 3, enum: ['in', 'out'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 200 }).notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cash_movements_session_idx').on(t.session_id, t.id), index('cash_movements_user_idx').on(t.user_id), check('cash_movements_amount_check', sql`${t.amount} > 0`)],
);

/** Products deleted, for the till's catalogue to drop them (a trigger of migration 0022 writes it). */
export const catalogueRetired = pgTable(
  'catalogue_retired',
  {
    product_id: integer('product_id').primaryKey(),
    catalogue_xid: catalogueXid(),
  },
  (t) => [index('catalogue_retired_xid_idx').on(t.catalogue_xid)],
);

/** A sale's header (domain/documents/sale.ts) with its stored totals, what was paid and the change given. */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    ...numbered,
    /** None: a walk-in customer. */
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    sold_on: date('sold_on', { mode: 'string' }).notNull(),
    channel: varchar('channel', { length: 16, enum: ['backoffice', 'pos'] }).notNull().default('backoffice'),
    status: varchar('status', { length: 16, enum: SALE_STATUS_VALUES }).notNull().default('completed'),
    note: text('note'),
    /** Cash handed back: what was tendered beyond the total (paid keeps only what the sale took). */
    change: bigint('change', { mode: 'number' }).notNull().default(0),
    /** The value of what came back (its returns' grand totals) and what was refunded for it (migration 0018). */
    returned_total: bigint('returned_total', { mode: 'number' }).notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    /** The accepted quotation this sale was converted from (migration 0021): unique, so a quotation becomes one sale at most. */
    quotation_id: integer('quotation_id').references((): AnyPgColumn => quotations.id, { onDelete: 'restrict' }),
    /** The register session a till sale was made in (migration 0022); none for the back office's. */
    register_session_id: integer('register_session_id').references((): AnyPgColumn => registerSessions.id, { onDelete: 'restrict' }),
    ...paidDocument,
    ...stamps,
  },
  (t) => [
    uniqueIndex('sales_reference_unique').on(t.reference),
    uniqueIndex('sales_quotation_unique').on(t.quotation_id),
    uniqueIndex('sales_client_key_unique').on(t.client_id, t.client_key).where(sql`${t.client_key} is not null`),
    index('sales_date_idx').on(t.sold_on, t.id),
    index('sales_customer_date_idx').on(t.customer_id, t.sold_on, t.id),
    index('sales_status_date_idx').on(t.status, t.sold_on, t.id),
    index('sales_payment_status_date_idx').on(t.payment_status, t.sold_on, t.id),
    index('sales_total_idx').on(t.grand_total, t.id),
    index('sales_created_by_idx').on(t.created_by),
    index('sales_register_session_idx').on(t.register_session_id).where(sql`${t.register_session_id} is not null`),
    /** The reports' per-customer and per-cashier reads and the dashboard's till today (migration 0028 INCLUDEs the figures they sum, channel and id; drizzle cannot say INCLUDE). */
    index('sales_figures_idx').on(t.sold_on),
    check('sales_amounts_check', sql`${t.discount} >= 0 and ${t.tax_bps} >= 0 and ${t.shipping} >= 0 and ${t.paid} >= 0 and ${t.change} >= 0 and ${t.grand_total} >= 0`),
    check('sales_returns_check', sql`${t.returned_total} >= 0 and ${t.refunded} >= 0`),
    /** The few sales with returns or refunds: the list's due from the tallies corrects by them. */
    index('sales_returned_idx').on(t.id).where(sql`${t.returned_total} <> 0 or ${t.refunded} <> 0`),
  ],
);

/** What a line of goods sold stores (a sale's, a return's, a website order's): the product, how many, the price and cost, and its share of the totals. */
const soldLine = {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unit_price: integer('unit_price').notNull(),
    unit_cost: integer('unit_cost').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    tax_bps: integer('tax_bps').notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
};

/** A sale line: the price sold at and the average cost its units left stock at (0 until they leave). */
export const saleLines = pgTable(
  'sale_lines',
  {
    id: serial('id').primaryKey(),
    sale_id: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    ...soldLine,
    /** Units that came back on the sale's returns (migration 0018). */
    returned: integer('returned').notNull().default(0),
  },
  (t) => [
    index('sale_lines_sale_idx').on(t.sale_id, t.position),
    index('sale_lines_product_idx').on(t.product_id),
    check('sale_lines_amounts_check', sql`${t.quantity} > 0 and ${t.unit_price} >= 0 and ${t.unit_cost} >= 0 and ${t.discount} >= 0 and ${t.tax_bps} >= 0`),
    check('sale_lines_returned_check', sql`${t.returned} >= 0 and ${t.returned} <= ${t.quantity}`),
  ],
);

/** A return of a completed sale's goods (SR-): its value (the sale's totals over what came back) and what was refunded, by method in document_payments. */
export const saleReturns = pgTable(
  'sale_returns',
  {
    id: serial('id').primaryKey(),
    ...numbered,
    sale_id: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'restrict' }),
    returned_on: date('returned_on', { mode: 'string' }).notNull(),
    note: text('note'),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull().default(0),
    tax_total: bigint('tax_total', { mode: 'number' }).notNull().default(0),
    grand_total: bigint('grand_total', { mode: 'number' }).notNull().default(0),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    /** The register session its refunds were given from (migration 0022): they count against its expected cash. */
    register_session_id: integer('register_session_id').references((): AnyPgColumn => registerSessions.id, { onDelete: 'restrict' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sale_returns_register_session_idx').on(t.register_session_id).where(sql`${t.register_session_id} is not null`),
    uniqueIndex('sale_returns_reference_unique').on(t.reference),
    uniqueIndex('sale_returns_client_key_unique').on(t.client_id, t.client_key).where(sql`${t.client_key} is not null`),
    index('sale_returns_sale_idx').on(t.sale_id, t.id),
    index('sale_returns_date_idx').on(t.returned_on, t.id),
    index('sale_returns_created_by_idx').on(t.created_by),
    check('sale_returns_amounts_check', sql`${t.grand_total} >= 0 and ${t.refunded} >= 0`),
  ],
);

/** A returned line: the sale line it returns, with the price, tax and cost its units went out at. */
export const saleReturnLines = pgTable(
  'sale_return_lines',
  {
    id: serial('id').primaryKey(),
    return_id: integer('return_id')
      .notNull()
      .references(() => saleReturns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sale_line_id: integer('sale_line_id')
      .notNull()
      .references(() => saleLines.id, { onDelete: 'restrict' }),
    ...soldLine,
  },
  (t) => [
    index('sale_return_lines_return_idx').on(t.return_id, t.position),
    index('sale_return_lines_sale_line_idx').on(t.sale_line_id),
    index('sale_return_lines_product_idx').on(t.product_id),
    check('sale_return_lines_amounts_check', sql`${t.quantity} > 0 and ${t.unit_price} >= 0 and ${t.unit_cost} >= 0 and ${t.discount} >= 0`),
  ],
);

/**
 * What an issued document (an invoice, a credit note) freezes at issue: its number (a series of
 * its own, gapless), the date, the customer and the shop as they were (name, address, tax
 * number…), its lines as printed, the tax per rate and the totals computeTotals gave. The
 * database refuses UPDATE and DELETE on these tables (migration 0017): an error is corrected by
 * a credit note. Payments and the balance due are read live from the source document.
 */
const issuedDocument = {
  id: serial('id').primaryKey(),
  number: varchar('number', { length: 40 }).notNull(),
  issued_on: date('issued_on', { mode: 'string' }).notNull(),
  sale_id: integer('sale_id').references(() => sales.id, { onDelete: 'restrict' }),
  customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
  /** { name, email, phone, address, city, country, tax_number }; null: a walk-in customer. */
  customer: jsonb('customer'),
  /** { name, logo, email, phone, address, tax_number, currency } from the website setting. */
  shop: jsonb('shop').notNull(),
  /** [{ product_id, name, sku, quantity, unit_price, discount, tax_bps, net, tax, total }]. */
  lines: jsonb('lines').notNull(),
  /** [{ rate, base, tax }]: the lines' tax per rate, rates ascending. */
  taxes: jsonb('taxes').notNull(),
  prices_include_tax: boolean('prices_include_tax').notNull().default(false),
  tax_bps: integer('tax_bps').notNull().default(0),
  subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
  line_tax: bigint('line_tax', { mode: 'number' }).notNull(),
  discount_total: bigint('discount_total', { mode: 'number' }).notNull(),
  document_tax: bigint('document_tax', { mode: 'number' }).notNull(),
  shipping_total: bigint('shipping_total', { mode: 'number' }).notNull(),
  grand_total: bigint('grand_total', { mode: 'number' }).notNull(),
  note: text('note'),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/** An invoice: made for a completed sale or a shipped order. */
export const invoices = pgTable(
  'invoices',
  { ...issuedDocument, order_id: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }) },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_sale_unique').on(t.sale_id).where(sql`${t.sale_id} is not null`),
    uniqueIndex('invoices_order_unique').on(t.order_id).where(sql`${t.order_id} is not null`),
    index('invoices_customer_idx').on(t.customer_id),
    check('invoices_source_check', sql`${t.sale_id} is not null or ${t.order_id} is not null`),
  ],
);

/** A credit note: corrects an invoice (a return of an invoiced sale), in a series of its own (CN-). */
export const creditNotes = pgTable(
  'credit_notes',
  {
    ...issuedDocument,
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    /** The sale return it was issued for (the returns' table; its FK added there). */
    return_id: integer('return_id'),
  },
  (t) => [uniqueIndex('credit_notes_number_unique').on(t.number), index('credit_notes_invoice_idx').on(t.invoice_id), index('credit_notes_sale_idx').on(t.sale_id)],
);

export const ORDER_STATUS_VALUES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

/** A website order's header (domain/documents/order.ts): its customer, where it goes, its stored totals and what was paid. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    ...numbered,
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    ordered_on: date('ordered_on', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 16, enum: ORDER_STATUS_VALUES }).notNull().default('pending'),
    ship_name: varchar('ship_name', { length: 255 }).notNull(),
    ship_address: varchar('ship_address', { length: 500 }).notNull(),
    ship_city: varchar('ship_city', { length: 100 }).notNull(),
    ship_postcode: varchar('ship_postcode', { length: 20 }),
    ship_country: varchar('ship_country', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 32 }),
    note: text('note'),
    ...paidDocument,
    ...stamps,
  },
  (t) => [
    uniqueIndex('orders_reference_unique').on(t.reference),
    uniqueIndex('orders_client_key_unique').on(t.client_id, t.client_key).where(sql`${t.client_key} is not null`),
    index('orders_date_idx').on(t.ordered_on, t.id),
    index('orders_customer_date_idx').on(t.customer_id, t.ordered_on, t.id),
    index('orders_status_date_idx').on(t.status, t.ordered_on, t.id),
    index('orders_payment_status_date_idx').on(t.payment_status, t.ordered_on, t.id),
    index('orders_total_idx').on(t.grand_total, t.id),
    index('orders_created_by_idx').on(t.created_by),
    check('orders_amounts_check', sql`${t.discount} >= 0 and ${t.tax_bps} >= 0 and ${t.shipping} >= 0 and ${t.paid} >= 0 and ${t.grand_total} >= 0`),
  ],
);

/** An order line: priced as a sale line, keeping the average cost its units left at (0 until the order is processed). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    ...soldLine,
  },
  (t) => [
    index('order_lines_order_idx').on(t.order_id, t.position),
    index('order_lines_product_idx').on(t.product_id),
    check('order_lines_amounts_check', sql`${t.quantity} > 0 and ${t.unit_price} >= 0 and ${t.unit_cost} >= 0 and ${t.discount} >= 0 and ${t.tax_bps} >= 0`),
  ],
);

export const QUOTATION_STATUS_VALUES = ['draft', 'sent', 'accepted', 'rejected', 'converted'] as const;

/**
 * A quotation's header (domain/documents/quotation.ts): its customer, date and valid-until day,
 * the sale's terms and the totals they give. No payments: it sells nothing until converted.
 * 'expired' is never stored (a sent one past its day is computed so on read).
 */
export const quotations = pgTable(
  'quotations',
  {
    id: serial('id').primaryKey(),
    ...numbered,
    customer_id: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    quoted_on: date('quoted_on', { mode: 'string' }).notNull(),
    valid_until: date('valid_until', { mode: 'string' }).notNull(),
    status: varchar('status', { length: 16, enum: QUOTATION_STATUS_VALUES }).notNull().default('draft'),
    note: text('note'),
    ...documentTotals,
    ...versioned,
    ...stamps,
  },
  (t) => [
    uniqueIndex('quotations_reference_unique').on(t.reference),
    uniqueIndex('quotations_client_key_unique').on(t.client_id, t.client_key).where(sql`${t.client_key} is not null`),
    index('quotations_date_idx').on(t.quoted_on, t.id),
    index('quotations_customer_date_idx').on(t.customer_id, t.quoted_on, t.id),
    index('quotations_status_date_idx').on(t.status, t.quoted_on, t.id),
    index('quotations_created_by_idx').on(t.created_by),
    check('quotations_amounts_check', sql`${t.discount} >= 0 and ${t.tax_bps} >= 0 and ${t.shipping} >= 0 and ${t.grand_total} >= 0`),
    check('quotations_valid_check', sql`${t.valid_until} >= ${t.quoted_on}`),
  ],
);

/** A quotation's line: priced as a sale line (no cost: nothing leaves stock). */
export const quotationLines = pgTable(
  'quotation_lines',
  {
    id: serial('id').primaryKey(),
    quotation_id: integer('quotation_id')
      .notNull()
      .references(() => quotations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unit_price: integer('unit_price').notNull(),
    discount: integer('discount').notNull().default(0),
    tax_bps: integer('tax_bps').notNull().default(0),
    net: bigint('net', { mode: 'number' }).notNull().default(0),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('quotation_lines_quotation_idx').on(t.quotation_id, t.position),
    index('quotation_lines_product_idx').on(t.product_id),
    check('quotation_lines_amounts_check', sql`${t.quantity} > 0 and ${t.unit_price} >= 0 and ${t.discount} >= 0 and ${t.tax_bps} >= 0`),
  ],
);

/**
 * The shop's selling per day (issue 36, migration 0028): what the dashboard and the sales-by-day
 * report read instead of every sale of a year. Completed sales dated that day (their count, grand
 * totals, tax, revenue without tax and shipping, and the cost their units left stock at) and the
 * returns dated that day (the same, at the cost they came back at). Kept by the database as 0011
 * keeps the document tallies: statement triggers on sales, sale_lines, sale_returns and
 * sale_return_lines stage what a statement changed, and it is added at commit, in day order.
 */
export const saleDays = pgTable('sale_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sales: bigint('sales', { mode: 'number' }).notNull().default(0),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
  tax: bigint('tax', { mode: 'number' }).notNull().default(0),
  revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  cost: bigint('cost', { mode: 'number' }).notNull().default(0),
  returns: bigint('returns', { mode: 'number' }).notNull().default(0),
  returned: bigint('returned', { mode: 'number' }).notNull().default(0),
  returned_tax: bigint('returned_tax', { mode: 'number' }).notNull().default(0),
  returned_revenue: bigint('returned_revenue', { mode: 'number' }).notNull().default(0),
  returned_cost: bigint('returned_cost', { mode: 'number' }).notNull().default(0),
});

/** What a product sold at one tax rate: the line reports, profit by product and the dashboard's top products read these. */
const soldProductFigures = {
  product_id: integer('product_id').notNull(),
  tax_bps: integer('tax_bps').notNull(),
  quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  net: bigint('net', { mode: 'number' }).notNull().default(0),
  tax: bigint('tax', { mode: 'number' }).notNull().default(0),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
  cost: bigint('cost', { mode: 'number' }).notNull().default(0),
};
/** Per day × product × rate (migration 0028), kept by sale_days' triggers in the same transaction. */
export const saleProductDays = pgTable('sale_product_days', { day: date('day', { mode: 'string' }).notNull(), ...soldProductFigures }, (t) => [
  primaryKey({ name: 'sale_product_days_pk', columns: [t.day, t.product_id, t.tax_bps] }),
]);
/** The same per month (its first day): a range reads the months it touches less the days it leaves out. */
export const saleProductMonths = pgTable('sale_product_months', { month: date('month', { mode: 'string' }).notNull(), ...soldProductFigures }, (t) => [
  primaryKey({ name: 'sale_product_months_pk', columns: [t.month, t.product_id, t.tax_bps] }),
  /** A month's rows per product, in order: top products, the line reports (migration 0028 INCLUDEs the figures; drizzle cannot say INCLUDE). */
  index('sale_product_months_product_idx').on(t.month, t.product_id),
]);

/**
 * The audit trail (migration 0025, domain/audit.ts): one row per change, written by
 * server/audit/record.ts in the change's own transaction. Append-only: the database refuses an
 * UPDATE, DELETE or TRUNCATE of it. The actor is kept as they were (name, email) and by id
 * without a foreign key, so deleting a user keeps every event they made, and their name with it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    actor_id: integer('actor_id'),
    actor_name: varchar('actor_name', { length: 255 }),
    actor_email: varchar('actor_email', { length: 255 }),
    kind: varchar('kind', { length: 48 }).notNull(),
    subject_type: varchar('subject_type', { length: 48 }),
    subject_id: integer('subject_id'),
    /** What names the subject for a person: a document's reference, a user's email, a setting's name. */
    subject_label: text('subject_label'),
    summary: text('summary').notNull(),
    changes: jsonb('changes'),
    /** The client's address (server/http/client.ts). */
    address: varchar('address', { length: 64 }),
  },
  (t) => [
    index('audit_events_created_idx').on(t.created_at, t.id),
    index('audit_events_actor_idx').on(t.actor_id, t.created_at),
    index('audit_events_kind_idx').on(t.kind, t.created_at),
  ],
);
