import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rangeKeys, type ListQuery } from '../../domain/list-query.ts';
import { rangeCondition, type TallySource } from '../crud/index.ts';
import { documentTalliesByDay as byDay, documentTalliesByParty as byParty } from '../db/schema.ts';

/**
 * A document list's count and totals from the tallies the database keeps (migration 0011):
 * per party and state, and per day and state, so a list of a million documents adds up a few
 * hundred rows instead of reading every document in its filter. A kind's table joins with
 * `SELECT document_tallies_track('sales', 'sale', 'customer_id', 'sold_on')` in its migration
 * and its list source with `tally: documentTally({ docType: 'sale', party: 'customer_id', day: 'sold_on' })`.
 *
 * Answered from the tallies: no filter; a party, with or without status and payment status; a
 * date range, with or without them; status and payment status alone. Anything else (a party
 * AND a date range, which its own index keeps small, or a filter the tallies do not key) is
 * counted over the documents as before: undefined.
 */
export interface DocumentTallyOptions {
  docType: string;
  /** The list filter naming the party (supplier_id, customer_id). */
  party: string;
  /** The list's date range filter over the document's day (purchased_on → purchased_on_from, _to). */
  day: string;
  /** The list's status and payment status filters (default status, payment_status). */
  status?: string;
  paymentStatus?: string;
}

/** Money column names a document list may total, and what a tally row holds of them. */
const money = (t: typeof byParty | typeof byDay): Record<string, SQL> => ({
  grand_total: sql`${t.grand_total}`,
  paid: sql`${t.paid}`,
  due: sql`${t.grand_total} - ${t.paid}`,
});

export function documentTally(o: DocumentTallyOptions): (q: ListQuery) => TallySource | undefined {
  const statusKey = o.status ?? 'status';
  const paymentKey = o.paymentStatus ?? 'payment_status';
  const range = rangeKeys(o.day);
  const known = new Set([o.party, statusKey, paymentKey, range.from, range.to]);
  return (q) => {
    const f = q.filters;
    if (Object.keys(f).some((k) => !known.has(k))) return undefined;
    const party = f[o.party];
    const ranged = f[range.from] !== undefined || f[range.to] !== undefined;
    if (party !== undefined && ranged) return undefined;
    const t = ranged ? byDay : byParty;
    const parts: (SQL | undefined)[] = [eq(t.doc_type, o.docType)];
    if (f[statusKey] !== undefined) parts.push(eq(t.status, f[statusKey]));
    if (f[paymentKey] !== undefined) parts.push(eq(t.payment_status, f[paymentKey]));
    if (party !== undefined) {
      // listWhere has refused a value that is not an id by now; this one guards a direct caller.
      if (!/^\d{1,9}$/.test(party)) return undefined;
      parts.push(eq(byParty.party_id, Number(party)));
    }
    if (f[range.from] !== undefined) parts.push(rangeCondition(byDay.day, 'from', f[range.from]!));
    if (f[range.to] !== undefined) parts.push(rangeCondition(byDay.day, 'to', f[range.to]!));
    return { table: t, where: and(...parts), count: t.docs, sums: money(t) };
  };
}
