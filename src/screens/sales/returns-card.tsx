import { css } from 'styled-system/css';
import { issuedHref } from '../../../domain/documents/invoice.ts';
import { formatAmount, formatDay } from '../../../domain/format.ts';
import { returnsOf, type SaleDoc } from '../../../machines/sales/sale-view.selectors.ts';
import { useDisplay } from '../../app/display.ts';
import { AppLink } from '../../components/ui/link.tsx';
import { methodLabel } from '../documents/payments-card.tsx';
import { TableCard } from '../documents/table-card.tsx';

const link = css({ color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px' });
const muted = css({ color: 'fg.muted' });

/** A sale's returns (none: no card): each one's reference, date, value and refunds by method, and the credit note it issued. */
export function ReturnsCard({ doc }: { doc: SaleDoc }) {
  const display = useDisplay();
  return (
    <TableCard
      id="returns"
      title="Returns"
      rows={returnsOf(doc)}
      columns={[
        {
          label: 'Return',
          cell: (r) => (
            <>
              <div className={css({ fontWeight: 'medium' })}>{r.reference}</div>
              <div className={muted}>{formatDay(r.returned_on, display)}</div>
              {r.creditNote ? (
                <AppLink href={issuedHref('creditNote', r.creditNote.id)} className={link}>
                  Credit note {r.creditNote.number}
                </AppLink>
              ) : null}
              {r.note ? <div className={muted}>{r.note}</div> : null}
            </>
          ),
        },
        {
          label: 'Refunds',
          cell: (r) =>
            r.refunds.length === 0 ? (
              <span className={muted}>None</span>
            ) : (
              r.refunds.map((p) => (
                <div key={p.id}>
                  {methodLabel(p.method)} {formatAmount(p.amount, display)}
                </div>
              ))
            ),
        },
        { label: 'Value', num: true, cell: (r) => formatAmount(r.grand_total, display) },
      ]}
    />
  );
}
