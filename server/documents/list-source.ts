import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PAYMENT_STATUS_NAMES } from '../../domain/documents/payments.ts';
import type { ListSource } from '../crud/index.ts';
import type { HeaderTable } from './engine.ts';
import { documentTally } from './tallies.ts';

/** A document's header: its status and (a kind with totals) grand total beside the engine's columns. */
type DocumentHeader = HeaderTable & { status: PgColumn; grand_total?: PgColumn };
/** A paid-for document's header: its grand total, payment status and what is paid as well. */
type PaidHeader = DocumentHeader & { grand_total: PgColumn; payment_status: PgColumn; paid: PgColumn };

interface DocumentListOptions<T extends DocumentHeader> {
  table: T;
  docType: string;
  statuses: readonly string[];
  /** The party: its table, the header's column pointing at it, and the name its name is shown under. */
  party: { table: AnyNamed; column: PgColumn & { name: string }; as: string };
  /** The document's date column. */
  day: PgColumn & { name: string };
  filters?: Record<string, (v: string) => SQL | undefined>;
}

const oneOf = (names: readonly string[], column: PgColumn) => (v: string) => (names.includes(v) ? sql`${column} = ${v}` : undefined);

/**
 * The list of a document kind on the list engine, declared once: its party's name joined (none:
 * null), sorting by the shown columns, search by reference, a filter by status (plus the kind's
 * own: a kind's filter of the same name replaces it) and the grand totals over the filter.
 */
export function documentSource<T extends DocumentHeader>(d: DocumentListOptions<T>) {
  const t = d.table;
  return {
    table: t,
    hidden: ['client_id', 'client_key'],
    extra: { [d.party.as]: sql<string | null>`${d.party.table.name}`.as(d.party.as) } as Record<string, SQL.Aliased>,
    joins: [{ table: d.party.table, on: eq(d.party.table.id, d.party.column) }],
    sort: { reference: t.reference, [d.party.as]: d.party.table.name, [d.day.name]: d.day, status: t.status, ...(t.grand_total ? { grand_total: t.grand_total } : {}) } as Record<string, PgColumn | SQL>,
    search: [t.reference],
    filters: { status: oneOf(d.statuses, t.status), ...d.filters } as Record<string, (v: string) => SQL | undefined>,
    totals: {} as Record<string, SQL>,
  } satisfies ListSource;
}

/**
 * The list of a paid-for document kind (purchases, sales, orders): a document's list with what is
 * due, a filter by payment status, totals of the money columns over the filter, and the count and
 * totals from the tallies the database keeps whenever the filter allows.
 */
export function paidDocumentSource(
  d: DocumentListOptions<PaidHeader> & {
    /** What is still due on a row, when more than grand total less paid (a sale: less returns, plus refunds). */
    due?: SQL;
  },
) {
  const t = d.table;
  const due = d.due ?? sql`${t.grand_total} - ${t.paid}`;
  const base = documentSource({ ...d, filters: { payment_status: oneOf(PAYMENT_STATUS_NAMES, t.payment_status), ...d.filters } });
  return {
    ...base,
    extra: { ...base.extra, due: sql<number>`(${due})::float8`.as('due') },
    sort: { ...base.sort, paid: t.paid, due },
    totals: { due },
    tally: documentTally({ docType: d.docType, party: d.party.column.name, day: d.day.name }),
  } satisfies ListSource;
}

type AnyNamed = ListSource['table'] & { id: PgColumn; name: PgColumn };
