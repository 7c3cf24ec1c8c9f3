import type { ColumnKind } from './resource.ts';

/** How values look in lists, forms and CSV files. One place, so the screens and exports agree. */

/** 123456 cents → "1,234.56" (grouped) or "1234.56" (plain, for CSV and inputs). */
export function formatMoney(cents: number, opts: { plain?: boolean } = {}): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100);
  const frac = String(abs % 100).padStart(2, '0');
  const w = opts.plain ? String(whole) : whole.toLocaleString('en-US');
  return `${sign}${w}.${frac}`;
}

/** "12.50" → 1250; undefined when it is not an amount with at most two decimals. */
export function parseMoney(text: string): number | undefined {
  const t = text.trim().replace(/,/g, '');
  if (!/^-?\d{1,12}(\.\d{0,2})?$/.test(t)) return undefined;
  const [w, f = ''] = t.replace('-', '').split('.');
  const cents = Number(w) * 100 + Number((f + '00').slice(0, 2));
  return t.startsWith('-') ? -cents : cents;
}

/** 1250 basis points → "12.5". */
export function formatPercent(bps: number): string {
  return String(Number((bps / 100).toFixed(2)));
}

/** "12.5" → 1250; undefined when not a percentage with at most two decimals. */
export function parsePercent(text: string): number | undefined {
  const t = text.trim().replace(/%$/, '').trim();
  if (!/^\d{1,5}(\.\d{0,2})?$/.test(t)) return undefined;
  const [w, f = ''] = t.split('.');
  return Number(w) * 100 + Number((f + '00').slice(0, 2));
}

const isoDay = (v: unknown): string => {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  const s = String(v ?? '');
  return /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : s;
};

/** A cell's text for CSV (plain numbers) or for the screen. */
export function formatCell(kind: ColumnKind | undefined, value: unknown, opts: { plain?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return typeof value === 'number' ? formatMoney(value, opts) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${formatPercent(value)}%` : String(value);
    case 'date':
      return isoDay(value);
    case 'datetime':
      return value instanceof Date ? value.toISOString() : String(value);
    case 'status':
      if (typeof value === 'boolean') return value ? 'Shown' : 'Hidden';
      return String(value).charAt(0).toUpperCase() + String(value).slice(1);
    case 'tags':
      return Array.isArray(value) ? value.join(', ') : String(value);
    default:
      return String(value);
  }
}
