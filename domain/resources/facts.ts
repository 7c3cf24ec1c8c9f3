import type { ResourceFacts } from '../resource.ts';
import { RESOURCES } from './index.ts';

/** The part of a declaration the route table, the menu and the page titles read. */
export const factsOf = ({ key, label, api, permissions, routes, parent, rowLinks }: ResourceFacts): ResourceFacts => ({
  key,
  label,
  api,
  permissions,
  routes,
  ...(parent ? { parent } : {}),
  ...(rowLinks ? { rowLinks } : {}),
});

/**
 * Every resource's facts, by key, taken from its one declaration (./index.ts). The route table
 * is in the first files every page loads (the sign-in page too), and the whole declarations
 * (columns, fields, defaults) are about 5 kB gzipped more: so in the browser's build this
 * module is replaced by its own value written out as data (scripts/vite-resource-facts.ts), and
 * the declarations load with the screens that show them. Everywhere else (the server, tests)
 * it is computed as written here.
 */
export const FACTS: Record<string, ResourceFacts> = Object.fromEntries(Object.values(RESOURCES).map((d) => [d.key, factsOf(d)]));
