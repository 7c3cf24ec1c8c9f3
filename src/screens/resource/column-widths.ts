/**
 * How wide each column of a list table is, worked out from the page's own values instead of
 * measured (list-table.tsx): every row then gets the same widths without the browser laying the
 * others out, so a row is drawn on its own and rows off screen need not be drawn yet.
 */
import { formatCell, type Display } from '../../../domain/format.ts';
import type { ColumnDef, ColumnKind } from '../../../domain/resource.ts';
import type { RowView } from '../../../machines/list/list.selectors.ts';

/** The widths a column may take, in rem: steps of half a rem to 12rem, then wider; a longer value is cut with an ellipsis. */
export const COLUMN_STEPS = [3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10, 10.5, 11, 11.5, 12, 13, 14, 15, 16, 18, 20, 22] as const;
export type ColumnStep = (typeof COLUMN_STEPS)[number];

/** Roughly how wide a text is in the table's type (0.875rem Inter), in rem: wide letters, digits, narrow letters and marks, the rest. */
export function textRem(text: string): number {
  let rem = 0;
  for (const ch of text) rem += /[A-Zmw@%$€£]/.test(ch) ? 0.62 : /[0-9]/.test(ch) ? 0.54 : /[\s.,:;'|()/\-iljtf]/.test(ch) ? 0.28 : 0.47;
  return rem;
}

/** A heading's letter (0.75rem capitals, spaced), in rem. */
const HEAD_CHAR_REM = 0.53;
/** A cell's padding (1rem each side); a badge's own (0.5rem each side); the sort arrow and its gap; a colour's swatch and its gap. */
const CELL_PAD_REM = 2;
const BADGE_PAD_REM = 1;
const SORT_REM = 1;
const SWATCH_REM = 1.75;
/** The totals row is semibold: its figures are about this much wider than the rows' regular ones. */
const FOOT_BOLD = 1.08;
/** A picture's cell: the 4rem thumbnail and the padding. */
const IMAGE_REM = 6;
/** A screen's own cell (a badge beside a number): room for a few words. */
const CUSTOM_REM = 7.5;
/** The "New" badge beside the record just created. */
const NEW_BADGE_REM = 3;
/** A column of words this narrow (in rem) keeps its width like a number. */
const SHORT_REM = 9;
const WORDS: readonly (ColumnKind | undefined)[] = [undefined, 'text', 'email', 'tags'];

/**
 * How a column takes its share of the row: the title takes twice what is left and gives way
 * down to 9rem; long words take what is left and give way first, down to 6rem; numbers, dates,
 * badges, pictures and short words (a phone, a city) keep their width.
 */
export type ColumnFlex = 'title' | 'words' | 'fixed';

export interface ColumnFit {
  step: ColumnStep;
  flex: ColumnFlex;
}

export interface ColumnPage {
  rows: readonly RowView[];
  display: Display;
  /** The title column (the record's link). */
  title: ColumnDef | undefined;
  /** Whether a screen draws this column's cells itself (ListExtras.cells). */
  custom: (c: ColumnDef) => boolean;
  /** What a screen's own cell says in a badge, where it says more than a few words (ListExtras.cellText): the column is as wide as it. */
  customText?: (c: ColumnDef, row: RowView['row']) => string | undefined;
  /** The column's text in the totals row ('' for none). */
  foot: (c: ColumnDef) => string;
}

const stepFor = (rem: number): ColumnStep => COLUMN_STEPS.find((s) => s >= rem) ?? 22;

/** The rem the column's longest value on the page takes, or its heading, or its total, with the cell's padding. */
function columnRem(c: ColumnDef, page: ColumnPage): number {
  if (c.kind === 'image') return IMAGE_REM;
  const head = Math.max(c.label.length * HEAD_CHAR_REM + (c.sortable ? SORT_REM : 0), textRem(page.foot(c)) * FOOT_BOLD);
  if (page.custom(c)) {
    const said = page.customText ? Math.max(0, ...page.rows.map(({ row }) => textRem(page.customText!(c, row) ?? '') + BADGE_PAD_REM)) : 0;
    return Math.max(head, CUSTOM_REM, said) + CELL_PAD_REM;
  }
  let longest = 0;
  for (const { row } of page.rows) {
    const value = row[c.name];
    const rem =
      c.kind === 'tags' && Array.isArray(value)
        ? value.reduce<number>((n, t) => n + textRem(String(t)) + BADGE_PAD_REM + 0.25, 0)
        : textRem(formatCell(c.kind, value, page.display)) + (c.kind === 'status' ? BADGE_PAD_REM : c.kind === 'colour' ? SWATCH_REM : 0);
    longest = Math.max(longest, rem);
  }
  const badge = c === page.title && page.rows.some((r) => r.created) ? NEW_BADGE_REM : 0;
  return Math.max(head, longest + badge) + CELL_PAD_REM;
}

/** Each column's width step and how it gives way, for this page. */
export function columnFit(c: ColumnDef, page: ColumnPage): ColumnFit {
  const step = stepFor(columnRem(c, page));
  const flex: ColumnFlex = c === page.title ? 'title' : (page.custom(c) || WORDS.includes(c.kind)) && step > SHORT_REM ? 'words' : 'fixed';
  return { step, flex };
}
