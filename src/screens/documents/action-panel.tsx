import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { css } from 'styled-system/css';
import type { FieldDef } from '../../../domain/resource.ts';
import { selectDraft } from '../../../machines/document/action-draft.selectors.ts';
import type { DraftActor } from '../../../machines/document/lifecycle.machine.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';
import { AmountField, FieldError, FieldLabel } from './amount-input.tsx';
import { FormCard } from './cards.tsx';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The open action: quantities and serials per line, a payment, or a cancel to confirm. */
export function ActionPanel({ draft, busy, failure, onRetry }: { draft: DraftActor; busy: boolean; failure: string | null; onRetry: (() => void) | undefined }) {
  const view = useSelector(draft, selectDraft, shallowEqual);
  const panel = view.panel!;
  const def = useSelector(draft, (s) => s.context.panels[panel]!);
  const Select = FIELD_VIEWS.select.component;
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
          <Button variant="outline" tone="neutral" disabled={busy} onClick={() => draft.send({ type: 'draft.close' })}>
            {def.close ?? 'Close'}
          </Button>
        </>
      }
    >
          {def.shape === 'lines' ? (
            <ol aria-label={`Lines to ${def.verb}`} className={css({ display: 'grid', gap: '3' })}>
              {view.lines.map((l, i) => (
                <li key={l.line_id} aria-label={l.name} className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: '14rem minmax(0, 1fr)' }, borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3' })}>
                  <div className={css({ display: 'grid', gap: '2' })}>
                    <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{l.name}</p>
                    <AmountField
                      path={`lines.${i}.quantity`}
                      label={`${capital(def.verb)} how many of ${l.name}`}
                      short={def.short?.(l.max) ?? `${capital(def.verb)} (of ${l.max})`}
                      kind="integer"
                      value={l.quantity}
                      error={l.errors.quantity}
                      readOnly={busy}
                      onValue={(v) => draft.send({ type: 'draft.quantity', index: i, value: v })}
                    />
                  </div>
                  {l.tracks_serials ? (
                    <Field.Root invalid={Boolean(l.errors.serials)} readOnly={busy} ids={{ control: fieldId(`lines.${i}.serials`) }}>
                      <FieldLabel label={`Serial numbers of ${l.name}`} short={`Serial numbers, one per unit (${serialCount(l.serials)} of ${Number.isFinite(l.quantity) ? l.quantity : 0})`} />
                      <Field.Textarea rows={Math.min(6, Math.max(2, serialCount(l.serials) + 1))} placeholder="Type or scan one per row" value={l.serials} onChange={(e) => draft.send({ type: 'draft.serials', index: i, text: e.currentTarget.value })} />
                      <FieldError error={l.errors.serials} />
                    </Field.Root>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
          {view.linesError ? <AlertMessage>{view.linesError}</AlertMessage> : null}
          {def.shape === 'payment' ? (
            <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } })}>
              <Field.Root invalid={Boolean(view.errors.paid_on)} required readOnly={busy} ids={{ control: fieldId('paid_on') }}>
                <Field.Label>
                  Date paid
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input type="date" value={view.payment.paid_on} onChange={(e) => draft.send({ type: 'draft.payment', field: 'paid_on', value: e.currentTarget.value })} />
                <FieldError error={view.errors.paid_on} />
              </Field.Root>
              <Field.Root invalid={Boolean(view.errors.amount)} required readOnly={busy} ids={{ control: fieldId('amount') }}>
                <Field.Label>
                  Amount
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input inputMode="decimal" value={view.payment.amount} placeholder="0.00" onChange={(e) => draft.send({ type: 'draft.payment', field: 'amount', value: e.currentTarget.value })} className={css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' })} />
                <FieldError error={view.errors.amount} />
              </Field.Root>
              <Select field={method} value={view.payment.method} error={view.errors.method} errors={{}} readOnly={busy} locked={false} lockedHint={undefined} onChange={(v) => draft.send({ type: 'draft.payment', field: 'method', value: String(v) })} />
            </div>
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

const serialCount = (text: string) => text.split(/[\n,]/).filter((s) => s.trim()).length;
