import { useActorRef } from '@xstate/react';
import { useSelector } from '../../app/use-selector.ts';
import { useMemo, type ReactNode } from 'react';
import { formatAmount, formatDay } from '../../../domain/format.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { mayFrom } from '../../../machines/document/kind.ts';
import { purchaseApi, purchaseKind } from '../../../machines/purchases/purchase.kind.ts';
import type { PurchaseDoc } from '../../../machines/purchases/purchase-view.selectors.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { documentPageMachine, realEnv } from '../../resources/document-providers.ts';
import { PaymentBadge, StatusBadge } from '../documents/badges.tsx';
import { DocumentView, type DocumentPage } from '../documents/document-view.tsx';
import { PurchaseForm } from './purchase-form.tsx';

/** What a purchase's page shows beside what every document page shows. */
const purchasePage = (title: string): DocumentPage<PurchaseDoc> => ({
  facts: (doc, display) => [
    ['Reference', doc.reference],
    ['Supplier', doc.supplier_name],
    ['Date', formatDay(doc.purchased_on, display)],
    ['Status', <StatusBadge key="s" lifecycle={purchaseKind.lifecycle} status={doc.status} />],
    ['Total', formatAmount(doc.grand_total, display)],
    ['Paid', formatAmount(doc.paid, display)],
    ['Due', formatAmount(doc.due, display)],
    ['Payment', <PaymentBadge key="p" status={doc.payment_status} />],
  ],
  columns: (display) => [
    { label: 'Ordered', value: (l) => l.quantity },
    { label: 'Received', value: (l) => l.received },
    { label: 'Returned', value: (l) => l.returned },
    { label: 'Unit cost', value: (l) => formatAmount(l.unit_cost, display) },
    { label: 'Total', value: (l) => formatAmount(l.total, display) },
  ],
  historyWords: { create: 'Ordered', order: 'Ordered', edit: 'Changed', receive: 'Received', cancel: 'Cancelled', return: 'Returned to supplier', pay: 'Payment' },
  primary: 'receive',
  form: (editor, doc) => <PurchaseForm actor={editor} title={title} reference={doc.reference} receiving={false} onCancel={() => editor.send({ type: 'form.reset' })} />,
});

/**
 * A purchase as it stands, on the document page: its page machine holds the purchase, runs its
 * actions and, while nothing has come in and the person may edit, its form.
 */
export function PurchaseDocument({ doc, title, back }: { doc: PurchaseDoc; title: string; back: ReactNode }) {
  const system = useAppSystem();
  const held = useSelector(system.auth, selectPermissions);
  const machine = useMemo(() => documentPageMachine(system, purchaseApi, purchaseKind), [system]);
  const actor = useActorRef(machine, { input: { kind: purchaseKind, doc, env: realEnv, may: mayFrom(purchaseKind.rights, held) }, inspect: system.inspect });
  const page = useMemo(() => purchasePage(title), [title]);
  return <DocumentView actor={actor} page={page} back={back} />;
}
