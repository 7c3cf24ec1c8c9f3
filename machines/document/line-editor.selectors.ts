import type { SnapshotFrom } from 'xstate';
import { isAtOrUnder } from '../../domain/field-path.ts';
import { computeTotals } from '../../domain/documents/totals.ts';
import { actionsFrom, allows } from '../../domain/documents/lifecycle.ts';
import { isDirty, type lineEditorMachine } from './line-editor.machine.ts';
import type { documentLifecycleMachine } from './lifecycle.machine.ts';

/** What a document form shows: each line with its own errors, the live totals preview, and the buttons. */
export function selectLineEditor(s: SnapshotFrom<typeof lineEditorMachine>) {
  const { header, lines, errors } = s.context;
  const totals = computeTotals({
    pricesIncludeTax: header.prices_include_tax,
    rounding: header.rounding,
    discount: header.discount,
    taxRate: header.tax_bps,
    shipping: header.shipping,
    lines: lines.map((l) => ({ quantity: Math.max(0, Math.trunc(l.quantity) || 0), unitPrice: Math.max(0, l.unit_cost || 0), discount: Math.min(Math.max(0, l.discount || 0), Math.max(0, l.quantity * l.unit_cost)), taxRate: Math.max(0, l.tax_bps || 0) })),
  });
  return {
    lines: lines.map((l, i) => ({
      ...l,
      total: totals.lines[i]!.total,
      errors: Object.fromEntries(Object.entries(errors).filter(([k]) => isAtOrUnder(k, `lines.${i}`)).map(([k, v]) => [k.slice(`lines.${i}.`.length) || 'line', v])),
    })),
    totals,
    headerErrors: Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith('lines.'))),
    formError: s.context.formError,
    busy: s.hasTag('busy'),
    canSubmit: s.can({ type: 'form.submit' }),
    dirty: isDirty(s.context),
  };
}

/** The document's buttons: each enabled exactly when the machine would take it. */
export function selectDocumentActions(s: SnapshotFrom<typeof documentLifecycleMachine>) {
  const { lifecycle, doc } = s.context;
  return {
    status: doc.status,
    statusLabel: lifecycle.statuses[doc.status]?.label ?? doc.status,
    buttons: Object.entries(lifecycle.actions).map(([action, def]) => ({ action, label: def.label, enabled: s.can({ type: 'doc.act', action }), allowedByTable: allows(lifecycle, action, doc.status) })),
    open: actionsFrom(lifecycle, doc.status),
    busy: s.hasTag('busy'),
    failure: s.context.failure,
    message: s.context.message,
    canRetry: s.can({ type: 'doc.retry' }),
  };
}
