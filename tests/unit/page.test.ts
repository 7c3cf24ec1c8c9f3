/**
 * What a page is called and where it sits (domain/page.ts, domain/menu.ts): titles name their
 * record once known, nested pages have a trail back up, and the menu marks a create or edit
 * page's section (the drawer opens its group from it, after a reload too).
 */
import { describe, expect, it } from 'vitest';
import { currentMenuHref } from '../../domain/menu.ts';
import { breadcrumbs, pageTitle, sectionRoute } from '../../domain/page.ts';
import { matchRoute } from '../../domain/routes.ts';

const at = (path: string) => matchRoute(path);
const NAMES = { '/admin/customers/edit/7': 'Aiden Hall', '/admin/attribute/value/3': 'Size', '/admin/attribute/value/3/edit/5': 'XL' };

describe('page titles', () => {
  it.each([
    ['/admin/customers', {}, 'Customers'],
    ['/admin/customers/edit/7', {}, 'Edit customer'],
    ['/admin/customers/edit/7', NAMES, 'Edit customer Aiden Hall'],
    ['/admin/customers/create', NAMES, 'New customer'],
    ['/admin/attribute/value/3', {}, 'Attribute values'],
    ['/admin/attribute/value/3', NAMES, 'Values of Size'],
    ['/admin/attribute/value/3/edit/5', NAMES, 'Edit attribute value XL'],
    ['/admin/role/edit/1', { '/admin/role/edit/1': 'Super Admin' }, 'Edit role Super Admin'],
    ['/admin/dashboard', NAMES, 'Dashboard'],
  ])('%s with %j is titled “%s”', (path, names, title) => {
    expect(pageTitle(at(path), path, names)).toBe(title);
  });
});

describe('breadcrumbs', () => {
  it('a top-level page has none', () => {
    expect(breadcrumbs(at('/admin/customers'), '/admin/customers', NAMES)).toEqual([]);
    expect(breadcrumbs(at('/admin/dashboard'), '/admin/dashboard', NAMES)).toEqual([]);
  });

  it('an edit page sits under its list, which resumes where it was left', () => {
    const resume = (href: string) => `${href}?page=3`;
    expect(breadcrumbs(at('/admin/customers/edit/7'), '/admin/customers/edit/7', NAMES, resume)).toEqual([
      { label: 'Customers', href: '/admin/customers?page=3' },
      { label: 'Edit customer Aiden Hall' },
    ]);
    expect(breadcrumbs(at('/admin/role/create'), '/admin/role/create', {})).toEqual([{ label: 'Roles', href: '/admin/roles' }, { label: 'New role' }]);
  });

  it('a child list sits under its parent’s list; its pages under both', () => {
    expect(breadcrumbs(at('/admin/attribute/value/3'), '/admin/attribute/value/3', NAMES)).toEqual([
      { label: 'Attributes', href: '/admin/attribute' },
      { label: 'Values of Size' },
    ]);
    expect(breadcrumbs(at('/admin/attribute/value/3/edit/5'), '/admin/attribute/value/3/edit/5', NAMES)).toEqual([
      { label: 'Attributes', href: '/admin/attribute' },
      { label: 'Values of Size', href: '/admin/attribute/value/3' },
      { label: 'Edit attribute value XL' },
    ]);
    expect(breadcrumbs(at('/admin/attribute/value/3/create'), '/admin/attribute/value/3/create', {})).toEqual([
      { label: 'Attributes', href: '/admin/attribute' },
      { label: 'Attribute values', href: '/admin/attribute/value/3' },
      { label: 'New attribute value' },
    ]);
  });
});

describe('the menu link marked current', () => {
  it.each([
    ['/admin/customers', '/admin/customers'],
    ['/admin/customers/edit/7', '/admin/customers'],
    ['/admin/customers/create', '/admin/customers'],
    ['/admin/role/edit/2', '/admin/roles'],
    ['/admin/attribute/value/3/edit/5', '/admin/attribute'],
    ['/admin/quotations/view/4', '/admin/quotations/list'],
    ['/admin/pos', '/pos'],
    ['/admin/website/services/edit/2', '/admin/website/services'],
  ])('on %s is %s', (path, href) => {
    expect(currentMenuHref(at(path))).toBe(href);
  });

  it('no link is current on the profile page', () => {
    expect(sectionRoute(at('/admin/profile'))).toBe('profile');
    expect(currentMenuHref(at('/admin/profile'))).toBeNull();
  });
});
