import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { ISSUED_KINDS, issuedHref, type IssuedShown } from '../../../domain/documents/invoice.ts';
import { PAYMENT_METHODS } from '../../../domain/documents/payments.ts';
import { adminHref } from '../../../domain/paths.ts';
import { formatAmount, formatDay } from '../../../domain/format.ts';
import { selectRecord, selectRecordCan } from '../../../machines/record.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useDisplay } from '../../app/display.ts';
import { useSelector } from '../../app/use-selector.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { issuedKindOf } from '../../pages/loaders/issued.ts';
import { issuedRecordMachine } from '../../resources/document-providers.ts';
import { PageHeader } from '../resource/page-header.tsx';
import type { ScreenProps } from '../screen-props.ts';

/*
 * The sheet looks like paper in both themes (an invoice is white), and prints on A4 alone
 * (src/theme/index.css, `.print-invoice`): the app's chrome hidden, the column headers repeated
 * on every page (thead), no line split across pages, the totals kept together.
 */
const sheet = css({
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
const muted = css({ color: '#555' });
const head = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '4' });
const titleCss = css({ fontSize: '2xl', fontWeight: 'bold', letterSpacing: '0.04em', textTransform: 'uppercase', textAlign: { base: 'start', sm: 'end' } });
const lineTable = css({
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
const sums = css({ justifySelf: 'end', minW: { base: 'full', sm: '72' }, breakInside: 'avoid', '@media print': { minW: '90mm', w: 'auto' }, borderCollapse: 'collapse', '& th': { textAlign: 'start', fontWeight: 'normal', py: '1', pr: '6' }, '& td': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', py: '1' }, '& tr[data-strong] > *': { fontWeight: 'bold', borderTop: '1px solid #999' } });
const hidePrint = css({ '@media print': { display: 'none' } });

const pct = (bps: number) => `${bps / 100}%`;

/** An invoice's or a credit note's page: the document as issued, like paper, with Print and Download PDF. */
export default function IssuedRoute({ params, screen, data }: ScreenProps) {
  const system = useAppSystem();
  const kind = issuedKindOf(screen);
  const machine = useMemo(() => issuedRecordMachine(system, kind), [system, kind]);
  const actor = useActorRef(machine, { input: { id: params.id ?? '', data: data as Record<string, unknown> | undefined }, inspect: system.inspect });
  const record = useSelector(actor, selectRecord);
  const can = useSelector(actor, selectRecordCan);
  const display = useDisplay();
  const what = ISSUED_KINDS[kind].title.toLowerCase();

  if (record.phase === 'failed') {
    return (
      <AlertMessage variant="centered" title={`This ${what} could not be loaded.`} onRetry={() => actor.send({ type: 'record.retry' })}>
        {record.error}
      </AlertMessage>
    );
  }
  if (!record.data) {
    return (
      <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
        <Spinner size="lg" label={`Loading the ${what}`} />
      </div>
    );
  }
  const d = record.data as unknown as IssuedShown;
  const money = (v: number) => formatAmount(v, { locale: display.locale, currency: d.shop.currency });
  const day = (v: string) => formatDay(v, display);
  const c = d.customer;
  return (
    <div className={css({ display: 'grid', gap: '4' })}>
      <div className={hidePrint}>
        <PageHeader
          subtitle={
            d.sale ? (
              <AppLink href={adminHref('/sales/edit/:id', { id: d.sale.id })} className={css({ color: 'primary.fg' })}>
                ← Sale {d.sale.reference}
              </AppLink>
            ) : d.order ? (
              <AppLink href={adminHref('/orders/:id', { id: d.order.id })} className={css({ color: 'primary.fg' })}>
                ← Order {d.order.reference}
              </AppLink>
            ) : null
          }
          actions={
            <>
              <Button variant="outline" size="sm" disabled={!can.print} onClick={() => actor.send({ type: 'record.print' })}>
                <Icon name="receipt" size="sm" />
                Print
              </Button>
              <Button variant="solid" size="sm" disabled={!can.download} loading={can.downloading} onClick={() => actor.send({ type: 'record.download' })}>
                <Icon name="download" size="sm" />
                Download PDF
              </Button>
            </>
          }
        />
      </div>
      <article className={`print-invoice ${sheet}`} aria-label={`${ISSUED_KINDS[kind].title} ${d.number}`}>
        <header className={head}>
          <div className={css({ display: 'grid', gap: '1', maxW: '80' })}>
            {d.shop.logo ? <img src={d.shop.logo} alt="" className={css({ maxH: '14', maxW: '40', objectFit: 'contain' })} /> : null}
            <strong className={css({ fontSize: 'lg' })}>{d.shop.name}</strong>
            {d.shop.address ? <span className={css({ whiteSpace: 'pre-line' })}>{d.shop.address}</span> : null}
            {d.shop.phone || d.shop.email ? <span className={muted}>{[d.shop.phone, d.shop.email].filter(Boolean).join(' · ')}</span> : null}
            {d.shop.tax_number ? <span>Tax number: {d.shop.tax_number}</span> : null}
          </div>
          <div className={css({ display: 'grid', gap: '1', textAlign: { base: 'start', sm: 'end' } })}>
            <h1 className={titleCss}>{ISSUED_KINDS[kind].title}</h1>
            <span>
              Number <strong>{d.number}</strong>
            </span>
            <span>Issued {day(d.issued_on)}</span>
            {d.sale ? (
              <span className={muted}>
                Sale {d.sale.reference} of {day(d.sale.sold_on)}
              </span>
            ) : d.order ? (
              <span className={muted}>
                Order {d.order.reference} of {day(d.order.ordered_on)}
              </span>
            ) : null}
            {d.invoice ? (
              <span>
                Corrects invoice{' '}
                <AppLink href={issuedHref('invoice', d.invoice.id)} className={css({ fontWeight: 'semibold', textDecoration: 'underline' })}>
                  {d.invoice.number}
                </AppLink>
              </span>
            ) : null}
          </div>
        </header>
        <section aria-label="Bill to" className={css({ display: 'grid', gap: '0.5' })}>
          <span className={css({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', color: '#555' })}>Bill to</span>
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
            {d.lines.map((l, i) => (
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
        <table className={sums} aria-label="Totals">
          <tbody>
            <tr>
              <th scope="row">Subtotal (without tax)</th>
              <td>{money(d.subtotal)}</td>
            </tr>
            {d.taxes.map((t) => (
              <tr key={t.rate}>
                <th scope="row">
                  Tax {pct(t.rate)} on {money(t.base)}
                </th>
                <td>{money(t.tax)}</td>
              </tr>
            ))}
            {d.discount_total ? (
              <tr>
                <th scope="row">Discount</th>
                <td>-{money(d.discount_total)}</td>
              </tr>
            ) : null}
            {d.document_tax ? (
              <tr>
                <th scope="row">Order tax {pct(d.tax_bps)}</th>
                <td>{money(d.document_tax)}</td>
              </tr>
            ) : null}
            {d.shipping_total ? (
              <tr>
                <th scope="row">Shipping</th>
                <td>{money(d.shipping_total)}</td>
              </tr>
            ) : null}
            <tr data-strong="">
              <th scope="row">Total</th>
              <td>{money(d.grand_total)}</td>
            </tr>
            {kind === 'invoice' ? (
              <>
                {d.payments.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">
                      Paid {day(p.paid_on)} · {PAYMENT_METHODS[p.method as keyof typeof PAYMENT_METHODS] ?? p.method}
                    </th>
                    <td>-{money(p.amount)}</td>
                  </tr>
                ))}
                <tr data-strong="">
                  <th scope="row">{d.due < 0 ? 'Owed to the customer' : 'Balance due'}</th>
                  <td>{money(Math.abs(d.due))}</td>
                </tr>
              </>
            ) : null}
          </tbody>
        </table>
        {d.note ? <p className={css({ whiteSpace: 'pre-line' })}>{d.note}</p> : null}
        <footer className={`${muted} ${css({ fontSize: 'xs' })}`}>Prices in {d.shop.currency}{d.prices_include_tax ? ', tax included' : ''}.</footer>
      </article>
    </div>
  );
}
