import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { isPermission, PERMISSIONS, SUPER_ADMIN_ROLE } from '../../domain/permissions.ts';
import * as R from '../../domain/resources/index.ts';
import { hashPassword } from '../auth/password.ts';
import { passwordProblem } from '../auth/password-rule.ts';
import { accessTokens, permissionModules, permissions, rolePermissions, roles, userRoles, users } from '../db/schema.ts';
import { route, type AppContext } from '../http/context.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { checkIds, countOf, countWhere, qualified as q, serverResource, type Tx } from '../crud/index.ts';
import { plural } from '../../domain/text.ts';
import { statusFilter } from './people.ts';
import { checkPermissionsGrantable, checkRolesGrantable } from './privilege.ts';

const idFilter = (make: (id: number) => SQL) => (v: string) => (/^\d{1,9}$/.test(v) ? make(Number(v)) : undefined);

// ——— users ———

const roleNames = sql<string[]>`(select coalesce(array_agg(${q(roles.name)} order by ${q(roles.name)}), '{}')::text[] from ${userRoles} join ${roles} on ${q(roles.id)} = ${q(userRoles.role_id)} where ${q(userRoles.user_id)} = ${q(users.id)})`;

export const userResource = serverResource({
  def: R.users,
  table: users,
  hidden: ['password_hash'],
  audit: { record: 'user', secrets: ['password'] },
  extra: { role_names: roleNames.as('role_names') },
  sort: { name: users.name, email: users.email, status: users.status, created_at: users.created_at },
  search: [users.name, users.email, users.phone],
  filters: {
    status: statusFilter(users.status),
    role_id: idFilter(
      (id) => sql`exists (select 1 from ${userRoles} where ${q(userRoles.user_id)} = ${q(users.id)} and ${q(userRoles.role_id)} = ${id})`,
    ),
  },
  unique: { users_email_unique: { field: 'email', message: 'Another user already has this email address.' } },
  references: { user_roles_role_id_roles_id_fk: { field: 'role_ids', message: 'One of the chosen roles no longer exists. Reload and choose again.' } },
  toRow: async ({ role_ids, password, ...rest }, { tx }) => {
    await checkIds(tx, roles, role_ids, 'role_ids', 'One of the chosen roles no longer exists. Reload and choose again.');
    if (password === undefined) return rest;
    const problem = await passwordProblem(password);
    if (problem) throw validationError({ password: [problem] });
    return { ...rest, password_hash: await hashPassword(password) };
  },
  beforeUpdate: async (tx, row, body, c) => {
    // Nobody should lock themself out by accident; another administrator can do it.
    if (row.id === c.var.auth.row.id && body.status === 'inactive') {
      throw validationError({ status: ['You cannot make your own account inactive.'] });
    }
    if (!actorIsSuperAdmin(c) && (await holdsSuperAdmin(tx, row.id))) throw onlySuperAdmin();
  },
  afterWrite: async (tx, id, body, { c, before }) => {
    const roleIds = body.role_ids;
    // 'user create' and 'user edit' let a manager run accounts, not make themself (or anyone) a Super Admin.
    const superId = await superAdminRoleId(tx);
    if (superId !== undefined && !actorIsSuperAdmin(c) && roleIds.includes(superId)) {
      throw validationError({ role_ids: ['Only a Super Admin can give someone the Super Admin role.'] });
    }
    await checkRolesGrantable(tx, c, before ? id : undefined, roleIds);
    await tx.delete(userRoles).where(eq(userRoles.user_id, id));
    if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((role_id) => ({ user_id: id, role_id })));
    // A new password or an inactive account ends the user's sessions elsewhere (a stolen
    // token stops working), but never the session that made the change.
    if (before && (body.password !== undefined || body.status === 'inactive')) {
      const auth = c.var.auth;
      const keep = auth.row.id === id ? ne(accessTokens.id, auth.tokenId) : undefined;
      await tx.delete(accessTokens).where(and(eq(accessTokens.user_id, id), keep));
    }
    if (superId !== undefined && (await activeSuperAdmins(tx, superId)) === 0) {
      throw new ApiError(409, 'At least one active user must keep the Super Admin role, or nobody could manage the shop.', { code: 'last_super_admin' });
    }
  },
  detail: async (db, id) => {
    const rows = await db.select({ id: userRoles.role_id }).from(userRoles).where(eq(userRoles.user_id, id)).orderBy(asc(userRoles.role_id));
    return { role_ids: rows.map((r) => r.id) };
  },
  beforeDelete: async (tx, row, c) => {
    if (row.id === c.var.auth.row.id) throw new ApiError(409, SELF_DELETE, { code: 'self' });
    if (!actorIsSuperAdmin(c) && (await holdsSuperAdmin(tx, row.id))) throw onlySuperAdmin();
  },
  deleteRefusal: (row, c) => {
    if (row.id === c.var.auth.row.id) return SELF_DELETE;
    const names = Array.isArray(row.role_names) ? row.role_names : [];
    return !actorIsSuperAdmin(c) && names.includes(SUPER_ADMIN_ROLE) ? ONLY_SUPER_ADMIN : undefined;
  },
});

const SELF_DELETE = 'You cannot delete your own account.';
const ONLY_SUPER_ADMIN = "Only a Super Admin can change or delete a Super Admin's account.";

const actorIsSuperAdmin = (c: AppContext) => c.var.auth.user.roles.some((r) => r.name === SUPER_ADMIN_ROLE);
const onlySuperAdmin = () => new ApiError(409, ONLY_SUPER_ADMIN, { code: 'protected' });

async function superAdminRoleId(db: Tx): Promise<number | undefined> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE));
  return role?.id;
}

async function holdsSuperAdmin(db: Tx, userId: number): Promise<boolean> {
  const superId = await superAdminRoleId(db);
  if (superId === undefined) return false;
  const [hit] = await db
    .select({ n: sql<number>`1` })
    .from(userRoles)
    .where(and(eq(userRoles.user_id, userId), eq(userRoles.role_id, superId)));
  return hit !== undefined;
}

async function activeSuperAdmins(db: Tx, superId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.user_id))
    .where(and(eq(userRoles.role_id, superId), eq(users.status, 'active')));
  return Number(r?.n ?? 0);
}

// ——— roles ———

const isSuperAdmin = sql<boolean>`(${q(roles.name)} = ${SUPER_ADMIN_ROLE})`;
// Super Admin holds every permission whatever its rows say (PRODUCT §2), so it counts them all.
const rolePermissionsCount = sql<number>`(case when ${q(roles.name)} = ${SUPER_ADMIN_ROLE} then (select count(*)::int from ${permissions}) else (select count(*)::int from ${rolePermissions} where ${q(rolePermissions.role_id)} = ${q(roles.id)}) end)`;
const roleUsersCount = countOf(userRoles, userRoles.role_id, roles.id);

/** Where the app's own permissions come in the grid: the order domain/permissions.ts lists them. */
const knownOrder = new Map<string, number>(PERMISSIONS.map((p, i) => [p, i]));

/**
 * The role screen's checkbox grid: modules in table order, each with its permissions and what
 * each allows: the app's own in the order it lists them (a database migrated to finer rights
 * added them last), an administrator's own after them. Who may create or edit a role needs it
 * as much as who may list them.
 */
const permissionGrid = route('GET', `${R.roles.api}/permission-grid`, [R.roles.permissions.list, R.roles.permissions.create, R.roles.permissions.edit], {
  summary: 'Permissions grouped by module, with what each allows, for the role form',
  handler: async (c) => {
    const { db } = c.var;
    const mods = await db.select({ id: permissionModules.id, name: permissionModules.name }).from(permissionModules).orderBy(asc(permissionModules.id));
    const rank = (p: { name: string; id: number }) => [knownOrder.get(p.name) ?? Number.MAX_SAFE_INTEGER, p.id] as const;
    const perms = (
      await db
        .select({ id: permissions.id, name: permissions.name, description: permissions.description, module_id: permissions.module_id })
        .from(permissions)
        .orderBy(asc(permissions.id))
    ).sort((a, b) => {
      const [ra, ia] = rank(a);
      const [rb, ib] = rank(b);
      return ra - rb || ia - ib;
    });
    const data = mods.map((m) => ({
      ...m,
      permissions: perms.filter((p) => p.module_id === m.id).map(({ id, name, description }) => ({ id, name, description })),
    }));
    return c.json({ data }, 200);
  },
});

export const roleResource = serverResource({
  def: R.roles,
  table: roles,
  extra: {
    permissions_count: rolePermissionsCount.as('permissions_count'),
    users_count: roleUsersCount.as('users_count'),
    protected: isSuperAdmin.as('protected'),
  },
  sort: { name: roles.name, permissions_count: rolePermissionsCount, users_count: roleUsersCount },
  search: [roles.name],
  unique: { roles_name_unique: { field: 'name', message: 'Another role already has this name.' } },
  references: {
    role_permissions_permission_id_permissions_id_fk: {
      field: 'permission_ids',
      message: 'One of the chosen permissions no longer exists. Reload and choose again.',
    },
  },
  usedBy: [countWhere(userRoles, userRoles.role_id, (n) => plural(n, 'user', 'users'))],
  routes: [permissionGrid],
  // The trail names the permissions a change gave or took, not their ids.
  audit: {
    record: 'role',
    facts: async (tx, id) => {
      const [role] = await tx.select({ name: roles.name }).from(roles).where(eq(roles.id, id));
      const rows =
        role?.name === SUPER_ADMIN_ROLE
          ? await tx.select({ name: permissions.name }).from(permissions)
          : await tx.select({ name: permissions.name }).from(rolePermissions).innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id)).where(eq(rolePermissions.role_id, id));
      return { permissions: rows.map((r) => r.name).sort() };
    },
  },
  toRow: async ({ name, permission_ids }, { tx }) => {
    const message = 'One of the chosen permissions no longer exists. Reload and choose again.';
    await checkIds(tx, permissions, permission_ids, 'permission_ids', message);
    return { name };
  },
  beforeUpdate: (_tx, row, body) => {
    if (row.name === SUPER_ADMIN_ROLE && body.name !== SUPER_ADMIN_ROLE) {
      throw new ApiError(409, 'The Super Admin role always holds every permission, so it cannot be renamed.', { code: 'protected' });
    }
  },
  afterWrite: async (tx, id, body, { c, before }) => {
    // Whatever the form sent, Super Admin keeps every permission; its rows mirror that.
    const ids =
      body.name === SUPER_ADMIN_ROLE
        ? (await tx.select({ id: permissions.id }).from(permissions)).map((p) => p.id)
        : body.permission_ids;
    if (body.name !== SUPER_ADMIN_ROLE) await checkPermissionsGrantable(tx, c, before ? id : undefined, ids);
    await tx.delete(rolePermissions).where(eq(rolePermissions.role_id, id));
    if (ids.length) await tx.insert(rolePermissions).values(ids.map((permission_id) => ({ role_id: id, permission_id })));
  },
  detail: async (db, id) => {
    const [role] = await db.select({ name: roles.name }).from(roles).where(eq(roles.id, id));
    const rows =
      role?.name === SUPER_ADMIN_ROLE
        ? await db.select({ id: permissions.id }).from(permissions).orderBy(asc(permissions.id))
        : await db
            .select({ id: rolePermissions.permission_id })
            .from(rolePermissions)
            .where(eq(rolePermissions.role_id, id))
            .orderBy(asc(rolePermissions.permission_id));
    return { permission_ids: rows.map((r) => r.id) };
  },
  beforeDelete: (_tx, row) => {
    if (row.name === SUPER_ADMIN_ROLE) throw new ApiError(409, 'The Super Admin role cannot be deleted.', { code: 'protected' });
  },
});

// ——— permission modules ———

const modulePermissionsCount = countOf(permissions, permissions.module_id, permissionModules.id);

export const permissionModuleResource = serverResource({
  def: R.permissionModules,
  table: permissionModules,
  extra: { permissions_count: modulePermissionsCount.as('permissions_count') },
  sort: { name: permissionModules.name, permissions_count: modulePermissionsCount },
  search: [permissionModules.name],
  unique: { permission_modules_name_unique: { field: 'name', message: 'Another permission module already has this name.' } },
  audit: { record: 'permission_module' },
  usedBy: [{ ...countWhere(permissions, permissions.module_id, (n) => plural(n, 'permission', 'permissions')), verb: 'still holds' }],
});

// ——— permissions ———

/** Roles that grant it; Super Admin grants every permission without a row saying so. */
const explicitRoles = sql<number>`(select count(*)::int from ${rolePermissions} join ${roles} on ${q(roles.id)} = ${q(rolePermissions.role_id)} where ${q(rolePermissions.permission_id)} = ${q(permissions.id)} and ${q(roles.name)} <> ${SUPER_ADMIN_ROLE})`;
const superAdminRoles = sql<number>`(select count(*)::int from ${roles} where ${q(roles.name)} = ${SUPER_ADMIN_ROLE})`;

const systemPermission = (name: string, what: 'renamed' | 'deleted') =>
  new ApiError(409, `“${name}” is checked by the application and cannot be ${what}.`, { code: 'system' });

export const permissionResource = serverResource({
  def: R.permissions,
  table: permissions,
  extra: {
    module_name: sql<string | null>`${permissionModules.name}`.as('module_name'),
    roles_count: sql<number>`(${explicitRoles} + ${superAdminRoles})`.as('roles_count'),
  },
  joins: [{ table: permissionModules, on: eq(permissionModules.id, permissions.module_id) }],
  sort: { name: permissions.name, module_name: permissionModules.name },
  search: [permissions.name, permissions.description],
  unique: { permissions_name_unique: { field: 'name', message: 'Another permission already has this name.' } },
  audit: { record: 'permission' },
  references: {
    permissions_module_id_permission_modules_id_fk: { field: 'module_id', message: 'This module no longer exists. Choose another.' },
  },
  usedBy: [
    {
      count: async (db, id) => {
        const [r] = await db.select({ n: explicitRoles }).from(permissions).where(eq(permissions.id, id));
        return Number(r?.n ?? 0);
      },
      what: (n) => plural(n, 'role', 'roles'),
    },
  ],
  beforeUpdate: (_tx, row, body) => {
    const name = String(row.name);
    if (isPermission(name) && body.name !== name) throw systemPermission(name, 'renamed');
  },
  beforeDelete: (_tx, row) => {
    const name = String(row.name);
    if (isPermission(name)) throw systemPermission(name, 'deleted');
  },
});
