import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { css } from 'styled-system/css';
import { formatAmount } from '../../../domain/format.ts';
import { selectLineEditor } from '../../../machines/document/line-editor.selectors.ts';
import type { EditorActor } from '../../../machines/document/lifecycle.machine.ts';
import { useDisplay } from '../../app/display.ts';
import { Button } from '../../components/ui/button.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';
import { AmountField } from './amount-input.tsx';

const row = css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr) minmax(0, 1fr) auto', md: '12rem 12rem auto' }, gap: '3', alignItems: 'end' });
const figure = css({ display: 'flex', justifyContent: 'space-between', gap: '4', fontVariantNumeric: 'tabular-nums', fontSize: 'sm' });

/**
 * The payments taken with a new document, for any kind whose editor declares them (a sale's,
 * split over cash and card): a row per payment (method and amount, errors under
 * `payments.N.…`), what is tendered, still due and, beyond the total, the change given back.
 * It only selects and sends; nothing shows for a kind that takes no payments with the document.
 */
export function PaymentsEditor({ actor }: { actor: EditorActor }) {
  const display = useDisplay();
  const view = useSelector(actor, selectLineEditor, shallowEqual);
  const p = view.payments;
  if (!p) return null;
  const Select = FIELD_VIEWS.select.component;
  return (
    <section aria-labelledby="payments-title" className={css({ display: 'grid', gap: '3' })}>
      <h2 id="payments-title" className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
        Payments
      </h2>
      {p.rows.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Nothing paid yet: add a payment for each method the customer pays by.</p> : null}
      {p.rows.map((r, i) => (
        <div key={r.key} className={row} role="group" aria-label={`Payment ${i + 1}`}>
          <Select
            field={{ name: `payments.${i}.method`, label: 'Method', kind: 'select', options: p.methods, required: true }}
            value={r.method}
            error={r.errors.method}
            errors={{}}
            readOnly={view.busy}
            locked={false}
            lockedHint={undefined}
            onChange={(v) => actor.send({ type: 'payment.change', index: i, field: 'method', value: String(v) })}
          />
          <AmountField path={`payments.${i}.amount`} label="Amount" kind="money" addon={display.currency} value={r.amount} error={r.errors.amount} readOnly={view.busy} onValue={(v) => actor.send({ type: 'payment.change', index: i, field: 'amount', value: v })} />
          <IconButton icon="trash" size="sm" aria-label={`Remove payment ${i + 1}`} disabled={view.busy} onClick={() => actor.send({ type: 'payment.remove', index: i })} />
        </div>
      ))}
      <div>
        <Button variant="outline" size="sm" disabled={view.busy} onClick={() => actor.send({ type: 'payment.add' })}>
          Add a payment
        </Button>
      </div>
      <div className={css({ display: 'grid', gap: '1', maxW: 'sm' })} aria-live="polite">
        <p className={figure}>
          <span>Tendered</span>
          <span>{formatAmount(p.tendered, display)}</span>
        </p>
        <p className={figure}>
          <span>Still due</span>
          <span>{formatAmount(p.due, display)}</span>
        </p>
        {p.changeMethod ? (
          <p className={css({ display: 'flex', justifyContent: 'space-between', gap: '4', fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold' })} data-testid="change">
            <span>Change</span>
            <span>{formatAmount(p.change, display)}</span>
          </p>
        ) : null}
      </div>
    </section>
  );
}
