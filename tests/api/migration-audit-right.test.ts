import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { migrate, openDatabase, scratchDatabase, type DbHandle } from '../../server/db/index.ts';
import { permissionModules, permissions, rolePermissions, roles } from '../../server/db/schema.ts';
import { migrationsBefore } from './support/older-migrations.ts';

/**
 * Migration 0025 on a shop from before it: 'audit list' joins the module of 'user list' and goes
 * to every role that sees users, and to no other.
 */
let handle: DbHandle | undefined;
let drop: () => Promise<void> = async () => {};
let older = '';
afterAll(async () => {
  await handle?.close();
  await drop();
  if (older) rmSync(older, { recursive: true, force: true });
});

it('gives "audit list" to the roles holding "user list", in their module', async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) ({ handle, drop } = await scratchDatabase(url, 'test_audit_right'));
  else handle = await openDatabase({});
  older = migrationsBefore('0025_audit_trail');
  await migrate(handle, older);

  const { db } = handle;
  const [admin] = await db.insert(permissionModules).values({ name: 'Staff' }).returning();
  const [general] = await db.insert(permissionModules).values({ name: 'General' }).returning();
  const [userList] = await db.insert(permissions).values({ name: 'user list', module_id: admin!.id }).returning();
  const [dashboard] = await db.insert(permissions).values({ name: 'dashboard', module_id: general!.id }).returning();
  const [keeper] = await db.insert(roles).values({ name: 'Account keeper' }).returning();
  const [clerk] = await db.insert(roles).values({ name: 'Clerk' }).returning();
  await db.insert(rolePermissions).values([
    { role_id: keeper!.id, permission_id: userList!.id },
    { role_id: clerk!.id, permission_id: dashboard!.id },
  ]);

  await migrate(handle);
  const [audit] = await db.select().from(permissions).where(eq(permissions.name, 'audit list'));
  expect(audit!.module_id).toBe(admin!.id);
  const holders = await db.select({ role: roles.name }).from(rolePermissions).innerJoin(roles, eq(roles.id, rolePermissions.role_id)).where(eq(rolePermissions.permission_id, audit!.id));
  expect(holders.map((h) => h.role)).toEqual(['Account keeper']);
});
