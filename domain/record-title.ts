import { capitalise } from './text.ts';

interface Titled {
  titleField: string;
  label: { one: string };
}

/** A record's name from its title field, trimmed; null when it has none (an expense without a reference). */
export function recordName(def: Pick<Titled, 'titleField'>, row: Record<string, unknown>): string | null {
  const v = row[def.titleField];
  return typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;
}

/** What a record is called where it must have a name: its title, else "Expense #20". */
export const recordTitle = (def: Titled, row: Record<string, unknown>): string => recordName(def, row) ?? `${capitalise(def.label.one)} #${String(row.id)}`;
