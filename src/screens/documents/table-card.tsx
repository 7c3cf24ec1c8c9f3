import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { DocCard } from './cards.tsx';
import { docTable } from './styles.ts';

/** A column of a card's table: its heading, whether it holds amounts (drawn to the end), and each row's cell. */
export interface CardColumn<R> {
  label: string;
  num?: boolean;
  cell(row: R): ReactNode;
}

const num = (c: CardColumn<never>) => (c.num ? { 'data-num': '' } : {});

/** A document page's card that is a table (its payments, a sale's returns), named by its heading; without rows it says `empty`, or is not drawn when there is nothing to say. */
export function TableCard<R extends { id: number }>({ id, title, rows, columns, empty }: { id: string; title: string; rows: readonly R[]; columns: readonly CardColumn<R>[]; empty?: string }) {
  if (rows.length === 0 && !empty) return null;
  return (
    <DocCard id={id} title={title}>
      {rows.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '2' })}>{empty}</p>
      ) : (
        <DocTable labelledBy={`${id}-title`} rows={rows} columns={columns} />
      )}
    </DocCard>
  );
}

/** A document's table: a heading per column, a row per item, amounts drawn to the end; named by the heading `labelledBy`. */
export function DocTable<R extends { id: number }>({ labelledBy, rows, columns }: { labelledBy: string; rows: readonly R[]; columns: readonly CardColumn<R>[] }) {
  return (
    <table aria-labelledby={labelledBy} className={docTable}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} {...num(c as CardColumn<never>)}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            {columns.map((c) => (
              <td key={c.label} {...num(c as CardColumn<never>)}>
                {c.cell(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
