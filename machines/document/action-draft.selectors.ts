import type { SnapshotFrom } from 'xstate';
import type { actionDraftMachine } from './action-draft.machine.ts';

/** The open panel, its lines with their own errors, and whether sending is possible now. */
export function selectDraft(s: SnapshotFrom<typeof actionDraftMachine>) {
  const { panel, panels, lines, payment, note, errors, methods } = s.context;
  return {
    panel,
    methods,
    shape: panel ? (panels[panel]?.shape ?? null) : null,
    lines: lines.map((l, i) => ({
      ...l,
      errors: { quantity: errors[`lines.${i}.quantity`] ?? errors[`lines.${i}.line_id`], serials: errors[`lines.${i}.serials`] },
    })),
    payment,
    note,
    errors,
    linesError: errors.lines,
  };
}
