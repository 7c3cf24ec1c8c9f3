import { formatCell } from '../../domain/format.ts';
import type { ColumnDef, Row } from '../../domain/resource.ts';

/**
 * RFC 4180 CSV with a BOM so spreadsheet programs read UTF-8. Values stay machine-readable:
 * plain numbers (amounts as 1234.56, no currency or grouping) and ISO dates. A cell that starts with
 * = + - @ is prefixed with ' so a spreadsheet never runs it as a formula; a number is written as it
 * is (a negative amount, -3.75, stays a number a spreadsheet can add up).
 */
export function toCsv(columns: readonly ColumnDef[], rows: readonly Row[]): string {
  const cell = (text: string, number = false) => {
    const safe = !number && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [columns.map((c) => cell(c.label)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(formatCell(c.kind, row[c.name]), typeof row[c.name] === 'number')).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
