import { resourceHref } from './paths.ts';
import type { ResourceFacts } from './resource.ts';
import { FACTS } from './resources/facts.ts';
import { ROUTES, type RouteDef, type RouteMatch } from './routes.ts';
import { capitalise } from './text.ts';

/**
 * What a page is called and where it sits, from the route table and the names of the records
 * pages are about (address → name, learnt as records load): "Edit customer Aiden Hall",
 * "Values of Size", and the trail back to the list (Customers › Edit customer Aiden Hall).
 */

/** Record names by the address of the page they name: an edit page's record, a child list's parent. */
export type PageNames = Readonly<Record<string, string>>;

export interface Crumb {
  label: string;
  /** Absent on the current page. */
  href?: string;
}

/** The resource a route shows (`list:customers`, `form:customers`), and how. */
function resourceOf(route: RouteDef): { def: ResourceFacts; kind: 'list' | 'form' } | null {
  const m = /^(list|form):(\w+)$/.exec(route.screen);
  const def = m ? FACTS[m[2]!] : undefined;
  return def ? { def, kind: m![1] as 'list' | 'form' } : null;
}

const listRouteOf = (def: ResourceFacts) => ROUTES.find((r) => r.screen === `list:${def.key}`);

/** "Values", as the parent's rows link to the child list; else the child's plural. */
function childLabel(def: ResourceFacts): string {
  const parent = def.parent ? FACTS[def.parent.resource] : undefined;
  return parent?.rowLinks?.find((l) => 'resource' in l && l.resource === def.key)?.label ?? capitalise(def.label.many);
}

/** The title of the list of `def` under the parent `parentId`: "Values of Size" once its name is known. */
function childListTitle(def: ResourceFacts, parentId: string | undefined, names: PageNames): string {
  const name = names[resourceHref.list(def, { parent: parentId })];
  return name ? `${childLabel(def)} of ${name}` : (listRouteOf(def)?.title ?? capitalise(def.label.many));
}

/** The page's title (h1 and document title): the route's, naming the record once it is known. */
export function pageTitle(match: RouteMatch | null, pathname: string, names: PageNames): string {
  if (!match) return '';
  const r = resourceOf(match.route);
  if (r?.kind === 'list' && r.def.parent) return childListTitle(r.def, match.params.parent, names);
  const name = names[pathname];
  if (r?.kind === 'form' && match.params.id && name) return `${match.route.title} ${name}`;
  // A record's own page (a product's view) is called by the record's name once it is known.
  if (!r && match.params.id && name) return name;
  return match.route.title;
}

/**
 * The trail above a nested page's title: a form under its list, a child list under its parent's
 * list (Attributes › Values of Size › Edit attribute value XL). Top-level pages have none.
 * `resume` gives a list's address with the page and search it was last shown with.
 */
export function breadcrumbs(match: RouteMatch | null, pathname: string, names: PageNames, resume: (href: string) => string = (h) => h): Crumb[] {
  const r = match && resourceOf(match.route);
  if (!r || (r.kind === 'list' && !r.def.parent)) return [];
  const { def } = r;
  const parentId = match.params.parent;
  const trail: Crumb[] = [];
  const parent = def.parent ? FACTS[def.parent.resource] : undefined;
  if (parent) {
    const route = listRouteOf(parent);
    if (route) trail.push({ label: route.title, href: resume(resourceHref.list(parent)) });
  }
  if (r.kind === 'form') {
    const label = def.parent ? childListTitle(def, parentId, names) : (listRouteOf(def)?.title ?? capitalise(def.label.many));
    trail.push({ label, href: resume(resourceHref.list(def, { parent: parentId })) });
  }
  trail.push({ label: pageTitle(match, pathname, names) });
  return trail;
}

/** Pages that are not a resource's, by the menu route whose link they belong under. */
const SECTION_OF: Readonly<Record<string, string>> = {
  quotationView: 'quotations',
  quotationEdit: 'quotations',
  productEdit: 'products',
  productView: 'products',
  productLabels: 'products',
  purchaseEdit: 'purchases',
  saleEdit: 'sales',
  orderDetails: 'orders',
  invoice: 'sales',
  creditNote: 'sales',
  website: 'pos',
};

/**
 * The route whose menu link is the current page's section: a resource's create and edit pages
 * belong to its list, a child resource's pages to its parent's list (attribute values under
 * Attributes), a few other pages to their list; any other page to itself.
 */
export function sectionRoute(match: RouteMatch | null): string | null {
  if (!match) return null;
  const r = resourceOf(match.route);
  if (r) {
    const top = r.def.parent ? (FACTS[r.def.parent.resource] ?? r.def) : r.def;
    return listRouteOf(top)?.name ?? match.route.name;
  }
  return SECTION_OF[match.route.name] ?? match.route.name;
}
