import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { selectLineEditor } from '../../../machines/document/line-editor.selectors.ts';
import type { EditorActor } from '../../../machines/document/lifecycle.machine.ts';
import { PaymentRows, RowFigure } from './payment-rows.tsx';

/**
 * The payments taken with a new document, for any kind whose editor declares them (a sale's,
 * split over cash and card): a row per payment (method and amount, errors under
 * `payments.N.…`), what is tendered, still due and, beyond the total, the change given back.
 * It only selects and sends; nothing shows for a kind that takes no payments with the document.
 */
export function PaymentsEditor({ actor }: { actor: EditorActor }) {
  const view = useSelector(actor, selectLineEditor, shallowEqual);
  const p = view.payments;
  if (!p) return null;
  return (
    <PaymentRows list="payments" title="Payments" noun="payment" empty="Nothing paid yet: add a payment for each method the customer pays by." methods={p.methods} rows={p.rows} busy={view.busy} send={(e) => actor.send(e)}>
      <RowFigure label="Tendered" amount={p.tendered} />
      <RowFigure label="Still due" amount={p.due} />
      {p.changeMethod ? <RowFigure label="Change" amount={p.change} strong testId="change" /> : null}
    </PaymentRows>
  );
}
