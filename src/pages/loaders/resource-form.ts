import { resourceByKey } from '../../../domain/resources/index.ts';
import type { LoadedRecord } from '../../../machines/form/form.machine.ts';
import type { Api } from '../../app/api.ts';
import type { AppSystem } from '../../app/system.ts';
import { screenArg, type PageRequest } from '../page.ts';

/** What an edit form shows: the record and its version (ETag), sent back If-Match when saved. */
export type ResourceFormData = LoadedRecord;

/**
 * GET {api}/{id} with its ETag. The page's loader and the form machine's own load (a retry,
 * a reload after a lost update, a form shown without its page's data) ask through this one.
 */
export async function fetchResourceRecord(api: Pick<Api, 'callWithHeaders'>, collection: string, id: string): Promise<ResourceFormData> {
  const { data, headers } = await api.callWithHeaders<{ data: Record<string, unknown> }>(`${collection}/${encodeURIComponent(id)}`);
  return { data: data.data, version: headers.get('etag') };
}

/** A `form:<key>` page: the record an edit form shows; a new record's form has nothing to load. */
export async function loadResourceForm(system: Pick<AppSystem, 'api'>, request: Pick<PageRequest, 'screen' | 'params'>): Promise<ResourceFormData | undefined> {
  const def = resourceByKey(screenArg(request.screen));
  const id = request.params.id;
  return id ? fetchResourceRecord(system.api, def.api, id) : undefined;
}
