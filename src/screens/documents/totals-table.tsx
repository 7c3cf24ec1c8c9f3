import { css } from 'styled-system/css';
import type { DocumentTotals } from '../../../domain/documents/totals.ts';
import { formatAmount } from '../../../domain/format.ts';
import { useDisplay } from '../../app/display.ts';

export type ShownTotals = Pick<DocumentTotals, 'subtotal' | 'lineTax' | 'linesTotal' | 'discount' | 'documentTax' | 'shipping' | 'grandTotal'>;

/** A saved document's stored totals in the totals function's words. */
export const storedTotals = (d: { subtotal: number; line_tax: number; lines_total: number; discount_total: number; document_tax: number; shipping_total: number; grand_total: number }): ShownTotals => ({
  subtotal: d.subtotal,
  lineTax: d.line_tax,
  linesTotal: d.lines_total,
  discount: d.discount_total,
  documentTax: d.document_tax,
  shipping: d.shipping_total,
  grandTotal: d.grand_total,
});

/** The totals a document comes to: the same function, the same figures, as the server stores. */
export function TotalsTable({ totals }: { totals: ShownTotals }) {
  const display = useDisplay();
  const rows: [string, number][] = [
    ['Subtotal (without tax)', totals.subtotal],
    ['Line tax', totals.lineTax],
    ['Lines total', totals.linesTotal],
    ['Order discount', -totals.discount],
    ['Order tax', totals.documentTax],
    ['Shipping', totals.shipping],
  ];
  return (
    <table aria-label="Totals" className={css({ w: 'full', alignSelf: 'start', fontSize: 'sm', '& td': { py: '1.5', fontVariantNumeric: 'tabular-nums', textAlign: 'end' }, '& th': { py: '1.5', textAlign: 'start', fontWeight: 'normal', color: 'fg.muted' } })}>
      <tbody>
        {rows.map(([label, v]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{formatAmount(v, display)}</td>
          </tr>
        ))}
        <tr className={css({ borderTopWidth: '1px', borderColor: 'border.default', '& th, & td': { fontWeight: 'bold', color: 'fg.default', fontSize: 'md', pt: '2' } })}>
          <th scope="row">Grand total</th>
          <td>{formatAmount(totals.grandTotal, display)}</td>
        </tr>
      </tbody>
    </table>
  );
}
