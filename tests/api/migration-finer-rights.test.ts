import { rmSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_DESCRIPTIONS, PERMISSIONS } from '../../domain/permissions.ts';
import { migrate, openDatabase, scratchDatabase, type DbHandle } from '../../server/db/index.ts';
import { permissionModules, permissions, rolePermissions, roles } from '../../server/db/schema.ts';
import { seedPermissions } from '../../server/seed.ts';
import { migrationsBefore } from './support/older-migrations.ts';

/**
 * Migration 0003 (finer rights) on a database from before it: every role keeps exactly the
 * powers it had. The new permissions are granted to each role that held the permission that
 * guarded the action until now, land in that resource's module, and get their descriptions
 * on the next start.
 */

/** The permissions and modules as the app seeded them before finer rights (SPEC §6 only). */
const BEFORE: Record<string, string[]> = {
  General: ['dashboard'],
  Administration: ['user list', 'role list', 'permission module list', 'permission list'],
  People: ['customer list', 'customer category list', 'supplier list'],
  Products: ['product create', 'product list', 'category list', 'brand list', 'attribute list', 'color list'],
  Inventory: ['sales list', 'sales create', 'pos', 'purchase list', 'purchase create', 'stock'],
  Expense: ['expense list', 'expense create'],
  Quotations: ['quotation list', 'quotation create'],
  Orders: ['order list'],
  Settings: ['setting', 'pos setting', 'website setting'],
  // An administrator moved the website permissions into a module of their own making.
  'Web content': ['service list', 'banner list', 'solution list'],
};

/** Roles of an older shop and what they held. */
const OLD_ROLES: Record<string, string[]> = {
  Cashier: ['dashboard', 'pos', 'sales list', 'sales create', 'customer list'],
  Bookkeeper: ['expense list', 'expense create'],
  'Expense viewer': ['expense list'],
  'Product clerk': ['product create', 'product list', 'brand list'],
  Nobody: [],
};

let handle: DbHandle;
let drop: () => Promise<void> = async () => {};
let older: string;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) ({ handle, drop } = await scratchDatabase(url, 'test_migration'));
  else handle = await openDatabase({});

  // The migrations folder as it was before finer rights.
  older = migrationsBefore('0004_finer_rights');
  await migrate(handle, older);

  // Plain SQL: the schema in code already has columns this older database has not.
  const { db } = handle;
  const permission = (name: string, mod: string) =>
    db.execute(sql`insert into permissions (name, module_id) select ${name}, id from permission_modules where name = ${mod}`);
  for (const [mod, names] of Object.entries(BEFORE)) {
    await db.execute(sql`insert into permission_modules (name) values (${mod})`);
    for (const name of names) await permission(name, mod);
  }
  // An administrator's own permission, in the People module.
  await permission('customer credit', 'People');
  for (const [name, held] of Object.entries(OLD_ROLES)) {
    await db.execute(sql`insert into roles (name) values (${name})`);
    for (const p of held) {
      await db.execute(
        sql`insert into role_permissions (role_id, permission_id) select r.id, p.id from roles r, permissions p where r.name = ${name} and p.name = ${p}`,
      );
    }
  }

  await migrate(handle);
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await drop();
  if (older) rmSync(older, { recursive: true, force: true });
});

async function held(role: string): Promise<string[]> {
  const rows = await handle.db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.role_id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(eq(roles.name, role));
  return rows.map((r) => r.name).sort();
}

const sorted = (a: string[]) => [...a].sort();

describe('migration 0003 on a database from before finer rights', () => {
  it('adds every permission the app now checks, each once', async () => {
    const names = (await handle.db.select({ name: permissions.name }).from(permissions)).map((p) => p.name);
    expect(sorted(names)).toEqual(sorted([...PERMISSIONS, 'customer credit']));
  });

  it('grants each role the finer rights of what it held, and nothing else', async () => {
    expect(await held('Cashier')).toEqual(
      sorted([...OLD_ROLES.Cashier!, 'customer create', 'customer edit', 'customer delete', 'customer export']),
    );
    // "expense create" guarded edit and delete, "expense list" the export.
    expect(await held('Bookkeeper')).toEqual(sorted(['expense list', 'expense create', 'expense edit', 'expense delete', 'expense export']));
    expect(await held('Expense viewer')).toEqual(['expense export', 'expense list']);
    // "product create" guarded the unit screens; units have their own five rights now.
    expect(await held('Product clerk')).toEqual(
      sorted([
        ...OLD_ROLES['Product clerk']!,
        ...['list', 'create', 'edit', 'delete', 'export'].map((r) => `unit ${r}`),
        'brand create', 'brand edit', 'brand delete', 'brand export',
      ]),
    );
    expect(await held('Nobody')).toEqual([]);
  });

  it('puts each new permission in the module of its resource’s list permission, wherever that now is', async () => {
    const rows = await handle.db
      .select({ name: permissions.name, module: permissionModules.name })
      .from(permissions)
      .innerJoin(permissionModules, eq(permissionModules.id, permissions.module_id))
      .where(inArray(permissions.name, ['customer delete', 'banner export', 'unit list', 'expense edit']));
    expect(Object.fromEntries(rows.map((r) => [r.name, r.module]))).toEqual({
      'customer delete': 'People',
      'banner export': 'Web content',
      'unit list': 'Products',
      'expense edit': 'Expense',
    });
  });

  it('leaves the descriptions to the next start, which fills in the app’s own and keeps the rest', async () => {
    expect((await handle.db.select().from(permissions).where(sql`${permissions.description} is not null`)).length).toBe(0);
    await seedPermissions(handle.db);
    const rows = await handle.db.select({ name: permissions.name, description: permissions.description }).from(permissions);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.description]));
    for (const p of PERMISSIONS) expect(byName[p], p).toBe(PERMISSION_DESCRIPTIONS[p]);
    expect(byName['customer credit']).toBeNull();
    // The modules an administrator arranged stay as they are: no second Website module.
    const mods = (await handle.db.select({ name: permissionModules.name }).from(permissionModules)).map((m) => m.name);
    expect(mods).not.toContain('Website');
  });
});
