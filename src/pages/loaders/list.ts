import { listQueryString, parseListQuery, type ListQuery, type ListResponse, type ListSettings } from '../../../domain/list-query.ts';
import type { ResourceFacts, ResourceList } from '../../../domain/resource.ts';
import type { ListFirst } from '../../../machines/list/list.machine.ts';
import type { AppSystem } from '../../app/system.ts';
import type { PageRequest } from '../page.ts';

/** A child resource's list is filtered by its parent (the attribute whose values they are). */
const parentQuery = (def: ResourceFacts, parentId: string | undefined) =>
  def.parent && parentId ? `&${encodeURIComponent(def.parent.field)}=${encodeURIComponent(parentId)}` : '';

/** The API address of a list's page of rows (what the loader asks first and the list machine after), or of its `/export`. */
export const listPath = (def: ResourceList, query: ListQuery, parentId: string | undefined, action: '' | '/export' = ''): string =>
  `${def.api}${action}${listQueryString(def, query, { full: true })}${parentQuery(def, parentId)}`;

/** The parent record's id a child resource's list page is about (from the route's params). */
export const parentOf = (def: ResourceFacts, request: Pick<PageRequest, 'params'>): string | undefined => (def.parent ? request.params.parent : undefined);

/**
 * A list page's data: the first page of rows its address asks for and, where the list keeps
 * them, the person's columns and saved filters (null when those could not be had: the list asks
 * again).
 */
export async function loadList(system: AppSystem, def: ResourceList, request: PageRequest, { settings = true } = {}): Promise<ListFirst> {
  const query = parseListQuery(def, request.search);
  const [page, kept] = await Promise.all([
    system.api.call<ListResponse>(listPath(def, query, parentOf(def, request))),
    settings ? system.api.call<{ data: ListSettings }>(`${def.api}/list-settings`).then((r) => r.data, () => null) : { hidden_columns: [], saved_filters: [] },
  ]);
  return { page, settings: kept };
}
