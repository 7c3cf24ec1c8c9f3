import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { actionsFrom } from '../../domain/documents/lifecycle.ts';
import { formatMoney } from '../../domain/format.ts';
import { POS_RIGHT, REGISTER_ALL_RIGHT, REGISTER_PREFIX, registerLifecycle, type CashMovementBody, type RegisterAction, type RegisterCloseBody, type RegisterMethodFigures, type RegisterOpenBody, type RegisterSession, type RegisterStatus } from '../../domain/pos/till.ts';
import { posSetting } from '../../domain/resources/index.ts';
import type { SingletonDef } from '../../domain/resource.ts';
import { PG_UNIQUE_VIOLATION, pgError } from '../crud/db-errors.ts';
import { rowsOf } from '../crud/sql.ts';
import type { Db, Tx } from '../db/index.ts';
import { cashMovements, documentPayments, registerSessions, saleReturns, sales, users } from '../db/schema.ts';
import { act, create, dayOf, gone, type Actor, type DocumentKind } from '../documents/engine.ts';
import type { ClientKey } from '../documents/idempotency.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { readSetting } from '../resources/settings.ts';

/**
 * Register sessions on the document engine (a kind: RS- numbered last, history, the lifecycle
 * table's refusals, exactly once per client key through the route factory): a cashier opens one
 * with a counted float (one open per person: a partial unique index, so two opens at once make
 * one), moves cash in and out while it is open, and closes it counting each method. What is
 * expected of a method is read from the documents that name the session — the payments of its
 * sales less the refunds of its returns (document_payments), plus for cash the opening float and
 * the cash moved in less out — and frozen in `closing` when it closes, with the differences.
 */

export const REGISTER_DOC_TYPE = 'register_session';
type Row = typeof registerSessions.$inferSelect;

export const registerKind: DocumentKind<RegisterStatus, RegisterAction, Row> = {
  docType: REGISTER_DOC_TYPE,
  lifecycle: registerLifecycle,
  prefix: REGISTER_PREFIX,
  table: registerSessions,
  status: (doc) => doc.status,
  created: 'open',
  audit: { open: 'register_opened', close: 'register_closed' },
};

const ownerName = async (tx: Tx | Db, userId: number) => (await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]?.name ?? 'another cashier';

/**
 * Only the cashier who opened a session moves cash in it; closing it is theirs too, or a
 * manager's (`also`: REGISTER_ALL_RIGHT) when a session was left open. Else a 403 naming them.
 */
async function mustOwn(tx: Tx, doc: Row, actor: Actor, what: string, also?: typeof REGISTER_ALL_RIGHT): Promise<void> {
  if (doc.opened_by === actor.userId || (also && actor.rights?.has(also))) return;
  const who = also ? 'only the cashier who opened it, or a manager (the pos setting permission),' : 'only the cashier who opened it';
  throw new ApiError(403, `Register session ${doc.reference} is ${await ownerName(tx, doc.opened_by)}’s: ${who} may ${what}.`, { code: 'not_yours' });
}

/** Opens the actor's register session; 409 naming the one they have open already. */
export async function openRegister(tx: Tx, body: RegisterOpenBody, actor: Actor, client?: ClientKey) {
  const userId = actor.userId!;
  const [open] = await tx
    .select({ reference: registerSessions.reference })
    .from(registerSessions)
    .where(and(eq(registerSessions.opened_by, userId), eq(registerSessions.status, 'open')));
  if (open) throw alreadyOpen(open.reference);
  try {
    return await create(registerKind, tx, actor, { opened_by: userId, opened_on: dayOf(actor), opening_float: body.opening_float, note: body.note ?? null }, client, async () => ({
      note: body.note,
      data: { opening_float: body.opening_float },
    }));
  } catch (e) {
    // Another open of theirs committed first (the partial unique index): the same answer.
    if (pgError(e)?.code === PG_UNIQUE_VIOLATION && pgError(e)?.constraint === 'register_sessions_one_open') throw alreadyOpen(null);
    throw e;
  }
}

const alreadyOpen = (reference: string | null) =>
  new ApiError(409, `You have ${reference ? `register session ${reference}` : 'a register session'} open already: close it before opening another (one open session per person).`, { code: 'register_open' });

/** Cash put in or taken out of the drawer, by the session's cashier while it is open; never more out than the cash expected in it. */
export const moveCash = (tx: Tx, id: number, body: CashMovementBody, actor: Actor) =>
  act(registerKind, tx, id, 'cash', actor, async (doc) => {
    await mustOwn(tx, doc, actor, 'move cash in it');
    if (body.direction === 'out') {
      const cash = (await expectedOf(tx, doc)).find((m) => m.method === 'cash')!.expected;
      if (body.amount > cash) throw validationError({ amount: [`Only ${formatMoney(cash)} of cash is expected in the drawer: take out at most that.`] });
    }
    await tx.insert(cashMovements).values({ session_id: id, direction: body.direction, amount: body.amount, reason: body.reason, user_id: actor.userId, ...(actor.at ? { created_at: actor.at } : {}) });
    return { note: body.reason, data: { direction: body.direction, amount: body.amount } };
  });

/**
 * Closes the session: every method it takes counted once (422 under `counted` naming one not
 * counted, under `counted.N.method` one counted twice or not taken), each against what was
 * expected; the figures and their differences frozen.
 */
export const closeRegister = (tx: Tx, id: number, body: RegisterCloseBody, actor: Actor) =>
  act(registerKind, tx, id, 'close', actor, async (doc) => {
    await mustOwn(tx, doc, actor, 'close it', REGISTER_ALL_RIGHT);
    const expected = await expectedOf(tx, doc);
    const errors: Record<string, string[]> = {};
    body.counted.forEach((c, i) => {
      if (body.counted.findIndex((o) => o.method === c.method) !== i) errors[`counted.${i}.method`] = [`${c.method} is counted twice: count each method once.`];
      else if (!expected.some((m) => m.method === c.method)) errors[`counted.${i}.method`] = [`This session takes no ${c.method} payments: leave it out.`];
    });
    const missing = expected.filter((m) => !body.counted.some((c) => c.method === m.method));
    if (missing.length) errors.counted = [`Count ${missing.map((m) => `${m.method} (expected ${formatMoney(m.expected)})`).join(' and ')} as well.`];
    if (Object.keys(errors).length) throw validationError(errors);
    const closing: RegisterMethodFigures[] = expected.map((m) => {
      const counted = body.counted.find((c) => c.method === m.method)!.amount;
      return { method: m.method, expected: m.expected, counted, difference: counted - m.expected };
    });
    const difference = closing.reduce((s, m) => s + m.difference!, 0);
    return {
      set: { closed_at: actor.at ?? new Date(), closed_by: actor.userId, closing, difference, close_note: body.note ?? null },
      note: body.note,
      // Each method's figures go with the total difference into the history and the audit trail.
      data: { difference, closing },
    };
  });

/** The methods a session takes, cash first (the opening float is cash), then the POS setting's and any its documents were paid by. */
async function methodsOf(tx: Tx | Db, seen: readonly string[]): Promise<string[]> {
  const pos = (await readSetting(tx as Db, posSetting as unknown as SingletonDef)) as { payment_methods?: string[] };
  return [...new Set(['cash', ...(pos.payment_methods ?? []), ...seen])];
}

/** What each method of an open session is expected to hold now (see the top of this file). */
export async function expectedOf(tx: Tx | Db, doc: Row): Promise<{ method: string; expected: number }[]> {
  const [net, moved] = await Promise.all([paymentsByMethod(tx, doc.id), cashMoved(tx, doc.id)]);
  const methods = await methodsOf(tx, [...net.keys()]);
  return methods.map((method) => ({ method, expected: (net.get(method) ?? 0) + (method === 'cash' ? doc.opening_float + moved : 0) }));
}

/** Per method, the session's sale payments less its returns' refunds. */
async function paymentsByMethod(tx: Tx | Db, id: number): Promise<Map<string, number>> {
  const p = documentPayments;
  const rows = await rowsOf<{ method: string; net: string | number }>(
    tx,
    sql`select ${p.method} as method, sum(case when ${p.doc_type} = 'sale' then ${p.amount} else -${p.amount} end) as net from ${p}
        where (${p.doc_type} = 'sale' and ${p.doc_id} in (select ${sales.id} from ${sales} where ${sales.register_session_id} = ${id}))
           or (${p.doc_type} = 'sale_return' and ${p.doc_id} in (select ${saleReturns.id} from ${saleReturns} where ${saleReturns.register_session_id} = ${id}))
        group by ${p.method}`,
  );
  return new Map(rows.map((r) => [r.method, Number(r.net)]));
}

async function cashMoved(tx: Tx | Db, id: number): Promise<number> {
  const m = cashMovements;
  const [row] = await rowsOf<{ n: string | number | null }>(tx, sql`select sum(case when ${m.direction} = 'in' then ${m.amount} else -${m.amount} end) as n from ${m} where ${m.session_id} = ${id}`);
  return Number(row?.n ?? 0);
}

const iso = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** A register session as the API shows it (domain/pos/till.facts.ts RegisterSession): its closing report's data. */
export async function showRegister(db: Db | Tx, id: number): Promise<RegisterSession> {
  const closer = alias(users, 'closer');
  const [doc] = await db
    .select({ s: registerSessions, name: users.name, closer: closer.name })
    .from(registerSessions)
    .innerJoin(users, eq(users.id, registerSessions.opened_by))
    .leftJoin(closer, eq(closer.id, registerSessions.closed_by))
    .where(eq(registerSessions.id, id));
  if (!doc) throw gone(registerKind);
  const s = doc.s;
  const m = cashMovements;
  const [movements, [sold], [refunded], methods] = await Promise.all([
    rowsOf<{ id: number; direction: 'in' | 'out'; amount: string | number; reason: string; at: unknown; by: string | null }>(
      db,
      sql`select ${m.id} as id, ${m.direction} as direction, ${m.amount} as amount, ${m.reason} as reason, ${m.created_at} as at, u.name as by
          from ${m} left join ${users} u on u.id = ${m.user_id} where ${m.session_id} = ${id} order by ${m.id}`,
    ),
    rowsOf<{ count: string | number; total: string | number }>(db, sql`select count(*) as count, coalesce(sum(${sales.grand_total}), 0) as total from ${sales} where ${sales.register_session_id} = ${id} and ${sales.status} = 'completed'`),
    rowsOf<{ count: string | number; total: string | number }>(db, sql`select count(*) as count, coalesce(sum(${saleReturns.refunded}), 0) as total from ${saleReturns} where ${saleReturns.register_session_id} = ${id}`),
    s.status === 'closed' ? Promise.resolve(s.closing as RegisterMethodFigures[]) : expectedOf(db, s).then((e) => e.map((x) => ({ ...x, counted: null, difference: null }))),
  ]);
  return {
    id: s.id,
    reference: s.reference ?? '',
    status: s.status,
    opened_by: { id: s.opened_by, name: doc.name },
    opened_at: iso(s.created_at)!,
    closed_at: iso(s.closed_at),
    closed_by: s.closed_by === null ? null : { id: s.closed_by, name: doc.closer ?? '' },
    opening_float: Number(s.opening_float),
    movements: movements.map((r) => ({ id: r.id, direction: r.direction, amount: Number(r.amount), reason: r.reason, at: iso(r.at)!, by: r.by ?? '' })),
    sales: { count: Number(sold!.count), total: Number(sold!.total) },
    refunds: { count: Number(refunded!.count), total: Number(refunded!.total) },
    methods,
    note: s.note,
    close_note: s.close_note,
    difference: s.difference === null ? null : Number(s.difference),
    actions: actionsFrom(registerLifecycle, s.status),
  };
}

/** The actor's open session, or a 404 that says to open one. */
export async function currentRegister(db: Db, userId: number) {
  const [open] = await db.select({ id: registerSessions.id }).from(registerSessions).where(and(eq(registerSessions.opened_by, userId), eq(registerSessions.status, 'open')));
  if (!open) throw new ApiError(404, 'You have no register session open: open the register with the cash counted in the drawer to start selling.', { code: 'no_register' });
  return showRegister(db, open.id);
}

/**
 * The session a till sale or a till return names, held (FOR SHARE, so a close waits for the
 * sale and a sale after the close sees it closed): it must be the actor's own and open, else a
 * 409 that says what to do; one that does not exist is a 422 under `register_session_id`.
 */
export async function holdTillSession(tx: Tx, sessionId: number, actor: Actor): Promise<void> {
  const [s] = await tx.select().from(registerSessions).where(eq(registerSessions.id, sessionId)).for('share');
  if (!s) throw validationError({ register_session_id: ['This register session does not exist. Open the register and try again.'] });
  if (s.opened_by !== actor.userId) {
    throw new ApiError(409, `Register session ${s.reference} is ${await ownerName(tx, s.opened_by)}’s: sell and refund in your own session (open the register).`, { code: 'register_not_yours' });
  }
  if (s.status !== 'open') throw new ApiError(409, `This register session (${s.reference}) is closed: open the register again to go on selling.`, { code: 'register_closed' });
}

/** Selling at the till needs the `pos` right beside the sale's own. */
export function mustSellAtTill(actor: Actor): void {
  if (!actor.rights?.has(POS_RIGHT)) throw new ApiError(403, 'Selling at the till needs the pos permission: ask an administrator, or record it as a back-office sale.', { code: 'pos_right' });
}
