import type { SaleDoc } from '../../machines/sales/sale-view.selectors.ts';

/** A completed sale paid in full: 3 cables at 10.00 (one back and refunded already) and 2 phones at 50.00 (serials P1, P2), no tax. */
export function saleDoc(): SaleDoc {
  const line = (id: number, name: string, quantity: number, unit_price: number, returned: number, serials_out: string[]) => ({
    id, product_id: id, product_name: name, sku: `S-${id}`, barcode: null, tracks_serials: serials_out.length > 0, unit_name: 'pcs',
    quantity, unit_price, unit_cost: 100, discount: 0, tax_bps: 0, total: quantity * unit_price, returned, returnable: quantity - returned, serials_out,
  });
  return {
    id: 9, reference: 'SL-000009', customer_id: null, customer_name: null, sold_on: '2026-01-02', channel: 'backoffice', status: 'completed', note: null,
    invoice: { id: 3, number: 'INV-000003' }, credit_notes: [{ id: 1, number: 'CN-000001', return_id: 4 }], rounding: 'line', change: 0,
    lines: [line(21, 'Cable', 3, 1000, 1, []), line(22, 'Phone', 2, 5000, 0, ['P1', 'P2'])],
    payments: [], history: [], returns: [], returned_total: 1000, refunded: 1000,
    payment_status: 'paid', prices_include_tax: false, discount: 0, tax_bps: 0, shipping: 0, subtotal: 13000, line_tax: 0, lines_total: 13000, discount_total: 0, document_tax: 0, shipping_total: 0, grand_total: 13000, paid: 13000, due: 0, version: 3,
  };
}
