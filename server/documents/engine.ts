import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { allows, refusal, type Lifecycle } from '../../domain/documents/lifecycle.ts';
import { formatNumber } from '../../domain/documents/numbering.ts';
import { paymentStatus } from '../../domain/documents/payments.ts';
import { computeTotals, type DocumentInput } from '../../domain/documents/totals.ts';
import type { AuditKind } from '../../domain/audit.ts';
import type { Permission } from '../../domain/permissions.ts';
import { capitalise } from '../../domain/text.ts';
import { recordAudit } from '../audit/record.ts';
import type { Db, Tx } from '../db/index.ts';
import { documentCounters, documentHistory } from '../db/schema.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { rowsOf } from '../crud/sql.ts';
import type { ClientKey } from './idempotency.ts';
import { restateLines, type LineTable } from './lines.ts';

/**
 * THE DOCUMENT ENGINE, server half: the write protocol of every document kind, as functions. A
 * kind is declared once (`DocumentKind`: its header table, lifecycle table, number prefix,
 * party, and how its totals input and status follow from its lines); `act` runs every action of
 * every kind and `create` makes one, each in the caller's ONE transaction:
 *
 *   lock the row (SELECT … FOR UPDATE; 404 when gone) → check the lifecycle table (409
 *   transition_refused, `refusal(...)`) → the kind's own work → restate totals and status →
 *   record history → number (creation only, last).
 *
 * Guarantees, whatever runs at the same time (PostgreSQL, READ COMMITTED):
 * - Exactly once per key per client: routes run writes through `idempotent` (./idempotency.ts),
 *   which claims (scope, client id, key) with ON CONFLICT in the write's own transaction and
 *   replays the first answer; a document made under a key keeps (client_id, client_key) in
 *   unique columns of its row, so `create` answers that document to a replay that comes after
 *   the key row was purged or after another staff member signed in on the same till.
 * - Lock order: the document row first (writers of one document queue there, so its lines change
 *   one request at a time), then what the kind's work locks (stock levels in product id order,
 *   through the ledger), then the series' counter row, last. A creation inserts its row (no
 *   one else can see it) instead of locking one. Only `create`'s `then` runs after the counter:
 *   a stock count's adjustment (its levels are locked already, so it waits on nothing new) and
 *   an order received at once (the serial purchase screen), which holds its series' counter
 *   while its receipt waits for levels — still shorter than before, when numbering came first.
 * - Numbers: taken LAST in the transaction (`UPDATE document_counters … RETURNING`), so a
 *   counter row is held for the last statements only; the series is gapless (a rollback takes
 *   its number back) and race-free (the counter row queues its writers). A document is created
 *   without a number and gets it at the end (migration 0014: a deferred trigger refuses to
 *   commit one without). Work that must name the number (stock movements of a document posted
 *   on creation: a count, an order received at once) runs after it (`create`'s `then`).
 * - History: one row per action in the same transaction, from and to status, who and when; and
 *   an audit event (server/audit/record.ts) with the reference, `document_transition` unless
 *   the kind names its own for the action (`audit`: a register session's open and close).
 * - Totals only from computeTotals (domain/documents/totals.ts) over the kind's `totals.input`,
 *   restated after every action that hands back its lines; never a client's numbers.
 * - Stock moves only through server/stock/ledger.ts, in the same transaction (the kind's work).
 * - List totals: the database tallies each kind's documents per party and day (migration 0011,
 *   ./tallies.ts); a list source names `tally: documentTally(…)`.
 *
 * Declaring a new kind, e.g. a sale (a till's sale: lines, a customer, paid at once):
 * - domain/documents/sale.ts (~60 lines): its lifecycle table (`defineLifecycle`: completed,
 *   returned; actions with `to` where the end is fixed), SALE_PREFIX from PREFIXES, its bodies
 *   (zod) and its totals input (`saleTotalsInput`, like purchaseTotalsInput).
 * - server/db/schema.ts + a migration (~60 lines): `sales` (…numbered, status, the totals
 *   columns, paid, payment_status, version) and `sale_lines` (id, sale_id, position,
 *   product_id, quantity, net, tax, total…), `SELECT document_tallies_track(…)`, the numbered
 *   trigger and a client-key unique index as migration 0014 gives purchases.
 * - server/documents/sales.ts (~80 lines): `const saleKind: DocumentKind<…> = { docType: 'sale',
 *   lifecycle, prefix, table: sales, party: { table: customers, field: 'customer_id', noun:
 *   'customer' }, status: (d) => d.status, totals: { lines: { table: saleLines, parent:
 *   'sale_id' }, input, status } }`; its create work (productsFor, insertLines; the 'sale'
 *   movements posted in `then` when their note names the number) and actions written as `act(saleKind, tx, id, 'return', actor, work)`, `pay` from
 *   ./payments.ts; a show built with linesJson, paymentsJson and historyJson.
 * - server/documents/sale-routes.ts (~50 lines): `documentRoutes({ … })` (./routes.ts) with the
 *   list source, the create body and message, and each action's body, right, summary, message.
 */

/** Who does it; the demo seed backdates its documents. */
export interface Actor {
  userId: number | null;
  at?: Date | undefined;
  /** The permissions the actor holds, for the finer rights a kind checks inside its work (a sale's price override). */
  rights?: ReadonlySet<Permission> | undefined;
  /** Where the request came from, for the audit trail. */
  address?: string | undefined;
}

/** A document header table: an id, its number and the client key it was made under (schema.ts `numbered`). */
export type HeaderTable = PgTable & { id: PgColumn; reference: PgColumn; client_id: PgColumn; client_key: PgColumn };

export interface DocumentKind<S extends string, A extends string, D extends { id: number; reference: string | null }, L = never> {
  /** The history's and the ledger's name of the kind: 'purchase'. */
  docType: string;
  lifecycle: Lifecycle<S, A>;
  /** The number series: 'PO-'. */
  prefix: string;
  table: HeaderTable;
  /** The party the document is with: checked before it is written (422 under `field`); `optional`: a document may have none (a walk-in sale). */
  party?: { table: PgTable & { id: PgColumn }; field: string; noun: string; optional?: boolean };
  /**
   * The status the document is in on `today` (YYYY-MM-DD): as the row stores it, or, for a kind
   * whose status also follows from the day (a sent quotation past its valid-until day has
   * expired), as that makes it. A kind created final (a stock count) is always the same.
   */
  status(doc: D, today: string): S;
  /**
   * The kind's own words when its lifecycle table refuses an action, where it knows more than the
   * table does (a converted quotation names the sale it became); undefined: the table's refusal.
   */
  refusal?(tx: Tx, doc: D, action: A, status: S): Promise<string | undefined>;
  /** For a kind whose header stores totals, status, payment status and a version. */
  totals?: {
    lines: LineTable;
    input(doc: D, lines: readonly L[]): DocumentInput;
    /** Where an action without a `to` in the lifecycle table ends, from the lines as they are now. */
    status(doc: D, lines: readonly L[]): S;
    /**
     * What the payment status and what is due weigh: the total owed and what is paid of it
     * (default: the grand total and paid; a sale: less what was returned and refunded).
     */
    owed?(doc: D): { total: number; paid: number };
    /** A kind that takes no payments (a quotation): its header has no payment status to restate. */
    unpaid?: true;
  };
  /** What history calls the creation (default 'create'; a stock count: 'post'). */
  created?: string;
  /** The audit trail's kind of an action (by its history name), where not `document_transition`. */
  audit?: Readonly<Record<string, AuditKind>>;
}

/** A kind created posted, with nothing to do after (a stock count, a sale return): its history calls the creation 'post'. */
export const postedKind = <D extends { id: number; reference: string | null }>(k: { docType: string; lifecycle: Lifecycle<'posted', never>; prefix: string; table: HeaderTable }): DocumentKind<'posted', never, D> => ({
  ...k,
  status: () => 'posted',
  created: 'post',
});

/** What a kind's work hands back to the engine. */
export interface Outcome<L> {
  /** The lines as they are now: totals are restated from them and, without a `to`, the status derived. */
  lines?: readonly L[] | undefined;
  /** Header columns the work changes (terms, cancelled, paid). */
  set?: Record<string, unknown> | undefined;
  /** The history row's note and data. */
  note?: string | null | undefined;
  data?: unknown;
}

/** Any kind, for code that only reads its declaration (the routes, the answers). */
export type AnyKind = DocumentKind<string, string, any, any>;

export const gone = (kind: { lifecycle: { noun: string } }) => new ApiError(404, `This ${kind.lifecycle.noun} no longer exists.`);

/** A document's ETag: it changes with every write (its version). */
export const etagOf = (kind: AnyKind, doc: { id: number; version: number }) => `W/"${kind.docType}-${doc.id}-${doc.version}"`;

/** The header's columns a client sees: all but the client key (kept for replays, never shown). */
export function shownColumns<T extends HeaderTable>(table: T): Omit<T['_']['columns'], 'client_id' | 'client_key'> {
  const { client_id: _id, client_key: _key, ...rest } = getTableColumns(table) as T['_']['columns'];
  return rest;
}

/** The document, locked for the rest of the transaction, or a 404. */
export async function lock<S extends string, A extends string, D extends { id: number; reference: string | null }, L>(kind: DocumentKind<S, A, D, L>, tx: Tx, id: number): Promise<D> {
  const [row] = await tx.select().from(kind.table as PgTable).where(eq(kind.table.id, id)).for('update');
  if (!row) throw gone(kind);
  return row as D;
}

/** The transition is in the table, or a 409 that says why not (the same table the buttons read). */
export function checkTransition<S extends string, A extends string>(l: Lifecycle<S, A>, action: A, status: S): void {
  if (!allows(l, action, status)) throw new ApiError(409, refusal(l, action, status), { code: 'transition_refused' });
}

/** The party named by `values[party.field]` exists (or, for an optional party, none is named), or a 422 under that field. */
export async function checkParty(kind: AnyKind, tx: Tx, values: Record<string, unknown>): Promise<void> {
  const p = kind.party;
  if (!p) return;
  if (p.optional && values[p.field] == null) return;
  const [row] = await tx.select({ id: p.table.id }).from(p.table).where(eq(p.table.id, values[p.field] as number));
  if (!row) throw validationError({ [p.field]: [`This ${p.noun} no longer exists. Choose another.`] });
}

/**
 * Runs `action` on document `id`: lock, If-Match, the lifecycle check, the kind's `work`, then
 * totals and status restated, history recorded. Answers the status it ended in.
 */
export async function act<S extends string, A extends string, D extends { id: number; reference: string | null; version?: number }, L>(
  kind: DocumentKind<S, A, D, L>,
  tx: Tx,
  id: number,
  action: A,
  actor: Actor,
  work: (doc: D) => Promise<Outcome<L>>,
  ifMatch?: string,
): Promise<S> {
  const doc = await lock(kind, tx, id);
  if (ifMatch && ifMatch !== '*' && ifMatch !== etagOf(kind, doc as D & { version: number })) {
    throw new ApiError(409, `Someone else changed this ${kind.lifecycle.noun} while you were editing it. Reload to see their changes, then make yours again.`, { code: 'stale' });
  }
  const from = kind.status(doc, dayOf(actor));
  if (!allows(kind.lifecycle, action, from)) {
    const said = await kind.refusal?.(tx, doc, action, from);
    if (said) throw new ApiError(409, said, { code: 'transition_refused' });
    checkTransition(kind.lifecycle, action, from);
  }
  const out = await work(doc);
  const to = await settle(kind, tx, doc, out, kind.lifecycle.actions[action].to, dayOf(actor));
  await recordHistory(tx, { docType: kind.docType, docId: id, action, from, to, userId: actor.userId, note: out.note, data: out.data, at: actor.at });
  await auditAction(kind, tx, actor, { id, reference: doc.reference }, action, from, to, out);
  return to;
}

/**
 * Makes a document: with a client key, first the one already made under it (answered as a
 * replay); else the header `values` (or what they are worked out as, under the locks their
 * working out takes) are inserted unnumbered (party checked first), the kind's `work` writes
 * the rest (lines, stock), totals and status are stated, history recorded, and the number taken
 * last. `then` runs after numbering, for work that names the number (see the header).
 */
export async function create<S extends string, A extends string, D extends { id: number; reference: string | null }, L>(
  kind: DocumentKind<S, A, D, L>,
  tx: Tx,
  actor: Actor,
  values: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
  client: ClientKey | undefined,
  work: (doc: D) => Promise<Outcome<L>>,
  then?: (doc: D) => Promise<unknown>,
): Promise<{ id: number; replayed: boolean }> {
  const t = kind.table;
  if (client) {
    const [had] = await tx.select({ id: t.id }).from(t as PgTable).where(and(eq(t.client_id, client.clientId), eq(t.client_key, client.key)));
    if (had) return { id: had.id as number, replayed: true };
  }
  const header = typeof values === 'function' ? await values() : values;
  await checkParty(kind, tx, header);
  const stamps = actor.at ? { created_at: actor.at, ...('updated_at' in t ? { updated_at: actor.at } : {}) } : {};
  const [row] = await tx
    .insert(t)
    .values({ ...header, ...stamps, client_id: client?.clientId ?? null, client_key: client?.key ?? null } as never)
    .returning();
  const doc = row as D;
  const out = await work(doc);
  const to = await settle(kind, tx, doc, out, undefined, dayOf(actor));
  await recordHistory(tx, { docType: kind.docType, docId: doc.id, action: kind.created ?? 'create', from: null, to, userId: actor.userId, note: out.note, data: out.data, at: actor.at });
  const reference = await nextNumber(tx, kind.prefix);
  await tx.update(t).set({ reference } as never).where(eq(t.id, doc.id));
  await auditAction(kind, tx, actor, { id: doc.id, reference }, kind.created ?? 'create', null, to, out);
  await then?.({ ...doc, reference });
  return { id: doc.id, replayed: false };
}

/**
 * Stores what an action changed: with lines, the totals computeTotals gives over the kind's
 * input and the status the kind derives (or the action's `to`); the payment status from the
 * total and what is paid; a new version. A kind whose header stores no totals: what its work
 * set and the action's `to`.
 */
async function settle<S extends string, A extends string, D extends { id: number; reference: string | null }, L>(kind: DocumentKind<S, A, D, L>, tx: Tx, doc: D, out: Outcome<L>, to: S | undefined, today: string): Promise<S> {
  const t = kind.totals;
  if (!t) {
    // A kind without stored totals (a register session): only what the work set and the action's end.
    const set = { ...out.set, ...(to ? { status: to } : {}) };
    if (Object.keys(set).length) await tx.update(kind.table).set({ ...set, ...('updated_at' in kind.table ? { updated_at: sql`now()` } : {}) } as never).where(eq(kind.table.id, doc.id));
    return to ?? kind.status(doc, today);
  }
  const terms = { ...doc, ...out.set } as D & { grand_total: number; paid: number };
  let set: Record<string, unknown> = { ...out.set };
  let status = to ?? kind.status(doc, today);
  if (out.lines) {
    const totals = computeTotals(t.input(terms, out.lines));
    await restateLines(tx, t.lines.table, out.lines as readonly Record<string, unknown>[], totals);
    status = to ?? t.status(terms, out.lines);
    set = {
      ...set,
      subtotal: totals.subtotal,
      line_tax: totals.lineTax,
      lines_total: totals.linesTotal,
      discount_total: totals.discount,
      document_tax: totals.documentTax,
      shipping_total: totals.shipping,
      grand_total: totals.grandTotal,
    };
  }
  const owed = owing(kind as AnyKind, { ...terms, ...set } as D & { grand_total: number; paid: number });
  const version = (kind.table as unknown as { version: PgColumn }).version;
  await tx
    .update(kind.table)
    .set({ ...set, status, ...(t.unpaid ? {} : { payment_status: paymentStatus(owed.total, owed.paid) }), version: sql`${version} + 1`, updated_at: sql`now()` } as never)
    .where(eq(kind.table.id, doc.id));
  return status;
}

/** The day an actor acts on (YYYY-MM-DD, UTC): the demo seed's backdated day, else today. */
export const dayOf = (actor: Actor) => (actor.at ?? new Date()).toISOString().slice(0, 10);

/** The total a document's payment status weighs and what is paid of it (the kind's `owed`, else grand total and paid). */
export function owing(kind: AnyKind, doc: { grand_total: number; paid: number }): { total: number; paid: number } {
  return kind.totals?.owed?.(doc) ?? { total: doc.grand_total, paid: doc.paid };
}

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

/**
 * The audit trail's event of one action, in its transaction: the document by its reference, the
 * from and to status, what the kind's work recorded (a till session's differences per method).
 */
async function auditAction(kind: AnyKind, tx: Tx, actor: Actor, doc: { id: number; reference: string | null }, action: string, from: string | null, to: string, out: Outcome<unknown>): Promise<void> {
  const l = kind.lifecycle;
  const noun = capitalise(l.noun);
  const label = (s: string | null) => (s === null ? null : (l.statuses[s]?.label ?? s).toLowerCase());
  const ref = doc.reference ?? `#${doc.id}`;
  const summary =
    from === null
      ? `New ${l.noun} ${ref} (${label(to)}).`
      : `${noun} ${ref} ${l.actions[action]?.done ?? action}${from === to ? '' : ` (${label(from)} → ${label(to)})`}.`;
  await recordAudit(tx, {
    kind: kind.audit?.[action] ?? 'document_transition',
    actor: { userId: actor.userId, address: actor.address },
    subject: { type: kind.docType, id: doc.id, label: ref },
    summary,
    changes: { action, from: label(from), to: label(to), ...(out.note ? { note: out.note } : {}), ...(out.data && typeof out.data === 'object' ? (out.data as Record<string, unknown>) : {}) },
    at: actor.at,
  });
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
