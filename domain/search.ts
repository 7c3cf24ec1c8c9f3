import { NUMBER_DIGITS } from './documents/numbering.ts';
import { adminHref } from './paths.ts';
import type { Permission } from './permissions.ts';
import { mayOpen, routeByName, ROUTES, type RouteDef } from './routes.ts';

/**
 * Search everywhere (PRODUCT §4, the top bar's search and Ctrl+K): the server finds records
 * (GET SEARCH_API), each group only for who holds its list right; the browser adds the screens
 * and actions the person may open, from the route table. One order for both: an exact match (a
 * scanned barcode, a typed reference) first, so Enter after a scan opens it. Zod-free: the app's
 * first chunk reads it (the palette's machine), and zod there breaks the CSP (src/zod-config.ts);
 * the query's schema is search-query.ts.
 */
export const SEARCH_API = '/api/v1/admin/search';
export const SEARCH_MAX = 100;
/** Records per group: enough to pick from, few enough to answer fast. */
export const SEARCH_GROUP_MAX = 6;

/**
 * Names are searched for text of this many characters or more: a trigram index finds them then,
 * while one or two letters would read every product and customer (250 ms on the bench's 100,000
 * each). Shorter text still finds an exact barcode, SKU or reference, and the screens and actions.
 */
export const SEARCH_CONTAINS_MIN = 3;

/** One record found. `exact`: the text is its barcode, SKU or reference as a whole. */
export interface SearchHit {
  label: string;
  detail: string | null;
  href: string;
  exact: boolean;
}

export type SearchGroupKey = 'products' | 'customers' | 'suppliers' | 'documents';
export interface SearchGroup {
  key: SearchGroupKey;
  label: string;
  hits: SearchHit[];
}
export interface SearchAnswer {
  groups: SearchGroup[];
}

/**
 * A document reference as typed: `po-12` is `PO-000012` (numbers are padded: numbering.ts), and
 * `INV-2026-7` is `INV-2026-000007`. Both the text as typed (upper-cased) and the padded form are
 * looked up, each an exact match on the reference's unique index.
 */
export function referenceForms(q: string): string[] {
  const upper = q.trim().toUpperCase();
  const m = /^([A-Z]+-(?:\d{4}-)?)(\d{1,6})$/.exec(upper);
  const padded = m ? `${m[1]}${m[2]!.padStart(NUMBER_DIGITS, '0')}` : upper;
  return [...new Set([upper, padded])];
}

/** What a person may start from the palette: each opens a route, shown only to who may open it. */
export const SEARCH_ACTIONS: readonly { label: string; route: string; keywords: string }[] = [
  { label: 'New sale', route: 'saleCreate', keywords: 'sell create sale' },
  { label: 'Open the till', route: 'pos', keywords: 'pos register checkout till' },
  { label: 'Receive purchase', route: 'purchaseCreate', keywords: 'buy create purchase order receive' },
  { label: 'New product', route: 'productCreate', keywords: 'create product item' },
  { label: 'New customer', route: 'customersCreate', keywords: 'create customer client' },
  { label: 'New quotation', route: 'quotationCreate', keywords: 'create quote quotation' },
  { label: 'Count stock', route: 'stock', keywords: 'stock count inventory adjust' },
];

/** One line of the palette: a record, an action or a screen. */
export interface PaletteItem {
  group: string;
  label: string;
  detail: string | null;
  href: string;
  exact: boolean;
}

const SCREEN_GROUP = 'Screens';
const ACTION_GROUP = 'Actions';

/** The screens a menu could open: the signed-in pages without an id in their address, one per title (/pos and /website are one screen). */
const SCREENS: readonly RouteDef[] = ROUTES.filter((r) => r.layout === 'content' && r.access === 'auth' && !r.path.includes(':')).filter(
  (r, i, all) => all.findIndex((o) => o.title === r.title) === i,
);

const matches = (q: string, ...texts: string[]) => {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const hay = texts.join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
};

/** The actions and screens `held` may open that match `q` (all actions when `q` is empty, screens only when typed). */
export function localItems(q: string, held: readonly string[]): PaletteItem[] {
  const text = q.trim();
  const actions = SEARCH_ACTIONS.filter((a) => mayOpen(routeByName(a.route), held) && (!text || matches(text, a.label, a.keywords))).map(
    (a): PaletteItem => ({ group: ACTION_GROUP, label: a.label, detail: null, href: adminHref(routeByName(a.route).path), exact: false }),
  );
  const screens = !text
    ? []
    : SCREENS.filter((r) => mayOpen(r, held) && matches(text, r.title)).map((r): PaletteItem => ({ group: SCREEN_GROUP, label: r.title, detail: null, href: adminHref(r.path), exact: false }));
  return [...actions, ...screens.slice(0, SEARCH_GROUP_MAX)];
}

/**
 * The palette's one list, in the order arrows walk and Enter takes: exact record matches first
 * (a scan, a reference), then actions and screens, then the other records by group.
 */
export function arrange(q: string, held: readonly string[], groups: readonly SearchGroup[]): PaletteItem[] {
  const records = groups.flatMap((g) => g.hits.map((h): PaletteItem => ({ group: g.label, ...h })));
  return [...records.filter((r) => r.exact), ...localItems(q, held), ...records.filter((r) => !r.exact)];
}

/** The permissions that let the server answer a group (any one will do). */
export const SEARCH_GROUP_RIGHTS: Readonly<Record<SearchGroupKey, readonly Permission[]>> = {
  products: ['product list'],
  customers: ['customer list'],
  suppliers: ['supplier list'],
  documents: ['purchase list', 'sales list', 'quotation list', 'order list'],
};
