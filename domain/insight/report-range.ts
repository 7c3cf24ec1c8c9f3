import { REPORT_MAX_DAYS } from './report-kinds.ts';

/**
 * A report's date range as the address carries it (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, so a report
 * is shareable and survives a reload), its presets, and the rule the server applies to it (from ≤
 * to, at most REPORT_MAX_DAYS days), so the screen refuses a range before asking. Pure: "today"
 * is given (the shop's clock on the server, the person's in the browser).
 *
 * Without a range in the address a report opens on last month: the period a shop closes its books
 * on and the one the issue asks to run each report for; this month is half a month on most days.
 */
export interface ReportRange {
  from: string;
  to: string;
}

export const RANGE_PRESETS = [
  { key: 'thisMonth', label: 'This month' },
  { key: 'lastMonth', label: 'Last month' },
  { key: 'last30', label: 'Last 30 days' },
  { key: 'thisYear', label: 'This year' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['key'];
export const DEFAULT_PRESET: RangePreset = 'lastMonth';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Days since the epoch of a YYYY-MM-DD that is a real day, else null (2026-02-30 is not). */
function dayNumber(day: string): number | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === day ? t / MS_PER_DAY : null;
}
const dayOf = (n: number) => new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** A local date as YYYY-MM-DD (the person's today, not UTC's). */
export const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The range a preset means on `today` (YYYY-MM-DD). */
export function presetRange(preset: RangePreset, today: string): ReportRange {
  const [y, m] = today.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'thisMonth':
      return { from: utc(y, m - 1, 1), to: today };
    case 'lastMonth':
      return { from: utc(y, m - 2, 1), to: utc(y, m - 1, 0) };
    case 'last30':
      return { from: dayOf((dayNumber(today) ?? 0) - 29), to: today };
    case 'thisYear':
      return { from: utc(y, 0, 1), to: today };
  }
}

/** The preset a range is, on `today`, if any (its button is shown pressed). */
export const presetOf = (range: ReportRange, today: string): RangePreset | null =>
  RANGE_PRESETS.find((p) => {
    const r = presetRange(p.key, today);
    return r.from === range.from && r.to === range.to;
  })?.key ?? null;

/** What is wrong with a range, said as the server says it, under its field; null when it is good. */
export function rangeProblem(range: ReportRange): { field: 'from' | 'to'; message: string } | null {
  const from = dayNumber(range.from);
  const to = dayNumber(range.to);
  if (from === null) return { field: 'from', message: 'Give the first day as YYYY-MM-DD.' };
  if (to === null) return { field: 'to', message: 'Give the last day as YYYY-MM-DD.' };
  if (from > to) return { field: 'to', message: 'The last day cannot be before the first day.' };
  if (to - from + 1 > REPORT_MAX_DAYS) return { field: 'to', message: `Choose at most ${REPORT_MAX_DAYS} days; this range has ${to - from + 1}.` };
  return null;
}

/** The range an address asks for; the default (last month) when it names none or half of one. */
export function rangeFromSearch(search: string, today: string): ReportRange {
  const q = new URLSearchParams(search);
  const from = q.get('from');
  const to = q.get('to');
  return from && to ? { from, to } : presetRange(DEFAULT_PRESET, today);
}

export const rangeSearch = (range: ReportRange) => `?from=${range.from}&to=${range.to}`;
