import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { selectStockCount } from '../../../machines/stock/stock-count.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { realEnv } from '../../resources/document-providers.ts';
import { stockCountWith } from '../../resources/stock-count-providers.ts';
import { AmountField, FieldError, FieldLabel } from '../documents/amount-input.tsx';
import { ProductPicker } from '../documents/line-adder.tsx';

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
  const [code, setCode] = useState('');
  return (
    <Card.Root asChild>
      <form
        noValidate
        aria-labelledby="count-title"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'count.submit' });
        }}
      >
        <Card.Body className={css({ pt: '5', px: { base: '4', sm: '6' }, display: 'grid', gap: '4' })}>
          <h2 id="count-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            Count stock
          </h2>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Add the products you counted and type what is on the shelf. The differences post together as one adjustment, numbered SC-…, through the ledger.</p>
          <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
            <ProductPicker system={system} disabled={view.busy} label="Count a product" onPick={(product) => actor.send({ type: 'count.add', product })} />
            <Field.Root invalid={Boolean(view.scanError)} ids={{ control: fieldId('count-scan') }}>
              <Field.Label>Scan a barcode</Field.Label>
              <Field.Input
                value={code}
                autoComplete="off"
                placeholder="Each scan counts one unit"
                onChange={(e) => setCode(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  if (!code.trim()) return;
                  actor.send({ type: 'count.scan', code });
                  setCode('');
                }}
              />
              <FieldError error={view.scanError} />
            </Field.Root>
          </div>
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
        </Card.Body>
        <Card.Footer className={css({ justifyContent: 'flex-start', px: { base: '4', sm: '6' }, pb: '5', pt: '4', borderTopWidth: '1px', borderColor: 'border.default' })}>
          <Button type="submit" loading={view.posting} disabled={!view.canSubmit}>
            Post the count
          </Button>
          <Button variant="outline" tone="neutral" disabled={view.busy} onClick={onClose}>
            Close
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
