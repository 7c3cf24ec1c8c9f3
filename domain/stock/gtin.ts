/**
 * The GS1 check digit, without zod: the till reads scale labels with it (domain/pos/scale.ts)
 * and its page loads no zod; domain/stock/barcode.ts validates product barcodes with the same.
 */

/** The check digit of `body` (the code without its last digit): weights 3,1,3,… from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}
