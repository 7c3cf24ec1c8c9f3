import { SALE_STATUS_OPTIONS } from '../../../domain/documents/sale.facts.ts';
import type { FieldDef } from '../../../domain/resource.ts';
import type { EditorActor } from '../../../machines/document/lifecycle.machine.ts';
import { DocumentForm, useHeaderField } from '../documents/document-form.tsx';
import { CustomerHeaderField, ReferenceFact } from '../documents/header-parts.tsx';
import { CUSTOMER_FIELD } from '../documents/parties.ts';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';

const CUSTOMER: FieldDef = { ...CUSTOMER_FIELD, help: 'None: a walk-in customer.' };
const SOLD_ON: FieldDef = { name: 'sold_on', label: 'Date', kind: 'date', required: true };
const STATUS: FieldDef = { name: 'status', label: 'Status', kind: 'select', options: SALE_STATUS_OPTIONS, required: true, help: 'Pending: no stock leaves until it is completed.' };
const NOTE: FieldDef = { name: 'note', label: 'Note', kind: 'textarea' };

/** A sale's own header: the customer (none: walk-in), the date, completed or pending (a new sale only), its reference and a note. */
function SaleHeaderFields({ actor, reference }: { actor: EditorActor; reference: string | null }) {
  const headerProps = useHeaderField(actor);
  const { date, select, textarea } = FIELD_VIEWS;
  return (
    <>
      <CustomerHeaderField actor={actor} field={CUSTOMER} />
      <date.component {...headerProps(SOLD_ON)} />
      {reference ? <ReferenceFact reference={reference} /> : <select.component {...headerProps(STATUS)} />}
      <textarea.component {...headerProps(NOTE)} />
    </>
  );
}

/**
 * A sale's form on the document form: its header, lines at the sale price (serial-tracked lines
 * name their serials when sold completed), document amounts and, when it is made, its payments
 * split over several methods with the change from cash.
 */
export function SaleForm({ actor, title, reference, onCancel }: { actor: EditorActor; title: string; reference: string | null; onCancel(): void }) {
  return (
    <DocumentForm
      actor={actor}
      title={title}
      header={<SaleHeaderFields actor={actor} reference={reference} />}
      priceLabel="Price"
      includesTaxLabel="Prices include tax"
      serials={reference === null}
      fixedTerms
      submitLabel={reference ? 'Save changes' : 'Save sale'}
      cancelLabel={reference ? 'Discard changes' : 'Cancel'}
      onCancel={onCancel}
    />
  );
}
