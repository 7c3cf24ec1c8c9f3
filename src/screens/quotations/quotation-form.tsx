import type { FieldDef } from '../../../domain/resource.ts';
import type { EditorActor } from '../../../machines/document/lifecycle.machine.ts';
import { DocumentForm, useHeaderField } from '../documents/document-form.tsx';
import { CustomerHeaderField, ReferenceFact } from '../documents/header-parts.tsx';
import { CUSTOMER_FIELD } from '../documents/parties.ts';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';

const CUSTOMER: FieldDef = { ...CUSTOMER_FIELD, required: true };
const QUOTED_ON: FieldDef = { name: 'quoted_on', label: 'Date', kind: 'date', required: true };
const VALID_UNTIL: FieldDef = { name: 'valid_until', label: 'Valid until', kind: 'date', required: true, help: 'Sent and past this day, the quotation expires.' };
const NOTE: FieldDef = { name: 'note', label: 'Note', kind: 'textarea' };

/** A quotation's own header: the customer, its date and the day it is valid until, its reference once it has one, and a note. */
function QuotationHeaderFields({ actor, reference }: { actor: EditorActor; reference: string | null }) {
  const headerProps = useHeaderField(actor);
  const { date, textarea } = FIELD_VIEWS;
  return (
    <>
      <CustomerHeaderField actor={actor} field={CUSTOMER} />
      <date.component {...headerProps(QUOTED_ON)} />
      <date.component {...headerProps(VALID_UNTIL)} />
      {reference ? <ReferenceFact reference={reference} /> : null}
      <textarea.component {...headerProps(NOTE)} />
    </>
  );
}

/** A quotation's form on the document form: its header, lines at the sale price (no serials), document amounts; no payments, no status (it is written as a draft). */
export function QuotationForm({ actor, title, reference, onCancel }: { actor: EditorActor; title: string; reference: string | null; onCancel(): void }) {
  return (
    <DocumentForm
      actor={actor}
      title={title}
      header={<QuotationHeaderFields actor={actor} reference={reference} />}
      priceLabel="Price"
      includesTaxLabel="Prices include tax"
      serials={false}
      fixedTerms
      submitLabel={reference ? 'Save changes' : 'Save quotation'}
      cancelLabel={reference ? 'Discard changes' : 'Cancel'}
      onCancel={onCancel}
    />
  );
}
