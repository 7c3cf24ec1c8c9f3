import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { css } from 'styled-system/css';
import { PAYMENT_METHOD_OPTIONS, PAYMENT_METHODS, type PaymentMethod } from '../../../domain/documents/payments.ts';
import { PURCHASE_ACTION_RIGHTS, purchaseLifecycle, type PurchaseAction, type PurchaseStatus } from '../../../domain/documents/purchase.ts';
import type { Lifecycle } from '../../../domain/documents/lifecycle.ts';
import { formatAmount, formatDay, formatMoment } from '../../../domain/format.ts';
import type { FieldDef } from '../../../domain/resource.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import type { actionDraftMachine, DraftPanel } from '../../../machines/document/action-draft.machine.ts';
import type { documentLifecycleMachine } from '../../../machines/document/lifecycle.machine.ts';
import { isDirty } from '../../../machines/document/line-editor.machine.ts';
import { selectDocumentActions } from '../../../machines/document/line-editor.selectors.ts';
import { draftFor, selectDraft, selectPurchase, type PurchaseDoc } from '../../../machines/document/purchase-view.selectors.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useDisplay } from '../../app/display.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import { actionDraftWith, purchaseLifecycleMachine } from '../../resources/document-providers.ts';
import { FIELD_VIEWS } from '../resource/fields/registry.ts';
import { PageHeader } from '../resource/page-header.tsx';
import { AmountField, FieldError, FieldLabel } from './amount-input.tsx';
import { PaymentBadge, StatusBadge } from './purchase-list-route.tsx';
import { PurchaseForm, TotalsTable } from './purchase-form.tsx';
import { today, useEditor } from './purchase-editor.ts';

type DraftActor = ActorRefFrom<typeof actionDraftMachine>;
type LifecycleActor = ActorRefFrom<typeof documentLifecycleMachine>;

const PANEL_TITLES: Record<DraftPanel, string> = { receive: 'Receive goods', return: 'Return to supplier', pay: 'Add a payment', cancel: 'Cancel the purchase' };
const SUBMIT_LABELS: Record<DraftPanel, string> = { receive: 'Receive', return: 'Return', pay: 'Record payment', cancel: 'Cancel purchase' };
const METHOD: FieldDef = { name: 'method', label: 'Method', kind: 'select', options: PAYMENT_METHOD_OPTIONS, required: true };
const heading = css({ fontSize: 'lg', fontWeight: 'semibold' });
const table = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th': { textAlign: 'start', fontWeight: 'medium', color: 'fg.muted', py: '2', px: '2', borderBottomWidth: '1px', borderColor: 'border.default', whiteSpace: 'nowrap' },
  '& td': { py: '2', px: '2', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
  '& td[data-num], & th[data-num]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
});

/**
 * A purchase as it stands: its buttons (from the lifecycle machine's `snapshot.can`, shown to
 * who holds each right), the open action's panel, its lines with what was ordered, received
 * and returned, totals, payments and the history of every transition with who and when.
 * While nothing has come in, who may edit changes it in place.
 */
export function PurchaseDocument({ doc: loaded, title, back, reload }: { doc: PurchaseDoc; title: string; back: ReactNode; reload(): void }) {
  const system = useAppSystem();
  const draftRef = useRef<DraftActor | null>(null);
  const lifecycleMachine = useMemo(
    () =>
      purchaseLifecycleMachine(system, {
        open: (action, doc) => draftRef.current?.send({ type: 'draft.open', ...draftFor(action, doc as unknown as PurchaseDoc, today()) }),
        done: () => {
          draftRef.current?.send({ type: 'draft.done' });
          // The panel and its button are gone: the focus goes to the purchase's facts, which say what changed.
          requestAnimationFrame(() => document.getElementById('purchase-facts')?.focus());
        },
        refused: (errors) => draftRef.current?.send({ type: 'draft.failed', errors }),
      }),
    [system],
  );
  const lifecycle = useActorRef(lifecycleMachine, { input: { lifecycle: purchaseLifecycle as unknown as Lifecycle, doc: loaded }, inspect: system.inspect });
  const draftMachine = useMemo(() => actionDraftWith((action, body) => lifecycle.send({ type: 'doc.act', action, body })), [lifecycle]);
  const draft = useActorRef(draftMachine, { inspect: system.inspect });
  useLayoutEffect(() => {
    draftRef.current = draft;
  }, [draft]);

  const doc = useSelector(lifecycle, selectPurchase);
  const actions = useSelector(lifecycle, selectDocumentActions, shallowEqual);
  const panel = useSelector(draft, (s) => s.context.panel);
  const held = useSelector(system.auth, selectPermissions);
  const buttons = actions.buttons.filter((b) => b.action !== 'edit' && held.has(PURCHASE_ACTION_RIGHTS[b.action as PurchaseAction]));
  const mayEdit = actions.open.includes('edit') && held.has(PURCHASE_ACTION_RIGHTS.edit);
  const open = (p: DraftPanel) => lifecycle.send({ type: 'doc.open', action: p });

  return (
    <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '5' })}>
      <PageHeader
        subtitle={back}
        actions={buttons.map((b) => (
          <Button key={b.action} variant={b.action === 'receive' ? 'solid' : 'outline'} tone={b.action === 'cancel' ? 'neutral' : 'primary'} disabled={!b.enabled || panel !== null} onClick={() => open(b.action as DraftPanel)}>
            {b.label}
          </Button>
        ))}
      />
      <Facts doc={doc} />
      {actions.failure && panel === null ? <AlertMessage onRetry={actions.canRetry ? () => lifecycle.send({ type: 'doc.retry' }) : undefined}>{actions.failure.message}</AlertMessage> : null}
      {/* A refusal with field errors is said under its fields; only one without them needs its own line. */}
      {panel ? <ActionPanel draft={draft} busy={actions.busy} failure={actions.failure && !actions.failure.errors ? actions.failure.message : null} onRetry={actions.canRetry ? () => lifecycle.send({ type: 'doc.retry' }) : undefined} /> : null}
      {mayEdit ? <EditPurchase key={doc.version} doc={doc} title={title} saved={reload} lifecycle={lifecycle} /> : <LinesCard doc={doc} />}
      <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } })}>
        <Payments doc={doc} />
        <History doc={doc} />
      </div>
    </div>
  );
}

function EditPurchase({ doc, title, saved, lifecycle }: { doc: PurchaseDoc; title: string; saved(): void; lifecycle: LifecycleActor }) {
  const actor = useEditor(doc, saved);
  // The lifecycle machine refuses an action while the lines hold changes that are not saved.
  const dirty = useSelector(actor, (s) => isDirty(s.context));
  useEffect(() => {
    lifecycle.send({ type: 'doc.unsaved', unsaved: dirty });
  }, [lifecycle, dirty]);
  useEffect(() => () => lifecycle.send({ type: 'doc.unsaved', unsaved: false }), [lifecycle]);
  return (
    <section aria-labelledby="edit-title">
      <h2 id="edit-title" className={css({ srOnly: true })}>
        Lines
      </h2>
      <PurchaseForm actor={actor} title={title} reference={doc.reference} receiving={false} onCancel={() => actor.send({ type: 'form.reset' })} />
    </section>
  );
}

const factBox = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', borderRadius: 'lg', bg: 'bg.subtle', minW: '0' });
const factLabel = css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em' });
const factValue = css({ fontSize: 'lg', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

function Facts({ doc }: { doc: PurchaseDoc }) {
  const display = useDisplay();
  const facts: [string, ReactNode][] = [
    ['Reference', doc.reference],
    ['Supplier', doc.supplier_name],
    ['Date', formatDay(doc.purchased_on, display)],
    ['Status', <StatusBadge key="s" status={doc.status} />],
    ['Total', formatAmount(doc.grand_total, display)],
    ['Paid', formatAmount(doc.paid, display)],
    ['Due', formatAmount(doc.due, display)],
    ['Payment', <PaymentBadge key="p" status={doc.payment_status} />],
  ];
  return (
    <dl id="purchase-facts" tabIndex={-1} aria-label="Purchase" className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, outline: 'none' })}>
      {facts.map(([label, value]) => (
        <div key={label} className={factBox}>
          <dt className={factLabel}>{label}</dt>
          <dd className={factValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The open action: quantities and serials per line, a payment, or a cancel to confirm. */
function ActionPanel({ draft, busy, failure, onRetry }: { draft: DraftActor; busy: boolean; failure: string | null; onRetry: (() => void) | undefined }) {
  const view = useSelector(draft, selectDraft, shallowEqual);
  const panel = view.panel!;
  const Select = FIELD_VIEWS.select.component;
  return (
    <Card.Root asChild>
      <form
        noValidate
        aria-labelledby="panel-title"
        onSubmit={(e) => {
          e.preventDefault();
          draft.send({ type: 'draft.submit' });
        }}
      >
        <Card.Body className={css({ pt: '5', px: { base: '4', sm: '6' }, display: 'grid', gap: '4' })}>
          <h2 id="panel-title" className={heading}>
            {PANEL_TITLES[panel]}
          </h2>
          {panel === 'receive' || panel === 'return' ? (
            <ol aria-label={panel === 'receive' ? 'Lines to receive' : 'Lines to return'} className={css({ display: 'grid', gap: '3' })}>
              {view.lines.map((l, i) => (
                <li key={l.line_id} aria-label={l.name} className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: '14rem minmax(0, 1fr)' }, borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3' })}>
                  <div className={css({ display: 'grid', gap: '2' })}>
                    <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{l.name}</p>
                    <AmountField
                      path={`lines.${i}.quantity`}
                      label={`${panel === 'receive' ? 'Receive' : 'Return'} how many of ${l.name}`}
                      short={panel === 'receive' ? `Receive (of ${l.max} to come)` : `Return (of ${l.max})`}
                      kind="integer"
                      value={l.quantity}
                      error={l.errors.quantity}
                      readOnly={busy}
                      onValue={(v) => draft.send({ type: 'draft.quantity', index: i, value: v })}
                    />
                  </div>
                  {l.tracks_serials ? (
                    <Field.Root invalid={Boolean(l.errors.serials)} readOnly={busy} ids={{ control: fieldId(`lines.${i}.serials`) }}>
                      <FieldLabel label={`Serial numbers of ${l.name}`} short={`Serial numbers, one per unit (${serialCount(l.serials)} of ${Number.isFinite(l.quantity) ? l.quantity : 0})`} />
                      <Field.Textarea rows={Math.min(6, Math.max(2, serialCount(l.serials) + 1))} placeholder="Type or scan one per row" value={l.serials} onChange={(e) => draft.send({ type: 'draft.serials', index: i, text: e.currentTarget.value })} />
                      <FieldError error={l.errors.serials} />
                    </Field.Root>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
          {view.linesError ? <AlertMessage>{view.linesError}</AlertMessage> : null}
          {panel === 'pay' ? (
            <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } })}>
              <Field.Root invalid={Boolean(view.errors.paid_on)} required readOnly={busy} ids={{ control: fieldId('paid_on') }}>
                <Field.Label>
                  Date paid
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input type="date" value={view.payment.paid_on} onChange={(e) => draft.send({ type: 'draft.payment', field: 'paid_on', value: e.currentTarget.value })} />
                <FieldError error={view.errors.paid_on} />
              </Field.Root>
              <Field.Root invalid={Boolean(view.errors.amount)} required readOnly={busy} ids={{ control: fieldId('amount') }}>
                <Field.Label>
                  Amount
                  <Field.RequiredIndicator />
                </Field.Label>
                <Field.Input inputMode="decimal" value={view.payment.amount} placeholder="0.00" onChange={(e) => draft.send({ type: 'draft.payment', field: 'amount', value: e.currentTarget.value })} className={css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' })} />
                <FieldError error={view.errors.amount} />
              </Field.Root>
              <Select field={METHOD} value={view.payment.method} error={view.errors.method} errors={{}} readOnly={busy} locked={false} lockedHint={undefined} onChange={(v) => draft.send({ type: 'draft.payment', field: 'method', value: String(v) })} />
            </div>
          ) : null}
          <Field.Root readOnly={busy} invalid={Boolean(view.errors.note)} ids={{ control: fieldId('note') }}>
            <Field.Label>Note</Field.Label>
            <Field.Textarea
              rows={2}
              value={panel === 'pay' ? view.payment.note : view.note}
              onChange={(e) => (panel === 'pay' ? draft.send({ type: 'draft.payment', field: 'note', value: e.currentTarget.value }) : draft.send({ type: 'draft.note', value: e.currentTarget.value }))}
            />
            <FieldError error={view.errors.note} />
          </Field.Root>
          {panel === 'cancel' ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>What has not come will not be expected any more; what came stays in stock and can still go back. The purchase keeps its number.</p> : null}
          {/* A lost answer is sent again as the same request (its key), so trying again cannot do it twice. */}
          {failure ? <AlertMessage onRetry={onRetry}>{failure}</AlertMessage> : null}
          <p className={css({ srOnly: true })} aria-live="polite">
            {busy ? `${SUBMIT_LABELS[panel]}…` : ''}
          </p>
        </Card.Body>
        <Card.Footer className={css({ justifyContent: 'flex-start', px: { base: '4', sm: '6' }, pb: '5', borderTopWidth: '1px', borderColor: 'border.default', pt: '4' })}>
          <Button type="submit" loading={busy} tone={panel === 'cancel' ? 'error' : 'primary'}>
            {SUBMIT_LABELS[panel]}
          </Button>
          <Button variant="outline" tone="neutral" disabled={busy} onClick={() => draft.send({ type: 'draft.close' })}>
            {panel === 'cancel' ? 'Keep it' : 'Close'}
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}

const serialCount = (text: string) => text.split(/[\n,]/).filter((s) => s.trim()).length;

/** The lines as they stand: ordered, received, returned, cost and what each comes to. */
function LinesCard({ doc }: { doc: PurchaseDoc }) {
  const display = useDisplay();
  return (
    <Card.Root aria-labelledby="lines-title">
      <Card.Body className={css({ pt: '5', px: { base: '4', sm: '6' }, display: 'grid', gap: '4' })}>
        <h2 id="lines-title" className={heading}>
          Products
        </h2>
        {/* A phone gets one card per line; wider screens the table. */}
        <ul aria-label="Products" className={css({ display: { base: 'grid', md: 'none' }, gap: '3' })}>
          {doc.lines.map((l) => (
            <li key={l.id} className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '3', fontSize: 'sm' })}>
              <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
                {l.product_name} <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>{l.sku}</span>
              </p>
              <dl className={css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '2', mt: '2', '& dt': { color: 'fg.muted', fontSize: 'xs' }, '& dd': { fontVariantNumeric: 'tabular-nums' } })}>
                {(
                  [
                    ['Ordered', l.quantity],
                    ['Received', l.received],
                    ['Returned', l.returned],
                    ['Unit cost', formatAmount(l.unit_cost, display)],
                    ['Total', formatAmount(l.total, display)],
                  ] as const
                ).map(([k, v]) => (
                  <div key={k}>
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        <div className={css({ overflowX: 'auto', display: { base: 'none', md: 'block' } })}>
          <table aria-labelledby="lines-title" className={table}>
            <thead>
              <tr>
                <th>Product</th>
                <th data-num="">Ordered</th>
                <th data-num="">Received</th>
                <th data-num="">Returned</th>
                <th data-num="">Unit cost</th>
                <th data-num="">Total</th>
              </tr>
            </thead>
            <tbody>
              {doc.lines.map((l) => (
                <tr key={l.id}>
                  <td>
                    {l.product_name} <span className={css({ color: 'fg.muted' })}>{l.sku}</span>
                  </td>
                  <td data-num="">{l.quantity}</td>
                  <td data-num="">{l.received}</td>
                  <td data-num="">{l.returned}</td>
                  <td data-num="">{formatAmount(l.unit_cost, display)}</td>
                  <td data-num="">{formatAmount(l.total, display)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className={css({ maxW: 'md', justifySelf: 'end', w: 'full' })}>
          <TotalsTable totals={{ subtotal: doc.subtotal, lineTax: doc.line_tax, linesTotal: doc.lines_total, discount: doc.discount_total, documentTax: doc.document_tax, shipping: doc.shipping_total, grandTotal: doc.grand_total }} />
        </div>
        {doc.note ? <p className={css({ fontSize: 'sm', color: 'fg.muted', whiteSpace: 'pre-wrap' })}>{doc.note}</p> : null}
      </Card.Body>
    </Card.Root>
  );
}

function Payments({ doc }: { doc: PurchaseDoc }) {
  const display = useDisplay();
  return (
    <Card.Root aria-labelledby="payments-title">
      <Card.Body className={css({ pt: '5', px: { base: '4', sm: '6' } })}>
        <h2 id="payments-title" className={heading}>
          Payments
        </h2>
        {doc.payments.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '2' })}>Nothing paid yet.</p>
        ) : (
          <table aria-labelledby="payments-title" className={table}>
            <thead>
              <tr>
                <th>Date</th>
                <th>Method</th>
                <th data-num="">Amount</th>
              </tr>
            </thead>
            <tbody>
              {doc.payments.map((p) => (
                <tr key={p.id}>
                  <td>
                    {formatDay(p.paid_on, display)}
                    {p.note ? <div className={css({ color: 'fg.muted' })}>{p.note}</div> : null}
                  </td>
                  <td>{PAYMENT_METHODS[p.method as PaymentMethod] ?? p.method}</td>
                  <td data-num="">{formatAmount(p.amount, display)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card.Body>
    </Card.Root>
  );
}

const ACTION_WORDS: Record<string, string> = { create: 'Ordered', order: 'Ordered', edit: 'Changed', receive: 'Received', cancel: 'Cancelled', return: 'Returned to supplier', pay: 'Payment' };

/** Every transition, with who and when (the server records each in the same transaction). */
function History({ doc }: { doc: PurchaseDoc }) {
  const display = useDisplay();
  const label = (s: string | null) => (s ? (purchaseLifecycle.statuses[s as PurchaseStatus]?.label ?? s) : '');
  return (
    <Card.Root aria-labelledby="history-title">
      <Card.Body className={css({ pt: '5', px: { base: '4', sm: '6' } })}>
        <h2 id="history-title" className={heading}>
          History
        </h2>
        <ol aria-labelledby="history-title" className={css({ display: 'grid', gap: '3', mt: '3' })}>
          {doc.history.map((h) => (
            <li key={h.id} className={css({ fontSize: 'sm', borderInlineStartWidth: '2px', borderColor: 'border.default', ps: '3' })}>
              <p className={css({ fontWeight: 'semibold' })}>
                {ACTION_WORDS[h.action] ?? h.action}
                {h.from_status && h.from_status !== h.to_status ? ` · ${label(h.from_status)} → ${label(h.to_status)}` : ''}
              </p>
              <p className={css({ color: 'fg.muted' })}>
                {h.user_name ?? 'The system (demo data)'} · {formatMoment(h.created_at, display)}
              </p>
              {h.note ? <p className={css({ whiteSpace: 'pre-wrap' })}>{h.note}</p> : null}
            </li>
          ))}
        </ol>
      </Card.Body>
    </Card.Root>
  );
}

