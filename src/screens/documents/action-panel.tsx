import { useEffect } from 'react';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { css } from 'styled-system/css';
import type { FieldDef } from '../../../domain/resource.ts';
import { selectDraft } from '../../../machines/document/action-draft.selectors.ts';
import type { DraftActor } from '../../../machines/document/lifecycle.machine.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { looseField } from '../resource/fields/field-props.ts';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';
import { FieldError } from './amount-input.tsx';
import { DraftLines } from './draft-lines.tsx';
import { PaymentRows, RowFigure } from './payment-rows.tsx';
import { FormCard } from './cards.tsx';


/** The open action: quantities and serials per line (a return dated, with its worth and refunds too), a payment, or a cancel to confirm. */
export function ActionPanel({ draft, busy, failure, onRetry, onClose }: { draft: DraftActor; busy: boolean; failure: string | null; onRetry: (() => void) | undefined; /** Its close button does more than close the draft (the till's return: it ends the return). */ onClose?: () => void }) {
  const view = useSelector(draft, selectDraft, shallowEqual);
  const panel = view.panel!;
  const def = useSelector(draft, (s) => s.context.panels[panel]!);
  const Select = FIELD_VIEWS.select.component;
  // Keyboard users: the panel takes the focus (its first line's quantity, what a person changes
  // first, else its first field; its button is disabled while it is open, so the focus would be
  // lost), and closed without sending gives it back to that button.
  useEffect(() => {
    const form = `form[aria-labelledby="panel-title"]`;
    const frame = requestAnimationFrame(() => (document.querySelector<HTMLElement>(`${form} ol input`) ?? document.querySelector<HTMLElement>(`${form} :is(input:not([type=hidden]), textarea, select, button)`))?.focus());
    return () => {
      cancelAnimationFrame(frame);
      requestAnimationFrame(() => {
        if (document.activeElement === document.body) document.querySelector<HTMLElement>(`[data-action="${panel}"]`)?.focus();
      });
    };
  }, [panel]);
  const method: FieldDef = { name: 'method', label: 'Method', kind: 'select', options: view.methods, required: true };
  return (
    <FormCard
      id="panel"
      title={def.title}
      onSubmit={() => draft.send({ type: 'draft.submit' })}
      footer={
        <>
          <Button type="submit" loading={busy} tone={def.destructive ? 'error' : 'primary'}>
            {def.submit}
          </Button>
          <Button variant="outline" tone="neutral" disabled={busy} onClick={() => (onClose ? onClose() : draft.send({ type: 'draft.close' }))}>
            {def.close ?? 'Close'}
          </Button>
        </>
      }
    >
          {view.date ? (
            <div className={css({ maxW: 'xs' })}>
              <PanelDate path={view.date.field} label={view.date.label} value={view.date.value} error={view.date.error} busy={busy} onValue={(value) => draft.send({ type: 'draft.date', value })} />
            </div>
          ) : null}
          {def.shape === 'lines' ? <DraftLines draft={draft} def={def} lines={view.lines} shown={view.shown} busy={busy} /> : null}
          {view.worth ? (
            <div className={css({ display: 'grid', gap: '1', maxW: 'sm' })} aria-live="polite" aria-label="What it is worth" role="group">
              <RowFigure label={`Value of the ${def.verb}`} amount={view.worth.value} strong />
              <RowFigure label="Refund due" amount={view.worth.owed} />
            </div>
          ) : null}
          {view.linesError ? <AlertMessage>{view.linesError}</AlertMessage> : null}
          {def.shape === 'payment' ? (
            <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } })}>
              <PanelDate path="paid_on" label="Date paid" value={view.payment.paid_on} error={view.errors.paid_on} busy={busy} onValue={(value) => draft.send({ type: 'draft.payment', field: 'paid_on', value })} />
              <Field.Root invalid={Boolean(view.errors.amount)} required readOnly={busy} ids={{ control: fieldId('amount') }}>
                <Field.Label>
                  Amount
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input inputMode="decimal" value={view.payment.amount} placeholder="0.00" onChange={(e) => draft.send({ type: 'draft.payment', field: 'amount', value: e.currentTarget.value })} className={css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' })} />
                <FieldError error={view.errors.amount} />
              </Field.Root>
              <Select {...looseField(method, view.payment.method, view.errors.method, busy, (v) => draft.send({ type: 'draft.payment', field: 'method', value: String(v) }))} />
            </div>
          ) : null}
          {view.refunds ? (
            <PaymentRows
              list={view.refunds.field}
              title={view.refunds.title}
              noun={view.refunds.noun}
              empty={`Nothing given back yet: add a ${view.refunds.noun} for each method the money goes back by.`}
              methods={view.refunds.methods}
              rows={view.refunds.rows}
              error={view.refunds.error}
              busy={busy}
              send={(e) => draft.send(e)}
            >
              <RowFigure label="Refunding" amount={view.refunds.sum} />
            </PaymentRows>
          ) : null}
          <Field.Root readOnly={busy} invalid={Boolean(view.errors.note)} ids={{ control: fieldId('note') }}>
            <Field.Label>Note</Field.Label>
            <Field.Textarea
              rows={2}
              value={def.shape === 'payment' ? view.payment.note : view.note}
              onChange={(e) => (def.shape === 'payment' ? draft.send({ type: 'draft.payment', field: 'note', value: e.currentTarget.value }) : draft.send({ type: 'draft.note', value: e.currentTarget.value }))}
            />
            <FieldError error={view.errors.note} />
          </Field.Root>
          {def.hint ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{def.hint}</p> : null}
          {/* A lost answer is sent again as the same request (its key), so trying again cannot do it twice. */}
          {failure ? <AlertMessage onRetry={onRetry}>{failure}</AlertMessage> : null}
          <p className={css({ srOnly: true })} aria-live="polite">
            {busy ? `${def.submit}…` : ''}
          </p>
    </FormCard>
  );
}

/** The day an action happened (a payment's, a return's), under its body's name. */
function PanelDate({ path, label, value, error, busy, onValue }: { path: string; label: string; value: string; error: string | undefined; busy: boolean; onValue(v: string): void }) {
  return (
    <Field.Root invalid={Boolean(error)} required readOnly={busy} ids={{ control: fieldId(path) }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Field.Input type="date" value={value} onChange={(e) => onValue(e.currentTarget.value)} />
      <FieldError error={error} />
    </Field.Root>
  );
}
