import type { ColumnKind } from './resource.ts';

/**
 * How values look in lists, forms and CSV files. One place, so the screens and exports agree.
 * On screen, amounts carry the shop's currency and amounts and dates follow the person's
 * locale (a `Display`); CSV and inputs keep machine-readable text (plain numbers, ISO dates).
 */

/** How the screen shows values to this person: their locale and the shop's currency. */
export interface Display {
  /** A BCP 47 tag (the browser's language); undefined is the runtime's default. */
  locale: string | undefined;
  /** ISO 4217 code from the website setting, e.g. USD. */
  currency: string;
}

export const DEFAULT_CURRENCY = 'USD';

// Intl formatters are costly to make and a list formats hundreds of cells: one per kind and display.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    try {
      f = make();
    } catch {
      // A locale or currency code the runtime does not know: fall back to its defaults.
      f = (key.startsWith('money') ? new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : new Intl.DateTimeFormat()) as T;
    }
    formatters.set(key, f);
  }
  return f;
}

/** 123456 cents → "1,234.56" (grouped) or "1234.56" (plain, for CSV and inputs). Screens use formatAmount. */
export function formatMoney(cents: number, opts: { plain?: boolean } = {}): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100);
  const frac = String(abs % 100).padStart(2, '0');
  const w = opts.plain ? String(whole) : whole.toLocaleString('en-US');
  return `${sign}${w}.${frac}`;
}

/**
 * 123456 cents → "$1,234.56" (en-US, USD), "1.234,56 €" (de, EUR): the shop's currency in the
 * person's locale. Amounts are stored in hundredths of the currency, so two decimals are
 * always shown, whatever decimals the currency usually has. The digits go to Intl as a
 * decimal string, so no float rounding can change a cent.
 */
export function formatAmount(cents: number, display: Display): string {
  const f = cached(`money|${display.locale ?? ''}|${display.currency}`, () =>
    new Intl.NumberFormat(display.locale, { style: 'currency', currency: display.currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  return f.format(formatMoney(cents, { plain: true }) as unknown as number);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day as the date inputs show it in the person's locale (05/06/2024 in en-US, 06.05.2024 in
 * de). A calendar date (YYYY-MM-DD) is that day everywhere; a timestamp is the person's local day.
 */
export function formatDay(value: unknown, display: Pick<Display, 'locale'>): string {
  const local = cached(`day|${display.locale ?? ''}`, () => new Intl.DateTimeFormat(display.locale, { year: 'numeric', month: '2-digit', day: '2-digit' }));
  const m = typeof value === 'string' ? DAY.exec(value) : null;
  if (m) {
    const utc = cached(`dayUtc|${display.locale ?? ''}`, () =>
      new Intl.DateTimeFormat(display.locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }),
    );
    return utc.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  }
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : local.format(d);
}

/** 12345 → "12,345" in the person's locale. */
export function formatCount(n: number, display: Pick<Display, 'locale'>): string {
  return cached(`count|${display.locale ?? ''}`, () => new Intl.NumberFormat(display.locale)).format(n);
}

/** A moment in the person's locale and time zone: date and time. */
export function formatMoment(value: unknown, display: Pick<Display, 'locale'>): string {
  const f = cached(`moment|${display.locale ?? ''}`, () =>
    new Intl.DateTimeFormat(display.locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }),
  );
  const d = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : f.format(d);
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

/**
 * A cell's text: for the screen with `display` (currency, locale), else machine-readable for
 * CSV (plain numbers, ISO dates and times).
 */
export function formatCell(kind: ColumnKind | undefined, value: unknown, display?: Display): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      if (typeof value !== 'number') return String(value);
      return display ? formatAmount(value, display) : formatMoney(value, { plain: true });
    case 'number':
      return typeof value === 'number' && display ? formatCount(value, display) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${formatPercent(value)}%` : String(value);
    case 'date':
      return display ? formatDay(value, display) : isoDay(value);
    case 'datetime':
      if (display) return formatMoment(value, display);
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
