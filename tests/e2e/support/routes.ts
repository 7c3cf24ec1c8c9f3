/**
 * Real addresses for the route table's patterns (domain/routes.ts): a resource's edit page
 * opens its first record, a child list its parent's first record, any other `:id` record 1
 * (those screens are not built yet and show their placeholder whatever the id).
 */
import type { Row } from '../../../domain/resource.ts';
import { RESOURCES, resourceByKey } from '../../../domain/resources/index.ts';
import { ROUTES, type RouteDef } from '../../../domain/routes.ts';
import type { AdminApi } from './pages.ts';

/** The resource a route shows, and how (`list:customers`, `form:customers`). */
export function resourceRoute(route: RouteDef): { key: string; kind: 'list' | 'form' } | null {
  const m = /^(list|form):(\w+)$/.exec(route.screen);
  return m && RESOURCES[m[2]!] ? { key: m[2]!, kind: m[1] as 'list' | 'form' } : null;
}

/** Every signed-in route with the content layout, in table order. */
export const CONTENT_ROUTES = ROUTES.filter((r) => r.layout === 'content');
/** Every list of a resource. */
export const LIST_ROUTES = CONTENT_ROUTES.filter((r) => resourceRoute(r)?.kind === 'list');

export async function concreteUrl(route: RouteDef, api: AdminApi): Promise<string> {
  const r = resourceRoute(route);
  const params: Record<string, string> = {};
  const first = async (key: string, query: Record<string, string> = {}) => {
    const rows = await api.list<Row>(resourceByKey(key).api, { per_page: '10', ...query });
    if (!rows[0]) throw new Error(`the demo shop has no ${key} for ${route.path}`);
    return String(rows[0].id);
  };
  if (r) {
    const def = resourceByKey(r.key);
    if (def.parent) params.parent = await first(def.parent.resource);
    if (route.path.includes(':id')) params.id = await first(r.key, def.parent ? { [def.parent.field]: params.parent! } : {});
  }
  return `/admin${route.path.replace(/:(\w+)/g, (_m, k: string) => params[k] ?? '1')}`;
}
