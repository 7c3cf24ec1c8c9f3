/**
 * What every resource declaration must get right before a server or a browser reads it: a
 * default sort the list can ask for, and one permission per right, each described in plain
 * words for the role screen.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sortableColumns } from '../../domain/list-query.ts';
import { PERMISSION_DESCRIPTIONS, PERMISSIONS, RIGHTS, rights } from '../../domain/permissions.ts';
import { recordName, recordTitle } from '../../domain/record-title.ts';
import type { ResourceDef } from '../../domain/resource.ts';
import * as declarations from '../../domain/resources/index.ts';
import { FACTS } from '../../domain/resources/facts.ts';
import { RESOURCES } from '../../domain/resources/index.ts';
import { resourceFacts } from '../../scripts/vite-resource-facts.ts';

describe.each(Object.values(RESOURCES).map((def) => [def.key, def] as const))('resource %s', (_key, def) => {
  it('sorts by default on a sortable column (the server refuses any other)', () => {
    expect(sortableColumns(def)).toContain(def.defaultSort.field);
  });

  it('has a permission for each right, all of them known', () => {
    expect(Object.keys(def.permissions).sort()).toEqual([...RIGHTS].sort());
    for (const p of Object.values(def.permissions)) expect(PERMISSIONS).toContain(p);
  });
});

describe('the registry', () => {
  it('RESOURCES holds every resource the declaration modules declare, under its key', () => {
    const declared = (Object.values(declarations) as unknown[]).filter((v): v is ResourceDef => !!v && typeof v === 'object' && 'columns' in v);
    expect(declared.length).toBeGreaterThan(10);
    for (const d of declared) expect(RESOURCES[d.key]).toBe(d);
    expect(Object.keys(RESOURCES).sort()).toEqual(declared.map((d) => d.key).sort());
  });

  it("the browser's build writes FACTS out as data equal to what the declarations give", async () => {
    const { load } = resourceFacts() as { load: (this: unknown, id: string, options?: { ssr?: boolean }) => Promise<string | null> };
    const watched: string[] = [];
    const context = { addWatchFile: (f: string) => watched.push(f) };
    const id = fileURLToPath(new URL('../../domain/resources/facts.ts', import.meta.url));
    const code = await load.call(context, id, { ssr: false });
    expect(watched).toContain(fileURLToPath(new URL('../../domain/resources/people.ts', import.meta.url)));
    expect(code).toMatch(/^export const FACTS = \{/);
    expect(JSON.parse(code!.replace(/^export const FACTS = /, '').replace(/;$/, ''))).toEqual(FACTS);
    expect(FACTS.customers).toEqual({ key: 'customers', label: RESOURCES.customers!.label, api: RESOURCES.customers!.api, permissions: RESOURCES.customers!.permissions, routes: RESOURCES.customers!.routes, rowLinks: RESOURCES.customers!.rowLinks });
    expect(await load.call(context, id, { ssr: true })).toBeNull();
  });
});

describe('permissions', () => {
  it('rights(noun) names the list permission of SPEC §6 and four finer ones beside it', () => {
    expect(rights('customer')).toEqual({
      list: 'customer list',
      create: 'customer create',
      edit: 'customer edit',
      delete: 'customer delete',
      export: 'customer export',
    });
  });

  it('keeps every name SPEC §6 lists', () => {
    const spec = [
      'dashboard', 'user list', 'role list', 'permission module list', 'permission list', 'customer list', 'customer category list',
      'supplier list', 'product create', 'product list', 'category list', 'brand list', 'attribute list', 'color list', 'sales list',
      'sales create', 'pos', 'purchase list', 'purchase create', 'stock', 'expense list', 'expense create', 'quotation list',
      'quotation create', 'order list', 'setting', 'pos setting', 'website setting', 'service list', 'banner list', 'solution list',
    ];
    expect(PERMISSIONS).toEqual(expect.arrayContaining(spec));
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it('describes each one in a few plain words', () => {
    expect(Object.keys(PERMISSION_DESCRIPTIONS).sort()).toEqual([...PERMISSIONS].sort());
    for (const text of Object.values(PERMISSION_DESCRIPTIONS)) expect(text).toMatch(/^[A-Z][a-z-]* [\w -]+$/);
    expect(PERMISSION_DESCRIPTIONS['customer list']).toBe('See the customer list');
    expect(PERMISSION_DESCRIPTIONS['customer delete']).toBe('Delete customers');
    expect(PERMISSION_DESCRIPTIONS['customer export']).toBe('Export the customer list as CSV');
  });
});

describe('record titles', () => {
  const expenses = RESOURCES.expenses!;
  it('name a record by its title field, trimmed', () => {
    expect(recordName(expenses, { id: 20, reference: '  INV-7 ' })).toBe('INV-7');
    expect(recordTitle(expenses, { id: 20, reference: 'INV-7' })).toBe('INV-7');
  });

  it('say what the record is and its number when the title field is empty (an expense without a reference)', () => {
    for (const reference of [null, undefined, '', '   ']) {
      expect(recordName(expenses, { id: 20, reference })).toBeNull();
      expect(recordTitle(expenses, { id: 20, reference })).toBe('Expense #20');
    }
  });
});
