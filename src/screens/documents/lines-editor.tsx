import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { css } from 'styled-system/css';
import { formatAmount } from '../../../domain/format.ts';
import { selectLineEditor } from '../../../machines/document/line-editor.selectors.ts';
import type { EditorActor } from '../../../machines/document/lifecycle.machine.ts';
import { useDisplay } from '../../app/display.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Field } from '../../components/ui/field.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { AmountField, FieldError, FieldLabel } from './amount-input.tsx';
import { LineAdder } from './line-adder.tsx';
import { SerialPicker } from './serial-picker.tsx';

const section = css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' });

/** A serial's own error (`serials.2`) shows under the line's serials box, naming the serial. */
const serialError = (errors: Record<string, string>) => errors.serials ?? Object.entries(errors).find(([k]) => k.startsWith('serials.'))?.[1];

/**
 * A document form's lines: found by name or SKU, or scanned; each with its quantity, unit price
 * (`priceLabel`: "Unit cost" on a purchase), discount and tax, its total from the shared totals
 * function, and (`serials`) one serial number per unit: typed one per row (goods coming in), or,
 * for a kind that sells, picked from those in stock, the quantity following them; each line's
 * errors under its own fields.
 */
export function LinesEditor({ actor, priceLabel, serials }: { actor: EditorActor; priceLabel: string; serials: boolean }) {
  const display = useDisplay();
  const view = useSelector(actor, selectLineEditor, shallowEqual);
  const errors = useSelector(actor, (s) => s.context.errors);
  const readOnly = view.busy;
  return (
    <section aria-labelledby="lines-title">
      <h2 id="lines-title" className={section}>
        Products
      </h2>
      <LineAdder onPick={(product) => actor.send({ type: 'line.add', product })} onScan={(code) => actor.send({ type: 'line.scan', code })} readOnly={readOnly} scanError={errors.scan} />
      {errors.lines ? <AlertMessage className={css({ mt: '3' })}>{errors.lines}</AlertMessage> : null}
      {view.lines.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '3' })}>No products yet: add one by name or SKU, or scan its barcode.</p> : null}
      <ol aria-label="Lines" className={css({ display: 'grid', gap: '3', mt: '4' })}>
        {view.lines.map((l, i) => {
          const name = l.product?.name ?? `line ${i + 1}`;
          // A selling line's quantity is how many serials it names.
          const picks = serials && l.picksSerials;
          return (
            <li key={l.key} aria-label={l.product?.name ?? `Line ${i + 1}`} className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3' })}>
              <div className={css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '2', mb: '2' })}>
                <p className={css({ fontWeight: 'semibold', minW: '0', overflowWrap: 'anywhere' })}>
                  {i + 1}. {l.product?.name ?? 'No product'} <span className={css({ color: 'fg.muted', fontWeight: 'normal', fontSize: 'sm' })}>{l.product?.sku}</span>
                </p>
                <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexShrink: 0 })}>
                  <span className={css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold' })} aria-label={`Line total of ${name}`}>
                    {formatAmount(l.total, display)}
                  </span>
                  <IconButton icon="trash" size="sm" aria-label={`Remove ${name}`} disabled={readOnly} onClick={() => actor.send({ type: 'line.remove', index: i })} />
                </div>
              </div>
              <div className={css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: '3' })}>
                <AmountField path={`lines.${i}.quantity`} label={`Quantity of ${name}`} short={picks ? 'Quantity (serials)' : 'Quantity'} kind="integer" value={l.quantity} error={l.errors.quantity} readOnly={readOnly || picks} onValue={(v) => actor.send({ type: 'line.change', index: i, field: 'quantity', value: v })} />
                <AmountField path={`lines.${i}.${view.priceField}`} label={`${priceLabel} of ${name}`} short={priceLabel} kind="money" addon={display.currency} value={l.unit_price} error={l.errors.unit_price} readOnly={readOnly} onValue={(v) => actor.send({ type: 'line.change', index: i, field: 'unit_price', value: v })} />
                <AmountField path={`lines.${i}.discount`} label={`Discount on ${name}`} short="Discount" kind="money" addon={display.currency} value={l.discount} error={l.errors.discount} readOnly={readOnly} onValue={(v) => actor.send({ type: 'line.change', index: i, field: 'discount', value: v })} />
                <AmountField path={`lines.${i}.tax_bps`} label={`Tax rate of ${name}`} short="Tax" kind="percent" addon="%" value={l.tax_bps} error={l.errors.tax_bps} readOnly={readOnly} onValue={(v) => actor.send({ type: 'line.change', index: i, field: 'tax_bps', value: v })} />
              </div>
              {picks && l.product ? (
                <SerialPicker
                  path={`lines.${i}`}
                  productId={l.product.id}
                  name={l.product.name}
                  serials={l.serials}
                  error={serialError(l.errors)}
                  readOnly={readOnly}
                  onAdd={(serial, typed) => actor.send({ type: 'line.serial.add', index: i, serial, typed })}
                  onRemove={(serial) => actor.send({ type: 'line.serial.remove', index: i, serial })}
                />
              ) : serials && l.typesSerials && l.product ? (
                <Field.Root invalid={Boolean(serialError(l.errors))} readOnly={readOnly} className={css({ mt: '3' })} ids={{ control: fieldId(`lines.${i}.serials`) }}>
                  <FieldLabel label={`Serial numbers of ${l.product.name}`} short={`Serial numbers (${l.serials.filter((s) => s.trim()).length} of ${Number.isFinite(l.quantity) ? l.quantity : 0})`} />
                  <Field.Textarea rows={Math.min(6, Math.max(2, l.serials.length + 1))} placeholder="One per row: type or scan each unit" value={l.serials.join('\n')} onChange={(e) => actor.send({ type: 'line.change', index: i, field: 'serials', value: e.currentTarget.value.split('\n') })} />
                  <FieldError error={serialError(l.errors)} />
                </Field.Root>
              ) : null}
              {l.errors.product_id ? <FieldError error={l.errors.product_id} /> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
