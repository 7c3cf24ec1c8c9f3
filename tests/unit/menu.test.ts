/** SPEC §6: menu items need their permission; Products and Inventory are always shown. */
import { describe, expect, it } from 'vitest';
import { MENU, isLink, visibleMenu, type MenuEntry, type MenuGroup, type MenuLink, type MenuSubgroup } from '../../domain/menu.ts';
import { PERMISSIONS, PERMISSION_MODULES, permissionsOf, type Permission } from '../../domain/permissions.ts';

type Tree = string | { [label: string]: Tree[] };
const tree = (entries: readonly (MenuEntry | MenuSubgroup | MenuLink)[]): Tree[] =>
  entries.map((e) => (isLink(e) ? e.label : { [e.label]: tree((e as MenuGroup | MenuSubgroup).children) }));

const menuFor = (perms: readonly Permission[]) => tree(visibleMenu((p) => perms.includes(p)));

const CASHIER: Permission[] = ['dashboard', 'pos', 'sales list', 'sales create', 'customer list'];
const ADMINISTRATION: readonly string[] = PERMISSION_MODULES.Administration;
const MANAGER = PERMISSIONS.filter((p) => !ADMINISTRATION.includes(p));

describe('visibleMenu', () => {
  it('cashier: Dashboard, People>Customers, Products (empty), Inventory>Sales>[Create Sale, Sales, POS]', () => {
    expect(menuFor(CASHIER)).toEqual([
      'Dashboard',
      { People: ['Customers'] },
      { Products: [] },
      { Inventory: [{ Sales: ['Create Sale', 'Sales', 'POS'] }] },
    ]);
  });

  it('manager (everything but Administration): no Administration group, the rest in full', () => {
    const menu = menuFor(MANAGER);
    const labels = menu.map((e) => (typeof e === 'string' ? e : Object.keys(e)[0]));
    expect(labels).not.toContain('Administration');
    expect(labels).toEqual(MENU.map((e) => e.label).filter((l) => l !== 'Administration'));
    expect(menu).toEqual(tree(MENU).filter((e) => typeof e === 'string' || !('Administration' in e)));
  });

  it('admin (Super Admin): everything', () => {
    const admin = [...permissionsOf([{ name: 'Super Admin', permissions: [] }])];
    expect(menuFor(admin)).toEqual(tree(MENU));
  });

  it("Reports: a report's link needs all its rights (stock valuation: 'reports' and 'stock')", () => {
    const reports = (perms: Permission[]) => menuFor(perms).find((e): e is { Reports: Tree[] } => typeof e !== 'string' && 'Reports' in e)?.Reports;
    // The sales reports need 'reports' alone, as the dashboard's sales and profit do.
    const selling = ['All reports', 'Sales by day', 'Sales by product', 'Sales by category', 'Sales by customer', 'Sales by cashier', 'Sales by payment method', 'Tax collected by rate', 'Profit by product'];
    expect(reports(['reports'])).toEqual(selling);
    expect(reports(['reports', 'stock'])).toEqual([...selling.slice(0, -1), 'Stock valuation', 'Profit by product']);
    expect(reports(['stock', 'sales list'])).toBeUndefined();
    expect(reports(['reports', 'purchase list', 'pos setting'])).toEqual([...selling, 'Purchases by supplier', 'Till sessions']);
  });

  it('nobody: only the always-shown groups, empty', () => {
    expect(menuFor([])).toEqual([{ Products: [] }, { Inventory: [] }]);
  });

  it('Settings needs its own "setting" permission besides a child\'s', () => {
    expect(menuFor(['pos setting'])).toEqual([{ Products: [] }, { Inventory: [] }]);
    expect(menuFor(['pos setting', 'setting'])).toEqual([{ Products: [] }, { Inventory: [] }, { Settings: ['POS Setting'] }]);
  });
});
