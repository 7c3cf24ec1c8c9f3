import { describe, expect, it } from 'vitest';
import { formatAmount, formatCell, formatCount, formatDay, formatMoment, formatMoney } from '../../domain/format.ts';

/** Amounts and dates as a person reads them (their locale, the shop's currency) and as CSV keeps them. */
describe('formatAmount: the shop currency in the person locale', () => {
  it.each([
    [320000, 'en-US', 'USD', '$3,200.00'],
    [-123456, 'de-DE', 'EUR', '-1.234,56 €'],
    [5, 'en-GB', 'GBP', '£0.05'],
    [99_999_999_999, 'en-IN', 'INR', '₹99,99,99,999.99'],
  ])('%i cents in %s, %s → %s', (cents, locale, currency, text) => {
    // Intl may use a narrow no-break space before the symbol; compare what a person sees.
    expect(formatAmount(cents, { locale, currency }).replace(/\s/g, ' ')).toBe(text);
  });

  it('never loses a cent to float rounding, at the largest amounts', () => {
    for (const cents of [1, 10, 99, 101, 2_147_483_647, 9_007_199_254_740_991]) {
      const shown = formatAmount(cents, { locale: 'en-US', currency: 'USD' }).replace(/[$,]/g, '');
      expect(shown).toBe(formatMoney(cents, { plain: true }));
    }
  });

  it('a currency the runtime does not know still shows the amount', () => {
    expect(formatAmount(100, { locale: 'en-US', currency: 'zz' })).toBe('1.00');
  });
});

describe('dates read like the date inputs, in the person locale', () => {
  it('a calendar date is the same day in every time zone', () => {
    expect(formatDay('2024-05-06', { locale: 'en-US' })).toBe('05/06/2024');
    expect(formatDay('2024-05-06', { locale: 'de-DE' })).toBe('06.05.2024');
    expect(formatDay('2024-05-06', { locale: 'en-GB' })).toBe('06/05/2024');
  });

  it('a timestamp is the local day, a moment has its time', () => {
    const at = new Date(2024, 4, 6, 23, 30);
    expect(formatDay(at.toISOString(), { locale: 'en-US' })).toBe('05/06/2024');
    expect(formatMoment(at.toISOString(), { locale: 'en-US' })).toBe('05/06/2024, 11:30 PM');
  });

  it('something that is no date is shown as it is', () => {
    expect(formatDay('soon', { locale: 'en-US' })).toBe('soon');
  });
});

describe('formatCell: the screen with a display, CSV without', () => {
  const display = { locale: 'en-US', currency: 'EUR' };
  it('money', () => {
    expect(formatCell('money', 123456, display)).toBe('€1,234.56');
    expect(formatCell('money', 123456)).toBe('1234.56');
  });
  it('dates', () => {
    expect(formatCell('date', '2024-05-06', display)).toBe('05/06/2024');
    expect(formatCell('date', new Date('2024-05-06T10:00:00Z'))).toBe('2024-05-06');
    expect(formatCell('datetime', new Date('2024-05-06T10:00:00Z'))).toBe('2024-05-06T10:00:00.000Z');
  });
  it('counts are grouped on screen only', () => {
    expect(formatCell('number', 12345, display)).toBe('12,345');
    expect(formatCell('number', 12345)).toBe('12345');
    expect(formatCount(1234567, { locale: 'de-DE' })).toBe('1.234.567');
  });
});
