import type { SnapshotFrom } from 'xstate';
import { SEARCH_CONTAINS_MIN, type PaletteItem } from '../../domain/search.ts';
import type { searchMachine } from './search.machine.ts';

type Snap = SnapshotFrom<typeof searchMachine>;

export interface PaletteSection {
  group: string;
  items: (PaletteItem & { index: number; active: boolean })[];
}

export interface PaletteView {
  open: boolean;
  q: string;
  /** The list in sections of consecutive items of one group, each item with its place in the one list. */
  sections: PaletteSection[];
  /** The active item's index, for aria-activedescendant. */
  active: number | null;
  busy: boolean;
  error: string | null;
  canRetry: boolean;
  /** Something typed, answered, and nothing found. */
  nothing: boolean;
  /** Too little typed for names to be searched (only exact codes and references are). */
  tooShort: boolean;
}

/** The palette as its view draws it: nothing to decide in the view. */
export function selectPalette(s: Snap): PaletteView {
  const { q, items, active, error } = s.context;
  const sections: PaletteSection[] = [];
  items.forEach((item, index) => {
    const last = sections[sections.length - 1];
    const entry = { ...item, index, active: index === active };
    if (last && last.group === item.group) last.items.push(entry);
    else sections.push({ group: item.group, items: [entry] });
  });
  return {
    open: s.matches('open'),
    q,
    sections,
    active: items.length ? active : null,
    busy: s.hasTag('busy'),
    error: s.hasTag('error') ? error : null,
    canRetry: s.can({ type: 'search.retry' }),
    nothing: s.matches({ open: 'results' }) && items.length === 0 && q.trim().length >= SEARCH_CONTAINS_MIN,
    tooShort: s.matches({ open: 'results' }) && items.length === 0 && q.trim().length < SEARCH_CONTAINS_MIN,
  };
}
