import { matchRoute } from '../../../domain/routes.ts';

/** What a page's loader is asked with: the address and the route's params. */
export interface LoaderRequest {
  pathname: string;
  search: string;
  params: Record<string, string>;
}

/**
 * The key a generic page serves, from its address: `customers` for a `form:customers` route,
 * `posSetting` for `single:posSetting`. One page module serves every such route, so its loader
 * reads which one from the route table.
 */
export function screenKeyOf(pathname: string, kind: 'form' | 'single'): string {
  const screen = matchRoute(pathname)?.route.screen ?? '';
  if (!screen.startsWith(`${kind}:`)) throw new Error(`${pathname} is not a ${kind} page`);
  return screen.slice(kind.length + 1);
}
