import type { StatusDef } from './lifecycle.ts';

/**
 * Payments against a document (purchase: to the supplier; sale: from the customer), shared by
 * every kind: what is paid, what is due and the payment status the lists filter by.
 */
/** Where a document's payments are posted, under the document: POST …/{id}/payments (the `pay` action). */
export const PAYMENTS_PATH = 'payments';

export const PAYMENT_METHODS = { cash: 'Cash', card: 'Card', bank: 'Bank transfer', other: 'Other' } as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
export const PAYMENT_METHOD_NAMES = Object.keys(PAYMENT_METHODS) as PaymentMethod[];
export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHOD_NAMES.map((value) => ({ value, label: PAYMENT_METHODS[value] }));
/**
 * The options of the methods the shop takes, as a seller's session names them (the POS
 * setting's), in the one order. A session from before they rode along names none: then the ones
 * a POS setting can enable (the server refuses whichever the shop does not take, in words).
 */
export const shopMethodOptions = (names: readonly string[] | undefined) => PAYMENT_METHOD_OPTIONS.filter((o) => (names ? names.includes(o.value) : o.value !== 'bank'));

export const PAYMENT_STATUSES = { due: 'Due', partial: 'Partial', paid: 'Paid' } as const;
export type PaymentStatus = keyof typeof PAYMENT_STATUSES;
/** How a payment status is shown, in the lifecycle tables' tones (StatusDef). */
export const PAYMENT_STATUS_TONES = { due: 'danger', partial: 'warning', paid: 'success' } as const satisfies Record<PaymentStatus, StatusDef['tone']>;
export const PAYMENT_STATUS_NAMES = Object.keys(PAYMENT_STATUSES) as PaymentStatus[];
export const PAYMENT_STATUS_OPTIONS = PAYMENT_STATUS_NAMES.map((value) => ({ value, label: PAYMENT_STATUSES[value] }));

/** A payment as a document's answer shows it (server/documents/payments.ts paymentsJson). */
export interface ShownPayment {
  id: number;
  paid_on: string;
  amount: number;
  method: string;
  note: string | null;
  created_at: string;
}

/** Paid when nothing is left to pay (a document worth nothing included), partial when some is, due when none is. */
export function paymentStatus(total: number, paid: number): PaymentStatus {
  if (paid >= total) return 'paid';
  return paid > 0 ? 'partial' : 'due';
}

/** What is left to pay; negative when more was paid than is owed now (after a return): a credit. */
export const amountDue = (total: number, paid: number) => total - paid;
