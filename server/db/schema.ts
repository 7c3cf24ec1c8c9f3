import { integer, pgTable, primaryKey, serial, text, timestamp, varchar, index } from 'drizzle-orm/pg-core';

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
