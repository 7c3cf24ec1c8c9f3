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
  /** The default of the POS setting's invoice prefix (the shop chooses its own). */
  invoice: 'INV-',
  creditNote: 'CN-',
  order: 'WO-',
} as const;

export const formatNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(NUMBER_DIGITS, '0')}`;

/**
 * The series a yearly-restarting prefix numbers in: the year is part of the prefix (INV-2026-),
 * so each year's counter starts at 1 and the numbers stay unique (INV-2026-000001).
 */
export const yearlySeries = (prefix: string, yearly: boolean, isoDay: string) => (yearly ? `${prefix}${isoDay.slice(0, 4)}-` : prefix);
