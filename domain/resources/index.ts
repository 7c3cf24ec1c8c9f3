import type { ResourceDef, SingletonDef } from '../resource.ts';
import { permissionModules, permissions, roles, users } from './administration.ts';
import { expenseCategories, expenses } from './expense.ts';
import { customerCategories, customers, suppliers } from './people.ts';
import { attributes, attributeValues, brands, categories, colors, units } from './products.ts';
import { products } from './product.ts';
import { posSetting, websiteSetting } from './settings.ts';
import { banners, services, solutions } from './website.ts';

export * from './administration.ts';
export * from './expense.ts';
export * from './people.ts';
export * from './products.ts';
export * from './product.ts';
export * from './settings.ts';
export * from './website.ts';

/** Every simple resource, by key: the one registry the route table, the screens and the server read. */
export const RESOURCES: Record<string, ResourceDef> = Object.fromEntries(
  [
    ...[users, roles, permissionModules, permissions],
    ...[customerCategories, customers, suppliers],
    ...[categories, brands, attributes, attributeValues, colors, units],
    products,
    ...[expenseCategories, expenses],
    ...[services, banners, solutions],
  ].map((d) => [d.key, d as unknown as ResourceDef]),
);

export const SINGLETONS: Record<string, SingletonDef> = Object.fromEntries(
  [posSetting, websiteSetting].map((d) => [d.key, d as unknown as SingletonDef]),
);

export function resourceByKey(key: string): ResourceDef {
  const def = RESOURCES[key];
  if (!def) throw new Error(`Unknown resource ${key}`);
  return def;
}
