import { QUOTATION_RIGHTS, quotationList } from '../../../domain/documents/quotation.facts.ts';
import { documentList } from '../documents/document-list.ts';

/**
 * The quotation list (domain/documents/quotation.facts.ts) as the generic list screen's parts
 * read it. Quotations are written on their own screen and never deleted (one rejected or
 * expired keeps its number), so the list offers no delete.
 */
export const QUOTATIONS = documentList(quotationList, {
  label: { one: 'quotation', many: 'quotations' },
  permissions: { list: QUOTATION_RIGHTS.list, create: QUOTATION_RIGHTS.create, edit: QUOTATION_RIGHTS.create, delete: QUOTATION_RIGHTS.create, export: QUOTATION_RIGHTS.list },
  routes: { list: '/quotations/list', create: '/quotations/create', edit: '/quotations/view/:id' },
});
