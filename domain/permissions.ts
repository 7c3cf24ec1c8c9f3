/**
 * Permission names: SPEC §6's list, and beside each resource's list permission the finer ones
 * PRODUCT §2 adds (`customer create`, `customer edit`, `customer delete`, `customer export`),
 * so a role can see customers without deleting them. Modules group them for the role screen
 * and the seed. This file is the one permission table: the server's endpoint guards, the
 * browser's route guards and the menu all read it.
 */

/** What a person may do with a resource's records; each is a permission of its own. */
export const RIGHTS = ['list', 'create', 'edit', 'delete', 'export'] as const;
export type Right = (typeof RIGHTS)[number];

/**
 * Resources whose rights are split, by the noun their permission names start with, and how the
 * role screen speaks of their records. SPEC §6 names the list permission (`customer list`);
 * the others are added beside it.
 */
const RESOURCE_NOUNS = {
  user: { one: 'user', many: 'users' },
  role: { one: 'role', many: 'roles' },
  'permission module': { one: 'permission module', many: 'permission modules' },
  permission: { one: 'permission', many: 'permissions' },
  customer: { one: 'customer', many: 'customers' },
  'customer category': { one: 'customer category', many: 'customer categories' },
  supplier: { one: 'supplier', many: 'suppliers' },
  category: { one: 'product category', many: 'product categories' },
  brand: { one: 'brand', many: 'brands' },
  attribute: { one: 'attribute', many: 'attributes and their values' },
  color: { one: 'colour', many: 'colours' },
  unit: { one: 'unit', many: 'units' },
  purchase: { one: 'purchase', many: 'purchases' },
  expense: { one: 'expense', many: 'expenses and expense categories' },
  service: { one: 'website service', many: 'website services' },
  banner: { one: 'website banner', many: 'website banners' },
  solution: { one: 'website solution', many: 'website solutions' },
} as const;

export type ResourceNoun = keyof typeof RESOURCE_NOUNS;

/** A resource's five permission names, in the order the role screen shows them. */
function rightsNames<N extends ResourceNoun>(noun: N) {
  return [`${noun} list`, `${noun} create`, `${noun} edit`, `${noun} delete`, `${noun} export`] as const;
}

export const PERMISSION_MODULES = {
  General: ['dashboard'],
  Administration: [...rightsNames('user'), ...rightsNames('role'), ...rightsNames('permission module'), ...rightsNames('permission'), 'audit list'],
  People: [...rightsNames('customer'), ...rightsNames('customer category'), ...rightsNames('supplier')],
  Products: [
    'product create',
    'product list',
    ...rightsNames('category'),
    ...rightsNames('brand'),
    ...rightsNames('attribute'),
    ...rightsNames('color'),
    ...rightsNames('unit'),
  ],
  Inventory: ['sales list', 'sales create', 'sales price override', 'pos', ...rightsNames('purchase'), 'stock'],
  Expense: rightsNames('expense'),
  Quotations: ['quotation list', 'quotation create'],
  Orders: ['order list', 'order update'],
  Settings: ['setting', 'pos setting', 'website setting'],
  Website: [...rightsNames('service'), ...rightsNames('banner'), ...rightsNames('solution')],
  Reports: ['reports'],
} as const;

export type PermissionModuleName = keyof typeof PERMISSION_MODULES;
export type Permission = (typeof PERMISSION_MODULES)[PermissionModuleName][number];

export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_MODULES).flat();

/** One resource's permissions, one per right. */
export type ResourceRights = { readonly [R in Right]: Permission };

/**
 * A resource's permissions from its noun: `rights('customer')` is
 * { list: 'customer list', create: 'customer create', edit: …, delete: …, export: … }.
 * Several resources may share one set (expense categories use the expense rights).
 */
export function rights(noun: ResourceNoun): ResourceRights {
  const [list, create, edit, del, exp] = rightsNames(noun);
  return { list, create, edit, delete: del, export: exp };
}

/** SPEC §6's names that are not a resource's list permission, in plain words. */
const OTHER_DESCRIPTIONS = {
  dashboard: 'See the dashboard',
  'audit list': 'See the audit trail',
  'product create': 'Add products',
  'product list': 'See the product list',
  'sales list': 'See the sales list',
  'sales create': 'Record sales',
  'sales price override': 'Sell at another price than the catalogue',
  pos: 'Use the point of sale',
  stock: 'See stock levels',
  'quotation list': 'See the quotation list',
  'quotation create': 'Write quotations',
  'order list': 'See website orders',
  'order update': 'Move website orders along and take their payments',
  setting: 'See the Settings menu',
  'pos setting': 'Change the point-of-sale setting',
  'website setting': 'Change the website setting',
  reports: 'See the reports and the shop figures on the dashboard',
} as const satisfies Partial<Record<Permission, string>>;

function rightDescription(right: Right, { one, many }: { one: string; many: string }): string {
  switch (right) {
    case 'list':
      return `See the ${one} list`;
    case 'create':
      return `Add ${many}`;
    case 'edit':
      return `Edit ${many}`;
    case 'delete':
      return `Delete ${many}`;
    case 'export':
      return `Export the ${one} list as CSV`;
  }
}

function describePermissions(): Readonly<Record<Permission, string>> {
  return {
    ...OTHER_DESCRIPTIONS,
    ...(Object.fromEntries(
      (Object.keys(RESOURCE_NOUNS) as ResourceNoun[]).flatMap((noun) => {
        const set = rights(noun);
        return RIGHTS.map((r) => [set[r], rightDescription(r, RESOURCE_NOUNS[noun])]);
      }),
    ) as Record<Exclude<Permission, keyof typeof OTHER_DESCRIPTIONS>, string>),
  };
}

/**
 * Every permission in plain words, as the role screen shows it ("Delete customers"). Marked pure,
 * so a bundle that never reads it (the browser's: the server seeds the texts) leaves it out.
 */
export const PERMISSION_DESCRIPTIONS: Readonly<Record<Permission, string>> = /* @__PURE__ */ describePermissions();

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
