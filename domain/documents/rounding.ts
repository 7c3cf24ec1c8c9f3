import type { Rounding } from './totals.ts';

/** How a document rounds its tax (DOMAIN: a stated choice, stored on the document), as every kind's form offers it. */
export const ROUNDINGS = ['line', 'document'] as const satisfies readonly Rounding[];
export const ROUNDING_OPTIONS = [
  { value: 'line', label: 'Round each line' },
  { value: 'document', label: 'Round the document' },
] as const;
