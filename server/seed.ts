import { eq, inArray } from 'drizzle-orm';
import { PERMISSION_MODULES, PERMISSIONS, SUPER_ADMIN_ROLE, type Permission } from '../domain/permissions.ts';
import { hashPassword } from './auth/password.ts';
import { seedDemoShop } from './seed-demo.ts';
import { seedDemoStock } from './seed-stock.ts';
import type { Db } from './db/index.ts';
import { permissionModules, permissions, rolePermissions, roles, userRoles, users } from './db/schema.ts';

/**
 * Modules and permissions as domain/permissions.ts lists them. Runs on every start and only
 * adds what is missing: a module or permission an administrator renamed or moved on the
 * permission screens stays as they left it.
 */
export async function seedPermissions(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const have = new Set((await tx.select({ name: permissions.name }).from(permissions)).map((p) => p.name));
    const missing = Object.entries(PERMISSION_MODULES).filter(([, names]) => names.some((n) => !have.has(n)));
    if (missing.length === 0) return;
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
      names.filter((name) => !have.has(name)).map((name) => ({ name, module_id: idOf.get(mod)! })),
    );
    await tx.insert(permissions).values(values).onConflictDoNothing({ target: permissions.name });
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
const CASHIER_PERMISSIONS: readonly Permission[] = ['dashboard', 'pos', 'sales list', 'sales create', 'customer list'];

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
  }
}
