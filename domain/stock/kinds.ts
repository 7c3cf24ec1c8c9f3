/**
 * The stock ledger's vocabulary, shared by the server (server/stock/ledger.ts is the only
 * writer) and the screens that explain it. Every change of stock is a movement of one kind;
 * the kind fixes which way it may go.
 */

/** +1: only in; -1: only out; 0: either way (a count correction). */
export type MovementSign = 1 | -1 | 0;

export const MOVEMENT_KINDS = {
  opening: { sign: 1, label: 'Opening stock' },
  adjustment: { sign: 0, label: 'Adjustment' },
  purchase_receipt: { sign: 1, label: 'Purchase received' },
  purchase_return: { sign: -1, label: 'Returned to supplier' },
  sale: { sign: -1, label: 'Sale' },
  sale_return: { sign: 1, label: 'Sale return' },
} as const satisfies Record<string, { sign: MovementSign; label: string }>;

export type MovementKind = keyof typeof MOVEMENT_KINDS;
export const MOVEMENT_KIND_NAMES = Object.keys(MOVEMENT_KINDS) as MovementKind[];
export const MOVEMENT_KIND_OPTIONS = MOVEMENT_KIND_NAMES.map((value) => ({ value, label: MOVEMENT_KINDS[value].label }));

/** Whether `quantity` goes the way `kind` allows (never 0). */
export function signAllowed(kind: MovementKind, quantity: number): boolean {
  const sign: MovementSign = MOVEMENT_KINDS[kind].sign;
  return quantity !== 0 && (sign === 0 || Math.sign(quantity) === sign);
}

/** Why a person adjusts stock by hand; each reason fixes the direction, like a kind. */
export const ADJUSTMENT_REASONS = {
  count_correction: { sign: 0, label: 'Count correction', kind: 'adjustment' },
  damage: { sign: -1, label: 'Damage', kind: 'adjustment' },
  loss: { sign: -1, label: 'Loss', kind: 'adjustment' },
  found: { sign: 1, label: 'Found', kind: 'adjustment' },
  opening: { sign: 1, label: 'Opening stock', kind: 'opening' },
} as const satisfies Record<string, { sign: MovementSign; label: string; kind: MovementKind }>;

export type AdjustmentReason = keyof typeof ADJUSTMENT_REASONS;
export const ADJUSTMENT_REASON_NAMES = Object.keys(ADJUSTMENT_REASONS) as AdjustmentReason[];
export const ADJUSTMENT_REASON_OPTIONS = ADJUSTMENT_REASON_NAMES.map((value) => ({ value, label: ADJUSTMENT_REASONS[value].label }));

/** One row per unit of a serial-tracked product; its state flips once per movement. */
export const SERIAL_STATES = {
  in_stock: 'In stock',
  sold: 'Sold',
  returned: 'Returned to supplier',
  written_off: 'Written off',
} as const;
export type SerialState = keyof typeof SERIAL_STATES;
export const SERIAL_STATE_NAMES = Object.keys(SERIAL_STATES) as SerialState[];

/** Where a serial goes when a movement of `kind` takes it out of stock. */
export const SERIAL_STATE_OUT: Record<MovementKind, Exclude<SerialState, 'in_stock'>> = {
  opening: 'written_off',
  adjustment: 'written_off',
  purchase_receipt: 'written_off',
  purchase_return: 'returned',
  sale: 'sold',
  sale_return: 'written_off',
};

/** A product's stock state: out (nothing on hand), low (at or below its alert quantity), in stock. */
export const STOCK_STATES = { in_stock: 'In stock', low: 'Low', out: 'Out of stock' } as const;
export type StockState = keyof typeof STOCK_STATES;
export function stockState(onHand: number, alertQuantity: number): StockState {
  if (onHand <= 0) return 'out';
  return onHand <= alertQuantity ? 'low' : 'in_stock';
}
/** The list filter's choices; "alert" is low or out, what the top bar's bell counts. */
export const STOCK_STATE_OPTIONS = [
  { value: 'in_stock', label: 'In stock' },
  { value: 'low', label: 'Low' },
  { value: 'out', label: 'Out of stock' },
  { value: 'alert', label: 'Low or out' },
] as const;

/** The largest quantity one adjustment moves. */
export const QUANTITY_MAX = 1_000_000;
/** The most serial numbers one line names. */
export const SERIALS_MAX = 1_000;
export const SERIAL_MAX_LENGTH = 100;
