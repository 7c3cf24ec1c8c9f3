import { sql } from 'drizzle-orm';
import { apiListQuery } from '../../domain/api-list-query.ts';
import { AUDIT_API, AUDIT_KINDS, AUDIT_RIGHT, auditList, describeChanges, isAuditKind, type AuditChanges } from '../../domain/audit.ts';
import type { ListQuery } from '../../domain/list-query.ts';
import type { Row } from '../../domain/resource.ts';
import { EXPORT_MAX, listOrder, listPage, listView, listWhere, selectRows } from '../crud/index.ts';
import { toCsv } from '../crud/csv.ts';
import { auditEvents } from '../db/schema.ts';
import { route, type RouteDef } from '../http/context.ts';

/**
 * The audit trail's API: its list on the list engine (newest first; by person, kind and day;
 * searched by subject, summary or email) and its CSV export. Read-only: there is no route that
 * writes, changes or deletes an event (server/audit/record.ts writes them inside the changes).
 */
const view = listView(
  {
    table: auditEvents,
    sort: { created_at: auditEvents.created_at },
    search: [auditEvents.subject_label, auditEvents.summary, auditEvents.actor_email],
    filters: {
      kind: (v) => (isAuditKind(v) ? sql`${auditEvents.kind} = ${v}` : undefined),
    },
  },
  { filters: auditList.filters, columns: auditList.columns },
);
const query = apiListQuery(auditList);

/** The CSV says what the list shows: the kind by its name, the changes as lines. */
const csvRow = (row: Row): Row => ({ ...row, kind: AUDIT_KINDS[row.kind as keyof typeof AUDIT_KINDS] ?? row.kind, changes: describeChanges(row.changes as AuditChanges | null).join('; ') });

export const auditRoutes: RouteDef[] = [
  route('GET', AUDIT_API, AUDIT_RIGHT, {
    summary: 'List the audit trail, newest first: filter by person (actor_id), kind and day (created_at_from, created_at_to); search the subject, summary or email',
    query,
    handler: async (c, input) => {
      const q = input.query() as ListQuery;
      return c.json(await listPage(c.var.db, view, q, listWhere(view, q)), 200);
    },
  }),
  route('GET', `${AUDIT_API}/export`, AUDIT_RIGHT, {
    summary: 'Export the audit trail as CSV, filtered as the list is',
    query,
    handler: async (c, input) => {
      const q = input.query() as ListQuery;
      const rows = (await selectRows(c.var.db, view).where(listWhere(view, q)).orderBy(...listOrder(view, q)).limit(EXPORT_MAX)) as Row[];
      const day = c.var.now().toISOString().slice(0, 10);
      return c.body(toCsv(auditList.columns, rows.map(csvRow)), 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="audit-${day}.csv"` });
    },
  }),
];
