import type { ResourceFacts } from '../resource.ts';
import { permissionModules, permissions, roles, users } from './administration.facts.ts';
import { expenseCategories, expenses } from './expense.facts.ts';
import { customerCategories, customers, suppliers } from './people.facts.ts';
import { products } from './product.facts.ts';
import { attributes, attributeValues, brands, categories, colors, units } from './products.facts.ts';
import { banners, services, solutions } from './website.facts.ts';

export * from './administration.facts.ts';
export * from './expense.facts.ts';
export * from './people.facts.ts';
export * from './product.facts.ts';
export * from './products.facts.ts';
export * from './website.facts.ts';

/**
 * What the route table and the menu know of every simple resource, by key: its facts only
 * (labels, API path, permissions, routes), so the app's first load carries no list columns,
 * no form fields and no schemas (domain/resource.ts says what each layer holds). Named one by
 * one, not gathered from the modules' namespaces: a namespace object costs the first page a
 * bundler helper (tests/unit/resources.test.ts checks that none is left out).
 */
export const FACTS: Record<string, ResourceFacts> = Object.fromEntries(
  [
    ...[users, roles, permissionModules, permissions],
    ...[customerCategories, customers, suppliers],
    ...[categories, brands, attributes, attributeValues, colors, units],
    products,
    ...[expenseCategories, expenses],
    ...[services, banners, solutions],
  ].map((f) => [f.key, f]),
);

export function factsByKey(key: string): ResourceFacts {
  const facts = FACTS[key];
  if (!facts) throw new Error(`Unknown resource ${key}`);
  return facts;
}
