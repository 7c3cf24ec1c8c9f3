import type { ResourceList } from '../../../domain/resource.ts';

/** What a document kind's list declaration says (domain/documents/<kind>.facts.ts or .list.ts). */
type ListFacts = Pick<ResourceList, 'key' | 'api' | 'columns' | 'filters' | 'searchHint' | 'defaultSort'> & Partial<Pick<ResourceList, 'defaultFilters' | 'figures'>>;

/**
 * A document kind's list as the generic list screen's parts read it: its declaration, titled by
 * its reference, with the screen's own label, rights and routes. No schema, no form fields: a
 * list page loads no zod. Documents are never deleted (the document list offers no delete).
 */
export const documentList = (list: ListFacts, own: Pick<ResourceList, 'label' | 'permissions' | 'routes'>): ResourceList => ({
  key: list.key,
  api: list.api,
  columns: list.columns,
  filters: list.filters,
  searchHint: list.searchHint,
  defaultSort: list.defaultSort,
  ...(list.defaultFilters ? { defaultFilters: list.defaultFilters } : {}),
  ...(list.figures ? { figures: list.figures } : {}),
  titleField: 'reference',
  ...own,
});
