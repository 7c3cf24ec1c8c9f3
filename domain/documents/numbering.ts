/**
 * Document numbers: a prefix and a six-digit sequence per prefix (PO-000001). The server
 * takes the next one inside the transaction that makes a document final (server/documents/
 * numbering.ts), so the series has no gaps and no two documents share a number; cancelled
 * documents keep theirs.
 */
export const NUMBER_DIGITS = 6;

export const PREFIXES = {
  purchase: 'PO-',
  stockCount: 'SC-',
  sale: 'SL-',
  quotation: 'QT-',
  saleReturn: 'SR-',
  order: 'WO-',
} as const;

export const formatNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(NUMBER_DIGITS, '0')}`;
