import type { OrderStatus } from '../../domain/documents/order.facts.ts';
import type { PaymentStatus, ShownPayment } from '../../domain/documents/payments.facts.ts';
import { adminHref } from '../../domain/paths.ts';
import type { DraftOpening } from '../document/kind.ts';

/** A website order as GET /orders/{id} answers it (server/documents/orders.ts showOrder). */
export interface OrderDoc {
  id: number;
  reference: string;
  customer_id: number;
  customer_name: string;
  customer_email: string | null;
  phone: string | null;
  ordered_on: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  ship_name: string;
  ship_address: string;
  ship_city: string;
  ship_postcode: string | null;
  ship_country: string;
  note: string | null;
  prices_include_tax: boolean;
  discount: number;
  tax_bps: number;
  shipping: number;
  subtotal: number;
  line_tax: number;
  lines_total: number;
  discount_total: number;
  document_tax: number;
  shipping_total: number;
  grand_total: number;
  paid: number;
  due: number;
  version: number;
  etag?: string;
  lines: OrderDocLine[];
  payments: ShownPayment[];
  history: { id: number; action: string; from_status: string | null; to_status: string; note: string | null; created_at: string; user_name: string | null }[];
}

export interface OrderDocLine {
  id: number;
  product_id: number;
  product_name: string;
  sku: string;
  barcode: string | null;
  tracks_serials: boolean;
  unit_name: string;
  quantity: number;
  unit_price: number;
  unit_cost: number;
  discount: number;
  tax_bps: number;
  total: number;
}

/** An order's own page (its list rows open it). */
export const orderHref = (id: number | string) => adminHref('/orders/:id', { id });

/** Where the order goes, as one line a person reads. */
export const shippingAddress = (doc: Pick<OrderDoc, 'ship_name' | 'ship_address' | 'ship_city' | 'ship_postcode' | 'ship_country'>) =>
  [doc.ship_name, doc.ship_address, [doc.ship_postcode, doc.ship_city].filter(Boolean).join(' '), doc.ship_country].filter(Boolean).join(', ');

/** What each action's panel starts with: a payment of what is due, paid today; the status steps ask only for a note. */
export function draftFor(panel: string, doc: OrderDoc, today: string): DraftOpening {
  if (panel === 'pay') return { payment: { paid_on: today, amount: doc.due > 0 ? (doc.due / 100).toFixed(2) : '', method: 'card', note: '' } };
  return {};
}
