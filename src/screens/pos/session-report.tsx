import { css, cx } from 'styled-system/css';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/documents/payments.facts.ts';
import { formatAmount, formatMoment } from '../../../domain/format.ts';
import { CASH_DIRECTIONS, type RegisterSession } from '../../../domain/pos/till.facts.ts';
import { useDisplay } from '../../app/display.ts';
import { sheet } from '../documents/paper.tsx';

export const methodName = (m: string) => PAYMENT_METHODS[m as PaymentMethod] ?? m;

/*
 * Printed alone (src/theme/index.css): on the till, on the receipt's 80 mm roll (`print-receipt`);
 * on the session's page, on A4 (`print-invoice`). Paper in both themes: black on white.
 */
const roll = css({ w: '80mm', maxW: 'full', mx: 'auto', p: '4mm', bg: 'white', color: 'black', fontFamily: 'mono', fontSize: '12px', display: 'grid', gap: '2', boxShadow: 'md', '@media print': { boxShadow: 'none' } });
const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  '& th, & td': { py: '0.5', pr: '1', textAlign: 'right', fontVariantNumeric: 'tabular-nums', verticalAlign: 'top' },
  '& th:first-child, & td:first-child': { textAlign: 'left' },
  '& thead th': { fontWeight: 'semibold', borderBottom: '1px solid #999' },
  '& tfoot > tr > *': { fontWeight: 'bold', borderTop: '1px solid #999' },
});
const heading = css({ fontWeight: 'bold', fontSize: '1.1em' });

/**
 * A register session's closing report (or, while open, what is expected so far): opening float,
 * sales and refunds, cash in and out with their reasons, expected against counted per method with
 * the difference, who opened and closed it, and when.
 */
export function SessionReport({ session: s, paper }: { session: RegisterSession; paper: 'roll' | 'sheet' }) {
  const display = useDisplay();
  const money = (v: number) => formatAmount(v, display);
  const at = (v: string) => formatMoment(v, display);
  const closed = s.status === 'closed';
  const cashIn = s.movements.filter((m) => m.direction === 'in').reduce((n, m) => n + m.amount, 0);
  const cashOut = s.movements.filter((m) => m.direction === 'out').reduce((n, m) => n + m.amount, 0);
  return (
    <article className={cx(paper === 'roll' ? roll : sheet, paper === 'roll' ? 'print-receipt' : 'print-invoice')} aria-labelledby={`report-${s.id}`}>
      <header>
        <h2 id={`report-${s.id}`} className={heading}>
          {closed ? 'Closing report' : 'Session report (open)'} · {s.reference}
        </h2>
        <div>
          Opened {at(s.opened_at)} by {s.opened_by.name}
        </div>
        <div>{closed && s.closed_at ? `Closed ${at(s.closed_at)} by ${s.closed_by?.name ?? s.opened_by.name}` : 'Not closed yet'}</div>
      </header>
      <table className={table}>
        <tbody>
          <tr>
            <td>Opening float</td>
            <td>{money(s.opening_float)}</td>
          </tr>
          <tr>
            <td>Sales ({s.sales.count})</td>
            <td>{money(s.sales.total)}</td>
          </tr>
          <tr>
            <td>Refunds ({s.refunds.count})</td>
            <td>{money(s.refunds.total)}</td>
          </tr>
          <tr>
            <td>Cash in</td>
            <td>{money(cashIn)}</td>
          </tr>
          <tr>
            <td>Cash out</td>
            <td>{money(cashOut)}</td>
          </tr>
        </tbody>
      </table>
      {s.movements.length > 0 && (
        <table className={table} aria-label="Cash in and out">
          <thead>
            <tr>
              <th>Cash moved</th>
              <th>Amount</th>
            </tr>
          </thead>
          <tbody>
            {s.movements.map((m) => (
              <tr key={m.id}>
                <td>
                  {CASH_DIRECTIONS[m.direction]}: {m.reason}
                  <br />
                  <small>
                    {at(m.at)} · {m.by}
                  </small>
                </td>
                <td>{m.direction === 'out' ? `−${money(m.amount)}` : money(m.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className={table} aria-label="Expected and counted">
        <thead>
          <tr>
            <th>Method</th>
            <th>Expected</th>
            <th>Counted</th>
            <th>Diff.</th>
          </tr>
        </thead>
        <tbody>
          {s.methods.map((m) => (
            <tr key={m.method}>
              <td>{methodName(m.method)}</td>
              <td>{money(m.expected)}</td>
              <td>{m.counted === null ? '—' : money(m.counted)}</td>
              <td>{m.difference === null ? '—' : money(m.difference)}</td>
            </tr>
          ))}
        </tbody>
        {s.difference !== null && (
          <tfoot>
            <tr>
              <td colSpan={3}>{s.difference === 0 ? 'No difference' : s.difference > 0 ? 'Over' : 'Short'}</td>
              <td>{money(s.difference)}</td>
            </tr>
          </tfoot>
        )}
      </table>
      {s.note && <p>Opening note: {s.note}</p>}
      {s.close_note && <p>Closing note: {s.close_note}</p>}
    </article>
  );
}
