import type { ResourceFacts } from './resource.ts';

/**
 * Addresses of the app, built in one place: route patterns (relative to /admin, `:id` and
 * `:parent` filled from params) become the addresses links, redirects and the menu use.
 */
export const ADMIN_BASE = '/admin';

/** `/attribute/value/:parent` with { parent: 7 } → `/admin/attribute/value/7`. */
export function adminHref(pattern: string, params: Readonly<Record<string, string | number | undefined>> = {}, search = ''): string {
  const path = pattern.replace(/:(\w+)/g, (_m, key: string) => encodeURIComponent(String(params[key] ?? '')));
  return `${ADMIN_BASE}${path}${search}`;
}

export const LOGIN_PATH = adminHref('/login');
export const DASHBOARD_PATH = adminHref('/dashboard');
export const PROFILE_PATH = adminHref('/profile');
/** The menu's and top bar's POS link, outside /admin (SPEC §2); navigation sends it on to /admin/pos. */
export const POS_SHORTCUT = '/pos';

/** A resource's create and edit route patterns, defaulting to `{list}/create` and `{list}/edit/:id`. */
export const createPattern = (def: Pick<ResourceFacts, 'routes'>) => def.routes.create ?? `${def.routes.list}/create`;
export const editPattern = (def: Pick<ResourceFacts, 'routes'>) => def.routes.edit ?? `${def.routes.list}/edit/:id`;

type Params = { parent?: string | number | undefined };

/** The addresses of one resource's screens. */
export const resourceHref = {
  list: (def: Pick<ResourceFacts, 'routes'>, p: Params = {}) => adminHref(def.routes.list, p),
  create: (def: Pick<ResourceFacts, 'routes'>, p: Params = {}) => adminHref(createPattern(def), p),
  edit: (def: Pick<ResourceFacts, 'routes'>, id: string | number, p: Params = {}) => adminHref(editPattern(def), { ...p, id }),
};
