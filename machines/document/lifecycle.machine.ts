import { and, assign, fromPromise, setup } from 'xstate';
import { allows, type Lifecycle } from '../../domain/documents/lifecycle.ts';

/**
 * A posted document's buttons (receive, cancel, return, pay, edit), from its kind's lifecycle
 * table (domain/documents/<kind>.ts) — the same table the server checks. A view enables each
 * button with `snapshot.can({ type: 'doc.act', action })`. An action runs once: while it
 * runs no other is accepted (a double click sends one request), and it carries an
 * idempotency key made when the person asked, kept for a retry of the same request, so a
 * retry after a lost answer cannot do it twice.
 *
 * While the document's own form holds changes that are not saved (`doc.unsaved`), no action
 * opens or runs: it would work on the document as last saved and the changes would be lost
 * when it answers. The person is asked to save (or discard) first — a clerk who changed a
 * quantity and pressed Receive expects the new quantity, and saving silently could fail on
 * the form's own errors, so asking is the one answer that never surprises.
 */

export interface DocState {
  id: number;
  status: string;
}

export interface ActionFailure {
  status: number;
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
}

export interface DocumentLifecycleContext {
  lifecycle: Lifecycle;
  doc: DocState;
  pending: { action: string; body: unknown; key: string } | null;
  failure: ActionFailure | null;
  message: string | null;
  /** The document's form holds changes that are not saved. */
  unsaved: boolean;
}

export type DocumentLifecycleEvent =
  /** A button pressed: the action's panel opens (provided: `opened`), to be filled in. */
  | { type: 'doc.open'; action: string }
  /** The panel sent: the action runs. */
  | { type: 'doc.act'; action: string; body?: unknown }
  | { type: 'doc.retry' }
  /** The document's form became dirty (true) or clean again (false). */
  | { type: 'doc.unsaved'; unsaved: boolean };

/** Said when an action is asked for while the form holds changes (ActionFailure.code `unsaved`). */
export const unsavedMessage = (label: string) => `Your changes are not saved yet. Save them (or discard them) first, then press “${label}” again.`;

const isRetryable = (f: ActionFailure | null) => f !== null && (f.status === 0 || f.status >= 500);

export const documentLifecycleMachine = setup({
  types: {
    context: {} as DocumentLifecycleContext,
    events: {} as DocumentLifecycleEvent,
    input: {} as { lifecycle: Lifecycle; doc: DocState },
  },
  actors: {
    /** POSTs the action with its Idempotency-Key; resolves with the document as it is now. */
    runAction: fromPromise<{ data: DocState; message: string }, { id: number; action: string; body: unknown; key: string }>(async () => {
      throw new Error('runAction not provided');
    }),
  },
  guards: {
    allowed: ({ context, event }) => (event.type === 'doc.act' || event.type === 'doc.open') && event.action in context.lifecycle.actions && allows(context.lifecycle, event.action, context.doc.status),
    unsaved: ({ context }) => context.unsaved,
    /** A refusal that sending again could cure: the answer was lost (offline) or the server failed. */
    retryable: ({ context }) => isRetryable(context.failure) && context.pending !== null,
  },
  actions: {
    start: assign({
      pending: ({ context, event }) => {
        if (event.type !== 'doc.act') return null;
        const body = event.body ?? {};
        // The same panel sent again after an answer that never came is the same request: it
        // keeps its key, so a first one that did arrive cannot be done twice (a payment paid twice).
        const again = context.pending !== null && isRetryable(context.failure) && context.pending.action === event.action && JSON.stringify(context.pending.body) === JSON.stringify(body);
        return { action: event.action, body, key: again ? context.pending!.key : newKey() };
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
    /** Open the action's panel (provided: the draft opens with what the document has left). */
    opened: (_, _p: { action: string; doc: DocState }) => {},
    /** Tell the person and the screen what happened (provided: a toast, the action's panel closing). */
    announce: (_, _p: { action: string; message: string }) => {},
    /** Tell the screen an action was refused (provided: its panel shows the errors under their fields). */
    refused: (_, _p: { action: string; failure: ActionFailure }) => {},
  },
}).createMachine({
  id: 'documentLifecycle',
  context: ({ input }) => ({ lifecycle: input.lifecycle, doc: input.doc, pending: null, failure: null, message: null, unsaved: false }),
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
      },
    },
    working: {
      description: 'One action is on its way; nothing else is accepted until it answers.',
      tags: ['busy'],
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({ id: context.doc.id, action: context.pending!.action, body: context.pending!.body, key: context.pending!.key }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'announce', params: ({ context, event }) => ({ action: context.pending!.action, message: event.output.message }) },
            'applyResult',
          ],
        },
        onError: {
          target: 'ready',
          actions: ['keepFailure', { type: 'refused', params: ({ context, event }) => ({ action: context.pending!.action, failure: event.error as ActionFailure }) }],
        },
      },
    },
  },
});

let keys = 0;
/** A key per request the person makes: random where the platform has it, unique in this page either way. */
function newKey(): string {
  keys += 1;
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `k-${Date.now().toString(36)}-${keys}`;
}
