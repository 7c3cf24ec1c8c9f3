import { sectionRoute } from './page.ts';
import { adminHref, POS_SHORTCUT } from './paths.ts';
import type { Permission } from './permissions.ts';
import { REPORTS } from './insight/report-kinds.ts';
import { reportRouteName, routeByName, type RouteMatch } from './routes.ts';

/**
 * The side menu of SPEC §2. Each link names its route: the address and the permission come
 * from the route table, so a link can never disagree with the page it opens. /pos is the
 * outside-/admin POS link SPEC §2 lists.
 */
export interface MenuLink {
  label: string;
  href: string;
  permission: Permission;
  /** Rights needed as well (a report's). */
  alsoNeeds?: readonly Permission[];
  icon: string;
  /** The route it opens (the page the link is current on, with its create and edit pages). */
  route: string;
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

/** A menu link to a route of the table, by the route's name. */
function link(label: string, route: string, icon: string): MenuLink {
  const r = routeByName(route);
  if (!r.permission) throw new Error(`Menu link ${label}: route ${route} has no permission`);
  return { label, icon, href: adminHref(r.path), permission: r.permission, ...(r.alsoNeeds?.length ? { alsoNeeds: r.alsoNeeds } : {}), route };
}

const shown = (l: MenuLink, has: (p: Permission) => boolean) => has(l.permission) && (l.alsoNeeds ?? []).every(has);

export const isLink = (e: MenuLink | MenuGroup | MenuSubgroup): e is MenuLink => 'href' in e;

export const MENU: readonly MenuEntry[] = [
  link('Dashboard', 'dashboard', 'dashboard'),
  {
    label: 'Administration',
    icon: 'shield',
    children: [
      link('Users', 'users', 'users'),
      link('Roles', 'roles', 'key'),
      link('Permission Modules', 'permissionModules', 'grid'),
      link('Permissions', 'permissions', 'lock'),
      link('Audit Trail', 'audit', 'clock'),
    ],
  },
  {
    label: 'People',
    icon: 'people',
    children: [
      link('Customer Categories', 'customerCategories', 'tag'),
      link('Customers', 'customers', 'user'),
      link('Suppliers', 'suppliers', 'truck'),
    ],
  },
  {
    label: 'Products',
    icon: 'box',
    alwaysShown: true,
    children: [
      link('Create Product', 'productCreate', 'plus'),
      link('Products', 'products', 'list'),
      link('Categories', 'categories', 'folder'),
      link('Brands', 'brands', 'star'),
      link('Attributes', 'attributes', 'sliders'),
      link('Colors', 'colors', 'palette'),
      link('Units', 'units', 'ruler'),
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
          link('Create Sale', 'saleCreate', 'plus'),
          link('Sales', 'sales', 'list'),
          { ...link('POS', 'pos', 'register'), href: POS_SHORTCUT },
        ],
      },
      {
        label: 'Purchase',
        icon: 'bag',
        children: [
          link('Create Purchase', 'purchaseCreate', 'plus'),
          link('Purchase with Serial', 'purchaseSerialCreate', 'barcode'),
          link('Purchases', 'purchases', 'list'),
        ],
      },
      link('Stock', 'stock', 'layers'),
    ],
  },
  {
    label: 'Expense',
    icon: 'wallet',
    children: [
      link('Expense Categories', 'expenseCategories', 'tag'),
      link('Expenses', 'expenses', 'receipt'),
    ],
  },
  {
    label: 'Quotations',
    icon: 'file',
    children: [
      link('Create Quotation', 'quotationCreate', 'plus'),
      link('Quotations', 'quotations', 'list'),
    ],
  },
  {
    label: 'Orders',
    icon: 'package',
    children: [link('Pending Orders', 'orders', 'clock')],
  },
  {
    label: 'Settings',
    icon: 'settings',
    permission: 'setting',
    children: [
      link('POS Setting', 'posSetting', 'register'),
      link('Website Setting', 'websiteSetting', 'globe'),
    ],
  },
  {
    label: 'Website Configuration',
    icon: 'globe',
    children: [
      link('Services', 'websiteServices', 'tool'),
      link('Banners', 'websiteBanners', 'image'),
      link('Solutions', 'websiteSolutions', 'bulb'),
    ],
  },
  // Beyond SPEC's menu (issue 36): each report a link, shown to who holds all its rights.
  {
    label: 'Reports',
    icon: 'layers',
    children: [link('All reports', 'reports', 'grid'), ...REPORTS.map((rep) => link(rep.title, reportRouteName(rep.kind), 'list'))],
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
      if (shown(entry, has)) out.push(entry);
      continue;
    }
    const children: (MenuLink | MenuSubgroup)[] = [];
    for (const child of entry.children) {
      if (isLink(child)) {
        if (shown(child, has)) children.push(child);
      } else {
        const links = child.children.filter((l) => shown(l, has));
        if (links.length) children.push({ ...child, children: links });
      }
    }
    const ownOk = entry.permission ? has(entry.permission) : true;
    if (entry.alwaysShown || (ownOk && children.length > 0)) out.push({ ...entry, children });
  }
  return out;
}

function allLinks(entries: readonly (MenuEntry | MenuSubgroup)[]): MenuLink[] {
  return entries.flatMap((e) => (isLink(e) ? [e] : allLinks(e.children)));
}

/**
 * The address of the menu link marked current on a page: its own, or its section's (the
 * Customers link on /admin/customers/edit/7, Attributes on an attribute's values). Null when
 * no link leads there (the profile).
 */
export function currentMenuHref(match: RouteMatch | null): string | null {
  const route = sectionRoute(match);
  return allLinks(MENU).find((l) => l.route === route)?.href ?? null;
}
