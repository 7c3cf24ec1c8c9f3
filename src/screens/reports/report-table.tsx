import { css } from 'styled-system/css';
import type { ColumnDef } from '../../../domain/resource.ts';
import type { ReportResponse } from '../../../domain/insight/reports.ts';
import { formatCell, type Display } from '../../../domain/format.ts';

const NUMERIC = new Set(['money', 'number', 'percent']);
const isNumeric = (c: ColumnDef) => NUMERIC.has(c.kind ?? 'text');

/*
 * On screen in the theme's colours; on paper black on white in 9 pt, the header repeated on every
 * page and no row split. At 390 px the table scrolls sideways inside its box, never the page.
 */
const scroller = css({ overflowX: 'auto', maxW: 'full', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', bg: 'bg.default', '@media print': { overflow: 'visible', border: '0', borderRadius: '0' } });
const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { py: '2', px: '3', textAlign: 'start', whiteSpace: 'nowrap', borderBottomWidth: '1px', borderColor: 'border.default' },
  '& thead th': { fontWeight: 'semibold', bg: 'bg.muted', color: 'fg.muted', fontSize: 'xs', textTransform: 'uppercase', letterSpacing: '0.03em' },
  '& [data-num]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  '& tfoot > tr > *': { fontWeight: 'bold', borderTopWidth: '2px', borderBottomWidth: '0' },
  '& tbody tr:hover': { bg: 'bg.subtle' },
  '@media print': {
    fontSize: '9pt',
    color: 'black',
    '& th, & td': { py: '1', px: '1.5', borderColor: '#ccc' },
    '& thead th': { bg: '#f0f0f0', color: 'black' },
    '& thead': { display: 'table-header-group' },
    '& tr': { breakInside: 'avoid' },
    '& tbody tr:hover': { bg: 'transparent' },
  },
});

/** A report's rows under its kind's columns, with the totals row (the first column, a name or a day, says Total; only money and counts are summed). */
export function ReportTable({ title, columns, data, display }: { title: string; columns: readonly ColumnDef[]; data: ReportResponse; display: Display }) {
  return (
    <div className={scroller} role="region" aria-label={`${title}, the table`} tabIndex={0}>
      <table className={table}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.name} scope="col" data-num={isNumeric(c) || undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row, i) => (
            <tr key={String(row.id ?? i)}>
              {columns.map((c) => (
                <td key={c.name} data-num={isNumeric(c) || undefined}>
                  {formatCell(c.kind, row[c.name], display)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            {columns.map((c, i) => {
              const total = data.totals[c.name];
              if (i === 0) return <th key={c.name} scope="row">Total</th>;
              return (
                <td key={c.name} data-num={isNumeric(c) || undefined}>
                  {typeof total === 'number' && c.total !== false ? formatCell(c.kind, total, display) : ''}
                </td>
              );
            })}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
