import { and, eq, inArray, isNull } from 'drizzle-orm';
import { isPermission, PERMISSION_DESCRIPTIONS, PERMISSION_MODULES, PERMISSIONS, SUPER_ADMIN_ROLE, type Permission } from '../domain/permissions.ts';
import { hashPassword, verifyPassword } from './auth/password.ts';
import { seedDemoShop } from './seed-demo.ts';
import { seedDemoStock } from './seed-stock.ts';
import { seedDemoPurchases } from './seed-purchases.ts';
import { seedDemoSelling } from './seed-sales.ts';
import type { Db } from './db/index.ts';
import { accessTokens, permissionModules, permissions, rolePermissions, roles, userRoles, users } from './db/schema.ts';

/**
 * Modules and permissions as domain/permissions.ts lists them, each with its plain-words
 * description. Runs on every start and only adds what is missing: a module or permission an
 * administrator renamed or moved on the permission screens stays as they left it, and so does
 * a description they wrote.
 */
export async function seedPermissions(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ name: permissions.name, description: permissions.description }).from(permissions);
    const have = new Set(rows.map((p) => p.name));
    const missing = Object.entries(PERMISSION_MODULES).filter(([, names]) => names.some((n) => !have.has(n)));
    if (missing.length > 0) {
      const moduleNames = missing.map(([mod]) => mod);
      await tx
        .insert(permissionModules)
        .values(moduleNames.map((name) => ({ name })))
        .onConflictDoNothing({ target: permissionModules.name });
      const mods = await tx
        .select({ id: permissionModules.id, name: permissionModules.name })
        .from(permissionModules)
        .where(inArray(permissionModules.name, moduleNames));
      const idOf = new Map(mods.map((m) => [m.name, m.id]));
      const values = missing.flatMap(([mod, names]) =>
        names
          .filter((name) => !have.has(name))
          .map((name) => ({ name, module_id: idOf.get(mod)!, description: PERMISSION_DESCRIPTIONS[name as Permission] })),
      );
      await tx.insert(permissions).values(values).onConflictDoNothing({ target: permissions.name });
    }
    // Permissions from before descriptions were stored (migration 0003 adds the column) get theirs.
    for (const { name } of rows.filter((p) => p.description === null && isPermission(p.name))) {
      await tx
        .update(permissions)
        .set({ description: PERMISSION_DESCRIPTIONS[name as Permission] })
        .where(and(eq(permissions.name, name), isNull(permissions.description)));
    }
  });
}

/** Creates the role if missing; returns its id and whether it was created now. */
async function ensureRole(db: Db, name: string): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insert(roles)
    .values({ name })
    .onConflictDoNothing({ target: roles.name })
    .returning({ id: roles.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const existing = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  return { id: existing[0]!.id, created: false };
}

async function grant(db: Db, roleId: number, names: readonly Permission[]): Promise<void> {
  if (names.length === 0) return;
  const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, [...names]));
  if (rows.length === 0) return;
  await db
    .insert(rolePermissions)
    .values(rows.map((r) => ({ role_id: roleId, permission_id: r.id })))
    .onConflictDoNothing();
}

/** The Super Admin role (every permission); used by the demo seed and create-admin. */
export async function ensureSuperAdminRole(db: Db): Promise<number> {
  const role = await ensureRole(db, SUPER_ADMIN_ROLE);
  await grant(db, role.id, PERMISSIONS);
  return role.id;
}

export const DEMO_PASSWORD = 'password';

const MANAGER_PERMISSIONS = PERMISSIONS.filter(
  (p) => !(PERMISSION_MODULES.Administration as readonly string[]).includes(p),
);
// PRODUCT §1: customers at the till, but neither deleting them nor exporting the list.
const CASHIER_PERMISSIONS: readonly Permission[] = ['dashboard', 'pos', 'sales list', 'sales create', 'customer list', 'customer create', 'customer edit'];

export const DEMO_USERS = [
  { email: 'admin@example.com', name: 'Admin', role: SUPER_ADMIN_ROLE },
  { email: 'manager@example.com', name: 'Manager', role: 'Manager' },
  { email: 'cashier@example.com', name: 'Cashier', role: 'Cashier' },
] as const;

/**
 * Demo roles and users (PRODUCT §1), and the demo shop unless `shop` is false (API tests start
 * from an empty shop). Safe on every start: an existing role keeps the permissions an
 * administrator gave it, an existing user is left alone, the shop is seeded once.
 */
export async function seedDemo(db: Db, opts: { shop?: boolean; now?: Date } = {}): Promise<void> {
  const roleIds = new Map<string, number>();
  roleIds.set(SUPER_ADMIN_ROLE, await ensureSuperAdminRole(db));
  for (const [name, perms] of [
    ['Manager', MANAGER_PERMISSIONS],
    ['Cashier', CASHIER_PERMISSIONS],
  ] as const) {
    const role = await ensureRole(db, name);
    if (role.created) await grant(db, role.id, perms);
    roleIds.set(name, role.id);
  }

  const emails = DEMO_USERS.map((u) => u.email);
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => u.email),
  );
  for (const demo of DEMO_USERS) {
    if (existing.has(demo.email)) continue;
    const password_hash = await hashPassword(DEMO_PASSWORD);
    const inserted = await db
      .insert(users)
      .values({ name: demo.name, email: demo.email, password_hash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    const id = inserted[0]?.id;
    if (id !== undefined) {
      await db.insert(userRoles).values({ user_id: id, role_id: roleIds.get(demo.role)! }).onConflictDoNothing();
    }
  }
  if (opts.shop !== false) {
    await seedDemoShop(db, opts.now);
    await seedDemoStock(db, opts.now);
    await seedDemoPurchases(db, opts.now);
    await seedDemoSelling(db, opts.now);
  }
}

/**
 * Production on a database first made in development: every demo account that still has the
 * demo password is made inactive and signed out (sign-in refuses that password anyway).
 * Returns their emails, so the start-up can say which; safe to run on every start.
 */
export async function disableDemoAccounts(db: Db): Promise<string[]> {
  const found = await db.select().from(users).where(inArray(users.email, DEMO_USERS.map((u) => u.email)));
  const disabled: string[] = [];
  for (const user of found) {
    if (!(await verifyPassword(user.password_hash, DEMO_PASSWORD))) continue;
    await db.transaction(async (tx) => {
      await tx.update(users).set({ status: 'inactive' }).where(and(eq(users.id, user.id), eq(users.status, 'active')));
      await tx.delete(accessTokens).where(eq(accessTokens.user_id, user.id));
    });
    disabled.push(user.email);
  }
  return disabled;
}
