/**
 * What every document with lines shares, without zod (the browser's list and line editor read
 * it as the server's bodies do): purchases, stock counts, and sales, returns and quotations next.
 */

/** At most this many lines on one document. */
export const LINES_MAX = 200;
