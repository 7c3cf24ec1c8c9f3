import { useState, type RefObject } from 'react';
import { css } from 'styled-system/css';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/documents/payments.facts.ts';
import { formatAmount, formatMoment, parseMoney } from '../../../domain/format.ts';
import { selectCart, selectOutbox, selectPayment, selectReceipt } from '../../../machines/checkout/checkout.selectors.ts';
import { useDisplay } from '../../app/display.ts';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { Button } from '../../components/ui/button.tsx';
import { dialogRow, TillDialog } from './till-dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ReceiptPaper } from './receipt.tsx';
import { TILL_KEYS } from './till-keys.ts';
import type { Checkout } from './till-types.ts';

const methodName = (m: string) => PAYMENT_METHODS[m as PaymentMethod] ?? m;

/** Pay: one row per method, quick cash amounts, what is still due and the change, large. */
export function PayDialog({ checkout, finalFocus }: { checkout: Checkout; finalFocus: RefObject<HTMLElement | null> }) {
  const display = useDisplay();
  const pay = useSelector(checkout, selectPayment, shallowEqual);
  const money = (v: number) => formatAmount(v, display);
  const unused = pay.methods.filter((m) => !pay.payments.some((p) => p.method === m));
  return (
    <TillDialog open={pay.open} title={`Pay ${money(pay.total)}`} onClose={() => checkout.send({ type: 'pay.back' })} finalFocus={finalFocus}>
      <form
        noValidate
        className={css({ display: 'grid', gap: '3', mt: '3' })}
        onSubmit={(e) => {
          e.preventDefault();
          checkout.send({ type: 'pay.confirm' });
        }}
      >
        {pay.payments.map((p, i) => (
          <div key={`${p.method}-${i}`} className={css({ display: 'grid', gridTemplateColumns: '7rem 1fr auto', gap: '2', alignItems: 'center' })}>
            <label htmlFor={`pay-${i}`}>{methodName(p.method)}</label>
            <Input
              id={`pay-${i}`}
              inputMode="decimal"
              autoFocus={i === pay.payments.length - 1}
              defaultValue={(p.amount / 100).toFixed(2)}
              key={`${p.method}-${p.amount}`}
              readOnly={pay.phase !== 'paying'}
              aria-invalid={!!pay.errors[`payments.${i}.amount`]}
              className={css({ h: '12', fontSize: 'lg', textAlign: 'right' })}
              onBlur={(e) => checkout.send({ type: 'payment.change', index: i, amount: parseMoney(e.target.value) ?? p.amount })}
              onKeyDown={(e) => e.key === 'Enter' && checkout.send({ type: 'payment.change', index: i, amount: parseMoney(e.currentTarget.value) ?? p.amount })}
            />
            {pay.payments.length > 1 ? (
              <Button variant="ghost" tone="error" aria-label={`Remove the ${methodName(p.method)} payment`} disabled={pay.phase !== 'paying'} onClick={() => checkout.send({ type: 'payment.remove', index: i })}>
                ✕
              </Button>
            ) : (
              <span />
            )}
            {pay.errors[`payments.${i}.amount`] && <span className={css({ gridColumn: '1 / -1', color: 'error.fg', fontSize: 'sm' })}>{pay.errors[`payments.${i}.amount`]}</span>}
          </div>
        ))}
        {pay.methods.includes('cash') && (
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })} aria-label="Cash tendered">
            {pay.quick.map((q) => (
              <Button key={q} variant="subtle" size="lg" disabled={pay.phase !== 'paying'} onClick={() => checkout.send({ type: 'payment.quick', amount: q })}>
                Cash {money(q)}
              </Button>
            ))}
          </div>
        )}
        {unused.length > 0 && pay.phase === 'paying' && (
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {unused.map((m) => (
              <Button key={m} variant="outline" tone="neutral" onClick={() => checkout.send({ type: 'payment.add', method: m as PaymentMethod })}>
                Add {methodName(m)}
              </Button>
            ))}
          </div>
        )}
        <dl className={css({ display: 'grid', gridTemplateColumns: '1fr auto', gap: '1', '& dd': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } })}>
          <dt>Tendered</dt>
          <dd>{money(pay.tendered)}</dd>
          <dt>Still due</dt>
          <dd>{money(pay.due)}</dd>
          <dt className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Change</dt>
          <dd className={css({ fontSize: '3xl', fontWeight: 'bold' })} aria-live="polite" data-testid="change">
            {money(pay.change)}
          </dd>
        </dl>
        {pay.notice && (
          <p role="alert" className={css({ color: 'error.fg' })}>
            {pay.notice}
          </p>
        )}
        <div className={dialogRow}>
          {pay.canBack && (
            <Button variant="outline" tone="neutral" onClick={() => checkout.send({ type: 'pay.back' })}>
              Back to the cart
            </Button>
          )}
          {pay.canQueue && (
            <Button variant="outline" tone="neutral" onClick={() => checkout.send({ type: 'failed.queue' })}>
              Keep it on this till
            </Button>
          )}
          {pay.canRetry ? (
            <Button size="lg" onClick={() => checkout.send({ type: 'retry' })}>
              Retry
            </Button>
          ) : (
            <Button type="submit" size="lg" disabled={!pay.canConfirm && pay.phase === 'paying'} loading={pay.phase === 'sending'}>
              Complete sale
            </Button>
          )}
        </div>
      </form>
    </TillDialog>
  );
}

/** The receipt of the sale just made: print it, or start the next sale. */
export function ReceiptDialog({ checkout, finalFocus }: { checkout: Checkout; finalFocus: RefObject<HTMLElement | null> }) {
  const { shown, receipt, terms } = useSelector(checkout, selectReceipt, shallowEqual);
  const display = useDisplay();
  return (
    <TillDialog open={shown && !!receipt} title={receipt?.synced ? 'Sale complete' : 'Sale kept on this till (unsynced)'} onClose={() => checkout.send({ type: 'sale.new' })} finalFocus={finalFocus} wide>
      {receipt && (
        <>
          <p className={css({ fontSize: '2xl', fontWeight: 'bold', my: '3' })}>Change {formatAmount(receipt.change, display)}</p>
          <ReceiptPaper receipt={receipt} terms={terms} />
          <div className={dialogRow}>
            <Button variant="outline" tone="neutral" onClick={() => window.print()}>
              Print receipt
            </Button>
            <Button autoFocus size="lg" onClick={() => checkout.send({ type: 'sale.new' })}>
              New sale
            </Button>
          </div>
        </>
      )}
    </TillDialog>
  );
}

/** A serial-tracked product waits for its serial: pick one in stock (a scan of it picks it too). */
export function SerialDialog({ checkout, finalFocus }: { checkout: Checkout; finalFocus: RefObject<HTMLElement | null> }) {
  const { picking } = useSelector(checkout, selectCart, shallowEqual);
  const [code, setCode] = useState('');
  return (
    <TillDialog open={!!picking} title={`Serial of ${picking?.product.name ?? ''}`} onClose={() => checkout.send({ type: 'serial.cancel' })} finalFocus={finalFocus}>
      <form
        className={css({ display: 'grid', gap: '3', mt: '3' })}
        onSubmit={(e) => {
          e.preventDefault();
          checkout.send({ type: 'scan', code });
          setCode('');
        }}
      >
        <Input autoFocus aria-label="Scan or type a serial" value={code} onChange={(e) => setCode(e.target.value)} />
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          {picking?.serials.map((s) => (
            <Button key={s} variant="outline" tone="neutral" onClick={() => checkout.send({ type: 'serial.pick', serial: s })}>
              {s}
            </Button>
          ))}
          {picking && picking.serials.length === 0 && <p>Loading the serials in stock…</p>}
        </div>
      </form>
    </TillDialog>
  );
}

/** The held sales, with their time, customer and total. */
export function HeldDialog({ checkout, open, onClose, finalFocus }: { checkout: Checkout; open: boolean; onClose: () => void; finalFocus: RefObject<HTMLElement | null> }) {
  const { held } = useSelector(checkout, selectCart, shallowEqual);
  const display = useDisplay();
  return (
    <TillDialog open={open} title="Held sales" onClose={onClose} finalFocus={finalFocus}>
      <ul className={css({ display: 'grid', gap: '2', mt: '3' })}>
        {held.map((h, i) => (
          <li key={h.id}>
            <Button
              autoFocus={i === 0}
              variant="outline"
              tone="neutral"
              fullWidth
              onClick={() => checkout.send({ type: 'cart.resume', id: h.id })}
            >
              {formatMoment(h.at, display)} · {h.customer} · {h.count} items · {formatAmount(h.total, display)}
            </Button>
          </li>
        ))}
        {held.length === 0 && <li>No sale is held.</li>}
      </ul>
    </TillDialog>
  );
}

/**
 * The sales this till has not yet got onto the server: how many wait (they go by themselves when
 * the server can be reached), and those it refused, each with its reason and Send again. Nothing
 * here is ever dropped: a refused sale stays until what its reason asks is done and it is sent.
 */
export function OutboxDialog({ checkout, open, onClose, finalFocus }: { checkout: Checkout; open: boolean; onClose: () => void; finalFocus: RefObject<HTMLElement | null> }) {
  const { waiting, attention, sending } = useSelector(checkout, selectOutbox, shallowEqual);
  const display = useDisplay();
  return (
    <TillDialog open={open} title="Unsynced sales" onClose={onClose} finalFocus={finalFocus}>
      <p className={css({ mt: '2' })}>
        {waiting === 0 ? 'No sale waits to be sent.' : `${waiting} ${waiting === 1 ? 'sale waits' : 'sales wait'} to be sent: ${waiting === 1 ? 'it goes' : 'they go'} by ${waiting === 1 ? 'itself' : 'themselves'}, in order, when the server can be reached.`}
      </p>
      {attention.length > 0 && (
        <>
          <h3 className={css({ fontWeight: 'semibold', mt: '4' })}>Needs attention</h3>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>The server refused these. Do what the reason asks (record the stock in the back office, say), then send the sale again. They are never dropped, and the register cannot close while they wait.</p>
          <ul className={css({ display: 'grid', gap: '2', mt: '2' })} aria-label="Sales that need attention">
            {attention.map((e, i) => (
              <li key={e.key} className={css({ display: 'grid', gap: '1', p: '2', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' })}>
                <span>
                  {formatMoment(e.made_at, display)} · {e.lines} {e.lines === 1 ? 'line' : 'lines'} · {formatAmount(e.paid, display)} tendered
                </span>
                <span className={css({ color: 'error.fg' })}>{e.reason}</span>
                <Button autoFocus={i === 0} size="sm" variant="outline" tone="neutral" disabled={sending} onClick={() => checkout.send({ type: 'outbox.resend', key: e.key })}>
                  Send again
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className={dialogRow}>
        <Button autoFocus={attention.length === 0} onClick={onClose}>
          Close
        </Button>
      </div>
    </TillDialog>
  );
}

/** Every shortcut of the till. */
export function HelpDialog({ open, onClose, finalFocus }: { open: boolean; onClose: () => void; finalFocus: RefObject<HTMLElement | null> }) {
  return (
    <TillDialog open={open} title="Keyboard shortcuts" onClose={onClose} finalFocus={finalFocus}>
      <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2', mt: '3', '& dt': { fontFamily: 'mono', fontWeight: 'semibold' } })}>
        {TILL_KEYS.map((k) => (
          <div key={k.keys} className={css({ display: 'contents' })}>
            <dt>{k.keys}</dt>
            <dd>{k.does}</dd>
          </div>
        ))}
      </dl>
      <div className={dialogRow}>
        <Button autoFocus onClick={onClose}>
          Close
        </Button>
      </div>
    </TillDialog>
  );
}
