import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { css } from 'styled-system/css';
import type { Display } from '../../../domain/format.ts';
import { selectDocumentActions, selectDraftActor, selectEditorActor } from '../../../machines/document/line-editor.selectors.ts';
import type { documentLifecycleMachine, EditorActor } from '../../../machines/document/lifecycle.machine.ts';
import { useDisplay } from '../../app/display.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { PageHeader } from '../resource/page-header.tsx';
import { ActionPanel } from './action-panel.tsx';
import { HistoryCard, type ShownStep } from './history-card.tsx';
import { LinesCard, type LineColumn, type ShownLine } from './lines-card.tsx';
import type { ShownPayment } from '../../../domain/documents/payments.facts.ts';
import { PaymentsCard } from './payments-card.tsx';
import { storedTotals } from './totals-table.tsx';

export type PageActor = ActorRefFrom<typeof documentLifecycleMachine>;

/** A saved document as every kind's answer has it (server/documents: showDocument). */
type StoredTotals = Parameters<typeof storedTotals>[0];

export interface ShownDocument<L extends ShownLine = ShownLine> extends StoredTotals {
  id: number;
  reference: string;
  status: string;
  note: string | null;
  lines: L[];
  payments: ShownPayment[];
  history: ShownStep[];
}

/** What a kind's page shows of its documents, beside what every document page shows. */
export interface DocumentPage<D extends ShownDocument> {
  /** The facts at the top, named for a screen reader by the kind's noun ("Purchase"). */
  facts(doc: D, display: Display): [string, ReactNode][];
  columns(display: Display): LineColumn<D['lines'][number]>[];
  /** How the history names each action ("Received", "Payment"). */
  historyWords: Readonly<Record<string, string>>;
  /** The action drawn as the main button; a list: the first of them open now (an order's next step). */
  primary?: string | readonly string[];
  /** Who a step no one on the staff took is said to be by (default: the demo data's system; an order: the website). */
  nobody?: string;
  /** The kind's form, while the document may be changed in place (a kind never changed in place, a website order, has none). */
  form?(editor: EditorActor, doc: D): ReactNode;
  /** Actions drawn as links to another page, shown while the machine would take them (a quotation's Edit opens its edit page). */
  hrefs?: Readonly<Record<string, (doc: D) => string>>;
  /** A kind that takes no payments (a quotation) shows no payments card. */
  unpaid?: true;
  /** The document as printed (the paper sheet, hidden on screen), with a Print button. */
  sheet?(doc: D, display: Display): ReactNode;
  /** The kind's own cards under the lines (a sale's returns). */
  cards?(doc: D): ReactNode;
}

const linkButton = css({ display: 'inline-flex', alignItems: 'center', h: '10', px: '4', borderRadius: 'md', borderWidth: '1px', borderColor: 'border.default', fontWeight: 'semibold', fontSize: 'sm', color: 'primary.fg', _hover: { bg: 'bg.subtle' } });
const factBox = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', borderRadius: 'lg', bg: 'bg.subtle', minW: '0' });
const factLabel = css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em' });
const factValue = css({ fontSize: 'lg', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

/**
 * A saved document as it stands, for any kind: its buttons (from the page machine's
 * `snapshot.can`: what the lifecycle table and the person's rights allow), the open action's
 * panel, its lines (or, while it may be changed, the kind's form), totals, payments and the
 * history of every transition with who and when. The page machine holds the document and its
 * child machines; this view only selects and sends.
 */
export function DocumentView<D extends ShownDocument>({ actor, page, back }: { actor: PageActor; page: DocumentPage<D>; back: ReactNode }) {
  const display = useDisplay();
  const doc = useSelector(actor, (s) => s.context.doc) as unknown as D;
  const lifecycle = useSelector(actor, (s) => s.context.lifecycle);
  const actions = useSelector(actor, selectDocumentActions, shallowEqual);
  const draft = useSelector(actor, selectDraftActor);
  const editor = useSelector(actor, selectEditorActor);
  const panel = useSelector(draft, (s) => s?.context.panel ?? null);
  const retry = actions.canRetry ? () => actor.send({ type: 'doc.retry' }) : undefined;
  const noun = lifecycle.noun.charAt(0).toUpperCase() + lifecycle.noun.slice(1);
  const primary = typeof page.primary === 'string' ? page.primary : page.primary?.find((a) => actions.panels.some((b) => b.action === a && b.enabled));

  return (
    <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '5' })}>
      <PageHeader
        subtitle={back}
        actions={
          <>
            {actions.buttons.map((b) => {
              const href = page.hrefs?.[b.action];
              return href && b.enabled && !editor ? (
                <AppLink key={b.action} href={href(doc)} className={linkButton}>
                  {b.label}
                </AppLink>
              ) : null;
            })}
            {actions.panels.map((b) => (
              <Button key={b.action} data-action={b.action} variant={b.action === primary ? 'solid' : 'outline'} tone={b.destructive ? 'neutral' : 'primary'} disabled={!b.enabled || panel !== null} onClick={() => actor.send({ type: 'doc.open', action: b.action })}>
                {b.label}
              </Button>
            ))}
            {page.sheet ? (
              <Button variant="outline" tone="neutral" onClick={() => actor.send({ type: 'doc.print' })}>
                <Icon name="receipt" size="sm" />
                Print
              </Button>
            ) : null}
          </>
        }
      />
      <dl id="document-facts" tabIndex={-1} aria-label={noun} className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, outline: 'none' })}>
        {page.facts(doc, display).map(([label, value]) => (
          <div key={label} className={factBox}>
            <dt className={factLabel}>{label}</dt>
            <dd className={factValue}>{value}</dd>
          </div>
        ))}
      </dl>
      {actions.failure && panel === null ? <AlertMessage onRetry={retry}>{actions.failure.message}</AlertMessage> : null}
      {/* A refusal with field errors is said under its fields; only one without them needs its own line. */}
      {panel && draft ? <ActionPanel draft={draft} busy={actions.busy} failure={actions.failure && !actions.failure.errors ? actions.failure.message : null} onRetry={retry} /> : null}
      {editor ? (
        <section aria-labelledby="edit-title">
          <h2 id="edit-title" className={css({ srOnly: true })}>
            Lines
          </h2>
          {page.form?.(editor, doc)}
        </section>
      ) : (
        <LinesCard lines={doc.lines} columns={page.columns(display)} totals={storedTotals(doc)} note={doc.note} />
      )}
      {page.cards?.(doc)}
      <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } })}>
        {page.unpaid ? null : <PaymentsCard payments={doc.payments} />}
        <HistoryCard history={doc.history} lifecycle={lifecycle} words={page.historyWords} nobody={page.nobody} />
      </div>
      {page.sheet?.(doc, display)}
    </div>
  );
}
