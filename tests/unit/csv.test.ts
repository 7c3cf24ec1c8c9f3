import { describe, expect, it } from 'vitest';
import { toCsv } from '../../server/crud/csv.ts';

describe('toCsv', () => {
  const columns = [
    { name: 'name', label: 'Name' },
    { name: 'difference', label: 'Difference', kind: 'money' as const },
  ];

  it('defuses text a spreadsheet would run as a formula, but leaves a negative amount a number', () => {
    const text = toCsv(columns, [
      { id: 1, name: '-2+3', difference: -375 },
      { id: 2, name: '=SUM(A1)', difference: 1200 },
    ]);
    expect(text.split('\r\n').slice(1, 3)).toEqual(["'-2+3,-3.75", "'=SUM(A1),12.00"]);
  });
});
