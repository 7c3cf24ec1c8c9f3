import { useState, type RefObject } from 'react';
import { css } from 'styled-system/css';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/documents/payments.facts.ts';
import { formatAmount, formatDay } from '../../../domain/format.ts';
import { selectReturn, selectTillReturn, type TillReturn } from '../../../machines/checkout/checkout.selectors.ts';
import type { DraftActor } from '../../../machines/document/lifecycle.machine.ts';
import { useDisplay } from '../../app/display.ts';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ActionPanel } from '../documents/action-panel.tsx';
import { dialogRow, TillDialog } from './till-dialog.tsx';
import type { Checkout } from './till-types.ts';

const methodName = (m: string) => PAYMENT_METHODS[m as PaymentMethod] ?? m;

/**
 * A return at the till, over the cart: the receipt scanned or its reference typed, then the sale
 * page's own return panel for that sale (lines, serials, refunds by method), then what was
 * recorded and refunded. It shows the return machine and sends to it; scans reach it through
 * the checkout.
 */
export function ReturnDialog({ checkout, finalFocus }: { checkout: Checkout; finalFocus: RefObject<HTMLElement | null> }) {
  const ret = useSelector(checkout, selectTillReturn);
  return ret ? <ReturnSteps ret={ret} finalFocus={finalFocus} /> : null;
}

function ReturnSteps({ ret, finalFocus }: { ret: TillReturn; finalFocus: RefObject<HTMLElement | null> }) {
  const display = useDisplay();
  const view = useSelector(ret, selectReturn, shallowEqual);
  const money = (v: number) => formatAmount(v, display);
  const close = () => ret.send({ type: 'return.close' });
  return (
    <TillDialog open title="Return" description={view.sale ? undefined : 'Scan the receipt’s barcode, or type its reference.'} onClose={() => view.canClose && close()} finalFocus={finalFocus} wide>
      {view.phase === 'finding' || view.phase === 'loading' ? (
        <FindReceipt key={view.reference} reference={view.reference} busy={view.busy} notice={view.notice} onFind={(code) => ret.send({ type: 'return.find', code })} onClose={close} />
      ) : null}
      {view.sale && view.phase !== 'done' ? (
        <div className={css({ display: 'grid', gap: '3', mt: '3' })}>
          <p
            className={css({
              display: 'flex',
              gap: '3',
              flexWrap: 'wrap',
              alignItems: 'baseline',
            })}
          >
            <strong>{view.sale.reference}</strong>
            <span>{formatDay(view.sale.sold_on, display)}</span>
            <span>{view.sale.customer}</span>
            <span
              className={css({
                ml: 'auto',
                fontVariantNumeric: 'tabular-nums',
              })}
            >
              Total {money(view.sale.grand_total)} · paid {money(view.sale.paid)}
            </span>
          </p>
          <ReturnPanel draft={view.draft} busy={view.busy} failure={view.notice} onRetry={view.canRetry ? () => ret.send({ type: 'return.retry' }) : undefined} onClose={close} />
          <div>
            <Button variant="ghost" tone="neutral" size="sm" disabled={!view.canOther} onClick={() => ret.send({ type: 'return.other' })}>
              Another receipt
            </Button>
          </div>
        </div>
      ) : null}
      {view.phase === 'done' && view.returned ? (
        <div className={css({ display: 'grid', gap: '3', mt: '3' })}>
          <p role="status" className={css({ fontWeight: 'medium' })}>
            {view.returned.message}
          </p>
          <p
            className={css({
              fontSize: '3xl',
              fontWeight: 'bold',
              fontVariantNumeric: 'tabular-nums',
            })}
            aria-label="Refunded"
          >
            Refund {money(view.returned.refunded)}
          </p>
          {view.returned.refunds.length > 0 && (
            <ul aria-label="Refunds">
              {view.returned.refunds.map((r) => (
                <li key={r.id}>
                  {methodName(r.method)}: {money(r.amount)}
                </li>
              ))}
            </ul>
          )}
          <div className={dialogRow}>
            <Button variant="outline" tone="neutral" onClick={() => ret.send({ type: 'return.other' })}>
              Another return
            </Button>
            <Button autoFocus onClick={close}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
    </TillDialog>
  );
}

/** The receipt's reference: a scan anywhere fills it in (through the checkout), or it is typed and Enter finds it. */
function FindReceipt({ reference, busy, notice, onFind, onClose }: { reference: string; busy: boolean; notice: string | null; onFind(code: string): void; onClose(): void }) {
  const [text, setText] = useState(reference);
  return (
    <form
      noValidate
      className={css({ display: 'grid', gap: '3', mt: '4' })}
      onSubmit={(e) => {
        e.preventDefault();
        onFind(text);
      }}
    >
      <label htmlFor="return-reference" className={css({ fontWeight: 'medium' })}>
        Receipt reference
      </label>
      <Input
        id="return-reference"
        autoFocus
        autoComplete="off"
        placeholder="SL-000123"
        className={css({ h: '12', fontSize: 'lg' })}
        value={text}
        readOnly={busy}
        onChange={(e) => setText(e.target.value)}
      />
      {notice && <AlertMessage>{notice}</AlertMessage>}
      <div className={dialogRow}>
        <Button variant="outline" tone="neutral" onClick={onClose} disabled={busy}>
          Close
        </Button>
        <Button type="submit" loading={busy}>
          Find the sale
        </Button>
      </div>
    </form>
  );
}

/** The sale page's return panel, while the draft is open. */
function ReturnPanel({ draft, ...rest }: { draft: DraftActor | undefined; busy: boolean; failure: string | null; onRetry: (() => void) | undefined; onClose(): void }) {
  const open = useSelector(draft, (s) => s?.matches('open') ?? false);
  return draft && open ? <ActionPanel draft={draft} {...rest} /> : null;
}
