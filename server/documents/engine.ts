import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { allows, refusal, type Lifecycle } from '../../domain/documents/lifecycle.ts';
import { formatNumber } from '../../domain/documents/numbering.ts';
import type { Db, Tx } from '../db/index.ts';
import { documentCounters, documentHistory, idempotencyKeys } from '../db/schema.ts';
import type { AppContext } from '../http/context.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { rowsOf } from '../crud/sql.ts';

/**
 * THE DOCUMENT ENGINE, server half: what every document kind does the same way. A kind
 * (server/documents/purchases.ts first) writes its header and lines and calls these inside
 * ONE transaction per request:
 *
 *   await db.transaction(async (tx) => {
 *     const doc = await lockDocument(tx, purchases, id, 'purchase');      // FOR UPDATE: writers queue
 *     checkTransition(purchaseLifecycle, 'receive', doc.status);            // 409 saying why
 *     …update lines; post(tx, {...}) through server/stock/ledger.ts…
 *     await recordHistory(tx, { docType: 'purchase', docId: id, action: 'receive', from, to, userId });
 *   });
 *
 * - Numbers: `nextNumber(tx, 'PO-')` when the document becomes final, in its transaction.
 * - History: `recordHistory` in the same transaction, so the audit trail cannot miss a step.
 * - Exactly once: `idempotent(c, scope, body, run)` claims the request's Idempotency-Key in the
 *   same transaction as the write and replays the first answer to a retry.
 * - Totals: the kind stores computeTotals' result (domain/documents/totals.ts), never a client's.
 * - List totals: the database tallies each kind's documents per party and per day (migration
 *   0011, `document_tallies_track` names the table); the list source's `tally: documentTally(…)`
 *   (./tallies.ts) reads them instead of summing every document in the filter.
 *
 * Sales, returns, quotations, orders and the till plug in the same way: a lifecycle table in
 * domain/documents/<kind>.ts, header and line tables, and routes that lock, check, write, post
 * stock through the ledger and record history. The till sends a client-made key with each sale
 * (its outbox replays it), so a sale is recorded once however often it is sent.
 */

/** The next number of `prefix`'s series (PO-000001), in the caller's transaction: gapless and race-free. */
export async function nextNumber(tx: Tx, prefix: string): Promise<string> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ prefix, next: 2 })
    .onConflictDoUpdate({ target: documentCounters.prefix, set: { next: sql`${documentCounters.next} + 1` } })
    .returning({ next: documentCounters.next });
  return formatNumber(prefix, row!.next - 1);
}

export interface HistoryEntry {
  docType: string;
  docId: number;
  action: string;
  from: string | null;
  to: string;
  userId: number | null;
  note?: string | null | undefined;
  data?: unknown;
  at?: Date | undefined;
}

export async function recordHistory(tx: Tx, e: HistoryEntry): Promise<void> {
  await tx.insert(documentHistory).values({
    doc_type: e.docType,
    doc_id: e.docId,
    action: e.action,
    from_status: e.from,
    to_status: e.to,
    note: e.note ?? null,
    data: e.data ?? null,
    user_id: e.userId,
    ...(e.at ? { created_at: e.at } : {}),
  });
}

/** The history of one document, oldest first, with who did each step. */
export async function historyOf(db: Db | Tx, docType: string, docId: number) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    select h.id, h.action, h.from_status, h.to_status, h.note, h.data, h.created_at, h.user_id, u.name as user_name
    from ${documentHistory} h left join users u on u.id = h.user_id
    where h.doc_type = ${docType} and h.doc_id = ${docId} order by h.id`,
  );
  return rows.map((r) => ({ ...r, created_at: r.created_at instanceof Date ? r.created_at.toISOString() : new Date(String(r.created_at)).toISOString() }));
}

/** A timestamp as JSON.stringify writes a Date (UTC, milliseconds), for answers built in SQL. */
export const isoJson = (ts: SQL) => sql<string>`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * historyOf as a JSON array subquery, so a document's answer reads its history in the same
 * statement as the rest of it: `docId` is the outer query's id column.
 */
export const historyJson = (docType: string, docId: SQL) => sql<unknown>`(
  select coalesce(json_agg(json_build_object('id', h.id, 'action', h.action, 'from_status', h.from_status,
    'to_status', h.to_status, 'note', h.note, 'data', h.data, 'created_at', ${isoJson(sql`h.created_at`)},
    'user_id', h.user_id, 'user_name', u.name) order by h.id), '[]')
  from ${documentHistory} h left join users u on u.id = h.user_id
  where h.doc_type = ${docType} and h.doc_id = ${docId})`;

/** A JSON column as an object on either driver (one may hand back its text). */
export const fromJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The transition is in the table, or a 409 that says why not (the same table the buttons read). */
export function checkTransition<S extends string, A extends string>(l: Lifecycle<S, A>, action: A, status: S): void {
  if (!allows(l, action, status)) throw new ApiError(409, refusal(l, action, status), { code: 'transition_refused' });
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface Answer {
  status: 200 | 201;
  body: Record<string, unknown>;
}

/**
 * Runs `run` in a transaction, exactly once per Idempotency-Key (when the request has one):
 * the key is claimed with ON CONFLICT in the same transaction, so a concurrent duplicate waits
 * for the first to commit and then gets its stored answer; a refusal rolls the claim back with
 * everything else, so a retry runs again. The same key with another request is a 422.
 */
export async function idempotent(c: AppContext, scope: string, request: unknown, run: (tx: Tx) => Promise<Answer>): Promise<Response> {
  const { db } = c.var;
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) {
    const a = await db.transaction(run);
    return c.json(a.body, a.status);
  }
  if (!KEY_PATTERN.test(key)) {
    throw validationError({ [IDEMPOTENCY_HEADER]: ['Use an Idempotency-Key of 1 to 255 visible characters (a UUID will do).'] });
  }
  const userId = c.var.auth.row.id;
  const hash = createHash('sha256').update(JSON.stringify([c.req.method, c.req.path, request])).digest('hex');
  const answer = await db.transaction(async (tx): Promise<Answer & { replayed?: boolean }> => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, user_id: userId, request_hash: hash, status: 0, response: '' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed[0]) {
      const [prior] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!prior || prior.user_id !== userId || prior.request_hash !== hash) {
        throw new ApiError(422, 'This Idempotency-Key was already used for another request. Send a new key with a new request.', {
          code: 'idempotency_key_reused',
          errors: { [IDEMPOTENCY_HEADER]: ['Already used for another request.'] },
        });
      }
      if (prior.status === 0) throw new ApiError(409, 'This request is still being handled. Wait a moment and check the result.', { code: 'in_progress' });
      return { status: prior.status as 200 | 201, body: JSON.parse(prior.response) as Record<string, unknown>, replayed: true };
    }
    const a = await run(tx);
    await tx
      .update(idempotencyKeys)
      .set({ status: a.status, response: JSON.stringify(a.body) })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return a;
  });
  return c.json(answer.body, answer.status, answer.replayed ? { 'Idempotent-Replayed': 'true' } : {});
}
