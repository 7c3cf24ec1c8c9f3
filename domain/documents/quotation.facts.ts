import { adminHref } from '../paths.ts';
import type { Permission } from '../permissions.ts';
import type { ColumnDef, FilterDef } from '../resource.ts';
import { defineLifecycle } from './lifecycle.ts';
import { PREFIXES } from './numbering.ts';

/**
 * A quotation to a customer (PRODUCT §3): QT-000001, a customer (required), a date and the day
 * it is valid until (30 days on by default, never before its date), lines priced as a sale's,
 * the sale's terms and the one totals function. It never moves stock and takes no payments.
 * Accepted, it is converted ONCE into a pending sale (the database's unique
 * sales.quotation_id makes "once" a fact). The server half is server/documents/quotations.ts.
 *
 * "Expired" is computed, never stored: a SENT quotation whose valid-until day is past
 * (`effectiveStatus`, and the same rule in SQL for the list's filter). A draft does not expire
 * (it is no offer yet: sending one whose day is past is refused under valid_until, so it is
 * edited first); an accepted one does not either (the customer said yes in time).
 */
export const QUOTATIONS_API = '/api/v1/admin/quotations';
export const QUOTATION_PREFIX = PREFIXES.quotation;
/** Days a new quotation stays valid, from its date. */
export const QUOTATION_VALID_DAYS = 30;
/** Who sees quotations, and who writes and moves them along, converting included (the sale is pending: completing it needs 'sales create'). */
export const QUOTATION_RIGHTS = { list: 'quotation list', create: 'quotation create' } as const satisfies Record<string, Permission>;

// Declared with its statuses named, since 'expired' starts no action (nothing is done to an expired quotation).
export const quotationLifecycle = defineLifecycle<'draft' | 'sent' | 'accepted' | 'rejected' | 'expired' | 'converted', 'edit' | 'send' | 'accept' | 'reject' | 'convert'>({
  noun: 'quotation',
  statuses: {
    draft: { label: 'Draft', tone: 'neutral' },
    sent: { label: 'Sent', tone: 'info' },
    accepted: { label: 'Accepted', tone: 'success' },
    rejected: { label: 'Rejected', tone: 'danger' },
    expired: { label: 'Expired', tone: 'warning' },
    converted: { label: 'Converted', tone: 'success' },
  },
  actions: {
    edit: { label: 'Edit', from: ['draft'], done: 'edited' },
    send: { label: 'Send', from: ['draft'], done: 'sent', to: 'sent' },
    accept: { label: 'Accept', from: ['sent'], done: 'accepted', to: 'accepted' },
    reject: { label: 'Reject', from: ['sent'], done: 'rejected', to: 'rejected' },
    convert: { label: 'Convert to sale', from: ['accepted'], done: 'converted', to: 'converted' },
  },
});
export type QuotationStatus = keyof typeof quotationLifecycle.statuses;
export type QuotationAction = keyof typeof quotationLifecycle.actions;
export const QUOTATION_STATUS_NAMES = Object.keys(quotationLifecycle.statuses) as QuotationStatus[];
/** What a row stores: every status but the computed one. */
export const STORED_QUOTATION_STATUSES = QUOTATION_STATUS_NAMES.filter((s) => s !== 'expired') as Exclude<QuotationStatus, 'expired'>[];
export const QUOTATION_STATUS_OPTIONS = QUOTATION_STATUS_NAMES.map((value) => ({ value, label: quotationLifecycle.statuses[value].label }));
export const QUOTATION_ACTION_RIGHTS = {
  edit: QUOTATION_RIGHTS.create,
  send: QUOTATION_RIGHTS.create,
  accept: QUOTATION_RIGHTS.create,
  reject: QUOTATION_RIGHTS.create,
  convert: QUOTATION_RIGHTS.create,
} as const satisfies Record<QuotationAction, Permission>;

/** The status a quotation is in on `today` (YYYY-MM-DD): a sent one past its valid-until day has expired. */
export const effectiveStatus = (q: { status: string; valid_until: string }, today: string): QuotationStatus =>
  (q.status === 'sent' && q.valid_until < today ? 'expired' : q.status) as QuotationStatus;

/** `day` plus `days` (YYYY-MM-DD, calendar days). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const quotationColumns: readonly ColumnDef[] = [
  { name: 'reference', label: 'Reference', sortable: true },
  { name: 'quoted_on', label: 'Date', kind: 'date', sortable: true },
  { name: 'valid_until', label: 'Valid until', kind: 'date', sortable: true, minor: 'wide' },
  { name: 'customer_name', label: 'Customer', sortable: true },
  { name: 'status', label: 'Status', kind: 'status', sortable: true },
  { name: 'grand_total', label: 'Total', kind: 'money', sortable: true },
];
export const quotationFilters: readonly FilterDef[] = [
  { name: 'customer_id', label: 'Customer', kind: 'relation', relation: 'customers' },
  { name: 'status', label: 'Status', kind: 'select', options: QUOTATION_STATUS_OPTIONS },
  { name: 'quoted_on', label: 'Date', kind: 'dateRange' },
];
export const quotationList = {
  key: 'quotations',
  api: QUOTATIONS_API,
  columns: quotationColumns,
  filters: quotationFilters,
  defaultSort: { field: 'quoted_on', dir: 'desc' },
  searchHint: 'Search reference',
} as const;

/** A quotation's own page (the list's rows open it; here, apart from its view selectors, so a list page loads no zod). */
export const quotationHref = (id: number | string) => adminHref('/quotations/view/:id', { id });
