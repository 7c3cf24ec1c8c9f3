import { css } from 'styled-system/css';
import { PAYMENT_METHODS, type PaymentMethod, type ShownPayment } from '../../../domain/documents/payments.facts.ts';
import { formatAmount, formatDay } from '../../../domain/format.ts';
import { useDisplay } from '../../app/display.ts';
import { DocCard } from './cards.tsx';
import { docTable } from './styles.ts';

/** A document's payments, each with its date, method, amount and note. */
export function PaymentsCard({ payments }: { payments: readonly ShownPayment[] }) {
  const display = useDisplay();
  return (
    <DocCard id="payments" title="Payments">
        {payments.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '2' })}>Nothing paid yet.</p>
        ) : (
          <table aria-labelledby="payments-title" className={docTable}>
            <thead>
              <tr>
                <th>Date</th>
                <th>Method</th>
                <th data-num="">Amount</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td>
                    {formatDay(p.paid_on, display)}
                    {p.note ? <div className={css({ color: 'fg.muted' })}>{p.note}</div> : null}
                  </td>
                  <td>{PAYMENT_METHODS[p.method as PaymentMethod] ?? p.method}</td>
                  <td data-num="">{formatAmount(p.amount, display)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </DocCard>
  );
}
