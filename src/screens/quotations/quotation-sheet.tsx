import { css } from 'styled-system/css';
import type { IssuedCustomer, IssuedShop } from '../../../domain/documents/invoice.ts';
import { formatAmount, formatDay, type Display } from '../../../domain/format.ts';
import type { QuotationDoc } from '../../../machines/quotations/quotation-view.selectors.ts';
import { BillTo, head, muted, PaperLines, pct, sheet, ShopBlock, sums, titleCss } from '../documents/paper.tsx';

/** A quotation as its answer carries it for print: the shop and the customer as they are now. */
export type PrintedQuotation = QuotationDoc & { shop: IssuedShop; customer: IssuedCustomer | null };

// On screen the page shows the document; on paper, this sheet alone (src/theme/index.css `.print-invoice`).
const printOnly = css({ display: 'none', '@media print': { display: 'grid' } });

/** The quotation on paper, as the invoice is (src/screens/documents/paper.tsx): the shop, who it is for, its number, date and validity, lines, totals. */
export function QuotationSheet({ doc: d, display }: { doc: PrintedQuotation; display: Display }) {
  const money = (v: number) => formatAmount(v, { locale: display.locale, currency: d.shop.currency });
  const day = (v: string) => formatDay(v, display);
  const rows: [string, number][] = [
    ['Subtotal (without tax)', d.subtotal],
    ['Tax on the lines', d.line_tax],
    ...(d.discount_total ? [['Discount', -d.discount_total] as [string, number]] : []),
    ...(d.document_tax ? [[`Order tax ${pct(d.tax_bps)}`, d.document_tax] as [string, number]] : []),
    ...(d.shipping_total ? [['Shipping', d.shipping_total] as [string, number]] : []),
  ];
  return (
    <article className={`print-invoice ${sheet} ${printOnly}`} aria-label={`Quotation ${d.reference}`}>
      <header className={head}>
        <ShopBlock shop={d.shop} />
        <div className={css({ display: 'grid', gap: '1', textAlign: { base: 'start', sm: 'end' } })}>
          <h2 className={titleCss}>Quotation</h2>
          <span>
            Number <strong>{d.reference}</strong>
          </span>
          <span>Date {day(d.quoted_on)}</span>
          <span>
            Valid until <strong>{day(d.valid_until)}</strong>
          </span>
        </div>
      </header>
      <BillTo customer={d.customer} label="Quotation for" />
      <PaperLines lines={d.lines.map((l) => ({ ...l, name: l.product_name }))} money={money} />
      <table className={sums} aria-label="Totals">
        <tbody>
          {rows.map(([label, v]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{money(v)}</td>
            </tr>
          ))}
          <tr data-strong="">
            <th scope="row">Total</th>
            <td>{money(d.grand_total)}</td>
          </tr>
        </tbody>
      </table>
      {d.note ? <p className={css({ whiteSpace: 'pre-line' })}>{d.note}</p> : null}
      <footer className={`${muted} ${css({ fontSize: 'xs' })}`}>
        Prices in {d.shop.currency}
        {d.prices_include_tax ? ', tax included' : ''}. This offer is valid until {day(d.valid_until)}; it is not an invoice.
      </footer>
    </article>
  );
}
