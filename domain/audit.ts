import type { Permission } from './permissions.ts';
import type { ColumnDef, FilterDef, Option } from './resource.ts';

/**
 * The audit trail's contract (issue 36): who did what and when, written by the server in the
 * same transaction as the change (server/audit/record.ts), never edited or deleted (the
 * database refuses it: migration 0025), read by whoever holds `audit list` on /admin/audit.
 * No zod here: the list page reads it, and the API has no body to check (it only lists).
 */
export const AUDIT_API = '/api/v1/admin/audit-events';
export const AUDIT_RIGHT = 'audit list' as const satisfies Permission;

/** Records whose create, update and delete the resource engine audits, by the name their kinds start with. */
export const AUDITED_RECORDS = {
  user: 'User',
  role: 'Role',
  permission: 'Permission',
  permission_module: 'Permission module',
} as const;
export type AuditedRecord = keyof typeof AUDITED_RECORDS;
const RECORD_CHANGES = { created: 'created', updated: 'changed', deleted: 'deleted' } as const;
export type RecordChange = keyof typeof RECORD_CHANGES;

/** Every kind of event, with what the list calls it. */
export const AUDIT_KINDS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_out: 'Signed out',
  sessions_ended: 'Other sessions signed out',
  password_changed: 'Password changed',
  profile_changed: 'Profile changed',
  ...(Object.fromEntries(
    Object.entries(AUDITED_RECORDS).flatMap(([record, label]) => Object.entries(RECORD_CHANGES).map(([change, said]) => [`${record}_${change}`, `${label} ${said}`])),
  ) as Record<`${AuditedRecord}_${RecordChange}`, string>),
  setting_changed: 'Setting changed',
  document_transition: 'Document',
  register_opened: 'Register opened',
  register_closed: 'Register closed',
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_NAMES = Object.keys(AUDIT_KINDS) as AuditKind[];
export const isAuditKind = (v: string): v is AuditKind => Object.hasOwn(AUDIT_KINDS, v);

/**
 * What changed, field by field: a value's before and after, or for a list (a role's
 * permissions) what was added and removed. A password is only ever said to have changed.
 */
export type FieldChange = { before: unknown; after: unknown } | { added: unknown[]; removed: unknown[] };
export type AuditChanges = Record<string, FieldChange | unknown>;

/** One event as the API lists it. */
export interface AuditEvent {
  id: number;
  created_at: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  kind: AuditKind;
  subject_type: string | null;
  subject_id: number | null;
  subject_label: string | null;
  summary: string;
  changes: AuditChanges | null;
  address: string | null;
}

const kindOptions: readonly Option[] = AUDIT_KIND_NAMES.map((value) => ({ value, label: AUDIT_KINDS[value] }));

/** The list (/admin/audit): newest first; filtered by person, kind and day, searched by subject. */
export const auditList = {
  key: 'auditEvents',
  api: AUDIT_API,
  columns: [
    { name: 'created_at', label: 'When', kind: 'datetime', sortable: true },
    { name: 'actor_name', label: 'Who' },
    { name: 'kind', label: 'What' },
    { name: 'subject_label', label: 'Subject', minor: true },
    { name: 'summary', label: 'Summary' },
    { name: 'changes', label: 'Changes' },
  ],
  filters: [
    { name: 'actor_id', label: 'Person', kind: 'relation', relation: 'users', searchable: true },
    { name: 'kind', label: 'What', kind: 'select', options: kindOptions },
    { name: 'created_at', label: 'Date', kind: 'dateRange' },
  ],
  defaultSort: { field: 'created_at', dir: 'desc' },
  searchHint: 'Search subject, summary or email',
} as const satisfies { key: string; api: string; columns: readonly ColumnDef[]; filters: readonly FilterDef[]; defaultSort: { field: string; dir: 'asc' | 'desc' }; searchHint: string };

/** The changes as lines a person reads: "name: Ann → Anna", "permissions: + sales list, − stock". */
export function describeChanges(changes: AuditChanges | null | undefined): string[] {
  if (!changes || typeof changes !== 'object') return [];
  const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return Object.entries(changes).map(([field, c]) => {
    const name = field.replaceAll('_', ' ');
    if (c && typeof c === 'object' && 'added' in c && 'removed' in c) {
      const { added, removed } = c as { added: unknown[]; removed: unknown[] };
      return `${name}: ${[...added.map((a) => `+ ${show(a)}`), ...removed.map((r) => `− ${show(r)}`)].join(', ')}`;
    }
    if (c && typeof c === 'object' && 'before' in c && 'after' in c) {
      const { before, after } = c as { before: unknown; after: unknown };
      return `${name}: ${show(before)} → ${show(after)}`;
    }
    return `${name}: ${show(c)}`;
  });
}
