import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { DocCard } from './cards.tsx';
import { DocTable } from './table-card.tsx';
import { TotalsTable, type ShownTotals } from './totals-table.tsx';

export interface ShownLine {
  id: number;
  product_name: string;
  sku: string;
}

/** One column of a document's lines, as its kind declares it (Ordered, Received, Unit cost…). */
export interface LineColumn<L> {
  label: string;
  value(line: L): ReactNode;
}

/** The lines as they stand, with the kind's columns, the stored totals and the note. */
export function LinesCard<L extends ShownLine>({ lines, columns, totals, note }: { lines: readonly L[]; columns: readonly LineColumn<L>[]; totals: ShownTotals; note: string | null }) {
  return (
    <DocCard id="lines" title="Products" grid>
        {/* A phone gets one card per line; wider screens the table. */}
        <ul aria-label="Products" className={css({ display: { base: 'grid', md: 'none' }, gap: '3' })}>
          {lines.map((l) => (
            <li key={l.id} className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3', fontSize: 'sm' })}>
              <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
                {l.product_name} <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>{l.sku}</span>
              </p>
              <dl className={css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '2', mt: '2', '& dt': { color: 'fg.muted', fontSize: 'xs' }, '& dd': { fontVariantNumeric: 'tabular-nums' } })}>
                {columns.map((c) => (
                  <div key={c.label}>
                    <dt>{c.label}</dt>
                    <dd>{c.value(l)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        <div className={css({ overflowX: 'auto', display: { base: 'none', md: 'block' } })}>
          <DocTable
            labelledBy="lines-title"
            rows={lines}
            columns={[
              {
                label: 'Product',
                cell: (l) => (
                  <>
                    {l.product_name} <span className={css({ color: 'fg.muted' })}>{l.sku}</span>
                  </>
                ),
              },
              ...columns.map((c) => ({ label: c.label, num: true, cell: c.value })),
            ]}
          />
        </div>
        <div className={css({ maxW: 'md', justifySelf: 'end', w: 'full' })}>
          <TotalsTable totals={totals} />
        </div>
        {note ? <p className={css({ fontSize: 'sm', color: 'fg.muted', whiteSpace: 'pre-wrap' })}>{note}</p> : null}
    </DocCard>
  );
}
