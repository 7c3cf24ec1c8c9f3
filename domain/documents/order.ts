import { z } from 'zod';
import { isoDate, optionalPhone, optionalText, relationId, requiredEmail, requiredText } from '../fields.ts';
import { lineQuantity, LINES_MAX, stockOutBody } from './lines.ts';
import { saleTotalsInput } from './sale.ts';

export * from './order.facts.ts';

/** An order's totals as a sale's: every line as sold, tax rounded per line. */
export const orderTotalsInput = saleTotalsInput;

/** One line of a website order: a product and how many, nothing else (the catalogue prices it). */
export const shopOrderLine = z.strictObject(
{
  product_id: relationId('a product'),
  quantity: lineQuantity(),
});

/**
 * The public website's order: who orders (found by e-mail, else made), where it goes, and the
 * products with their quantities. Strict: a price, a discount or a total anywhere is a 422.
 */
export const shopOrderBody = z.strictObject(
  {
    customer: z.strictObject({
      name: requiredText('your name'),
      email: requiredEmail(),
      phone: optionalPhone(),
    }),
    shipping: z.strictObject({
      name: requiredText('the name to deliver to'),
      address: requiredText('the street address', 500),
      city: requiredText('the city', 100),
      postcode: optionalText(20),
      country: requiredText('the country', 100),
    }),
    lines: z
      .array(shopOrderLine, { error: 'Send the lines as a list.' })
      .min(1, { error: 'Add at least one product.' })
      .max(LINES_MAX, { error: `Use at most ${LINES_MAX} lines.` }),
    note: optionalText(1000),
  },
);
export type ShopOrderBody = z.output<typeof shopOrderBody>;

/** A status change needs nothing but an optional note (history keeps it). */
export const orderStepBody = z.strictObject({ note: optionalText(500) });
/** To processing: the stock leaves now, the serials of serial-tracked lines named (one per unit), as a pending sale's complete. */
export const processBody = stockOutBody('order');
/** The order's date as placed (the shop's day). */
export const orderedOn = isoDate('the order date');
