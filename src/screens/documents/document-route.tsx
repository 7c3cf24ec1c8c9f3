import { useActorRef } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { shopMethodOptions } from '../../../domain/documents/payments.facts.ts';
import { css } from 'styled-system/css';
import { resourceHref } from '../../../domain/paths.ts';
import type { ResourceList } from '../../../domain/resource.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { mayFrom, type DocState, type DocumentApi, type DocumentHeader, type DocumentKind } from '../../../machines/document/kind.ts';
import type { EditorActor } from '../../../machines/document/lifecycle.machine.ts';
import { selectRecord } from '../../../machines/record.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useSelector } from '../../app/use-selector.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { documentPageMachine, documentRecordMachine, newDocumentMachine, realEnv } from '../../resources/document-providers.ts';
import type { SavedDocument } from '../../pages/loaders/document.ts';
import { PageHeader } from '../resource/page-header.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { DocumentView, type DocumentPage, type ShownDocument } from './document-view.tsx';

/** A new document's form, as a kind draws it on its create screen. */
export interface NewFormProps {
  actor: EditorActor;
  title: string;
  /** The route's screen key (`purchaseForm:serial`): one screen may make a kind two ways. */
  screen: string;
  onCancel(): void;
}

/** A document kind's screens: what its create/edit/view route needs, declared once per kind. */
export interface DocumentScreen<D extends ShownDocument & DocState> {
  /** Its list (the back link) and noun ("This purchase could not be loaded."). */
  list: ResourceList;
  api: DocumentApi;
  kind: DocumentKind<D>;
  /** What its page shows beside what every document page shows. */
  page(title: string): DocumentPage<D>;
  /** Its create screen's form; a kind made elsewhere (a website order) has none. */
  newForm?(props: NewFormProps): ReactNode;
  /** The new document's header beside the kind's empty one (`receive: true` on the serial screen). */
  newHeader?(screen: string): Partial<DocumentHeader>;
  /** Said under the create screen's title, before the back link. */
  newSubtitle?(screen: string): ReactNode;
  /** A screen that shows a saved document without its form (a quotation's view page: its Edit links to the edit page). */
  viewOnly?(screen: string): boolean;
}

/** The payment methods a kind paid by the shop's methods offers: those on the person's session (domain/auth.ts SessionShop). */
function useMethods<D extends DocState>(kind: DocumentKind<D>) {
  const system = useAppSystem();
  const names = useSelector(system.auth, (s) => s.context.user?.shop?.payment_methods);
  return useMemo(() => (kind.paidByShopMethods ? shopMethodOptions(names) : undefined), [kind, names]);
}

function BackLink({ list }: { list: ResourceList }) {
  return (
    // Underlined: beside text, a link must not be told apart by its colour alone.
    <AppLink href={resourceHref.list(list)} className={css({ color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px' })}>
      ← Back to {list.label.many}
    </AppLink>
  );
}

/**
 * A document kind's create, edit and view route (`export default documentRoute(…)`): with an
 * id, the document as it stands on the document page (its page machine holds it: each action and
 * each save answers it whole); without, the kind's new form.
 */
export function documentRoute<D extends ShownDocument & DocState>(screen: DocumentScreen<D>) {
  function NewDocument({ title, screenKey }: { title: string; screenKey: string }) {
    const system = useAppSystem();
    const editor = screen.kind.editor!;
    const machine = useMemo(() => newDocumentMachine(system, screen.api), [system]);
    const header = { ...editor.emptyHeader(realEnv.today()), ...screen.newHeader?.(screenKey) };
    const methods = useMethods(screen.kind);
    const actor = useActorRef(machine, { input: { kind: editor, header, key: realEnv.newKey(), ...(methods ? { methods } : {}) }, inspect: system.inspect });
    const onCancel = () => system.navigation.send({ type: 'nav.go', to: resourceHref.list(screen.list), resume: true });
    return (
      <>
        <PageHeader subtitle={<>{screen.newSubtitle?.(screenKey)} <BackLink list={screen.list} /></>} />
        {screen.newForm?.({ actor, title, screen: screenKey, onCancel })}
      </>
    );
  }

  function Shown({ doc, title, screenKey }: { doc: D; title: string; screenKey: string }) {
    const system = useAppSystem();
    const held = useSelector(system.auth, selectPermissions);
    const machine = useMemo(() => documentPageMachine(system, screen.api, screen.kind), [system]);
    // Without its editor the machine draws no form; the table and rights still say whether `edit` may be done.
    const kind = screen.viewOnly?.(screenKey) ? { ...screen.kind, editor: undefined } : screen.kind;
    const methods = useMethods(screen.kind);
    const actor = useActorRef(machine, { input: { kind, doc, env: realEnv, may: mayFrom(screen.kind.rights, held), ...(methods ? { methods } : {}) }, inspect: system.inspect });
    const page = useMemo(() => screen.page(title), [title]);
    return <DocumentView actor={actor} page={page} back={<BackLink list={screen.list} />} />;
  }

  /** `data`: the document as the page's loader got it (src/pages/loaders/documents.ts): shown at once, not asked for again. */
  function Existing({ id, title, data, screenKey }: { id: string; title: string; data: SavedDocument | undefined; screenKey: string }) {
    const system = useAppSystem();
    const machine = useMemo(() => documentRecordMachine(system, screen.api), [system]);
    const actor = useActorRef(machine, { input: { id, data: data ? { ...data } : undefined }, inspect: system.inspect });
    const record = useSelector(actor, selectRecord);
    const noun = screen.list.label.one;
    if (record.phase === 'failed') {
      return (
        <AlertMessage variant="centered" title={`This ${noun} could not be loaded.`} onRetry={() => actor.send({ type: 'record.retry' })}>
          {record.error}
        </AlertMessage>
      );
    }
    if (record.phase === 'loading') {
      return (
        <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
          <Spinner size="lg" label={`Loading the ${noun}`} />
        </div>
      );
    }
    const doc = record.data as unknown as D;
    return <Shown key={`${doc.id}:${screenKey}`} doc={doc} title={title} screenKey={screenKey} />;
  }

  return function DocumentRoute({ params, screen: screenKey, title, data }: ScreenProps) {
    if (params.id) return <Existing id={params.id} title={title} data={data as SavedDocument | undefined} screenKey={screenKey} />;
    return <NewDocument title={title} screenKey={screenKey} />;
  };
}
