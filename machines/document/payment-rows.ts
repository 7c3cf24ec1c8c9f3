import { isAtOrUnder, shiftLineErrors } from '../../domain/field-path.ts';
import type { PaymentDraft, PaymentField } from './kind.ts';

/**
 * Rows of money by method (method and amount), written once for every machine that holds them:
 * the line editor's payments taken with a new document (a sale split over cash and card) and an
 * action draft's refunds (a sale return's, by method). Both machines take these same events, so
 * one view part (src/screens/documents/payment-rows.tsx) sends them to either; errors are keyed
 * under the rows' list in the request body (`payments.1.amount`, `refunds.0.amount`).
 */

export type PaymentRowEvent =
  | { type: 'payment.add' }
  | { type: 'payment.change'; index: number; field: PaymentField; value: string | number }
  | { type: 'payment.remove'; index: number };

export interface PaymentRows {
  rows: PaymentDraft[];
  /** The next row's key (stable across removals). */
  nextKey: number;
  /** Full path → message, the whole form's: only the rows' own are touched. */
  errors: Record<string, string>;
}

/** Whether a row event names a row there is (add always does). */
export const isRowOf = (rows: readonly unknown[], event: PaymentRowEvent) => event.type === 'payment.add' || (event.index >= 0 && event.index < rows.length);

/** The rows after the event: a new row in `method` for nothing yet; a change clears that value's error; a removal moves the later rows' errors up. */
export function nextRows(list: string, at: PaymentRows, event: PaymentRowEvent, method: string): PaymentRows {
  // The form-wide refusal is about what was sent: any change answers it.
  const { form: _form, ...errors } = at.errors;
  if (event.type === 'payment.add') {
    const { [list]: _list, ...rest } = errors;
    return { rows: [...at.rows, { key: at.nextKey, method, amount: 0 }], nextKey: at.nextKey + 1, errors: rest };
  }
  if (event.type === 'payment.remove') return { rows: at.rows.filter((_, i) => i !== event.index), nextKey: at.nextKey, errors: shiftLineErrors(errors, event.index, list) };
  const { [`${list}.${event.index}.${event.field}`]: _gone, ...rest } = errors;
  return { rows: at.rows.map((p, i) => (i === event.index ? { ...p, [event.field]: event.value } : p)), nextKey: at.nextKey, errors: rest };
}

/** The rows' request body: method and amount each. */
export const rowsBody = (rows: readonly PaymentDraft[]) => rows.map((p) => ({ method: p.method, amount: p.amount }));

/** What a view shows of the rows: each with its own errors (`method`, `amount`), and what they add up to. */
export function rowsView(list: string, rows: readonly PaymentDraft[], errors: Readonly<Record<string, string>>) {
  const rowErrors = (i: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => isAtOrUnder(k, `${list}.${i}`))
        .map(([k, v]) => [k.slice(`${list}.${i}.`.length) || 'row', v]),
    );
  return {
    rows: rows.map((p, i) => ({ ...p, errors: rowErrors(i) })),
    /** Every row's amount, none counted below nothing. */
    sum: rows.reduce((sum, p) => sum + Math.max(0, p.amount || 0), 0),
    /** Said of the rows as a whole (`refunds`: "Use at most 20 refunds."). */
    error: errors[list],
  };
}
