import { z } from 'zod';
import { gtinCheckDigit } from './gtin.ts';

export { gtinCheckDigit };

/**
 * Barcodes. A numeric code of a GS1 length (EAN-8, UPC-A, EAN-13, GTIN-14) ends in a check
 * digit, and a wrong one is refused with the digit it should be: that is almost always a
 * mistyped or misread number. Other codes (letters, internal Code 128 labels) are kept as typed.
 */

export const BARCODE_MAX = 32;

/** The GS1 lengths with a check digit, and what a person calls each. */
const GTIN_NAMES: Record<number, string> = { 8: 'EAN-8', 12: 'UPC-A', 13: 'EAN-13', 14: 'GTIN-14' };

/** Why `code` is not a valid barcode, or undefined when it is. */
export function barcodeProblem(code: string): string | undefined {
  if (!/^[\x21-\x7e]+$/.test(code)) return 'Use letters, digits and symbols without spaces.';
  const name = /^\d+$/.test(code) ? GTIN_NAMES[code.length] : undefined;
  if (!name) return undefined;
  const expected = gtinCheckDigit(code.slice(0, -1));
  const got = Number(code.at(-1));
  return expected === got ? undefined : `This ${name} barcode’s check digit is wrong: it should end in ${expected}, not ${got}. Check the number.`;
}

/** Optional barcode: blank is none; a numeric EAN-8, UPC-A, EAN-13 or GTIN-14 must have its check digit right. */
export const optionalBarcode = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
      z
        .string({ error: 'Enter a barcode.' })
        .max(BARCODE_MAX, { error: `Use at most ${BARCODE_MAX} characters.` })
        .superRefine((code, ctx) => {
          const problem = barcodeProblem(code);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .nullable(),
    )
    .optional();

/**
 * In-store EAN-13 numbers start with 20–29 (GS1 "restricted circulation"). We make ours with
 * 20 (200–209): scales print price and weight labels in 21–29 (Odoo's defaults are 21 and 23),
 * and the till will read those as scale labels, so a product code must never look like one.
 */
export const IN_STORE_PREFIX = '20';

/** A random in-store EAN-13; `random` returns [0, 1). */
export function inStoreEan13(random: () => number = Math.random): string {
  let body = IN_STORE_PREFIX;
  while (body.length < 12) body += String(Math.floor(random() * 10));
  return body + String(gtinCheckDigit(body));
}
