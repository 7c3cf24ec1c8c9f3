import { and, assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { allows, type Lifecycle } from '../../domain/documents/lifecycle.ts';
import { actionDraftMachine } from './action-draft.machine.ts';
import type { DocState, DocumentEnv, DocumentKind, MethodOption } from './kind.ts';
import { lineEditorMachine, type Saved } from './line-editor.machine.ts';

export type { DocState } from './kind.ts';

/**
 * A posted document's buttons (receive, cancel, return, pay, edit), from its kind's lifecycle
 * table (domain/documents/<kind>.ts) — the same table the server checks. A view enables each
 * button with `snapshot.can({ type: 'doc.act', action })`. An action runs once: while it
 * runs no other is accepted (a double click sends one request), and it carries an
 * idempotency key made when the person asked, kept for a retry of the same request, so a
 * retry after a lost answer cannot do it twice.
 *
 * It coordinates the page's other machines (ARCHITECTURE: machines coordinate machines, views
 * only select and send): with a kind, it spawns the action panels' draft machine (`draft`: a
 * button opens its panel with what the document has left, the panel's body comes back as
 * `doc.act`, the answer closes it or puts the server's errors under its fields) and, while the
 * table and the person's rights allow editing, the kind's line editor (`editor`: it reports
 * `doc.unsaved` and, saved, `doc.saved` with the document as it is now, and a fresh editor starts).
 * Who may do what comes in as `may` (the person's rights), so a button the person may not use
 * is never enabled; the clock and new keys come in as `env`.
 *
 * While the document's own form holds changes that are not saved (`doc.unsaved`), no action
 * opens or runs: it would work on the document as last saved and the changes would be lost
 * when it answers. The person is asked to save (or discard) first — a clerk who changed a
 * quantity and pressed Receive expects the new quantity, and saving silently could fail on
 * the form's own errors, so asking is the one answer that never surprises.
 *
 * An action the kind says `follows` answers with another document (a quotation converted: the
 * sale it made): its page opens (`follow`) instead of this one taking the answer.
 */

export interface ActionFailure {
  status: number;
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
}

export interface DocumentLifecycleContext {
  lifecycle: Lifecycle;
  kind: DocumentKind | null;
  env: DocumentEnv;
  /** The actions the person's rights allow (an action missing here is allowed). */
  may: Readonly<Record<string, boolean>>;
  doc: DocState;
  pending: { action: string; body: unknown; key: string } | null;
  failure: ActionFailure | null;
  message: string | null;
  /** The document's form holds changes that are not saved. */
  unsaved: boolean;
  /** The payment methods its pay panel and form offer, when not every one (a sale: the shop's). */
  methods: readonly MethodOption[] | undefined;
}

export type DocumentLifecycleEvent =
  /** A button pressed: the action's panel opens (provided: `opened`), to be filled in. */
  | { type: 'doc.open'; action: string }
  /** The panel sent: the action runs. */
  | { type: 'doc.act'; action: string; body?: unknown }
  | { type: 'doc.retry' }
  /** Print the document (its paper sheet): the browser's print dialog. */
  | { type: 'doc.print' }
  /** The document's form became dirty (true) or clean again (false). */
  | { type: 'doc.unsaved'; unsaved: boolean }
  /** The document's form saved it: here it is as it is now. */
  | ({ type: 'doc.saved' } & Saved);

export interface DocumentLifecycleInput {
  /** The kind: its lifecycle table, action panels and line editor. A bare `lifecycle` runs the buttons alone. */
  kind?: DocumentKind;
  lifecycle?: Lifecycle;
  doc: DocState;
  env: DocumentEnv;
  may?: Readonly<Record<string, boolean>>;
  methods?: readonly MethodOption[];
}

type Self = { context: DocumentLifecycleContext };
/** Whether the kind's line editor belongs on the page now: the table allows editing and so do the person's rights. */
const editable = ({ context: c }: Self) => {
  const a = c.kind?.editAction;
  return a !== undefined && c.kind?.editor !== undefined && a in c.lifecycle.actions && allows(c.lifecycle, a, c.doc.status) && c.may[a] !== false;
};

/** Said when an action is asked for while the form holds changes (ActionFailure.code `unsaved`). */
export const unsavedMessage = (label: string) => `Your changes are not saved yet. Save them (or discard them) first, then press “${label}” again.`;

const isRetryable = (f: ActionFailure | null) => f !== null && (f.status === 0 || f.status >= 500);

export const documentLifecycleMachine = setup({
  types: {
    context: {} as DocumentLifecycleContext,
    events: {} as DocumentLifecycleEvent,
    input: {} as DocumentLifecycleInput,
  },
  actors: {
    draft: actionDraftMachine,
    editor: lineEditorMachine,
    /** POSTs the action with its Idempotency-Key; resolves with the document as it is now. */
    runAction: fromPromise<{ data: DocState; message: string }, { id: number; action: string; body: unknown; key: string }>(async () => {
      throw new Error('runAction not provided');
    }),
  },
  guards: {
    allowed: ({ context, event }) =>
      (event.type === 'doc.act' || event.type === 'doc.open') && event.action in context.lifecycle.actions && context.may[event.action] !== false && allows(context.lifecycle, event.action, context.doc.status),
    unsaved: ({ context }) => context.unsaved,
    /** A refusal that sending again could cure: the answer was lost (offline) or the server failed. */
    retryable: ({ context }) => isRetryable(context.failure) && context.pending !== null,
    /** The action answers with another document, whose page opens (a quotation converted: its sale). */
    follows: ({ context }) => context.pending !== null && context.kind?.follows?.[context.pending.action] !== undefined,
  },
  actions: {
    start: assign({
      pending: ({ context, event }) => {
        if (event.type !== 'doc.act') return null;
        const body = event.body ?? {};
        // The same panel sent again after an answer that never came is the same request: it
        // keeps its key, so a first one that did arrive cannot be done twice (a payment paid twice).
        const again = context.pending !== null && isRetryable(context.failure) && context.pending.action === event.action && JSON.stringify(context.pending.body) === JSON.stringify(body);
        return { action: event.action, body, key: again ? context.pending!.key : context.env.newKey() };
      },
      failure: null,
      message: null,
    }),
    applyResult: assign(({ event }) => {
      const out = (event as unknown as { output: { data: DocState; message: string } }).output;
      return { doc: out.data, message: out.message, pending: null, failure: null };
    }),
    keepFailure: assign({ failure: ({ event }) => (event as unknown as { error: ActionFailure }).error }),
    clear: assign({ failure: null, pending: null, message: null }),
    refuseUnsaved: assign({
      failure: ({ context, event }) => {
        const action = event.type === 'doc.act' || event.type === 'doc.open' ? event.action : '';
        return { status: 409, code: 'unsaved', message: unsavedMessage(context.lifecycle.actions[action]?.label ?? action) };
      },
    }),
    noteUnsaved: assign(({ context, event }) => {
      if (event.type !== 'doc.unsaved') return {};
      // Saved or discarded: the request to save first has been answered.
      const answered = !event.unsaved && context.failure?.code === 'unsaved';
      return { unsaved: event.unsaved, ...(answered ? { failure: null } : {}) };
    }),
    /** Open the action's panel: the draft opens with what the document has left. */
    opened: enqueueActions(({ context, enqueue }, { action, doc }: { action: string; doc: DocState }) => {
      if (!context.kind || !(action in context.kind.panels)) return;
      enqueue.sendTo('draft', { type: 'draft.open', panel: action, ...context.kind.draftFor(action, doc, context.env.today()) });
    }),
    /** The action's panel closes; what happened is told (`announce`). */
    done: enqueueActions(({ context, enqueue }) => {
      if (context.kind) enqueue.sendTo('draft', { type: 'draft.done' });
    }),
    /** The browser's print dialog (provided). */
    print: (_, _p: undefined) => {},
    /** Open another document's page (provided: the address bar). */
    follow: (_, _p: { href: string }) => {},
    /** Tell the person what happened (provided: a toast, the stock bell when stock moved). */
    announce: (_, _p: { action: string; message: string }) => {},
    /** An action was refused: its panel shows the errors under their fields. */
    refused: enqueueActions(({ context, enqueue }, { failure }: { action: string; failure: ActionFailure }) => {
      if (context.kind) enqueue.sendTo('draft', { type: 'draft.failed', errors: failure.errors ?? {} });
    }),
    /** The document's form saved it: the document as it is now; a fresh form starts from it. */
    takeSaved: assign(({ context, event }) => {
      if (event.type !== 'doc.saved') return {};
      return { doc: (event.data as DocState | undefined) ?? context.doc, message: event.message, unsaved: false, failure: null };
    }),
    /** The kind's line editor runs exactly while the document may be edited, afresh for each version of it. */
    syncEditor: enqueueActions(({ context, enqueue }) => {
      enqueue.stopChild('editor');
      if (!editable({ context })) return;
      const kind = context.kind!;
      const doc = context.doc as DocState & { etag?: string };
      enqueue.spawnChild('editor', { id: 'editor', input: { kind: kind.editor!, ...kind.editorInput!(context.doc), target: { id: doc.id, etag: doc.etag }, key: context.env.newKey(), methods: context.methods } });
    }),
    startChildren: enqueueActions(({ context, enqueue }) => {
      if (context.kind) enqueue.spawnChild('draft', { id: 'draft', input: { panels: context.kind.panels, methods: context.methods } });
    }),
  },
}).createMachine({
  id: 'documentLifecycle',
  context: ({ input }) => ({
    lifecycle: (input.kind?.lifecycle ?? input.lifecycle)!,
    kind: input.kind ?? null,
    env: input.env,
    may: input.may ?? {},
    doc: input.doc,
    pending: null,
    failure: null,
    message: null,
    unsaved: false,
    methods: input.methods,
  }),
  entry: ['startChildren', 'syncEditor'],
  initial: 'ready',
  on: {
    'doc.unsaved': { actions: 'noteUnsaved' },
  },
  states: {
    ready: {
      description: 'The buttons the table allows from the document’s status are enabled.',
      on: {
        'doc.open': [
          { guard: and(['allowed', 'unsaved']), actions: 'refuseUnsaved' },
          { guard: 'allowed', actions: ['clear', { type: 'opened', params: ({ context, event }) => ({ action: event.action, doc: context.doc }) }] },
        ],
        'doc.act': [
          { guard: and(['allowed', 'unsaved']), actions: ['refuseUnsaved', { type: 'refused', params: ({ context, event }) => ({ action: event.action, failure: context.failure! }) }] },
          { guard: 'allowed', target: 'working', actions: 'start' },
        ],
        'doc.retry': { guard: 'retryable', target: 'working' },
        'doc.print': { actions: 'print' },
        'doc.saved': {
          actions: ['takeSaved', { type: 'announce', params: ({ context }) => ({ action: context.kind?.editAction ?? 'edit', message: context.message ?? '' }) }, 'syncEditor'],
        },
      },
    },
    working: {
      description: 'One action is on its way; nothing else is accepted until it answers.',
      tags: ['busy'],
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({ id: context.doc.id, action: context.pending!.action, body: context.pending!.body, key: context.pending!.key }),
        onDone: [
          {
            guard: 'follows',
            target: 'ready',
            actions: [
              'done',
              { type: 'announce', params: ({ context, event }) => ({ action: context.pending!.action, message: event.output.message }) },
              { type: 'follow', params: ({ context, event }) => ({ href: context.kind!.follows![context.pending!.action]!(event.output.data) }) },
              'clear',
            ],
          },
          {
            target: 'ready',
            actions: [
              'done',
              { type: 'announce', params: ({ context, event }) => ({ action: context.pending!.action, message: event.output.message }) },
              'applyResult',
              'syncEditor',
            ],
          },
        ],
        onError: {
          target: 'ready',
          actions: ['keepFailure', { type: 'refused', params: ({ context, event }) => ({ action: context.pending!.action, failure: event.error as ActionFailure }) }],
        },
      },
    },
  },
});

export type DraftActor = ActorRefFrom<typeof actionDraftMachine>;
export type EditorActor = ActorRefFrom<typeof lineEditorMachine>;
