import type { ResourceFacts } from '../resource.ts';
import * as administration from './administration.facts.ts';
import * as expense from './expense.facts.ts';
import * as people from './people.facts.ts';
import * as product from './product.facts.ts';
import * as products from './products.facts.ts';
import * as website from './website.facts.ts';

export * from './administration.facts.ts';
export * from './expense.facts.ts';
export * from './people.facts.ts';
export * from './product.facts.ts';
export * from './products.facts.ts';
export * from './website.facts.ts';

/**
 * What the route table and the menu know of every simple resource, by key: its facts only
 * (labels, API path, permissions, routes), so the app's first load carries no list columns,
 * no form fields and no schemas (domain/resource.ts says what each layer holds).
 */
export const FACTS: Record<string, ResourceFacts> = Object.fromEntries(
  [administration, people, products, product, expense, website].flatMap((group) => Object.values(group)).map((f) => [f.key, f]),
);

export function factsByKey(key: string): ResourceFacts {
  const facts = FACTS[key];
  if (!facts) throw new Error(`Unknown resource ${key}`);
  return facts;
}
