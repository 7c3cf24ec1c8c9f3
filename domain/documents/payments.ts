import { z } from 'zod';
import { isoDate, money, optionalText } from '../fields.ts';
import { PAYMENT_METHOD_NAMES } from './payments.facts.ts';

export * from './payments.facts.ts';

/** A payment's body as the API checks it (the statuses and methods, without zod, are payments.facts.ts). */
export const paymentBody = z.strictObject({
  paid_on: isoDate('the payment date'),
  amount: money('the amount').refine((v) => v > 0, { error: 'Enter an amount more than 0.' }),
  method: z.enum(PAYMENT_METHOD_NAMES, { error: 'Choose how it was paid.' }),
  note: optionalText(500),
});
export type PaymentBody = z.output<typeof paymentBody>;
