import { AUDIT_RIGHT, auditList } from '../../../domain/audit.ts';
import type { ResourceList } from '../../../domain/resource.ts';

/**
 * The audit trail's list (/audit) as the list engine reads it. Events are written by the server
 * with the changes they tell of, never made, edited or deleted here: no create route, so the list
 * offers no Add, no edit and no delete (list-page-route.tsx); the API has none either.
 */
export const AUDIT: ResourceList = {
  ...auditList,
  label: { one: 'audit event', many: 'audit events' },
  permissions: { list: AUDIT_RIGHT, create: AUDIT_RIGHT, edit: AUDIT_RIGHT, delete: AUDIT_RIGHT, export: AUDIT_RIGHT },
  routes: { list: '/audit' },
  titleField: 'summary',
};
