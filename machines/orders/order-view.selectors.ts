import type { OrderStatus } from '../../domain/documents/order.facts.ts';
import type { ShownPayment } from '../../domain/documents/payments.facts.ts';
import { adminHref } from '../../domain/paths.ts';
import { wholeLines, type DraftOpening, type PaidDocument, type ShownDocLine, type ShownStep } from '../document/kind.ts';

/** One step of a document's history, as its answer has it. */

/** A website order as GET /orders/{id} answers it (server/documents/orders.ts showOrder). */
export interface OrderDoc extends PaidDocument {
  id: number;
  reference: string;
  customer_id: number;
  customer_name: string;
  customer_email: string | null;
  phone: string | null;
  ordered_on: string;
  status: OrderStatus;
  /** Issued when the order ships. */
  invoice: { id: number; number: string } | null;
  ship_name: string;
  ship_address: string;
  ship_city: string;
  ship_postcode: string | null;
  ship_country: string;
  note: string | null;
  lines: OrderDocLine[];
  payments: ShownPayment[];
  history: ShownStep[];
}

export interface OrderDocLine extends ShownDocLine {
  unit_price: number;
  unit_cost: number;
}

/** An order's own page (its list rows open it). */
export const orderHref = (id: number | string) => adminHref('/orders/:id', { id });

/** Where the order goes, as one line a person reads. */
export const shippingAddress = (doc: Pick<OrderDoc, 'ship_name' | 'ship_address' | 'ship_city' | 'ship_postcode' | 'ship_country'>) =>
  [doc.ship_name, doc.ship_address, [doc.ship_postcode, doc.ship_city].filter(Boolean).join(' '), doc.ship_country].filter(Boolean).join(', ');

/** What each action's panel starts with: a payment of what is due, paid today; the status steps ask only for a note. */
export function draftFor(panel: string, doc: OrderDoc, today: string): DraftOpening {
  if (panel === 'pay') return { payment: { paid_on: today, amount: doc.due > 0 ? (doc.due / 100).toFixed(2) : '', method: 'card', note: '' } };
  if (panel === 'process') return wholeLines(doc.lines);
  return {};
}
