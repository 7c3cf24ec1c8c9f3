import type { Permission } from './permissions.ts';

/** The side menu of SPEC §2. Paths are absolute; /pos is the outside-/admin POS link. */
export interface MenuLink {
  label: string;
  href: string;
  permission: Permission;
  icon: string;
}
export interface MenuGroup {
  label: string;
  icon: string;
  /** Shown even when none of its children is (SPEC §6: Products and Inventory). */
  alwaysShown?: boolean;
  /** A group-level permission, when the group has one of its own. */
  permission?: Permission;
  children: (MenuLink | MenuSubgroup)[];
}
export interface MenuSubgroup {
  label: string;
  icon: string;
  children: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

export const isLink = (e: MenuLink | MenuGroup | MenuSubgroup): e is MenuLink => 'href' in e;

export const MENU: readonly MenuEntry[] = [
  { label: 'Dashboard', href: '/admin/dashboard', permission: 'dashboard', icon: 'dashboard' },
  {
    label: 'Administration',
    icon: 'shield',
    children: [
      { label: 'Users', href: '/admin/users', permission: 'user list', icon: 'users' },
      { label: 'Roles', href: '/admin/roles', permission: 'role list', icon: 'key' },
      { label: 'Permission Modules', href: '/admin/permission-module', permission: 'permission module list', icon: 'grid' },
      { label: 'Permissions', href: '/admin/permissions', permission: 'permission list', icon: 'lock' },
    ],
  },
  {
    label: 'People',
    icon: 'people',
    children: [
      { label: 'Customer Categories', href: '/admin/customer/categories', permission: 'customer category list', icon: 'tag' },
      { label: 'Customers', href: '/admin/customers', permission: 'customer list', icon: 'user' },
      { label: 'Suppliers', href: '/admin/suppliers', permission: 'supplier list', icon: 'truck' },
    ],
  },
  {
    label: 'Products',
    icon: 'box',
    alwaysShown: true,
    children: [
      { label: 'Create Product', href: '/admin/product/create', permission: 'product create', icon: 'plus' },
      { label: 'Products', href: '/admin/products', permission: 'product list', icon: 'list' },
      { label: 'Categories', href: '/admin/category', permission: 'category list', icon: 'folder' },
      { label: 'Brands', href: '/admin/brands', permission: 'brand list', icon: 'star' },
      { label: 'Attributes', href: '/admin/attribute', permission: 'attribute list', icon: 'sliders' },
      { label: 'Colors', href: '/admin/color', permission: 'color list', icon: 'palette' },
      { label: 'Units', href: '/admin/units', permission: 'product create', icon: 'ruler' },
    ],
  },
  {
    label: 'Inventory',
    icon: 'warehouse',
    alwaysShown: true,
    children: [
      {
        label: 'Sales',
        icon: 'cart',
        children: [
          { label: 'Create Sale', href: '/admin/sales/create', permission: 'sales create', icon: 'plus' },
          { label: 'Sales', href: '/admin/sales/list', permission: 'sales list', icon: 'list' },
          { label: 'POS', href: '/pos', permission: 'pos', icon: 'register' },
        ],
      },
      {
        label: 'Purchase',
        icon: 'bag',
        children: [
          { label: 'Create Purchase', href: '/admin/purchase/create', permission: 'purchase create', icon: 'plus' },
          { label: 'Purchase with Serial', href: '/admin/purchase/with/serial/create', permission: 'purchase create', icon: 'barcode' },
          { label: 'Purchases', href: '/admin/purchase/list', permission: 'purchase list', icon: 'list' },
        ],
      },
      { label: 'Stock', href: '/admin/stock', permission: 'stock', icon: 'layers' },
    ],
  },
  {
    label: 'Expense',
    icon: 'wallet',
    children: [
      { label: 'Expense Categories', href: '/admin/expense/category', permission: 'expense list', icon: 'tag' },
      { label: 'Expenses', href: '/admin/expense', permission: 'expense list', icon: 'receipt' },
    ],
  },
  {
    label: 'Quotations',
    icon: 'file',
    children: [
      { label: 'Create Quotation', href: '/admin/quotations/create', permission: 'quotation create', icon: 'plus' },
      { label: 'Quotations', href: '/admin/quotations/list', permission: 'quotation list', icon: 'list' },
    ],
  },
  {
    label: 'Orders',
    icon: 'package',
    children: [{ label: 'Pending Orders', href: '/admin/orders', permission: 'order list', icon: 'clock' }],
  },
  {
    label: 'Settings',
    icon: 'settings',
    permission: 'setting',
    children: [
      { label: 'POS Setting', href: '/admin/pos/setting', permission: 'pos setting', icon: 'register' },
      { label: 'Website Setting', href: '/admin/website/setting', permission: 'website setting', icon: 'globe' },
    ],
  },
  {
    label: 'Website Configuration',
    icon: 'globe',
    children: [
      { label: 'Services', href: '/admin/website/services', permission: 'service list', icon: 'tool' },
      { label: 'Banners', href: '/admin/website/banners', permission: 'banner list', icon: 'image' },
      { label: 'Solutions', href: '/admin/website/solutions', permission: 'solution list', icon: 'bulb' },
    ],
  },
];

/**
 * The menu a user sees. Links need their permission; a group is shown when it has a visible
 * child (and its own permission, if it has one), except Products and Inventory, which are
 * always shown with their children filtered (SPEC §6).
 */
export function visibleMenu(has: (p: Permission) => boolean): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of MENU) {
    if (isLink(entry)) {
      if (has(entry.permission)) out.push(entry);
      continue;
    }
    const children: (MenuLink | MenuSubgroup)[] = [];
    for (const child of entry.children) {
      if (isLink(child)) {
        if (has(child.permission)) children.push(child);
      } else {
        const links = child.children.filter((l) => has(l.permission));
        if (links.length) children.push({ ...child, children: links });
      }
    }
    const ownOk = entry.permission ? has(entry.permission) : true;
    if (entry.alwaysShown || (ownOk && children.length > 0)) out.push({ ...entry, children });
  }
  return out;
}
