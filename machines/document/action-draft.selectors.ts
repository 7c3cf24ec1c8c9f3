import type { SnapshotFrom } from 'xstate';
import type { actionDraftMachine } from './action-draft.machine.ts';
import { serialsOf, taking } from './action-draft.machine.ts';
import { rowsView } from './payment-rows.ts';

/** How many of each line the panel takes as typed: nothing for what is not a number, never more than the line has. */

/**
 * The open panel, its lines with their own errors (and the serials picked of their choices),
 * its date and refund rows when it has them, and what it is worth as typed: the value of the
 * lines taken, the refund that makes due, and what the refund rows give back.
 */
export function selectDraft(s: SnapshotFrom<typeof actionDraftMachine>) {
  const { panel, panels, lines, payment, note, errors, date, refunds, worth, methods } = s.context;
  const def = panel ? panels[panel] : undefined;
  // Refunds are given by the methods the shop takes, as payments are.
  const refundRows = def?.refunds ? { ...def.refunds, methods, ...rowsView(def.refunds.field, refunds, errors) } : null;
  const figures = worth ? worth(taking(lines)) : null;
  return {
    panel,
    methods,
    shape: def?.shape ?? null,
    /** A panel of whole lines shows the serial-tracked ones only: the others need nothing. */
    shown: def?.whole ? lines.flatMap((l, i) => (l.tracks_serials ? [i] : [])) : lines.map((_, i) => i),
    lines: lines.map((l, i) => ({
      ...l,
      picked: l.choices ? serialsOf(l.serials) : [],
      /** A whole line's serials as named, one tag each. */
      named: def?.whole ? serialsOf(l.serials) : [],
      errors: { quantity: errors[`lines.${i}.quantity`] ?? errors[`lines.${i}.line_id`], serials: errors[`lines.${i}.serials`] },
    })),
    payment,
    note,
    date: def?.date ? { ...def.date, value: date, error: errors[def.date.field] } : null,
    refunds: refundRows,
    worth: figures ? { ...figures, refunding: refundRows?.sum ?? 0 } : null,
    errors,
    linesError: errors.lines,
  };
}
