import { useActorRef } from '@xstate/react';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { selectStockCount } from '../../../machines/stock/stock-count.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { realEnv } from '../../resources/document-providers.ts';
import { stockCountWith } from '../../resources/stock-count-providers.ts';
import { AmountField, FieldError, FieldLabel } from '../documents/amount-input.tsx';
import { FormCard } from '../documents/cards.tsx';
import { LineAdder } from '../documents/line-adder.tsx';

/**
 * The stock count: find or scan products, type what is on the shelf (serial numbers for
 * serial-tracked ones), see each difference, and post them all as one adjustment document.
 */
export function StockCount({ onPosted, onClose }: { onPosted(): void; onClose(): void }) {
  const system = useAppSystem();
  const machine = useMemo(
    () =>
      stockCountWith(system, (message) => {
        system.notify({ toastType: 'success', body: message });
        onPosted();
      }),
    [system, onPosted],
  );
  const actor = useActorRef(machine, { input: { env: realEnv }, inspect: system.inspect });
  const view = useSelector(actor, selectStockCount, shallowEqual);
  return (
    <FormCard
      id="count"
      title="Count stock"
      onSubmit={() => actor.send({ type: 'count.submit' })}
      footer={
        <>
          <Button type="submit" loading={view.posting} disabled={!view.canSubmit}>
            Post the count
          </Button>
          <Button variant="outline" tone="neutral" disabled={view.busy} onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Add the products you counted and type what is on the shelf. The differences post together as one adjustment, numbered SC-…, through the ledger.</p>
          <LineAdder
            onPick={(product) => actor.send({ type: 'count.add', product })}
            onScan={(code) => actor.send({ type: 'count.scan', code })}
            readOnly={view.busy}
            scanError={view.scanError}
            pickLabel="Count a product"
            scanId="count-scan"
            scanHint="Each scan counts one unit"
          />
          {view.linesError ? <AlertMessage>{view.linesError}</AlertMessage> : null}
          {view.lines.length ? (
            <ol aria-label="Counted products" className={css({ display: 'grid', gap: '3' })}>
              {view.lines.map((l, i) => (
                <li key={l.key} aria-label={l.product.name} className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'minmax(0, 2fr) 10rem minmax(0, 1fr) auto' }, alignItems: 'start', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3' })}>
                  <div>
                    <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{l.product.name}</p>
                    <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                      {l.product.sku} · {l.product.on_hand} on hand
                    </p>
                  </div>
                  {l.product.tracks_serials ? (
                    <Field.Root invalid={Boolean(l.errors.serials ?? l.errors.counted)} readOnly={view.busy} ids={{ control: fieldId(`lines.${i}.serials`) }}>
                      <FieldLabel label={`Serial numbers found of ${l.product.name}`} short={`Serials found (${l.counted})`} />
                      <Field.Textarea rows={2} placeholder="One per row" value={l.serials} onChange={(e) => actor.send({ type: 'count.serials', index: i, text: e.currentTarget.value })} />
                      <FieldError error={l.errors.serials ?? l.errors.counted} />
                    </Field.Root>
                  ) : (
                    <AmountField path={`lines.${i}.counted`} label={`Counted of ${l.product.name}`} short="Counted" kind="integer" value={l.counted} error={l.errors.counted} readOnly={view.busy} onValue={(v) => actor.send({ type: 'count.change', index: i, counted: v })} />
                  )}
                  <p className={css({ fontSize: 'sm', pt: { md: '7' }, fontVariantNumeric: 'tabular-nums', color: l.difference === 0 ? 'fg.muted' : l.difference > 0 ? 'success.fg' : 'error.fg' })} aria-label={`Difference of ${l.product.name}`}>
                    {Number.isFinite(l.difference) ? (l.difference === 0 ? 'Matches' : l.difference > 0 ? `${l.difference} found` : `${-l.difference} missing`) : '—'}
                  </p>
                  <IconButton icon="trash" size="sm" aria-label={`Remove ${l.product.name}`} disabled={view.busy} onClick={() => actor.send({ type: 'count.remove', index: i })} className={css({ mt: { md: '6' } })} />
                </li>
              ))}
            </ol>
          ) : (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>No products counted yet.</p>
          )}
          <Field.Root readOnly={view.busy}>
            <Field.Label>Note</Field.Label>
            <Field.Textarea rows={2} value={view.note} onChange={(e) => actor.send({ type: 'count.note', value: e.currentTarget.value })} />
          </Field.Root>
          {view.formError ? <AlertMessage>{view.formError}</AlertMessage> : null}
    </FormCard>
  );
}
