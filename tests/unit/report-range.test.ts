/** A report's range (domain/insight/report-range.ts): presets on any day, the address, and the server's rule said before asking. */
import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, rangeFromSearch, rangeProblem, rangeSearch } from '../../domain/insight/report-range.ts';

describe('report ranges', () => {
  it('presets, across the turn of a year and a leap February', () => {
    expect(presetRange('lastMonth', '2026-01-09')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('thisMonth', '2026-11-15')).toEqual({ from: '2026-11-01', to: '2026-11-15' });
    expect(presetRange('last30', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('thisYear', '2026-11-15')).toEqual({ from: '2026-01-01', to: '2026-11-15' });
  });

  it('the address names the range, else last month; a range that is a preset says which', () => {
    expect(rangeFromSearch('?from=2026-05-01&to=2026-05-07', '2026-11-15')).toEqual({ from: '2026-05-01', to: '2026-05-07' });
    expect(rangeFromSearch('?from=2026-05-01', '2026-11-15')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(rangeSearch({ from: '2026-05-01', to: '2026-05-07' })).toBe('?from=2026-05-01&to=2026-05-07');
    expect(presetOf({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-15')).toBe('lastMonth');
    expect(presetOf({ from: '2026-10-02', to: '2026-10-31' }, '2026-11-15')).toBeNull();
  });

  it('refuses what the server refuses, under the field to fix', () => {
    expect(rangeProblem({ from: '2026-01-01', to: '2026-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toMatchObject({ field: 'from' });
    expect(rangeProblem({ from: '2026-03-01', to: 'soon' })).toMatchObject({ field: 'to' });
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ field: 'to', message: 'The last day cannot be before the first day.' });
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-01' })).toBeNull();
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toMatchObject({ field: 'to', message: 'Choose at most 366 days; this range has 367.' });
  });
});
