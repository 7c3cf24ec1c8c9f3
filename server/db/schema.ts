import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
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
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; idle expiry is computed from last_used_at. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
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

// ——— simple resources (issue 3). Names are unique case-insensitively where people would
// expect one of each ("Apple" and "apple" are the same brand). ———

const status = () => varchar('status', { length: 16, enum: ['active', 'inactive'] }).notNull().default('active');
const trgm = (name: string, col: AnyPgColumn) => index(name).using('gin', sql`${col} gin_trgm_ops`);

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
