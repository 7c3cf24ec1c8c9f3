import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PAYMENT_STATUS_NAMES } from '../../domain/documents/payments.ts';
import type { ListSource } from '../crud/index.ts';
import type { HeaderTable } from './engine.ts';
import { documentTally } from './tallies.ts';

/** A paid-for document's header: its status, money and payment status beside the engine's columns. */
type PaidHeader = HeaderTable & { status: PgColumn; payment_status: PgColumn; grand_total: PgColumn; paid: PgColumn };

/**
 * The list of a paid-for document kind (purchases, sales) on the list engine, declared once:
 * its party's name joined (none: null), what is due, sorting by the shown columns, filters by
 * status and payment status (plus the kind's own), totals of the money columns over the filter,
 * and the count and totals from the tallies the database keeps whenever the filter allows.
 */
export function paidDocumentSource(d: {
  table: PaidHeader;
  docType: string;
  statuses: readonly string[];
  /** The party: its table, the header's column pointing at it, and the name its name is shown under. */
  party: { table: AnyNamed; column: PgColumn & { name: string }; as: string };
  /** The document's date column. */
  day: PgColumn & { name: string };
  filters?: Record<string, (v: string) => SQL | undefined>;
  /** What is still due on a row, when more than grand total less paid (a sale: less returns, plus refunds). */
  due?: SQL;
}) {
  const t = d.table;
  const due = d.due ?? sql`${t.grand_total} - ${t.paid}`;
  const oneOf = (names: readonly string[], column: PgColumn) => (v: string) => (names.includes(v) ? sql`${column} = ${v}` : undefined);
  return {
    table: t,
    hidden: ['client_id', 'client_key'],
    extra: {
      [d.party.as]: sql<string | null>`${d.party.table.name}`.as(d.party.as),
      due: sql<number>`(${due})::float8`.as('due'),
    },
    joins: [{ table: d.party.table, on: eq(d.party.table.id, d.party.column) }],
    sort: { reference: t.reference, [d.party.as]: d.party.table.name, [d.day.name]: d.day, status: t.status, grand_total: t.grand_total, paid: t.paid, due },
    search: [t.reference],
    filters: { status: oneOf(d.statuses, t.status), payment_status: oneOf(PAYMENT_STATUS_NAMES, t.payment_status), ...d.filters },
    totals: { due },
    tally: documentTally({ docType: d.docType, party: d.party.column.name, day: d.day.name }),
  } satisfies ListSource;
}

type AnyNamed = ListSource['table'] & { id: PgColumn; name: PgColumn };
