import { z } from 'zod';
import { REPORT_ROW_LIMIT } from './report-kinds.ts';

/** The kinds (report-kinds.ts, zod-free for the route table and the menu) and the protocol's schemas. */
export * from './report-kinds.ts';

const LIMIT_ERROR = `Give the number of rows as a whole number from 1 to ${REPORT_ROW_LIMIT}.`;

export const reportQuery = z.object({
  from: z.iso.date({ error: 'Give the first day as YYYY-MM-DD.' }),
  to: z.iso.date({ error: 'Give the last day as YYYY-MM-DD.' }),
  format: z.enum(['json', 'csv']).optional(),
  /** How many rows the JSON answer carries at most (REPORT_ROW_LIMIT unless fewer are asked for); the CSV has every row. */
  limit: z.coerce.number({ error: LIMIT_ERROR }).int({ error: LIMIT_ERROR }).min(1, { error: LIMIT_ERROR }).max(REPORT_ROW_LIMIT, { error: LIMIT_ERROR }).optional(),
});

export const reportResponse = z.object({
  kind: z.string(),
  from: z.string(),
  to: z.string(),
  /** The first rows in the report's order (at most the query's `limit`, REPORT_ROW_LIMIT by default), keyed by the kind's column names; `id` (when present) is the product, customer, … the row is about. */
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** How many rows the report has: more than `rows` when the answer is cut at the limit (the CSV has them all). */
  total_rows: z.number().int(),
  /** The sums of the money and number columns (not those marked total: false), over all the rows. */
  totals: z.record(z.string(), z.number()),
});
export type ReportResponse = z.infer<typeof reportResponse>;
