import { z } from 'zod';
import { money, optionalText, requiredText } from '../fields.ts';
import { PAYMENT_METHOD_NAMES } from '../documents/payments.facts.ts';
import { CATALOGUE_PAGE_MAX } from './till.facts.ts';

export * from './till.facts.ts';

/** The bodies the till sends that the server checks (the sale itself is the sale service's body). */
const positive = (what: string) => money(what).refine((v) => v > 0, { error: 'Enter an amount more than 0.' });

export const catalogueQuery = z.strictObject({
  since: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(CATALOGUE_PAGE_MAX).default(CATALOGUE_PAGE_MAX),
});

export const registerOpenBody = z.strictObject({
  opening_float: money('the opening float'),
  note: optionalText(500),
});
export type RegisterOpenBody = z.output<typeof registerOpenBody>;

export const cashMovementBody = z.strictObject({
  direction: z.enum(['in', 'out'], { error: 'Choose cash in or cash out.' }),
  amount: positive('the amount'),
  reason: requiredText('a reason', 200),
});
export type CashMovementBody = z.output<typeof cashMovementBody>;

export const registerCloseBody = z.strictObject({
  /** What was counted per method the till takes (each enabled method once). */
  counted: z
    .array(z.strictObject({ method: z.enum(PAYMENT_METHOD_NAMES, { error: 'Choose a payment method.' }), amount: money('the counted amount') }), { error: 'Send the counted amounts as a list.' })
    .min(1, { error: 'Count at least the cash.' })
    .max(PAYMENT_METHOD_NAMES.length),
  note: optionalText(500),
});
export type RegisterCloseBody = z.output<typeof registerCloseBody>;
