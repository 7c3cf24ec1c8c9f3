import { useActorRef } from '@xstate/react';
import { useSelector } from '../../app/use-selector.ts';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { resourceHref } from '../../../domain/paths.ts';
import { purchaseApi, purchaseEditor } from '../../../machines/purchases/purchase.kind.ts';
import type { PurchaseDoc } from '../../../machines/purchases/purchase-view.selectors.ts';
import { selectRecord } from '../../../machines/record.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { PurchaseData } from '../../pages/loaders/purchase.ts';
import { documentRecordMachine, newDocumentMachine, realEnv } from '../../resources/document-providers.ts';
import { PageHeader } from '../resource/page-header.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { PurchaseDocument } from './purchase-document.tsx';
import { PurchaseForm } from './purchase-form.tsx';
import { PURCHASES } from './purchase-defs.ts';

/**
 * /purchase/create, /purchase/with/serial/create and /purchase/edit/{id} (SPEC: one screen).
 * Creating orders the goods, or with serial numbers receives them at once, one serial per
 * unit; an existing purchase shows its lines, progress, payments, history and the buttons its
 * lifecycle allows, and can be changed while nothing has come in.
 */
export default function PurchaseRoute({ params, screen, title, data }: ScreenProps) {
  if (params.id) return <ExistingPurchase id={params.id} title={title} data={data as PurchaseData | undefined} />;
  return <NewPurchase receiving={screen === SERIAL_SCREEN} title={title} />;
}

/** The route of the serial-number purchase screen (domain/routes.ts: the page module, then what it is told). */
const SERIAL_SCREEN = 'purchaseForm:serial';

function BackLink() {
  return (
    // Underlined: beside text, a link must not be told apart by its colour alone.
    <AppLink href={resourceHref.list(PURCHASES)} className={css({ color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px' })}>
      ← Back to purchases
    </AppLink>
  );
}

function NewPurchase({ receiving, title }: { receiving: boolean; title: string }) {
  const system = useAppSystem();
  const machine = useMemo(() => newDocumentMachine(system, purchaseApi), [system]);
  const actor = useActorRef(machine, { input: { kind: purchaseEditor, header: { ...purchaseEditor.emptyHeader(realEnv.today()), receive: receiving }, key: realEnv.newKey() }, inspect: system.inspect });
  return (
    <>
      <PageHeader subtitle={<>{receiving ? 'Received now: name one serial number per unit of serial-tracked products. ' : 'Ordered now, received later. '}<BackLink /></>} />
      <PurchaseForm actor={actor} title={title} reference={null} receiving={receiving} onCancel={() => system.navigation.send({ type: 'nav.go', to: resourceHref.list(PURCHASES), resume: true })} />
    </>
  );
}

/** `data`: the purchase as the page's loader got it (src/pages/loaders/purchase.ts): shown at once, not asked for again. */
function ExistingPurchase({ id, title, data }: { id: string; title: string; data: PurchaseData | undefined }) {
  const system = useAppSystem();
  const machine = useMemo(() => documentRecordMachine(system, purchaseApi), [system]);
  const actor = useActorRef(machine, { input: { id, data: data ? { ...data } : undefined }, inspect: system.inspect });
  const record = useSelector(actor, selectRecord);
  if (record.phase === 'failed') {
    return (
      <AlertMessage variant="centered" title="This purchase could not be loaded." onRetry={() => actor.send({ type: 'record.retry' })}>
        {record.error}
      </AlertMessage>
    );
  }
  if (record.phase === 'loading') {
    return (
      <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
        <Spinner size="lg" label="Loading the purchase" />
      </div>
    );
  }
  const doc = record.data as unknown as PurchaseDoc;
  // The page machine holds the purchase from here on: each action and each save answers it whole.
  return <PurchaseDocument key={doc.id} doc={doc} title={title} back={<BackLink />} />;
}
