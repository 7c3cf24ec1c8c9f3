import { ISSUED_KINDS, type IssuedKind, type IssuedShown } from '../../../domain/documents/invoice.ts';
import type { Api } from '../../app/api.ts';
import type { AppSystem } from '../../app/system.ts';
import { screenArg, type PageRequest } from '../page.ts';

/** The kind a route's screen names (`issued:creditNote`); anything else: an invoice. */
export const issuedKindOf = (screen: string): IssuedKind => (screenArg(screen) === 'creditNote' ? 'creditNote' : 'invoice');

/** GET {kind's api}/{id}; the page's loader and the page machine's own load ask through this one. */
export async function fetchIssued(api: Pick<Api, 'call'>, kind: IssuedKind, id: string): Promise<IssuedShown> {
  return (await api.call<{ data: IssuedShown }>(`${ISSUED_KINDS[kind].api}/${encodeURIComponent(id)}`)).data;
}

/** An invoice's or a credit note's page (/admin/invoice/:id, /admin/credit-note/:id): the document as issued. */
export async function loadIssued(system: Pick<AppSystem, 'api'>, request: Pick<PageRequest, 'params' | 'screen'>): Promise<IssuedShown> {
  return fetchIssued(system.api, issuedKindOf(request.screen), request.params.id ?? '');
}
