import { paymentBody, PAYMENTS_PATH } from '../../domain/documents/payments.ts';
import { cancelBody, PURCHASE_ACTION_RIGHTS, PURCHASES_API, purchaseCreateBody, purchaseLifecycle, receiveBody, returnBody } from '../../domain/documents/purchase.ts';
import type { Lifecycle } from '../../domain/documents/lifecycle.ts';
import { EMPTY_TERMS, oneSerialPerUnit, serialsNamed, type DocumentApi, type DocumentHeader, type DocumentKind, type EditorKind, type PanelDef } from '../document/kind.ts';
import { draftFor, editorInput, purchaseHref, type PurchaseDoc } from './purchase-view.selectors.ts';

/**
 * A purchase, as the document machines take it (machines/document/kind.ts): its form's header
 * and body, its lines priced at the product's cost, and its action panels. Everything the
 * engine's machines know of purchases is here.
 */

/** A purchase form's own header fields, beside the terms every document has. */
export interface PurchaseHeader extends DocumentHeader {
  supplier_id: number | null;
  purchased_on: string;
  /** Received at once (the serial-number purchase screen). */
  receive: boolean;
}

export const purchaseEditor: EditorKind = {
  emptyHeader: (today): PurchaseHeader => ({
    supplier_id: null,
    purchased_on: today,
    ...EMPTY_TERMS,
    receive: false,
  }),
  toBody: (header, lines, existing) => {
    const { supplier_id, note, receive, ...rest } = header as PurchaseHeader;
    return {
      ...rest,
      // A change to an ordered purchase receives nothing (PUT has no `receive`).
      ...(existing ? {} : { receive }),
      supplier_id,
      note: note || null,
      lines: lines.map((l) => ({
        product_id: l.product?.id ?? null,
        quantity: l.quantity,
        unit_cost: l.unit_price,
        discount: l.discount,
        tax_bps: l.tax_bps,
        // Blank rows of the serials box are ignored.
        ...(l.product?.tracks_serials && header.receive ? { serials: serialsNamed(l) } : {}),
      })),
    };
  },
  schema: purchaseCreateBody,
  priceField: 'unit_cost',
  priceOf: (p) => p.cost_price ?? 0,
  // Serial-tracked lines received now: one serial per unit.
  check: (header, lines) => (header.receive ? oneSerialPerUnit(lines) : {}),
};

export const purchasePanels: Record<string, PanelDef> = {
  receive: { shape: 'lines', schema: receiveBody, verb: 'receive', tooMany: (n) => `Only ${n} still to come.`, short: (n) => `Receive (of ${n} to come)`, title: 'Receive goods', submit: 'Receive' },
  return: { shape: 'lines', schema: returnBody, verb: 'return', tooMany: (n) => `Only ${n} can go back.`, title: 'Return to supplier', submit: 'Return' },
  pay: { shape: 'payment', schema: paymentBody, verb: 'pay', title: 'Add a payment', submit: 'Record payment' },
  cancel: {
    shape: 'note',
    schema: cancelBody,
    verb: 'cancel',
    title: 'Cancel the purchase',
    submit: 'Cancel purchase',
    close: 'Keep it',
    destructive: true,
    hint: 'What has not come will not be expected any more; what came stays in stock and can still go back. The purchase keeps its number.',
  },
};

export const purchaseKind: DocumentKind<PurchaseDoc> = {
  lifecycle: purchaseLifecycle as unknown as Lifecycle,
  panels: purchasePanels,
  draftFor,
  editAction: 'edit',
  editorInput,
  editor: purchaseEditor,
  stockActions: ['receive', 'return'],
  rights: PURCHASE_ACTION_RIGHTS,
};

export const purchaseApi: DocumentApi = {
  base: PURCHASES_API,
  actionPaths: { pay: PAYMENTS_PATH },
  href: purchaseHref,
};
