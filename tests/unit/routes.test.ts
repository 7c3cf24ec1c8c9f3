/**
 * The route table (domain/routes.ts) and the menu (domain/menu.ts) against the navigation
 * machine: every route can be reached by a user allowed to and sends a guest to the login
 * page; every menu link lands on a route guarded by the link's own permission.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { navigationMachine } from '../../machines/navigation.machine.ts';
import { DASHBOARD_PATH, LOGIN_PATH } from '../../domain/paths.ts';
import { ROUTES, matchRoute, mayFollow, mayOpen, type RouteDef } from '../../domain/routes.ts';
import { REPORTS } from '../../domain/insight/reports.ts';
import { customers } from '../../domain/resources/people.ts';
import { MENU, isLink, type MenuLink } from '../../domain/menu.ts';
import { PERMISSIONS, type Permission } from '../../domain/permissions.ts';

const urlFor = (route: RouteDef) => `/admin${route.path.replace(/:(\w+)/g, (_m, k: string) => `${k}-42`)}`;

function open(url: string, who: 'admin' | 'guest') {
  const actor = createActor(navigationMachine, { input: { url } }).start();
  actor.send(
    who === 'admin' ? { type: 'auth.changed', status: 'user', permissions: [...PERMISSIONS] } : { type: 'auth.changed', status: 'guest', permissions: [] },
  );
  return actor.getSnapshot();
}

function links(): MenuLink[] {
  const out: MenuLink[] = [];
  for (const entry of MENU) {
    if (isLink(entry)) out.push(entry);
    else for (const child of entry.children) isLink(child) ? out.push(child) : out.push(...child.children);
  }
  return out;
}

describe('a route opened by more than one right', () => {
  const as = (url: string, permissions: Permission[]) => {
    const actor = createActor(navigationMachine, { input: { url } }).start();
    actor.send({ type: 'auth.changed', status: 'user', permissions });
    return actor.getSnapshot().context.pathname;
  };
  it('an invoice opens for who sees sales and for who sees orders (a shipped order has one); a credit note only for who sees sales', () => {
    expect(as('/admin/invoice/7', ['sales list'])).toBe('/admin/invoice/7');
    expect(as('/admin/invoice/7', ['order list'])).toBe('/admin/invoice/7');
    expect(as('/admin/invoice/7', ['stock'])).toBe(DASHBOARD_PATH);
    expect(as('/admin/credit-note/7', ['order list'])).toBe(DASHBOARD_PATH);
    expect(as('/admin/credit-note/7', ['sales list'])).toBe('/admin/credit-note/7');
  });
});

describe('every route of the table', () => {
  it('has a unique name and path', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  for (const route of ROUTES) {
    const url = urlFor(route);
    it(`${url} → ${route.name}`, () => {
      const match = matchRoute(url);
      expect(match?.route).toBe(route);
      for (const key of route.path.match(/:(\w+)/g) ?? []) expect(match?.params[key.slice(1)]).toBe(`${key.slice(1)}-42`);

      const asAdmin = open(url, 'admin');
      const asGuest = open(url, 'guest');
      if (route.access === 'guest') {
        expect(asGuest.matches('showing')).toBe(true);
        expect(asGuest.context.match?.route).toBe(route);
        // Signed in, the login page sends you to the dashboard.
        expect(asAdmin.context.pathname).toBe(DASHBOARD_PATH);
      } else {
        expect(asAdmin.matches('showing')).toBe(true);
        expect(asAdmin.context.match?.route).toBe(route);
        expect(asAdmin.context.pathname).toBe(url);
        expect(asGuest.matches('showing')).toBe(true);
        expect(asGuest.context.pathname).toBe(LOGIN_PATH);
      }
    });
  }

  it('/admin/quotations/edit/5 is the quotation edit screen (first declaration wins)', () => {
    expect(matchRoute('/admin/quotations/edit/5')).toMatchObject({ route: { name: 'quotationEdit' }, params: { id: '5' } });
  });
});

describe('every menu link', () => {
  const all = links();
  const reportLinks = all.filter((l) => l.href.startsWith('/admin/reports'));
  it('the menu has the 31 links SPEC §2 lists, the audit trail (issue 36), and the Reports group after them', () => {
    expect(all.filter((l) => !reportLinks.includes(l)).map((l) => l.href).sort()).toEqual(
      [
        '/admin/dashboard', '/admin/users', '/admin/roles', '/admin/permission-module', '/admin/permissions',
        '/admin/customer/categories', '/admin/customers', '/admin/suppliers', '/admin/product/create', '/admin/products',
        '/admin/category', '/admin/brands', '/admin/attribute', '/admin/color', '/admin/units', '/admin/sales/create', '/admin/sales/list',
        '/pos', '/admin/purchase/create', '/admin/purchase/with/serial/create', '/admin/purchase/list', '/admin/stock',
        '/admin/expense/category', '/admin/expense', '/admin/quotations/create', '/admin/quotations/list', '/admin/orders',
        '/admin/pos/setting', '/admin/website/setting', '/admin/website/services', '/admin/website/banners', '/admin/website/solutions',
        '/admin/audit',
      ].sort(),
    );
    expect(MENU.at(-1)?.label).toBe('Reports');
    expect(reportLinks.map((l) => [l.label, l.href])).toEqual([
      ['All reports', '/admin/reports'],
      ...REPORTS.map((r) => [r.title, `/admin/reports/${r.kind}`]),
    ]);
  });

  it("a report's link and route need all of the report's rights", () => {
    for (const r of REPORTS) {
      const link = reportLinks.find((l) => l.href === `/admin/reports/${r.kind}`)!;
      expect([link.permission, ...(link.alsoNeeds ?? [])]).toEqual(r.permissions);
      const route = matchRoute(link.href)!.route;
      expect(route.title).toBe(r.title);
      expect(mayOpen(route, r.permissions)).toBe(true);
      for (const missing of r.permissions) expect(mayOpen(route, r.permissions.filter((p) => p !== missing))).toBe(false);
    }
  });

  for (const link of all) {
    it(`${link.label} (${link.href}) needs "${link.permission}", as its route does`, () => {
      const s = open(link.href, 'admin');
      expect(s.matches('showing')).toBe(true);
      if (link.href === '/pos') expect(s.context.pathname).toBe('/admin/pos');
      else expect(s.context.pathname).toBe(link.href);
      expect(s.context.match?.route.permission).toBe(link.permission);
    });
  }
});

describe('a record page’s links to other lists', () => {
  it('shows only the lists the person may open: a customer’s orders and quotations to the owner, only sales to the cashier', () => {
    const links = [...(customers.rowLinks ?? []), ...(customers.recordLinks ?? [])];
    const cashier = ['customer list', 'sales list', 'pos'];
    expect(links.filter((l) => mayFollow(l, cashier)).map((l) => l.label)).toEqual(['Sales']);
    expect(links.filter((l) => mayFollow(l, [...cashier, 'order list', 'quotation list'])).map((l) => l.label)).toEqual(['Sales', 'Orders', 'Quotations']);
  });
});
