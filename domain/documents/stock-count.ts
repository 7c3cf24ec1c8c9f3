import { z } from 'zod';
import { optionalText, relationId } from '../fields.ts';
import type { ColumnDef } from '../resource.ts';
import { serialList } from '../stock/adjustment.ts';
import { QUANTITY_MAX } from '../stock/kinds.ts';
import { postedLifecycle } from './lifecycle.ts';
import { PREFIXES } from './numbering.ts';
import { LINES_MAX } from './lines.facts.ts';

/**
 * A stock count (the /stock screen): counted quantities for many products; the differences
 * from what is on hand post as ONE adjustment document on the engine (numbered SC-000001, with
 * its history), through the ledger. A serial-tracked product is counted by its serial
 * numbers: those not found are written off, those found that were not in stock come in.
 */
export const STOCK_COUNTS_API = '/api/v1/admin/stock/counts';
export const STOCK_COUNT_PREFIX = PREFIXES.stockCount;

/** Created posted, and nothing is done to it after: the engine's create-only kind. */
export const stockCountLifecycle = postedLifecycle('stock count');

export const stockCountLine = z.strictObject({
  product_id: relationId('a product'),
  counted: z
    .number({ error: 'Enter the quantity counted.' })
    .int({ error: 'Enter a whole number.' })
    .min(0, { error: 'Enter 0 or more.' })
    .max(QUANTITY_MAX, { error: `Use at most ${QUANTITY_MAX}.` }),
  /** Serial-tracked products: the serial numbers found, one per unit counted. */
  serials: serialList().optional(),
});

export const stockCountBody = z
  .strictObject({
    note: optionalText(1000),
    lines: z
      .array(stockCountLine, { error: 'Send the lines as a list.' })
      .min(1, { error: 'Count at least one product.' })
      .max(LINES_MAX, { error: `Use at most ${LINES_MAX} lines.` }),
  })
  .superRefine((b, ctx) => {
    const at = new Map<number, number>();
    b.lines.forEach((l, i) => {
      if (at.has(l.product_id)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'product_id'], message: `This product is already counted on line ${at.get(l.product_id)! + 1}.` });
      else at.set(l.product_id, i);
      if (l.serials && l.serials.length !== l.counted) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'serials'], message: `Name one serial number per unit counted: ${l.counted} counted, ${l.serials.length} named.` });
      }
    });
  });
export type StockCountBody = z.output<typeof stockCountBody>;

export const stockCountList = {
  key: 'stockCounts',
  api: STOCK_COUNTS_API,
  columns: [
    { name: 'reference', label: 'Reference', sortable: true },
    { name: 'created_at', label: 'Posted', kind: 'datetime', sortable: true },
    { name: 'lines_count', label: 'Products', kind: 'number' },
    { name: 'units_in', label: 'Found', kind: 'number' },
    { name: 'units_out', label: 'Missing', kind: 'number' },
    { name: 'user_name', label: 'By', minor: true },
  ] as readonly ColumnDef[],
  filters: [],
  defaultSort: { field: 'created_at', dir: 'desc' },
  searchHint: 'Search reference',
} as const;
