import { useState } from 'react';
import { css } from 'styled-system/css';
import type { PaymentMethod } from '../../../domain/documents/payments.facts.ts';
import { formatAmount, parseMoney } from '../../../domain/format.ts';
import type { RegisterSession } from '../../../domain/pos/till.facts.ts';
import { selectRegister } from '../../../machines/checkout/checkout.selectors.ts';
import type { Register } from './till-types.ts';
import { useDisplay } from '../../app/display.ts';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { Button } from '../../components/ui/button.tsx';
import { TillFormDialog } from './till-dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { methodName, SessionReport } from './session-report.tsx';
import { SESSIONS_HREF, sessionHref } from './session-defs.ts';

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
        <AppLink href={SESSIONS_HREF} className={css({ alignSelf: 'center', textDecoration: 'underline' })}>
          Register sessions
        </AppLink>
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

/** What a close needs shown: the session's methods, the form's errors and notice, and whether it is sending. */
interface Counting {
  open: boolean;
  methods: RegisterSession['methods'];
  errors: Record<string, string>;
  notice: string | null;
  busy: boolean;
  /** What each method should hold is being read again: nothing to count against yet. */
  reading?: boolean;
}

/** Closing a session: each method counted against what is expected (the till's cashier, or a manager on the session's page). */
export function CountDialog({ view, send, title }: { view: Counting; send: (e: { type: 'close.count'; method: PaymentMethod; amount: number } | { type: 'close.submit' } | { type: 'close.cancel' }) => void; title: string }) {
  const display = useDisplay();
  return (
    <TillFormDialog
      open={view.open}
      title={title}
      description="Count what is in the drawer and on the card slips; the difference is recorded."
      onClose={() => send({ type: 'close.cancel' })}
      onSubmit={() => send({ type: 'close.submit' })}
      notice={view.notice}
      submit="Close register"
      busy={view.busy}
      tone="error"
    >
      {view.reading && <p aria-live="polite">Reading what the drawer should hold…</p>}
      {!view.reading && view.methods.map((m, i) => (
        <div key={m.method} className={css({ display: 'grid', gap: '1' })}>
          <MoneyField label={`${methodName(m.method)} counted`} cents={0} autoFocus={i === 0} error={view.errors[`counted.${i}.amount`]} onCents={(amount) => send({ type: 'close.count', method: m.method as PaymentMethod, amount })} />
          <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>Expected {formatAmount(m.expected, display)}</span>
        </div>
      ))}
      {view.errors.counted && <p className={css({ color: 'error.fg' })}>{view.errors.counted}</p>}
    </TillFormDialog>
  );
}

/** The till's close: its cashier counts their own session. */
export function CloseDialog({ register }: { register: Register }) {
  const view = useSelector(register, selectRegister, shallowEqual);
  return <CountDialog title="Close the register" send={register.send} view={{ open: view.closingOpen, reading: view.closingReading, methods: view.session?.methods ?? [], errors: view.errors, notice: view.notice, busy: view.busy }} />;
}

/** The closed session's report, printable on the receipt's 80 mm roll. */
export function ClosingReport({ register }: { register: Register }) {
  const view = useSelector(register, selectRegister, shallowEqual);
  const s = view.session;
  if (!s) return null;
  return (
    <section className={css({ m: 'auto', display: 'grid', gap: '4', justifyItems: 'center' })} aria-label={`Register ${s.reference} closed`}>
      <SessionReport session={s} paper="roll" />
      <div className={row}>
        <Button variant="outline" tone="neutral" onClick={() => window.print()}>
          Print report
        </Button>
        <AppLink href={sessionHref(s.id)}>The session’s page (A4)</AppLink>
        <Button autoFocus onClick={() => register.send({ type: 'register.next' })}>
          Open a new session
        </Button>
      </div>
    </section>
  );
}
