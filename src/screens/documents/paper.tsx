import { css } from 'styled-system/css';
import type { IssuedCustomer, IssuedShop } from '../../../domain/documents/invoice.ts';

/*
 * The sheet looks like paper in both themes (an invoice is white), and prints on A4 alone
 * (src/theme/index.css, `.print-invoice`): the app's chrome hidden, the column headers repeated
 * on every page (thead), no line split across pages, the totals kept together.
 */
export const sheet = css({
  bg: 'white',
  color: '#1a1a1a',
  colorScheme: 'light',
  borderRadius: 'lg',
  boxShadow: 'md',
  p: { base: '4', md: '10' },
  maxW: '210mm',
  w: 'full',
  mx: 'auto',
  fontSize: 'sm',
  display: 'grid',
  gap: '6',
  '@media print': { boxShadow: 'none', borderRadius: '0', p: '0', maxW: 'none', fontSize: '10pt' },
});
export const muted = css({ color: '#555' });
export const head = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '4' });
export const titleCss = css({ fontSize: '2xl', fontWeight: 'bold', letterSpacing: '0.04em', textTransform: 'uppercase', textAlign: { base: 'start', sm: 'end' } });
export const lineTable = css({
  w: 'full',
  borderCollapse: 'collapse',
  '& th': { textAlign: 'start', fontWeight: 'semibold', bg: '#f0f0f0', py: '1.5', px: '2', fontSize: 'xs', whiteSpace: 'nowrap' },
  '& td': { py: '1.5', px: '2', borderBottom: '1px solid #ddd', verticalAlign: 'top' },
  '& [data-num]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& thead': { display: 'table-header-group' },
  '& tr': { breakInside: 'avoid' },
  // At 390 px the discount and tax columns give way to the description; print shows them all.
  '& [data-wide]': { display: { base: 'none', md: 'table-cell' }, '@media print': { display: 'table-cell' } },
});
export const sums = css({ justifySelf: 'end', minW: { base: 'full', sm: '72' }, breakInside: 'avoid', '@media print': { minW: '90mm', w: 'auto' }, borderCollapse: 'collapse', '& th': { textAlign: 'start', fontWeight: 'normal', py: '1', pr: '6' }, '& td': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', py: '1' }, '& tr[data-strong] > *': { fontWeight: 'bold', borderTop: '1px solid #999' } });
export const hidePrint = css({ '@media print': { display: 'none' } });

export const pct = (bps: number) => `${bps / 100}%`;

/** The shop as a printed document heads it (an invoice, a credit note, a quotation): logo, name, address, contacts, tax number. */
export function ShopBlock({ shop }: { shop: IssuedShop }) {
  return (
    <div className={css({ display: 'grid', gap: '1', maxW: '80' })}>
      {shop.logo ? <img src={shop.logo} alt="" className={css({ maxH: '14', maxW: '40', objectFit: 'contain' })} /> : null}
      <strong className={css({ fontSize: 'lg' })}>{shop.name}</strong>
      {shop.address ? <span className={css({ whiteSpace: 'pre-line' })}>{shop.address}</span> : null}
      {shop.phone || shop.email ? <span className={muted}>{[shop.phone, shop.email].filter(Boolean).join(' · ')}</span> : null}
      {shop.tax_number ? <span>Tax number: {shop.tax_number}</span> : null}
    </div>
  );
}

/** Who a printed document is for (`label`: "Bill to", "Quotation for"); none: a walk-in customer. */
export function BillTo({ customer: c, label = 'Bill to' }: { customer: IssuedCustomer | null; label?: string }) {
  return (
    <section aria-label={label} className={css({ display: 'grid', gap: '0.5' })}>
      <span className={css({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', color: '#555' })}>{label}</span>
      {c ? (
        <>
          <strong>{c.name}</strong>
          {c.address ? <span className={css({ whiteSpace: 'pre-line' })}>{c.address}</span> : null}
          {c.city || c.country ? <span>{[c.city, c.country].filter(Boolean).join(', ')}</span> : null}
          {c.email ? <span className={muted}>{c.email}</span> : null}
          {c.tax_number ? <span>Tax number: {c.tax_number}</span> : null}
        </>
      ) : (
        <span>Walk-in customer</span>
      )}
    </section>
  );
}

/** A printed document's lines: number, description and SKU, quantity, unit price, discount, tax rate, amount (the header repeats on every printed page). */
export function PaperLines({ lines, money }: { lines: readonly { name: string; sku: string | null; quantity: number; unit_price: number; discount: number; tax_bps: number; total: number }[]; money(v: number): string }) {
  return (
    <table className={lineTable} aria-label="Lines">
      <thead>
        <tr>
          <th>#</th>
          <th>Description</th>
          <th data-num>Qty</th>
          <th data-num>Unit price</th>
          <th data-num data-wide>
            Discount
          </th>
          <th data-num data-wide>
            Tax
          </th>
          <th data-num>Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={i}>
            <td>{i + 1}</td>
            <td>
              {l.name}
              {l.sku ? <span className={muted}> · {l.sku}</span> : null}
            </td>
            <td data-num>{l.quantity}</td>
            <td data-num>{money(l.unit_price)}</td>
            <td data-num data-wide>
              {l.discount ? money(l.discount) : ''}
            </td>
            <td data-num data-wide>
              {pct(l.tax_bps)}
            </td>
            <td data-num>{money(l.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
