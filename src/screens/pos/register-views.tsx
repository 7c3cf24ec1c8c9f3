import { useState } from 'react';
import { css } from 'styled-system/css';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../domain/documents/payments.facts.ts';
import { formatAmount, formatMoment, parseMoney } from '../../../domain/format.ts';
import { selectRegister } from '../../../machines/checkout/checkout.selectors.ts';
import type { Register } from './till-types.ts';
import { useDisplay } from '../../app/display.ts';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { Button } from '../../components/ui/button.tsx';
import { TillFormDialog } from './till-dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';

const methodName = (m: string) => PAYMENT_METHODS[m as PaymentMethod] ?? m;
const panel = css({ m: 'auto', w: 'full', maxW: '28rem', p: '6', bg: 'bg.surface', borderRadius: 'lg', boxShadow: 'md', display: 'grid', gap: '4' });
const row = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', flexWrap: 'wrap' });

/** An amount typed as text, sent to the machine in minor units when it reads as one. */
function MoneyField({ label, cents, onCents, error, autoFocus }: { label: string; cents: number; onCents: (v: number) => void; error?: string | undefined; autoFocus?: boolean }) {
  const [text, setText] = useState(cents ? (cents / 100).toFixed(2) : '');
  return (
    <TextField
      label={label}
      inputMode="decimal"
      value={text}
      error={error}
      autoFocus={autoFocus}
      autoComplete="off"
      onValueChange={(v) => {
        setText(v);
        onCents(v.trim() === '' ? 0 : (parseMoney(v) ?? -1));
      }}
    />
  );
}

/** No open session: count the float and open the register. */
export function OpenRegister({ register }: { register: Register }) {
  const view = useSelector(register, selectRegister, shallowEqual);
  return (
    <form
      className={panel}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        register.send({ type: 'register.open' });
      }}
    >
      <h2 className={css({ textStyle: 'lg', fontWeight: 'semibold' })}>Open the register</h2>
      <p className={css({ color: 'fg.muted' })}>Count the cash in the drawer: the session starts with it.</p>
      <MoneyField label="Opening float" cents={view.float} autoFocus onCents={(amount) => register.send({ type: 'float.change', amount })} error={view.errors.opening_float ?? (view.float < 0 ? 'Enter an amount such as 100.00.' : undefined)} />
      {view.notice && <p role="alert">{view.notice}</p>}
      <div className={row}>
        <Button type="submit" size="lg" disabled={!view.canOpen} loading={view.busy}>
          Open register
        </Button>
      </div>
    </form>
  );
}

/** Cash in or out with a reason. */
export function CashDialog({ register }: { register: Register }) {
  const view = useSelector(register, selectRegister, shallowEqual);
  return (
    <TillFormDialog open={view.cashOpen} title={view.cash.direction === 'in' ? 'Cash in' : 'Cash out'} onClose={() => register.send({ type: 'cash.cancel' })} onSubmit={() => register.send({ type: 'cash.submit' })} notice={view.notice} submit="Record" busy={view.busy}>
      <MoneyField label="Amount" cents={0} autoFocus onCents={(amount) => register.send({ type: 'cash.change', amount })} error={view.errors.amount} />
      <TextField label="Reason" autoComplete="off" error={view.errors.reason} onValueChange={(reason) => register.send({ type: 'cash.change', reason })} />
    </TillFormDialog>
  );
}

/** Closing: count each method against what is expected. */
export function CloseDialog({ register }: { register: Register }) {
  const view = useSelector(register, selectRegister, shallowEqual);
  const display = useDisplay();
  return (
    <TillFormDialog
      open={view.closingOpen}
      title="Close the register"
      description="Count what is in the drawer and on the card slips; the difference is recorded."
      onClose={() => register.send({ type: 'close.cancel' })}
      onSubmit={() => register.send({ type: 'close.submit' })}
      notice={view.notice}
      submit="Close register"
      busy={view.busy}
      tone="error"
    >
      {view.session?.methods.map((m, i) => (
        <div key={m.method} className={css({ display: 'grid', gap: '1' })}>
          <MoneyField label={`${methodName(m.method)} counted`} cents={0} autoFocus={i === 0} error={view.errors[`counted.${i}.amount`]} onCents={(amount) => register.send({ type: 'close.count', method: m.method as PaymentMethod, amount })} />
          <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>Expected {formatAmount(m.expected, display)}</span>
        </div>
      ))}
    </TillFormDialog>
  );
}

/** The closed session's report, printable. */
export function ClosingReport({ register }: { register: Register }) {
  const view = useSelector(register, selectRegister, shallowEqual);
  const display = useDisplay();
  const s = view.session;
  if (!s) return null;
  return (
    <section className={panel} aria-labelledby="closing-title">
      <h2 id="closing-title" className={css({ textStyle: 'lg', fontWeight: 'semibold' })}>
        Register {s.reference} closed
      </h2>
      <p className={css({ color: 'fg.muted' })}>
        Opened {formatMoment(s.opened_at, display)} by {s.opened_by.name}; closed {s.closed_at ? formatMoment(s.closed_at, display) : ''}.
      </p>
      <table className={css({ w: 'full', '& td, & th': { py: '1', textAlign: 'right' }, '& th:first-child, & td:first-child': { textAlign: 'left' } })}>
        <thead>
          <tr>
            <th>Method</th>
            <th>Expected</th>
            <th>Counted</th>
            <th>Difference</th>
          </tr>
        </thead>
        <tbody>
          {s.methods.map((m) => (
            <tr key={m.method}>
              <td>{methodName(m.method)}</td>
              <td>{formatAmount(m.expected, display)}</td>
              <td>{m.counted === null ? '—' : formatAmount(m.counted, display)}</td>
              <td>{m.difference === null ? '—' : formatAmount(m.difference, display)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Opening float {formatAmount(s.opening_float, display)} · {s.sales.count} sales {formatAmount(s.sales.total, display)} · {s.refunds.count} refunds {formatAmount(s.refunds.total, display)}
      </p>
      <div className={row}>
        <Button variant="outline" tone="neutral" onClick={() => window.print()}>
          Print report
        </Button>
        <Button onClick={() => register.send({ type: 'register.next' })}>Open a new session</Button>
      </div>
    </section>
  );
}
