import { asc, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../../domain/auth.ts';
import { SUPER_ADMIN_ROLE } from '../../domain/permissions.ts';
import type { Db } from '../db/index.ts';
import { permissions, rolePermissions, roles, userRoles, users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** The user record of GET /me and the login response: roles with their permissions. */
export async function loadSessionUser(db: Db, user: UserRow): Promise<SessionUser> {
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.role_id))
    .where(eq(userRoles.user_id, user.id))
    .orderBy(asc(roles.id));

  const roleIds = roleRows.map((r) => r.id);
  const links = roleIds.length
    ? await db
        .select({ role_id: rolePermissions.role_id, id: permissions.id, name: permissions.name })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
        .where(inArray(rolePermissions.role_id, roleIds))
        .orderBy(asc(permissions.id))
    : [];
  const all = roleRows.some((r) => r.name === SUPER_ADMIN_ROLE)
    ? await db.select({ id: permissions.id, name: permissions.name }).from(permissions).orderBy(asc(permissions.id))
    : [];

  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    status: user.status,
    roles: roleRows.map((role) => ({
      id: role.id,
      name: role.name,
      // Super Admin holds every permission whatever its rows say (PRODUCT §2).
      permissions:
        role.name === SUPER_ADMIN_ROLE
          ? all
          : links.filter((l) => l.role_id === role.id).map(({ id, name }) => ({ id, name })),
    })),
  };
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return rows[0];
}
