import { Portal } from '@ark-ui/react/portal';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { css } from 'styled-system/css';
import type { LineProduct } from '../../../domain/documents/lines.ts';
import { ROUNDING_OPTIONS } from '../../../domain/documents/purchase.ts';
import { formatAmount } from '../../../domain/format.ts';
import type { FieldDef } from '../../../domain/resource.ts';
import type { lineEditorMachine } from '../../../machines/document/line-editor.machine.ts';
import { selectLineEditor } from '../../../machines/document/line-editor.selectors.ts';
import type { OptionItem } from '../../../machines/options.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useDisplay } from '../../app/display.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Combobox } from '../../components/ui/combobox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { lineProductOptionsMachine } from '../../resources/document-providers.ts';
import { RelationOptions, useRelationOptions } from '../resource/fields/relation-field.tsx';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';
import { AmountField, FieldError, FieldLabel } from './amount-input.tsx';
import { SUPPLIER_FIELD } from './purchase-defs.ts';

export type EditorActor = ActorRefFrom<typeof lineEditorMachine>;

const INCLUDES_TAX: FieldDef = { name: 'prices_include_tax', label: 'Unit costs include tax', kind: 'switch' };
const ROUNDING: FieldDef = { name: 'rounding', label: 'Tax rounding', kind: 'select', options: [...ROUNDING_OPTIONS] };
const NOTE: FieldDef = { name: 'note', label: 'Note', kind: 'textarea' };

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: '6', rowGap: '5' });
const section = css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' });

/**
 * A purchase's header, lines and document amounts, with live totals from the shared totals
 * function (the server stores its own). Lines are found by name or SKU, or scanned; each line's
 * errors show under its own fields. Save is sent once; leaving with changes asks first.
 */
export function PurchaseForm({ actor, title, reference, receiving, onCancel }: { actor: EditorActor; title: string; reference: string | null; receiving: boolean; onCancel(): void }) {
  const system = useAppSystem();
  const display = useDisplay();
  const view = useSelector(actor, selectLineEditor, shallowEqual);
  const header = useSelector(actor, (s) => s.context.header);
  const errors = useSelector(actor, (s) => s.context.errors);
  const readOnly = view.busy;

  // The unsaved-changes guard: navigation asks before leaving while the form holds changes.
  useEffect(() => {
    system.navigation.send({ type: 'nav.block', blocked: view.dirty });
  }, [system, view.dirty]);
  useEffect(() => () => system.navigation.send({ type: 'nav.block', blocked: false }), [system]);

  // After a refused save, the focus goes to the first value in error (its full path is its id).
  const firstError = Object.keys(errors)[0];
  useEffect(() => {
    if (!firstError || firstError === 'scan') return;
    const frame = requestAnimationFrame(() => document.getElementById(fieldId(firstError))?.querySelector<HTMLElement>('input, textarea, button')?.focus() ?? document.getElementById(fieldId(firstError))?.focus());
    return () => cancelAnimationFrame(frame);
  }, [firstError]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  const Supplier = FIELD_VIEWS.relation.component;
  const Switch = FIELD_VIEWS.switch.component;
  const Select = FIELD_VIEWS.select.component;
  const Textarea = FIELD_VIEWS.textarea.component;
  const headerProps = (f: FieldDef) => ({ field: f, error: errors[f.name], errors: {}, readOnly, locked: false, lockedHint: undefined, value: header[f.name as keyof typeof header], onChange: (value: unknown) => actor.send({ type: 'header.change', field: f.name as keyof typeof header, value: value as never }) });

  return (
    <Card.Root asChild>
      <form noValidate aria-label={title} onSubmit={submit}>
        <Card.Body className={css({ pt: '6', px: { base: '4', sm: '6' }, display: 'grid', gap: '6' })}>
          <div className={grid}>
            <Supplier {...headerProps(SUPPLIER_FIELD)} value={header.supplier_id ?? ''} onChange={(v) => actor.send({ type: 'header.change', field: 'supplier_id', value: v === '' || v == null ? null : Number(v) })} />
            <Field.Root invalid={Boolean(errors.purchased_on)} readOnly={readOnly} required ids={{ control: fieldId('purchased_on') }}>
              <Field.Label>
                Date
                <Field.RequiredIndicator />
              </Field.Label>
              <Field.Input type="date" name="purchased_on" value={header.purchased_on} onChange={(e) => actor.send({ type: 'header.change', field: 'purchased_on', value: e.currentTarget.value })} />
              <FieldError error={errors.purchased_on} />
            </Field.Root>
            <div>
              <p className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1.5' })}>Reference</p>
              <p className={css({ fontSize: 'sm', color: reference ? 'fg.default' : 'fg.muted', py: '2' })}>{reference ?? 'Numbered PO-… when it is saved.'}</p>
            </div>
            <Textarea {...headerProps(NOTE)} value={header.note} />
          </div>

          <section aria-labelledby="lines-title">
            <h2 id="lines-title" className={section}>
              Products
            </h2>
            <LineAdder actor={actor} readOnly={readOnly} scanError={errors.scan} />
            {errors.lines ? <AlertMessage className={css({ mt: '3' })}>{errors.lines}</AlertMessage> : null}
            {view.lines.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '3' })}>No products yet: add one by name or SKU, or scan its barcode.</p> : null}
            <ol aria-label="Lines" className={css({ display: 'grid', gap: '3', mt: '4' })}>
              {view.lines.map((l, i) => (
                <li key={l.key} aria-label={l.product?.name ?? `Line ${i + 1}`} className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3' })}>
                  <div className={css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '2', mb: '2' })}>
                    <p className={css({ fontWeight: 'semibold', minW: '0', overflowWrap: 'anywhere' })}>
                      {i + 1}. {l.product?.name ?? 'No product'} <span className={css({ color: 'fg.muted', fontWeight: 'normal', fontSize: 'sm' })}>{l.product?.sku}</span>
                    </p>
                    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexShrink: 0 })}>
                      <span className={css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold' })} aria-label={`Line total of ${l.product?.name ?? `line ${i + 1}`}`}>
                        {formatAmount(l.total, display)}
                      </span>
                      <IconButton icon="trash" size="sm" aria-label={`Remove ${l.product?.name ?? `line ${i + 1}`}`} disabled={readOnly} onClick={() => actor.send({ type: 'line.remove', index: i })} />
                    </div>
                  </div>
                  <div className={css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: '3' })}>
                    <AmountField path={`lines.${i}.quantity`} label={`Quantity of ${l.product?.name ?? `line ${i + 1}`}`} short="Quantity" kind="integer" value={l.quantity} error={l.errors.quantity} readOnly={readOnly} onValue={(v) => actor.send({ type: 'line.change', index: i, field: 'quantity', value: v })} />
                    <AmountField path={`lines.${i}.unit_cost`} label={`Unit cost of ${l.product?.name ?? `line ${i + 1}`}`} short="Unit cost" kind="money" addon={display.currency} value={l.unit_cost} error={l.errors.unit_cost} readOnly={readOnly} onValue={(v) => actor.send({ type: 'line.change', index: i, field: 'unit_cost', value: v })} />
                    <AmountField path={`lines.${i}.discount`} label={`Discount on ${l.product?.name ?? `line ${i + 1}`}`} short="Discount" kind="money" addon={display.currency} value={l.discount} error={l.errors.discount} readOnly={readOnly} onValue={(v) => actor.send({ type: 'line.change', index: i, field: 'discount', value: v })} />
                    <AmountField path={`lines.${i}.tax_bps`} label={`Tax rate of ${l.product?.name ?? `line ${i + 1}`}`} short="Tax" kind="percent" addon="%" value={l.tax_bps} error={l.errors.tax_bps} readOnly={readOnly} onValue={(v) => actor.send({ type: 'line.change', index: i, field: 'tax_bps', value: v })} />
                  </div>
                  {receiving && l.product?.tracks_serials ? (
                    <Field.Root invalid={Boolean(serialError(l.errors))} readOnly={readOnly} className={css({ mt: '3' })} ids={{ control: fieldId(`lines.${i}.serials`) }}>
                      <FieldLabel label={`Serial numbers of ${l.product.name}`} short={`Serial numbers (${l.serials.filter((s) => s.trim()).length} of ${Number.isFinite(l.quantity) ? l.quantity : 0})`} />
                      <Field.Textarea rows={Math.min(6, Math.max(2, l.serials.length + 1))} placeholder="One per row: type or scan each unit" value={l.serials.join('\n')} onChange={(e) => actor.send({ type: 'line.change', index: i, field: 'serials', value: e.currentTarget.value.split('\n') })} />
                      <FieldError error={serialError(l.errors)} />
                    </Field.Root>
                  ) : null}
                  {l.errors.product_id ? <FieldError error={l.errors.product_id} /> : null}
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="amounts-title" className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } })}>
            <div>
              <h2 id="amounts-title" className={section}>
                Discount, tax and shipping
              </h2>
              <div className={grid}>
                <AmountField path="discount" label="Order discount" kind="money" addon={display.currency} value={header.discount} error={errors.discount} readOnly={readOnly} onValue={(v) => actor.send({ type: 'header.change', field: 'discount', value: v })} />
                <AmountField path="tax_bps" label="Order tax" kind="percent" addon="%" value={header.tax_bps} error={errors.tax_bps} readOnly={readOnly} onValue={(v) => actor.send({ type: 'header.change', field: 'tax_bps', value: v })} />
                <AmountField path="shipping" label="Shipping" kind="money" addon={display.currency} value={header.shipping} error={errors.shipping} readOnly={readOnly} onValue={(v) => actor.send({ type: 'header.change', field: 'shipping', value: v })} />
                <Select {...headerProps(ROUNDING)} />
                <Switch {...headerProps(INCLUDES_TAX)} />
              </div>
            </div>
            <TotalsTable totals={view.totals} />
          </section>
        </Card.Body>
        {view.formError ? <AlertMessage className={css({ mx: { base: '4', sm: '6' }, mb: '2' })}>{view.formError}</AlertMessage> : null}
        <Card.Footer className={css({ justifyContent: 'flex-start', px: { base: '4', sm: '6' }, pt: '4', pb: '6', borderTopWidth: '1px', borderColor: 'border.default' })}>
          <Button type="submit" loading={view.busy && !view.canSubmit} disabled={!view.canSubmit}>
            {receiving ? 'Save and receive' : reference ? 'Save changes' : 'Order'}
          </Button>
          <Button variant="outline" tone="neutral" disabled={readOnly} onClick={onCancel}>
            {reference ? 'Discard changes' : 'Cancel'}
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}

/** A serial's own error (`serials.2`) shows under the line's serials box, naming the serial. */
const serialError = (errors: Record<string, string>) => errors.serials ?? Object.entries(errors).find(([k]) => k.startsWith('serials.'))?.[1];

/** The totals a purchase comes to: the same function, the same figures, as the server stores. */
export function TotalsTable({ totals }: { totals: { subtotal: number; lineTax: number; linesTotal: number; discount: number; documentTax: number; shipping: number; grandTotal: number } }) {
  const display = useDisplay();
  const rows: [string, number][] = [
    ['Subtotal (without tax)', totals.subtotal],
    ['Line tax', totals.lineTax],
    ['Lines total', totals.linesTotal],
    ['Order discount', -totals.discount],
    ['Order tax', totals.documentTax],
    ['Shipping', totals.shipping],
  ];
  return (
    <table aria-label="Totals" className={css({ w: 'full', alignSelf: 'start', fontSize: 'sm', '& td': { py: '1.5', fontVariantNumeric: 'tabular-nums', textAlign: 'end' }, '& th': { py: '1.5', textAlign: 'start', fontWeight: 'normal', color: 'fg.muted' } })}>
      <tbody>
        {rows.map(([label, v]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{formatAmount(v, display)}</td>
          </tr>
        ))}
        <tr className={css({ borderTopWidth: '1px', borderColor: 'border.default', '& th, & td': { fontWeight: 'bold', color: 'fg.default', fontSize: 'md', pt: '2' } })}>
          <th scope="row">Grand total</th>
          <td>{formatAmount(totals.grandTotal, display)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** Find a product by name or SKU, or scan its barcode (Enter ends a scan, as scanners send it). */
function LineAdder({ actor, readOnly, scanError }: { actor: EditorActor; readOnly: boolean; scanError: string | undefined }) {
  const system = useAppSystem();
  const [code, setCode] = useState('');
  return (
    <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
      <ProductPicker system={system} disabled={readOnly} onPick={(product) => actor.send({ type: 'line.add', product })} />
      <Field.Root invalid={Boolean(scanError)} ids={{ control: fieldId('scan') }}>
        <Field.Label>Scan a barcode</Field.Label>
        <Field.Input
          value={code}
          placeholder="Scan, or type a barcode or SKU and press Enter"
          autoComplete="off"
          onChange={(e) => setCode(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (!code.trim()) return;
            actor.send({ type: 'line.scan', code });
            setCode('');
          }}
        />
        <FieldError error={scanError} />
      </Field.Root>
    </div>
  );
}

/** The "add a product" combobox: products by name or SKU; choosing one adds a line for it. */
export function ProductPicker({ system, disabled, onPick, label = 'Add a product' }: { system: ReturnType<typeof useAppSystem>; disabled: boolean; onPick(p: LineProduct): void; label?: string }) {
  const machine = useMemo(() => lineProductOptionsMachine(system), [system]);
  const options = useActorRef(machine, { input: { ids: [] }, inspect: system.inspect });
  const { items, status, search, error, collection } = useRelationOptions(options);
  return (
    <Combobox.Root
      collection={collection}
      value={[]}
      inputValue={search}
      disabled={disabled}
      inputBehavior="autohighlight"
      onInputValueChange={(d) => {
        if (d.reason === 'input-change') options.send({ type: 'options.search', search: d.inputValue });
      }}
      onValueChange={(d) => {
        const picked = items.find((o: OptionItem) => String(o.id) === d.value[0]) as (OptionItem & LineProduct) | undefined;
        if (!picked) return;
        onPick(picked);
        options.send({ type: 'options.search', search: '' });
      }}
    >
      <Combobox.Label>{label}</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input placeholder="Type a name or SKU…" />
        <Combobox.Trigger aria-label="Show products">
          <Icon name="chevron-down" />
        </Combobox.Trigger>
      </Combobox.Control>
      {search.trim() ? <RelationOptions items={items} status={status} search={search} error={error} many="products" /> : <Portal />}
    </Combobox.Root>
  );
}
