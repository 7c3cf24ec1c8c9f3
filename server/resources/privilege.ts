import { asc, eq, inArray } from 'drizzle-orm';
import { SUPER_ADMIN_ROLE } from '../../domain/permissions.ts';
import type { Tx } from '../db/index.ts';
import { permissions, rolePermissions, roles, userRoles } from '../db/schema.ts';
import type { AppContext } from '../http/context.ts';
import { validationError } from '../http/errors.ts';

/**
 * Nobody can widen their own access (README, "Who can grant what"): a person may give a role
 * only if they hold every permission in it, and add a permission to a role only if they hold
 * it. Giving oneself a role or adding to a role one holds is then never a way up, and neither
 * is making a second account. Only additions are checked: what a record already had stays,
 * and taking away is always allowed. (Only a Super Admin gives the Super Admin role, which is
 * more than its permissions; administration.ts checks that.)
 */

/** The ids of the permissions the signed-in person holds (every one for a Super Admin). */
const heldBy = (c: AppContext) => new Set(c.var.auth.user.roles.flatMap((r) => r.permissions.map((p) => p.id)));

/** "“a”, “b” and 3 more" */
function names(list: readonly string[]): string {
  const shown = list.slice(0, 3).map((n) => `“${n}”`);
  const more = list.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown.join('');
}

/** 422 on role_ids unless the person holds every permission of each role `userId` gains. */
export async function checkRolesGrantable(tx: Tx, c: AppContext, userId: number | undefined, roleIds: readonly number[]): Promise<void> {
  const had = userId === undefined ? [] : (await tx.select({ id: userRoles.role_id }).from(userRoles).where(eq(userRoles.user_id, userId))).map((r) => r.id);
  const gained = roleIds.filter((id) => !had.includes(id));
  if (gained.length === 0) return;
  const held = heldBy(c);
  const gainedRoles = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, gained)).orderBy(asc(roles.name));
  const all = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions).orderBy(asc(permissions.id));
  const links = await tx.select().from(rolePermissions).where(inArray(rolePermissions.role_id, gained));
  for (const role of gainedRoles) {
    // Super Admin holds every permission whatever its rows say (PRODUCT §2).
    const perms = role.name === SUPER_ADMIN_ROLE ? all : all.filter((p) => links.some((l) => l.role_id === role.id && l.permission_id === p.id));
    const missing = perms.filter((p) => !held.has(p.id)).map((p) => p.name);
    if (missing.length === 0) continue;
    const self = userId === c.var.auth.row.id;
    const message = self
      ? `You cannot give yourself the role “${role.name}”: it holds ${names(missing)}, which you do not have. Ask someone who holds them.`
      : `You can only give roles whose permissions you hold yourself: “${role.name}” holds ${names(missing)}, which you do not have.`;
    throw validationError({ role_ids: [message] });
  }
}

/** 422 on permission_ids unless the person holds every permission role `roleId` gains. */
export async function checkPermissionsGrantable(tx: Tx, c: AppContext, roleId: number | undefined, permissionIds: readonly number[]): Promise<void> {
  const had =
    roleId === undefined
      ? []
      : (await tx.select({ id: rolePermissions.permission_id }).from(rolePermissions).where(eq(rolePermissions.role_id, roleId))).map((r) => r.id);
  const held = heldBy(c);
  const missing = permissionIds.filter((id) => !had.includes(id) && !held.has(id));
  if (missing.length === 0) return;
  const rows = await tx.select({ name: permissions.name }).from(permissions).where(inArray(permissions.id, missing)).orderBy(asc(permissions.id));
  const mine = roleId !== undefined && c.var.auth.user.roles.some((r) => r.id === roleId);
  const message = mine
    ? `You cannot add permissions you do not have to a role you hold: ${names(rows.map((r) => r.name))}.`
    : `You can only grant permissions you hold yourself: you do not have ${names(rows.map((r) => r.name))}.`;
  throw validationError({ permission_ids: [message] });
}

