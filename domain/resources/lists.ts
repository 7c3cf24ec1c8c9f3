import type { ResourceList } from '../resource.ts';
import * as administration from './administration.list.ts';
import * as expense from './expense.list.ts';
import * as people from './people.list.ts';
import * as product from './product.list.ts';
import * as products from './products.list.ts';
import * as website from './website.list.ts';

/** Every simple resource's list part, by key: what the list screens load (no schemas, no form fields). */
export const LISTS: Record<string, ResourceList> = Object.fromEntries(
  [administration, people, products, product, expense, website].flatMap((group) => Object.values(group)).map((l) => [l.key, l]),
);

export function listByKey(key: string): ResourceList {
  const list = LISTS[key];
  if (!list) throw new Error(`Unknown resource ${key}`);
  return list;
}
