import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { formatAmount } from '../../../domain/format.ts';
import type { PaymentDraft } from '../../../machines/document/kind.ts';
import type { PaymentRowEvent } from '../../../machines/document/payment-rows.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { useDisplay } from '../../app/display.ts';
import { Button } from '../../components/ui/button.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { looseField } from '../resource/fields/field-props.ts';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';
import { AmountField } from './amount-input.tsx';

const row = css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr) minmax(0, 1fr) auto', md: '12rem 12rem max-content' }, gap: '3', alignItems: 'start' });
// Level with the boxes beside it, under their labels: an error under one box must not move the others.
const removeCell = css({ pt: '7' });

export interface PaymentRowsProps {
  /** The rows' list in the request body (`payments`, `refunds`): their fields' ids and errors are under it. */
  list: string;
  title: string;
  /** One row, as its group and buttons name it ("payment": "Payment 2", "Add a payment"). */
  noun: string;
  /** What shows while there are no rows. */
  empty: string;
  methods: readonly { value: string; label: string }[];
  rows: readonly (PaymentDraft & { errors: Record<string, string> })[];
  /** Said of the rows as a whole. */
  error?: string | undefined;
  busy: boolean;
  /** Either machine that holds such rows (the line editor's payments, an action draft's refunds) takes these events. */
  send(event: PaymentRowEvent): void;
  /** The figures under the rows (tendered and change; a refund due). */
  children?: ReactNode;
}

/**
 * Rows of money by method, for whichever machine holds them (machines/document/payment-rows.ts):
 * a sale form's payments, a return's refunds. A row per method and amount with its own errors
 * (`payments.1.amount`), a button to add one and one to remove each, then the caller's figures.
 * It only shows and sends.
 */
export function PaymentRows({ list, title, noun, empty, methods, rows, error, busy, send, children }: PaymentRowsProps) {
  const display = useDisplay();
  const Select = FIELD_VIEWS.select.component;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <section aria-labelledby={`${list}-title`} className={css({ display: 'grid', gap: '3' })}>
      <h2 id={`${list}-title`} className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
        {title}
      </h2>
      {rows.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{empty}</p> : null}
      {rows.map((r, i) => (
        <div key={r.key} className={row} role="group" aria-label={`${Noun} ${i + 1}`}>
          <Select {...looseField({ name: `${list}.${i}.method`, label: 'Method', kind: 'select', options: methods, required: true }, r.method, r.errors.method, busy, (v) => send({ type: 'payment.change', index: i, field: 'method', value: String(v) }))} />
          <AmountField path={`${list}.${i}.amount`} label="Amount" kind="money" addon={display.currency} value={r.amount} error={r.errors.amount} readOnly={busy} onValue={(v) => send({ type: 'payment.change', index: i, field: 'amount', value: v })} />
          <div className={removeCell}>
            <IconButton icon="trash" size="sm" aria-label={`Remove ${noun} ${i + 1}`} disabled={busy} onClick={() => send({ type: 'payment.remove', index: i })} />
          </div>
        </div>
      ))}
      {error ? <AlertMessage>{error}</AlertMessage> : null}
      <div>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => send({ type: 'payment.add' })}>
          Add a {noun}
        </Button>
      </div>
      {children ? (
        <div className={css({ display: 'grid', gap: '1', maxW: 'sm' })} aria-live="polite">
          {children}
        </div>
      ) : null}
    </section>
  );
}

/** A figure under the rows: its name and amount on one line. */
export function RowFigure({ label, amount, strong, testId }: { label: string; amount: number; strong?: boolean; testId?: string }) {
  const display = useDisplay();
  return (
    <p className={css({ display: 'flex', justifyContent: 'space-between', gap: '4', fontVariantNumeric: 'tabular-nums', fontSize: 'sm', fontWeight: strong ? 'semibold' : 'normal' })} data-testid={testId}>
      <span>{label}</span>
      <span>{formatAmount(amount, display)}</span>
    </p>
  );
}
