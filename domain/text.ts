/** Small text helpers shared by the browser and the server, so both say things the same way. */

/** "customer" → "Customer". */
export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** 1, "customer", "customers" → "1 customer"; 3 → "3 customers". */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
