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
import { BillTo, head, hidePrint, muted, PaperLines, pct, sheet, ShopBlock, sums, titleCss } from '../documents/paper.tsx';
import { PageHeader } from '../resource/page-header.tsx';
import type { ScreenProps } from '../screen-props.ts';


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
          <ShopBlock shop={d.shop} />
          <div className={css({ display: 'grid', gap: '1', textAlign: { base: 'start', sm: 'end' } })}>
            <h2 className={titleCss}>{ISSUED_KINDS[kind].title}</h2>
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
        <BillTo customer={c} />
        <PaperLines lines={d.lines} money={money} />
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
