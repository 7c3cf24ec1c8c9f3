import type { DocState } from '../../../machines/document/kind.ts';
import type { Api } from '../../app/api.ts';

/** A saved document as GET {base}/{id} answers it, with its ETag (a change to it is sent If-Match). */
export type SavedDocument = DocState & { reference?: string; etag?: string };

/**
 * GET {base}/{id}: a saved document with its ETag (a change to it is sent If-Match). A document
 * page's loader and its machine's own load (src/resources/document-providers.ts) ask through this one.
 */
export async function fetchDocument<D extends SavedDocument = SavedDocument>(api: Pick<Api, 'call'>, base: string, id: string): Promise<D> {
  const res = await api.call<{ data: Omit<D, 'etag'>; etag: string }>(`${base}/${encodeURIComponent(id)}`);
  return { ...res.data, etag: res.etag } as D;
}
