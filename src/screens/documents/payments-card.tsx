import { css } from 'styled-system/css';
import { PAYMENT_METHODS, type PaymentMethod, type ShownPayment } from '../../../domain/documents/payments.facts.ts';
import { formatAmount, formatDay } from '../../../domain/format.ts';
import { useDisplay } from '../../app/display.ts';
import { TableCard } from './table-card.tsx';

/** A payment's method as a person reads it ("Bank transfer"). */
export const methodLabel = (method: string) => PAYMENT_METHODS[method as PaymentMethod] ?? method;

/** A document's payments, each with its date, method, amount and note. */
export function PaymentsCard({ payments }: { payments: readonly ShownPayment[] }) {
  const display = useDisplay();
  return (
    <TableCard
      id="payments"
      title="Payments"
      rows={payments}
      empty="Nothing paid yet."
      columns={[
        {
          label: 'Date',
          cell: (p) => (
            <>
              {formatDay(p.paid_on, display)}
              {p.note ? <div className={css({ color: 'fg.muted' })}>{p.note}</div> : null}
            </>
          ),
        },
        { label: 'Method', cell: (p) => methodLabel(p.method) },
        { label: 'Amount', num: true, cell: (p) => formatAmount(p.amount, display) },
      ]}
    />
  );
}
