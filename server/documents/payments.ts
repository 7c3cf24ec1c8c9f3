import { sql, type SQL } from 'drizzle-orm';
import { actionsFrom, type Lifecycle } from '../../domain/documents/lifecycle.ts';
import { amountDue, type PaymentBody, type ShownPayment } from '../../domain/documents/payments.ts';
import { formatMoney } from '../../domain/format.ts';
import type { Tx } from '../db/index.ts';
import { documentPayments } from '../db/schema.ts';
import { validationError } from '../http/errors.ts';
import { fromJson, isoJson, owing, type Actor, type AnyKind, type Outcome } from './engine.ts';

/**
 * Payments against a document, for every kind with a grand total (to a supplier, from a
 * customer): never more than is due, one row each, the header's paid and payment status
 * restated by the engine. The work of a `pay` action: `act(kind, tx, id, 'pay', actor, (doc) => pay(kind, tx, doc, body, actor))`.
 */
export async function pay(kind: AnyKind, tx: Tx, doc: { id: number; grand_total: number; paid: number }, body: PaymentBody, actor: Actor): Promise<Outcome<never>> {
  const owed = owing(kind, doc);
  const due = amountDue(owed.total, owed.paid);
  const noun = kind.lifecycle.noun;
  if (body.amount > due) {
    throw validationError({ amount: [due <= 0 ? `Nothing is due on this ${noun}.` : `Only ${formatMoney(due)} is due on this ${noun}; enter at most that.`] });
  }
  await recordPayments(kind, tx, doc.id, [body], actor);
  return { set: { paid: doc.paid + body.amount }, note: body.note, data: { amount: body.amount, method: body.method, paid_on: body.paid_on } };
}

/** Payment rows of document `docId`, in one statement: a `pay` action's one, or the several a sale is paid with at the till. */
export async function recordPayments(kind: AnyKind, tx: Tx, docId: number, rows: readonly PaymentBody[], actor: Actor): Promise<void> {
  if (!rows.length) return;
  await tx.insert(documentPayments).values(
    rows.map((r) => ({
      doc_type: kind.docType,
      doc_id: docId,
      paid_on: r.paid_on,
      amount: r.amount,
      method: r.method,
      note: r.note ?? null,
      user_id: actor.userId,
      ...(actor.at ? { created_at: actor.at } : {}),
    })),
  );
}

/** A document's payments as one JSON array (a subquery of the document's row, `docId` its id). */
export const paymentsJson = (docType: string, docId: SQL) => sql<unknown>`(
  select coalesce(json_agg(json_build_object('id', dp.id, 'paid_on', dp.paid_on, 'amount', dp.amount, 'method', dp.method,
    'note', dp.note, 'created_at', ${isoJson(sql`dp.created_at`)}) order by dp.id), '[]')
  from ${documentPayments} dp where dp.doc_type = ${docType} and dp.doc_id = ${docId})`;

/**
 * What every paid-for document's answer shows besides its own columns and lines: what is due,
 * the actions its lifecycle allows now (the buttons), its payments and its history, from the
 * JSON subqueries of its one statement (paymentsJson, historyJson).
 */
export const paidDocumentShown = <S extends string>(lifecycle: Lifecycle<S>, row: { status: S; grand_total: number; paid: number }, json: { payments: unknown; history: unknown }) => ({
  due: amountDue(row.grand_total, row.paid),
  actions: actionsFrom(lifecycle, row.status),
  payments: fromJson<ShownPayment[]>(json.payments),
  history: fromJson<Record<string, unknown>[]>(json.history),
});
