import { z } from 'zod';
import { money, optionalText, relationId } from '../fields.ts';
import type { FieldDef } from '../resource.ts';
import { ADJUSTMENT_REASON_OPTIONS, ADJUSTMENT_REASONS, ADJUSTMENT_REASON_NAMES, QUANTITY_MAX, SERIAL_MAX_LENGTH, SERIALS_MAX } from './kinds.ts';

export const ADJUSTMENTS_API = '/api/v1/admin/stock/adjustments';

/** Serial numbers typed or scanned: trimmed, none blank, none twice (letter case aside). */
export const serialList = () =>
  z
    .array(
      z
        .string({ error: 'Enter serial numbers as text.' })
        .trim()
        .min(1, { error: 'Enter a serial number or remove the empty one.' })
        .max(SERIAL_MAX_LENGTH, { error: `Use at most ${SERIAL_MAX_LENGTH} characters.` }),
      { error: 'Send the serial numbers as a list.' },
    )
    .max(SERIALS_MAX, { error: `Name at most ${SERIALS_MAX} serial numbers at a time.` })
    .superRefine((serials, ctx) => {
      const seen = new Map<string, number>();
      serials.forEach((s, i) => {
        const key = s.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: `Serial number ${s} is named twice.` });
        else seen.set(key, i);
      });
    });

/**
 * The stock screen's adjustment form: a product, a signed quantity, why, and a note. The
 * reason fixes the direction (a loss takes out, found puts in, a count correction either);
 * a serial-tracked product names one serial per unit that comes or goes. `unit_cost` (stock
 * coming in only) defaults to the product's average cost, else its cost price.
 */
export const adjustmentBody = z
  .strictObject({
    product_id: relationId('a product'),
    quantity: z
      .number({ error: 'Enter a quantity.' })
      .int({ error: 'Enter a whole number.' })
      .min(-QUANTITY_MAX, { error: `Use at most ${QUANTITY_MAX} at a time.` })
      .max(QUANTITY_MAX, { error: `Use at most ${QUANTITY_MAX} at a time.` })
      .refine((q) => q !== 0, { error: 'Enter a quantity other than 0: negative takes stock out, positive puts it in.' }),
    reason: z.enum(ADJUSTMENT_REASON_NAMES, { error: 'Choose a reason.' }),
    note: optionalText(1000),
    unit_cost: money('the unit cost').optional(),
    serials: serialList().default([]),
  })
  .superRefine((b, ctx) => {
    const r = ADJUSTMENT_REASONS[b.reason];
    if (r.sign === -1 && b.quantity > 0) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: `${r.label} takes stock out: enter a negative quantity, like -${b.quantity}.` });
    }
    if (r.sign === 1 && b.quantity < 0) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: `${r.label} puts stock in: enter a positive quantity, like ${-b.quantity}.` });
    }
    if (b.unit_cost !== undefined && b.quantity < 0) {
      ctx.addIssue({ code: 'custom', path: ['unit_cost'], message: 'Stock going out leaves at its average cost; leave the unit cost empty.' });
    }
    if (b.serials.length > 0 && b.serials.length !== Math.abs(b.quantity)) {
      const n = Math.abs(b.quantity);
      ctx.addIssue({
        code: 'custom',
        path: ['serials'],
        message: `Name one serial number per unit: ${n} ${n === 1 ? 'unit' : 'units'}, ${b.serials.length} serial ${b.serials.length === 1 ? 'number' : 'numbers'}.`,
      });
    }
  });
export type AdjustmentBody = z.output<typeof adjustmentBody>;

/** The adjustment form's fields (the stock screen), in the order a person fills them. */
export const ADJUSTMENT_FIELDS: readonly FieldDef[] = [
  { name: 'product_id', label: 'Product', kind: 'relation', relation: 'products', required: true },
  { name: 'reason', label: 'Reason', kind: 'select', options: ADJUSTMENT_REASON_OPTIONS, required: true },
  {
    name: 'quantity',
    label: 'Quantity',
    kind: 'integer',
    required: true,
    help: 'Negative takes stock out (-2), positive puts it in (5).',
  },
  { name: 'unit_cost', label: 'Unit cost', kind: 'money', help: 'Only for stock coming in; leave empty to use the average cost.' },
  {
    name: 'serials',
    label: 'Serial numbers',
    kind: 'serials',
    help: 'For products that track serial numbers: one per line, one for each unit that comes or goes.',
  },
  { name: 'note', label: 'Note', kind: 'textarea' },
];

export const ADJUSTMENT_DEFAULTS = { product_id: '', reason: 'count_correction', quantity: '', unit_cost: '', serials: [], note: '' } as const;
