import type { ComponentType } from 'react';
import type { FieldDef, FieldKind } from '../../../../domain/resource.ts';

/** What every field view of a form receives. */
export interface FieldProps {
  field: FieldDef;
  /** The value at the field's path, as the form holds it (text for numbers and money). */
  value: unknown;
  /** The message to show under the field: the one at its own path, else the first below it. */
  error: string | undefined;
  /** Every message at or below the field's path, by full path (`role_ids.2`, `lines.3.quantity`), for fields that show them per item. */
  errors: Readonly<Record<string, string>>;
  /** While saving, what is shown is what is sent: nothing can change. */
  readOnly: boolean;
  /** The server marks the record protected: a field that guards it shows it fixed, and `lockedHint` says why. */
  locked: boolean;
  lockedHint: string | undefined;
  /** A new value at `key`, the field's own path when omitted (an item's path for a list). */
  onChange(value: unknown, key?: string): void;
}

/** How one kind of field is shown: its component, and how it sits in the form's grid. */
export interface FieldKindView {
  component: ComponentType<FieldProps>;
  /** Takes the whole row of the grid. */
  wide?: boolean;
  /** The skeleton's height while the record loads. */
  skeleton?: 'line' | 'box';
}

/** Kind → view. A screen with kinds of its own passes `{ ...FIELD_VIEWS, ...its own }` to the form. */
export type FieldKindViews = Readonly<Partial<Record<FieldKind, FieldKindView>>>;

/** A field outside a resource form (a document panel's method, a line's serials to pick): nothing below it, never locked. */
export const looseField = (field: FieldDef, value: unknown, error: string | undefined, readOnly: boolean, onChange: (value: unknown) => void): FieldProps => ({
  field,
  value,
  error,
  errors: {},
  readOnly,
  locked: false,
  lockedHint: undefined,
  onChange,
});
