import { INVOICE_RIGHTS } from './documents/invoice.ts';
import { REPORTS } from './insight/report-kinds.ts';
import type { Permission } from './permissions.ts';
import { ADMIN_BASE, createPattern, editPattern } from './paths.ts';
import type { ResourceFacts, RowLink } from './resource.ts';
import { FACTS } from './resources/facts.ts';

/**
 * Every admin route of SPEC §2 in one table: path pattern (relative to /admin), title,
 * the permission that guards it and its layout. The navigation machine resolves a URL against
 * this table; the view maps `screen` to a lazily loaded component.
 */
/** blank: the sign-in page (the first chunk's); content: inside the shell; bare: a signed-in page without the shell (the customer display). */
export type Layout = 'blank' | 'content' | 'bare';
export type Access = 'guest' | 'auth';

export interface RouteDef {
  name: string;
  path: string;
  title: string;
  permission: Permission | null;
  /** Other rights that open it as well (an invoice: who sees orders too, as its API allows). */
  alsoOpenedBy?: readonly Permission[];
  /** Rights needed as well as `permission` (a report's: all of them). */
  alsoNeeds?: readonly Permission[];
  layout: Layout;
  access: Access;
  /**
   * The page module that draws it (src/pages/index.ts), then what that module is told:
   * `list:customers`, `form:customers`, `purchaseForm:serial`, `dashboard`. Routes that SPEC says
   * share a screen name the same module; a route whose screen is not built names `placeholder`.
   */
  screen: string;
}

function factsOf(key: string): ResourceFacts {
  const facts = FACTS[key];
  if (!facts) throw new Error(`Unknown resource ${key}`);
  return facts;
}

/** A resource's list, create and edit routes, all from its declaration (screens are generic). */
function resource(name: string, title: string, key = name): RouteDef[] {
  const def = factsOf(key);
  const base = { layout: 'content', access: 'auth' } as const;
  return [
    { ...base, name, path: def.routes.list, title, permission: def.permissions.list, screen: `list:${def.key}` },
    { ...base, name: `${name}Create`, path: createPattern(def), title: `New ${def.label.one}`, permission: def.permissions.create, screen: `form:${def.key}` },
    { ...base, name: `${name}Edit`, path: editPattern(def), title: `Edit ${def.label.one}`, permission: def.permissions.edit, screen: `form:${def.key}` },
  ];
}

const r = (
  name: string,
  path: string,
  title: string,
  permission: Permission | null,
  screen = 'placeholder',
): RouteDef => ({ name, path, title, permission, layout: 'content', access: 'auth', screen });

/** Whether someone holding `held` may open the route: its right, or one of the others that open it too. */
export const mayOpen = (route: Pick<RouteDef, 'permission' | 'alsoOpenedBy' | 'alsoNeeds'>, held: readonly string[]) =>
  (!route.permission || held.includes(route.permission) || !!route.alsoOpenedBy?.some((p) => held.includes(p))) && (route.alsoNeeds ?? []).every((p) => held.includes(p));

/** The route of a report of domain/insight/reports.ts, by its kind. */
export const reportRouteName = (kind: string) => `report:${kind}`;

/** Each report's route, made from its declaration: its title, its rights (all of them), one generic screen (`report:<kind>`). */
function reports(): RouteDef[] {
  return REPORTS.map(({ kind, title, permissions: [first, ...rest] }) => ({ ...r(reportRouteName(kind), `/reports/${kind}`, title, first, `report:${kind}`), alsoNeeds: rest }));
}

const PRODUCT = factsOf('products');

export const ROUTES: readonly RouteDef[] = [
  { name: 'login', path: '/login', title: 'Login', permission: null, layout: 'blank', access: 'guest', screen: 'login' },
  r('dashboard', '/dashboard', 'Dashboard', 'dashboard', 'dashboard'),
  r('profile', '/profile', 'Profile', null, 'profile'),
  ...resource('users', 'Users'),
  ...resource('roles', 'Roles'),
  ...resource('permissionModules', 'Permission modules'),
  ...resource('permissions', 'Permissions'),
  r('audit', '/audit', 'Audit trail', 'audit list', 'audit'),
  ...resource('customers', 'Customers'),
  ...resource('customerCategories', 'Customer categories'),
  ...resource('suppliers', 'Suppliers'),
  ...resource('expenseCategories', 'Expense categories'),
  ...resource('expenses', 'Expenses'),
  r('purchases', '/purchase/list', 'Purchases', 'purchase list', 'purchases'),
  r('purchaseCreate', '/purchase/create', 'Create purchase', 'purchase create', 'purchaseForm'),
  r('purchaseSerialCreate', '/purchase/with/serial/create', 'Create purchase with serial numbers', 'purchase create', 'purchaseForm:serial'),
  // Whoever may see the list may open a purchase from it: without 'purchase edit' the screen
  // shows it to read (lines, payments, history) and offers no action, which the server refuses too.
  r('purchaseEdit', '/purchase/edit/:id', 'Edit purchase', 'purchase list', 'purchaseForm:serial'),
  r('quotations', '/quotations/list', 'Quotations', 'quotation list', 'quotations'),
  // One screen writes, changes and shows a quotation; the view page shows it without its form.
  r('quotationView', '/quotations/view/:id', 'Quotation', 'quotation list', 'quotationPage:view'),
  r('quotationCreate', '/quotations/create', 'Create quotation', 'quotation create', 'quotationPage'),
  r('quotationEdit', '/quotations/edit/:id', 'Edit quotation', 'quotation create', 'quotationPage'),
  r('sales', '/sales/list', 'Sales', 'sales list', 'sales'),
  r('saleCreate', '/sales/create', 'Create sale', 'sales create', 'saleForm'),
  r('saleEdit', '/sales/edit/:id', 'Edit sale', 'sales list', 'saleForm'),
  r('stock', '/stock', 'Stock', 'stock', 'stock'),
  r('orders', '/orders', 'Pending orders', 'order list', 'orders'),
  r('orderDetails', '/orders/:id', 'Order details', 'order list', 'orderPage'),
  // An invoice or a credit note as issued (domain/documents/invoice.ts). Who sees sales or orders
  // reads an invoice (a shipped order's too), as its API allows; a credit note corrects a sale's.
  { ...r('invoice', '/invoice/:id', 'Invoice', INVOICE_RIGHTS[0]!, 'issued:invoice'), alsoOpenedBy: INVOICE_RIGHTS.slice(1) },
  r('creditNote', '/credit-note/:id', 'Credit note', 'sales list', 'issued:creditNote'),
  // SPEC's own paths and titles; the screens are the products resource's (domain/resources/product.ts).
  r('productCreate', '/product/create', 'Create product', PRODUCT.permissions.create, 'form:products'),
  r('productEdit', '/product/edit/:id', 'Edit product', PRODUCT.permissions.edit, 'form:products'),
  r('products', '/products', 'Products', PRODUCT.permissions.list, 'productList'),
  r('productView', '/product/view/:id', 'Product', PRODUCT.permissions.list, 'productView'),
  r('productLabels', '/product/labels', 'Print labels', PRODUCT.permissions.list, 'productLabels'),
  ...resource('brands', 'Brands'),
  ...resource('categories', 'Categories'),
  ...resource('attributes', 'Attributes'),
  ...resource('attributeValues', 'Attribute values'),
  ...resource('colors', 'Colors'),
  ...resource('units', 'Units'),
  r('pos', '/pos', 'POS', 'pos', 'pos'),
  r('posSetting', '/pos/setting', 'POS setting', 'pos setting', 'single:posSetting'),
  // Register sessions: a cashier's own, a manager's (`pos setting`) everyone's, as the API lists them.
  r('registerSessions', '/pos/sessions', 'Register sessions', 'pos', 'registerSessions'),
  r('registerSession', '/pos/sessions/:id', 'Register session', 'pos', 'registerSession'),
  r('website', '/website', 'POS', 'pos', 'pos'),
  r('websiteSetting', '/website/setting', 'Web site setting', 'website setting', 'single:websiteSetting'),
  ...resource('websiteServices', 'Services', 'services'),
  ...resource('websiteBanners', 'Banners', 'banners'),
  ...resource('websiteSolutions', 'Solutions', 'solutions'),
  // The reports (issue 36): the index lists those the person may run.
  r('reports', '/reports', 'Reports', 'reports', 'reports'),
  ...reports(),
  // A window on a screen facing the customer, opened by the till: no menu, no top bar.
  { name: 'posDisplay', path: '/pos/display', title: 'Customer display', permission: 'pos', layout: 'bare', access: 'auth', screen: 'posDisplay' },
];


export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function compile(path: string): { re: RegExp; keys: string[] } {
  const keys: string[] = [];
  const src = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, k: string) => {
    keys.push(k);
    return '([^/]+)';
  });
  return { re: new RegExp(`^${src}/?$`), keys };
}

/** The page module a route's screen names: `list:customers` → `list`. */
export const pageKey = (screen: string): string => screen.split(':', 1)[0]!;

const COMPILED = ROUTES.map((route) => ({ route, ...compile(route.path) }));

/** First declaration wins (SPEC §2: a path declared twice uses the first screen). */
/** Whether someone holding `held` may open the list a record's link leads to (a customer's sales, orders). */
export function mayFollow(link: RowLink, held: readonly string[]): boolean {
  const path = 'resource' in link ? factsOf(link.resource).routes.list : link.list;
  const route = ROUTES.find((r) => r.path === path);
  return !route || mayOpen(route, held);
}

export function matchRoute(pathname: string): RouteMatch | null {
  if (!pathname.startsWith(`${ADMIN_BASE}/`)) return null;
  const rel = pathname.slice(ADMIN_BASE.length);
  for (const { route, re, keys } of COMPILED) {
    const m = re.exec(rel);
    if (m) {
      const params: Record<string, string> = {};
      keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1] ?? '')));
      return { route, params };
    }
  }
  return null;
}

export function routeByName(name: string): RouteDef {
  const found = ROUTES.find((x) => x.name === name);
  if (!found) throw new Error(`Unknown route ${name}`);
  return found;
}
