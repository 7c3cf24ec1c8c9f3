import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { ROUNDING_OPTIONS } from '../../../domain/documents/rounding.ts';
import type { FieldDef } from '../../../domain/resource.ts';
import { selectLineEditor } from '../../../machines/document/line-editor.selectors.ts';
import type { EditorActor } from '../../../machines/document/lifecycle.machine.ts';
import { useDisplay } from '../../app/display.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';
import { AmountField } from './amount-input.tsx';
import { LinesEditor } from './lines-editor.tsx';
import { PaymentsEditor } from './payments-editor.tsx';
import { TotalsTable } from './totals-table.tsx';

const ROUNDING: FieldDef = { name: 'rounding', label: 'Tax rounding', kind: 'select', options: [...ROUNDING_OPTIONS] };
export const formGrid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: '6', rowGap: '5' });
const section = css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' });

/** A header field drawn by the generic field views, bound to the editor's header. */
export function useHeaderField(actor: EditorActor) {
  const header = useSelector(actor, (s) => s.context.header);
  const errors = useSelector(actor, (s) => s.context.errors);
  const readOnly = useSelector(actor, (s) => s.hasTag('busy'));
  return (f: FieldDef) => ({
    field: f,
    error: errors[f.name],
    errors: {},
    readOnly,
    locked: false,
    lockedHint: undefined,
    value: header[f.name] as never,
    onChange: (value: unknown) => actor.send({ type: 'header.change', field: f.name, value }),
  });
}

export interface DocumentFormProps {
  actor: EditorActor;
  title: string;
  /** The kind's own header fields (a supplier, a date, the reference…). */
  header: ReactNode;
  /** The kind's words: "Unit cost"; "Unit costs include tax". */
  priceLabel: string;
  includesTaxLabel: string;
  /** Lines name one serial number per unit (goods coming in now). */
  serials: boolean;
  /** The kind sets the tax rounding and whether prices include tax itself (a sale: per line, as its products say): no fields for them. */
  fixedTerms?: boolean;
  submitLabel: string;
  cancelLabel: string;
  onCancel(): void;
}

/**
 * A document's form, for any kind: its header, lines and document amounts, with live totals
 * from the shared totals function (the server stores its own). Save is sent once; leaving with
 * changes asks first (the editor machine sets the leave guard). After a refused save, the focus
 * goes to the first value in error (its full path is its id).
 */
export function DocumentForm({ actor, title, header, priceLabel, includesTaxLabel, serials, fixedTerms = false, submitLabel, cancelLabel, onCancel }: DocumentFormProps) {
  const display = useDisplay();
  const view = useSelector(actor, selectLineEditor, shallowEqual);
  const terms = useSelector(actor, (s) => s.context.header);
  const errors = useSelector(actor, (s) => s.context.errors);
  const headerProps = useHeaderField(actor);
  const readOnly = view.busy;

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
  const Switch = FIELD_VIEWS.switch.component;
  const Select = FIELD_VIEWS.select.component;
  const amount = (path: 'discount' | 'tax_bps' | 'shipping', label: string, kind: 'money' | 'percent') => (
    <AmountField path={path} label={label} kind={kind} addon={kind === 'money' ? display.currency : '%'} value={terms[path]} error={errors[path]} readOnly={readOnly} onValue={(v) => actor.send({ type: 'header.change', field: path, value: v })} />
  );

  return (
    <Card.Root asChild>
      <form noValidate aria-label={title} onSubmit={submit}>
        <Card.Body className={css({ pt: '6', px: { base: '4', sm: '6' }, display: 'grid', gap: '6' })}>
          <div className={formGrid}>{header}</div>
          <LinesEditor actor={actor} priceLabel={priceLabel} serials={serials} />
          <section aria-labelledby="amounts-title" className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } })}>
            <div>
              <h2 id="amounts-title" className={section}>
                Discount, tax and shipping
              </h2>
              <div className={formGrid}>
                {amount('discount', 'Order discount', 'money')}
                {amount('tax_bps', 'Order tax', 'percent')}
                {amount('shipping', 'Shipping', 'money')}
                {fixedTerms ? null : (
                  <>
                    <Select {...headerProps(ROUNDING)} />
                    <Switch {...headerProps({ name: 'prices_include_tax', label: includesTaxLabel, kind: 'switch' })} />
                  </>
                )}
              </div>
            </div>
            <TotalsTable totals={view.totals} />
          </section>
          <PaymentsEditor actor={actor} />
        </Card.Body>
        {view.formError ? <AlertMessage className={css({ mx: { base: '4', sm: '6' }, mb: '2' })}>{view.formError}</AlertMessage> : null}
        <Card.Footer className={css({ justifyContent: 'flex-start', px: { base: '4', sm: '6' }, pt: '4', pb: '6', borderTopWidth: '1px', borderColor: 'border.default' })}>
          <Button type="submit" loading={view.busy && !view.canSubmit} disabled={!view.canSubmit}>
            {submitLabel}
          </Button>
          <Button variant="outline" tone="neutral" disabled={readOnly} onClick={onCancel}>
            {cancelLabel}
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
