import type { SnapshotFrom } from 'xstate';
import { isAtOrUnder } from '../../domain/field-path.ts';
import { computeTotals } from '../../domain/documents/totals.ts';
import { actionsFrom, allows } from '../../domain/documents/lifecycle.ts';
import { bodyField, isDirty, type lineEditorMachine } from './line-editor.machine.ts';
import { rowsView } from './payment-rows.ts';
import type { documentLifecycleMachine, DraftActor, EditorActor } from './lifecycle.machine.ts';

/** What a document form shows: each line with its own errors, the live totals preview, and the buttons. */
export function selectLineEditor(s: SnapshotFrom<typeof lineEditorMachine>) {
  const { header, lines, errors, kind } = s.context;
  // A line's errors by the editor's own field names (the unit price is `unit_cost` in a purchase's body).
  const price = bodyField(kind, 'unit_price');
  const lineErrors = (i: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => isAtOrUnder(k, `lines.${i}`))
        .map(([k, v]) => {
          const rest = k.slice(`lines.${i}.`.length) || 'line';
          return [rest === price ? 'unit_price' : rest, v];
        }),
    );
  const totals = computeTotals({
    pricesIncludeTax: header.prices_include_tax,
    rounding: header.rounding,
    discount: header.discount,
    taxRate: header.tax_bps,
    shipping: header.shipping,
    lines: lines.map((l) => ({ quantity: Math.max(0, Math.trunc(l.quantity) || 0), unitPrice: Math.max(0, l.unit_price || 0), discount: Math.min(Math.max(0, l.discount || 0), Math.max(0, l.quantity * l.unit_price)), taxRate: Math.max(0, l.tax_bps || 0) })),
  });
  // The payments section (a new document of a kind that takes payments): what is tendered, and the change given back.
  const taking = kind.payments && s.context.target === null ? kind.payments : null;
  const { rows, sum: tendered } = rowsView('payments', s.context.payments, errors);
  const payments = taking
    ? {
        methods: s.context.methods,
        rows,
        tendered,
        change: taking.changeMethod ? Math.max(0, tendered - totals.grandTotal) : 0,
        due: Math.max(0, totals.grandTotal - tendered),
        changeMethod: taking.changeMethod ?? null,
      }
    : null;
  // A selling kind's serial-tracked lines pick their serials one by one, when the document names them now.
  const namesSerials = kind.namesSerials?.(header, s.context.target !== null) ?? true;
  return {
    payments,
    namesSerials,
    lines: lines.map((l, i) => ({
      ...l,
      picksSerials: kind.picksSerials === true && namesSerials && l.product?.tracks_serials === true,
      typesSerials: kind.picksSerials !== true && namesSerials && l.product?.tracks_serials === true,
      total: totals.lines[i]!.total,
      errors: lineErrors(i),
    })),
    totals,
    headerErrors: Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith('lines.') && !k.startsWith('payments.'))),
    formError: s.context.formError,
    busy: s.hasTag('busy'),
    canSubmit: s.can({ type: 'form.submit' }),
    dirty: isDirty(s.context),
    /** The body's path of each line's unit price (`lines.2.unit_cost`), for its field's id. */
    priceField: price,
  };
}

/**
 * The document's buttons, each enabled exactly when the machine would take it: those the
 * person's rights allow (`may`), in the table's order. `panels` are the ones that open a panel
 * (the kind's edit action is the form itself, shown while `editor` runs).
 */
export function selectDocumentActions(s: SnapshotFrom<typeof documentLifecycleMachine>) {
  const { lifecycle, doc, may, kind } = s.context;
  const buttons = Object.entries(lifecycle.actions)
    .filter(([action]) => may[action] !== false)
    .map(([action, def]) => ({ action, label: def.label, enabled: s.can({ type: 'doc.act', action }), allowedByTable: allows(lifecycle, action, doc.status) }));
  return {
    status: doc.status,
    statusLabel: lifecycle.statuses[doc.status]?.label ?? doc.status,
    buttons,
    panels: buttons.filter((b) => kind !== null && b.action in kind.panels).map((b) => ({ ...b, destructive: kind!.panels[b.action]!.destructive === true })),
    open: actionsFrom(lifecycle, doc.status),
    busy: s.hasTag('busy'),
    failure: s.context.failure,
    message: s.context.message,
    canRetry: s.can({ type: 'doc.retry' }),
  };
}

/** The page's child machines: the action panels' draft and, while the document may be edited, its line editor. */
export const selectDraftActor = (s: SnapshotFrom<typeof documentLifecycleMachine>) => s.children.draft as DraftActor | undefined;
export const selectEditorActor = (s: SnapshotFrom<typeof documentLifecycleMachine>) => s.children.editor as EditorActor | undefined;
