import { css } from 'styled-system/css';
import type { FieldDef } from '../../../domain/resource.ts';
import type { EditorActor } from '../../../machines/document/lifecycle.machine.ts';
import { useHeaderField } from './document-form.tsx';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';

/** A customer picked for a document's header (a sale's, a quotation's): its id as a number, none as null. */
export function CustomerHeaderField({ actor, field }: { actor: EditorActor; field: FieldDef }) {
  const customer = useHeaderField(actor)(field);
  const Relation = FIELD_VIEWS.relation.component;
  return <Relation {...customer} value={customer.value ?? ''} onChange={(v) => actor.send({ type: 'header.change', field: field.name, value: v === '' || v == null ? null : Number(v) })} />;
}

/** A saved document's reference, shown among its header's fields (it is never typed). */
export function ReferenceFact({ reference }: { reference: string }) {
  return (
    <div>
      <p className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1.5' })}>Reference</p>
      <p className={css({ fontSize: 'sm', py: '2' })}>{reference}</p>
    </div>
  );
}
