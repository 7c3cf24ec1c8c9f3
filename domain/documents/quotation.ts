import { z } from 'zod';
import { isoDate, optionalText, relationId } from '../fields.ts';
import { QUOTATION_VALID_DAYS, addDays } from './quotation.facts.ts';
import { discountFits, saleLine, saleTotalsInput, soldTermsFields } from './sale.ts';

/** The quotation's facts (no zod: the list page and the route table read them): ./quotation.facts.ts. */
export * from './quotation.facts.ts';

/** A quotation's totals are the sale's it would become: every line as sold, tax rounded per line. */
export const quotationTotalsInput = saleTotalsInput;

/** A quotation's line: a sale's, without serials (no unit leaves stock on a quotation). */
export const quotationLine = saleLine.omit({ serials: true });

/**
 * A quotation as written (create and edit alike): the customer (required), its date, the day it
 * is valid until (default: QUOTATION_VALID_DAYS on; never before its date), and what is offered
 * on the sale's terms.
 */
export const quotationBody = z
  .strictObject({
    customer_id: relationId('a customer'),
    quoted_on: isoDate('the quotation date'),
    valid_until: isoDate('the valid-until date').optional(),
    ...soldTermsFields(quotationLine),
  })
  .superRefine(discountFits)
  .superRefine((b, ctx) => {
    if (b.valid_until !== undefined && b.valid_until < b.quoted_on) ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'A quotation cannot be valid until a day before its own date. Choose its date or a later day.' });
  })
  .transform((b) => ({ ...b, valid_until: b.valid_until ?? addDays(b.quoted_on, QUOTATION_VALID_DAYS) }));
export type QuotationBody = z.output<typeof quotationBody>;

/** A step of the lifecycle (send, accept, reject, convert) needs nothing but an optional note (history keeps it). */
export const quotationStepBody = z.strictObject({ note: optionalText(500) });
