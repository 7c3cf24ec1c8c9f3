import { css } from 'styled-system/css';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/documents/payments.facts.ts';
import { issuedHref } from '../../../domain/documents/invoice.ts';
import { formatAmount, formatDay } from '../../../domain/format.ts';
import { returnsOf, type SaleDoc } from '../../../machines/sales/sale-view.selectors.ts';
import { useDisplay } from '../../app/display.ts';
import { AppLink } from '../../components/ui/link.tsx';
import { DocCard } from '../documents/cards.tsx';
import { docTable } from '../documents/styles.ts';

const link = css({ color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px' });

/** A sale's returns: each one's reference, date, value and refunds by method, and the credit note it issued. */
export function ReturnsCard({ doc }: { doc: SaleDoc }) {
  const display = useDisplay();
  const returns = returnsOf(doc);
  if (returns.length === 0) return null;
  return (
    <DocCard id="returns" title="Returns">
      <table aria-labelledby="returns-title" className={docTable}>
        <thead>
          <tr>
            <th>Return</th>
            <th>Refunds</th>
            <th data-num="">Value</th>
          </tr>
        </thead>
        <tbody>
          {returns.map((r) => (
            <tr key={r.id}>
              <td>
                <div className={css({ fontWeight: 'medium' })}>{r.reference}</div>
                <div className={css({ color: 'fg.muted' })}>{formatDay(r.returned_on, display)}</div>
                {r.creditNote ? (
                  <AppLink href={issuedHref('creditNote', r.creditNote.id)} className={link}>
                    Credit note {r.creditNote.number}
                  </AppLink>
                ) : null}
                {r.note ? <div className={css({ color: 'fg.muted' })}>{r.note}</div> : null}
              </td>
              <td>
                {r.refunds.length === 0 ? (
                  <span className={css({ color: 'fg.muted' })}>None</span>
                ) : (
                  r.refunds.map((p) => (
                    <div key={p.id}>
                      {PAYMENT_METHODS[p.method as PaymentMethod] ?? p.method} {formatAmount(p.amount, display)}
                    </div>
                  ))
                )}
              </td>
              <td data-num="">{formatAmount(r.grand_total, display)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </DocCard>
  );
}
