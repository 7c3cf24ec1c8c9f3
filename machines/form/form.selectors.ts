import type { SnapshotFrom } from 'xstate';
import { getAt, isAtOrUnder } from '../../domain/field-path.ts';
import { isFormDirty, type formMachine } from './form.machine.ts';

/**
 * What a form screen shows, derived from the form machine's snapshot: its phase, whether
 * Save and Cancel can be pressed (asked of the machine), whether the record is locked, and
 * the value and errors at each field's path. Views render this and send events.
 */
export type FormSnapshot = SnapshotFrom<typeof formMachine>;

export type FormPhase = 'loading' | 'failed' | 'ready';

export const selectFormPhase = (s: FormSnapshot): FormPhase =>
  s.matches('loadFailed') ? 'failed' : s.matches('loading') || s.matches('starting') ? 'loading' : 'ready';

/** The buttons and the state around the fields. */
export function selectFormStatus(s: FormSnapshot) {
  return {
    busy: s.hasTag('busy'),
    canSubmit: s.can({ type: 'form.submit' }),
    canCancel: s.can({ type: 'form.cancel' }),
    formError: s.context.formError,
    /** A lost update: on screen until the record is reloaded or the message dismissed. */
    conflict: s.context.conflict,
    canReload: s.can({ type: 'form.reload' }),
    loadError: s.context.loadError,
    locked: s.context.locked,
  };
}

export const selectValues = (s: FormSnapshot) => s.context.values;
/** The loaded record's name ("Aiden Hall"), which the page's title says; null before it is loaded. */
export const selectRecordName = (s: FormSnapshot) => s.context.recordName;
export const selectErrors = (s: FormSnapshot) => s.context.errors;
export const selectDirty = (s: FormSnapshot) => isFormDirty(s.context);

/** The value at a field's path (`lines.3.quantity`). */
export const valueAt = (values: Record<string, unknown>, key: string) => getAt(values, key);

/** The errors at and under a field's path, keyed by their full paths (a list shows each under its own item). */
export function errorsUnder(errors: Record<string, string>, key: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => isAtOrUnder(k, key)));
}

/** The record's figures shown beside its form (a customer's Owes), each with its value; none before it is here. */
export function selectRecordFigures(s: FormSnapshot) {
  const { spec, figures } = s.context;
  return (spec.figures ?? []).flatMap((c) => (typeof figures[c.name] === 'number' || typeof figures[c.name] === 'string' ? [{ column: c, value: figures[c.name] as number | string }] : []));
}
