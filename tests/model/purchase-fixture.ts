import type { PurchaseDoc } from '../../machines/purchases/purchase-view.selectors.ts';

/** An ordered purchase as GET /purchases/12 answers it (with its ETag), with the lines given. */
export const orderedPurchase = (lines: PurchaseDoc['lines']) =>
  ({
    id: 12,
    reference: 'PO-000012',
    supplier_id: 3,
    supplier_name: 'Acme',
    purchased_on: '2026-01-05',
    status: 'ordered',
    payment_status: 'due',
    note: null,
    prices_include_tax: false,
    rounding: 'line',
    discount: 0,
    tax_bps: 0,
    shipping: 0,
    subtotal: 1000,
    line_tax: 0,
    lines_total: 1000,
    discount_total: 0,
    document_tax: 0,
    shipping_total: 0,
    grand_total: 1000,
    paid: 0,
    due: 1000,
    version: 1,
    etag: 'W/"purchase-12-1"',
    lines,
    payments: [],
    history: [],
  }) satisfies PurchaseDoc;
