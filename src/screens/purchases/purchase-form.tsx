import { useSelector } from '../../app/use-selector.ts';
import { css } from 'styled-system/css';
import type { FieldDef } from '../../../domain/resource.ts';
import type { EditorActor } from '../../../machines/document/lifecycle.machine.ts';
import { Field } from '../../components/ui/field.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { FieldError } from '../documents/amount-input.tsx';
import { DocumentForm, useHeaderField } from '../documents/document-form.tsx';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';
import { SUPPLIER_FIELD } from '../documents/parties.ts';

const NOTE: FieldDef = { name: 'note', label: 'Note', kind: 'textarea' };

/** A purchase's own header: the supplier, the date, its reference and a note. */
function PurchaseHeaderFields({ actor, reference }: { actor: EditorActor; reference: string | null }) {
  const headerProps = useHeaderField(actor);
  const purchasedOn = useSelector(actor, (s) => String(s.context.header.purchased_on ?? ''));
  const error = useSelector(actor, (s) => s.context.errors.purchased_on);
  const readOnly = useSelector(actor, (s) => s.hasTag('busy'));
  const Supplier = FIELD_VIEWS.relation.component;
  const Textarea = FIELD_VIEWS.textarea.component;
  const supplier = headerProps(SUPPLIER_FIELD);
  return (
    <>
      <Supplier {...supplier} value={supplier.value ?? ''} onChange={(v) => actor.send({ type: 'header.change', field: 'supplier_id', value: v === '' || v == null ? null : Number(v) })} />
      <Field.Root invalid={Boolean(error)} readOnly={readOnly} required ids={{ control: fieldId('purchased_on') }}>
        <Field.Label>
          Date
          <Field.RequiredIndicator />
        </Field.Label>
        <Field.Input type="date" name="purchased_on" value={purchasedOn} onChange={(e) => actor.send({ type: 'header.change', field: 'purchased_on', value: e.currentTarget.value })} />
        <FieldError error={error} />
      </Field.Root>
      <div>
        <p className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1.5' })}>Reference</p>
        <p className={css({ fontSize: 'sm', color: reference ? 'fg.default' : 'fg.muted', py: '2' })}>{reference ?? 'Numbered PO-… when it is saved.'}</p>
      </div>
      <Textarea {...headerProps(NOTE)} />
    </>
  );
}

/**
 * A purchase's form on the document form: its header, lines at unit cost, and document amounts.
 * With `receiving` (the serial-number purchase screen) the goods come in at once, one serial
 * number per unit of serial-tracked products.
 */
export function PurchaseForm({ actor, title, reference, receiving, onCancel }: { actor: EditorActor; title: string; reference: string | null; receiving: boolean; onCancel(): void }) {
  return (
    <DocumentForm
      actor={actor}
      title={title}
      header={<PurchaseHeaderFields actor={actor} reference={reference} />}
      priceLabel="Unit cost"
      includesTaxLabel="Unit costs include tax"
      serials={receiving}
      submitLabel={receiving ? 'Save and receive' : reference ? 'Save changes' : 'Order'}
      cancelLabel={reference ? 'Discard changes' : 'Cancel'}
      onCancel={onCancel}
    />
  );
}
