import type { PurchaseStatus } from '../../domain/documents/purchase.facts.ts';
import { adminHref } from '../../domain/paths.ts';
import { draftLine, editorLines, type DocumentHeader, type DraftOpening, type LineDraft, type PaidDocument, type ShownDocLine, type ShownStep } from '../document/kind.ts';

/** A purchase as GET /purchases/{id} answers it (server/documents/purchases.ts showPurchase). */
export interface PurchaseDoc extends PaidDocument {
  id: number;
  reference: string;
  supplier_id: number;
  supplier_name: string;
  purchased_on: string;
  status: PurchaseStatus;
  note: string | null;
  rounding: 'line' | 'document';
  lines: PurchaseDocLine[];
  payments: { id: number; paid_on: string; amount: number; method: string; note: string | null; created_at: string }[];
  history: ShownStep[];
}

export interface PurchaseDocLine extends ShownDocLine {
  received: number;
  returned: number;
  unit_cost: number;
  to_receive: number;
  returnable: number;
}

/** A purchase's own page (its list rows open it). */
export const purchaseHref = (id: number | string) => adminHref('/purchase/edit/:id', { id });


/** What each action's panel starts with: everything still to come; nothing to return; the amount due, paid today. */
export function draftFor(panel: string, doc: PurchaseDoc, today: string): DraftOpening {
  if (panel === 'receive') return { lines: doc.lines.filter((l) => l.to_receive > 0).map((l) => draftLine(l, l.to_receive, l.to_receive)) };
  if (panel === 'return') return { lines: doc.lines.filter((l) => l.returnable > 0).map((l) => draftLine(l, l.returnable, 0)) };
  if (panel === 'pay') return { payment: { paid_on: today, amount: doc.due > 0 ? (doc.due / 100).toFixed(2) : '', method: 'cash', note: '' } };
  return {};
}

/** An ordered purchase's header and lines as the line editor holds them, to change it. */
export function editorInput(doc: PurchaseDoc): { header: DocumentHeader; lines: LineDraft[] } {
  return {
    header: {
      supplier_id: doc.supplier_id,
      purchased_on: doc.purchased_on,
      note: doc.note ?? '',
      prices_include_tax: doc.prices_include_tax,
      rounding: doc.rounding,
      discount: doc.discount,
      tax_bps: doc.tax_bps,
      shipping: doc.shipping,
      receive: false,
    },
    lines: editorLines(doc.lines, (l) => l.unit_cost, 'cost_price'),
  };
}
