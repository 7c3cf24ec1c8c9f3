/**
 * Permission names are exactly SPEC §6's list. Modules group them for the role screen and the
 * seed (PRODUCT §2). This file is the one permission table: the server's endpoint guards, the
 * browser's route guards and the menu all read it.
 */
export const PERMISSION_MODULES = {
  General: ['dashboard'],
  Administration: ['user list', 'role list', 'permission module list', 'permission list'],
  People: ['customer list', 'customer category list', 'supplier list'],
  Products: ['product create', 'product list', 'category list', 'brand list', 'attribute list', 'color list'],
  Inventory: ['sales list', 'sales create', 'pos', 'purchase list', 'purchase create', 'stock'],
  Expense: ['expense list', 'expense create'],
  Quotations: ['quotation list', 'quotation create'],
  Orders: ['order list'],
  Settings: ['setting', 'pos setting', 'website setting'],
  Website: ['service list', 'banner list', 'solution list'],
} as const;

export type PermissionModuleName = keyof typeof PERMISSION_MODULES;
export type Permission = (typeof PERMISSION_MODULES)[PermissionModuleName][number];

export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_MODULES).flat();

export const SUPER_ADMIN_ROLE = 'Super Admin';

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

export interface RoleLike {
  name: string;
  permissions: readonly { name: string }[] | readonly string[];
}

/** A user's permissions are the union across their roles; Super Admin holds every one. */
export function permissionsOf(roles: readonly RoleLike[] | undefined | null): Set<Permission> {
  const out = new Set<Permission>();
  for (const role of roles ?? []) {
    if (role.name === SUPER_ADMIN_ROLE) return new Set(PERMISSIONS);
    for (const p of role.permissions) {
      const name = typeof p === 'string' ? p : p.name;
      if (isPermission(name)) out.add(name);
    }
  }
  return out;
}

export function can(roles: readonly RoleLike[] | undefined | null, permission: Permission | null): boolean {
  return permission === null || permissionsOf(roles).has(permission);
}
