import { z } from 'zod';

/** The kinds (report-kinds.ts, zod-free for the route table and the menu) and the protocol's schemas. */
export * from './report-kinds.ts';

export const reportQuery = z.object({
  from: z.iso.date({ error: 'Give the first day as YYYY-MM-DD.' }),
  to: z.iso.date({ error: 'Give the last day as YYYY-MM-DD.' }),
  format: z.enum(['json', 'csv']).optional(),
});

export const reportResponse = z.object({
  kind: z.string(),
  from: z.string(),
  to: z.string(),
  /** Rows keyed by the kind's column names; `id` (when present) is the product, customer, … the row is about. */
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** The sums of the money and number columns (not those marked total: false). */
  totals: z.record(z.string(), z.number()),
});
export type ReportResponse = z.infer<typeof reportResponse>;
