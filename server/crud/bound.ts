import { capitalise } from '../../domain/text.ts';
import { recordTitle } from '../../domain/record-title.ts';
import { type Row } from '../../domain/resource.ts';
import { apiListQuery, bulkDeleteBody } from '../../domain/api-list-query.ts';
import { ApiError } from '../http/errors.ts';
import { listView, type ListView } from './list-query.ts';
import type { ServerResource } from './types.ts';

/** A resource with what its routes share worked out once. */
export interface BoundResource {
  res: ServerResource;
  view: ListView;
  /** The list and export query schema. */
  listQuery: ReturnType<typeof apiListQuery>;
  /** The bulk delete body: ids, or a whole filter. */
  bulkBody: ReturnType<typeof bulkDeleteBody>;
  /** "customer", "Customer" */
  one: string;
  One: string;
  notFound(): ApiError;
  /** What names a record in a message: its title field, else #id. */
  title(row: Row): string;
}

export function bindResource(res: ServerResource): BoundResource {
  const { def } = res;
  const one = def.label.one;
  return {
    res,
    view: listView(res, { filters: def.filters, columns: def.columns, parentField: def.parent?.field }),
    listQuery: apiListQuery(def),
    bulkBody: bulkDeleteBody(def),
    one,
    One: capitalise(one),
    notFound: () => new ApiError(404, `This ${one} does not exist. It may have been deleted.`),
    title: (row) => recordTitle(def, row),
  };
}
