import { css, cx } from 'styled-system/css';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/documents/payments.facts.ts';
import { formatAmount, formatMoment, formatPercent } from '../../../domain/format.ts';
import type { PosTerms } from '../../../domain/pos/till.facts.ts';
import type { Receipt } from '../../../machines/checkout/checkout.machine.ts';
import { useDisplay } from '../../app/display.ts';
import { BarcodeImage } from '../products/barcode-image.tsx';
import { weightText } from '../../../domain/pos/scale.ts';
import { unitPrice } from '../../../machines/checkout/cart.ts';

const paper = css({ w: '80mm', maxW: 'full', mx: 'auto', p: '4mm', bg: 'white', color: 'black', fontFamily: 'mono', fontSize: '12px', display: 'grid', gap: '2', boxShadow: 'md', '@media print': { boxShadow: 'none' } });
const rows = css({ w: 'full', borderCollapse: 'collapse', '& td': { py: '0.5', verticalAlign: 'top' }, '& td:last-child': { textAlign: 'right', whiteSpace: 'nowrap' } });
const center = css({ textAlign: 'center', whiteSpace: 'pre-line' });

/** The sale's receipt as printed on an 80 mm roll (src/theme/index.css `@page receipt`). */
export function ReceiptPaper({ receipt: r, terms }: { receipt: Receipt; terms: PosTerms }) {
  const display = useDisplay();
  const money = (v: number) => formatAmount(v, display);
  return (
    <article className={cx(paper, 'print-receipt')} aria-label="Receipt">
      <header className={center}>
        <strong>{terms.shop.name}</strong>
        {terms.shop.address && <div>{terms.shop.address}</div>}
        {terms.shop.tax_number && <div>Tax no. {terms.shop.tax_number}</div>}
        {terms.receipt_header && <div>{terms.receipt_header}</div>}
      </header>
      <div>
        {r.number ?? 'Not yet synced'} · {formatMoment(r.at, display)}
        <br />
        Cashier: {r.cashier}
        {r.customer && (
          <>
            <br />
            Customer: {r.customer.name}
          </>
        )}
      </div>
      <table className={rows}>
        <tbody>
          {r.lines.map((l, i) => (
            <tr key={i}>
              <td>
                {l.product.name}
                <br />
                {l.label?.grams != null && (
                  <>
                    {weightText(l.label.grams)} × {money(l.product.sale_price)}/kg
                    <br />
                  </>
                )}
                {l.quantity} × {money(unitPrice(l))}
                {r.totals.lines[i]!.discount > 0 && <> − {money(r.totals.lines[i]!.discount)}</>}
                {l.serials.length > 0 && (
                  <>
                    <br />
                    SN {l.serials.join(', ')}
                  </>
                )}
              </td>
              <td>{money(r.totals.lines[i]!.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className={rows}>
        <tbody>
          {r.totals.discount > 0 && (
            <tr>
              <td>Discount</td>
              <td>−{money(r.totals.discount)}</td>
            </tr>
          )}
          {r.totals.taxes.map((t) => (
            <tr key={t.rate}>
              <td>
                Tax {formatPercent(t.rate)}% on {money(t.base)}
              </td>
              <td>{money(t.tax)}</td>
            </tr>
          ))}
          {r.totals.documentTax > 0 && (
            <tr>
              <td>Order tax</td>
              <td>{money(r.totals.documentTax)}</td>
            </tr>
          )}
          <tr>
            <td>
              <strong>Total</strong>
            </td>
            <td>
              <strong>{money(r.totals.grandTotal)}</strong>
            </td>
          </tr>
          {r.payments.map((p, i) => (
            <tr key={i}>
              <td>{PAYMENT_METHODS[p.method as PaymentMethod] ?? p.method}</td>
              <td>{money(p.amount)}</td>
            </tr>
          ))}
          <tr>
            <td>Change</td>
            <td>{money(r.change)}</td>
          </tr>
        </tbody>
      </table>
      {r.number && <BarcodeImage code={r.number} className={css({ justifySelf: 'center', maxW: 'full', h: '12mm' })} />}
      {terms.receipt_footer && <footer className={center}>{terms.receipt_footer}</footer>}
    </article>
  );
}
