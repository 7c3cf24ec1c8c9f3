/**
 * Model-based tests of machines/document/lifecycle.machine.ts with the purchase lifecycle
 * table (issue 11's paths: receive part, receive the rest, a double-clicked receive sending one
 * request, cancel, return). Paths from the machine's graph replay on a REAL actor whose
 * action calls are deferred; every step checks that each button is enabled exactly when the
 * shared table allows it from the document's status and nothing is on its way, that one
 * action sends one request, and that a retry after a lost answer reuses its idempotency key.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { allows } from '../../domain/documents/lifecycle.ts';
import { purchaseLifecycle, PURCHASE_STATUS_NAMES } from '../../domain/documents/purchase.ts';
import { documentLifecycleMachine, unsavedMessage, type DocState } from '../../machines/document/lifecycle.machine.ts';
import { selectDocumentActions } from '../../machines/document/line-editor.selectors.ts';
import { QUOTATION_ONLY } from './quotation-only.ts';
import { Coverage, deferredCalls, edgePaths, internalOnlyWhenEnabled } from './coverage.ts';
import { testEnv } from './test-env.ts';

type Snap = SnapshotFrom<typeof documentLifecycleMachine>;
const coverage = new Coverage('documentLifecycle', documentLifecycleMachine, {}, QUOTATION_ONLY);
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
const INPUT = { lifecycle: purchaseLifecycle, doc: { id: 12, status: 'ordered' }, env: testEnv() };
const ACTIONS = Object.keys(purchaseLifecycle.actions);

const act = (action: string): AnyEventObject => ({ type: 'doc.act', action, body: action === 'pay' ? { amount: 100 } : {} });
/** What the server answers: the document in each status it can move to. */
const answers = PURCHASE_STATUS_NAMES.map((status) => ({ type: 'xstate.done.actor.runAction', output: { data: { id: 12, status }, message: `Now ${status}.` } }));
const EVENTS: AnyEventObject[] = [
  ...ACTIONS.map(act),
  ...ACTIONS.map((action) => ({ type: 'doc.open', action })),
  { type: 'doc.unsaved', unsaved: true },
  { type: 'doc.unsaved', unsaved: false },
  { type: 'doc.act', action: 'teleport' },
  { type: 'doc.retry' },
  // The page's form saved the document: it comes back as it is now.
  { type: 'doc.saved', id: 12, message: 'Saved.', data: { id: 12, status: 'ordered' } },
  ...answers,
  { type: 'xstate.error.actor.runAction', error: { status: 0, message: 'The server cannot be reached.' } },
  { type: 'xstate.error.actor.runAction', error: { status: 409, code: 'transition_refused', message: 'This purchase is received, so it cannot be cancelled.' } },
];

const serialize = (s: Snap) => JSON.stringify({ v: s.value, status: s.context.doc.status, failure: s.context.failure?.code ?? s.context.failure?.status ?? null, pending: s.context.pending?.action ?? null, unsaved: s.context.unsaved });
const model = new TestModel(documentLifecycleMachine, {
  input: INPUT,
  events: (s: Snap) => EVENTS.filter((e) => internalOnlyWhenEnabled(s, e)),
  serializeState: serialize,
} as never) as unknown as TestModel<Snap, AnyEventObject, unknown>;

async function run(path: StatePath<Snap, AnyEventObject>) {
  const calls = deferredCalls<{ data: DocState; message: string }>();
  const opened: string[] = [];
  const actor = createActor(documentLifecycleMachine.provide({ actors: { runAction: fromPromise(calls.start as never) }, actions: { opened: (_, p) => opened.push(p.action) } }), { input: INPUT, inspect: coverage.inspect }).start();
  let requests = 0;
  let lastKey: string | undefined;
  for (const step of path.steps.slice(1)) {
    const e = step.event;
    const before = actor.getSnapshot();
    const openedBefore = opened.length;
    if (e.type === 'xstate.done.actor.runAction') calls.only().resolve(e.output);
    else if (e.type === 'xstate.error.actor.runAction') calls.only().reject(e.error);
    else {
      actor.send(e as never);
      // A double click: the same action again at once is not taken while the first is on its way.
      if (e.type === 'doc.act') actor.send(e as never);
    }
    await settled();
    const s = actor.getSnapshot();
    expect(serialize(s), `after ${JSON.stringify(e)}`).toBe(serialize(step.state));
    if (e.type === 'doc.open' || e.type === 'doc.act') {
      const allowedNow = before.matches('ready') && e.action in purchaseLifecycle.actions && allows(purchaseLifecycle, e.action, before.context.doc.status as never);
      // Asked with changes not saved: refused, saying so; nothing opens, nothing is sent.
      if (allowedNow && before.context.unsaved) expect(s.context.failure).toEqual({ status: 409, code: 'unsaved', message: unsavedMessage(purchaseLifecycle.actions[e.action as keyof typeof purchaseLifecycle.actions].label) });
      if (e.type === 'doc.open') expect(opened.length - openedBefore, 'the panel opens only when the action may run').toBe(allowedNow && !before.context.unsaved ? 1 : 0);
    }
    if (s.matches('working') && !before.matches('working')) {
      requests++;
      const input = calls.only().input as { key: string; action: string };
      // A retry, or the same action sent again after an answer that never came, is the same request.
      const lost = before.context.failure !== null && (before.context.failure.status === 0 || before.context.failure.status >= 500) && before.context.pending?.action === (e as { action?: string }).action;
      if (e.type === 'doc.retry') expect(input.key, 'a retry sends the same key').toBe(lastKey);
      else if (lost) expect(input.key, 'sent again after a lost answer: the same key').toBe(lastKey);
      else expect(input.key).not.toBe(lastKey);
      lastKey = input.key;
    }
    expect(calls.calls, 'one request per action').toHaveLength(requests);
    const view = selectDocumentActions(s);
    for (const b of view.buttons) expect(b.enabled, `${b.action} from ${s.context.doc.status}`).toBe(s.matches('ready') && allows(purchaseLifecycle, b.action as never, s.context.doc.status as never));
  }
  actor.stop();
}

describe('document lifecycle machine (purchases), model paths on a real actor', () => {
  const name = (path: StatePath<Snap, AnyEventObject>) =>
    path.steps
      .slice(1)
      .map((s) => (s.event.type === 'doc.act' ? `${s.event.action}` : s.event.type === 'xstate.done.actor.runAction' ? `→ ${s.event.output.data.status}` : s.event.type.replace('xstate.', '')))
      .join(', ') || 'start';
  model.getShortestPaths().forEach((path, i) => it(`path ${i}: ${name(path)}`, () => run(path)));
  edgePaths(model, serialize).forEach((path, i) => it(`edge ${i}: ${name(path)}`, () => run(path)));

  it('walks an order: receive part, receive the rest, return one, pay, with the buttons of each status', async () => {
    const statuses = ['partial', 'received', 'received', 'received'];
    let i = 0;
    const actor = createActor(documentLifecycleMachine.provide({ actors: { runAction: fromPromise(async () => ({ data: { id: 12, status: statuses[i++]! }, message: 'Done.' })) } }), { input: INPUT }).start();
    const open = () => selectDocumentActions(actor.getSnapshot()).buttons.filter((b) => b.enabled).map((b) => b.action);
    expect(open()).toEqual(['edit', 'receive', 'cancel', 'pay']);
    for (const a of ['receive', 'receive', 'return', 'pay']) {
      actor.send({ type: 'doc.act', action: a });
      expect(open()).toEqual([]);
      await settled();
    }
    expect(actor.getSnapshot().context.doc.status).toBe('received');
    expect(open()).toEqual(['return', 'pay']);
    expect(i).toBe(4);
  });

  it('an action asked for while the form holds changes is refused, asking to save first; saved or discarded, it runs', async () => {
    const calls = deferredCalls<{ data: DocState; message: string }>();
    const opened: string[] = [];
    const actor = createActor(documentLifecycleMachine.provide({ actors: { runAction: fromPromise(calls.start as never) }, actions: { opened: (_, p) => opened.push(p.action) } }), { input: INPUT, inspect: coverage.inspect }).start();
    actor.send({ type: 'doc.unsaved', unsaved: true });
    for (const action of ['receive', 'pay', 'cancel']) {
      actor.send({ type: 'doc.open', action });
      expect(actor.getSnapshot().context.failure?.message).toBe(unsavedMessage(purchaseLifecycle.actions[action as 'receive'].label));
      actor.send(act(action) as never);
      expect(actor.getSnapshot().value).toBe('ready');
    }
    expect(opened).toEqual([]);
    expect(calls.calls).toHaveLength(0);
    // The buttons stay pressable: pressing one says why it waits.
    expect(selectDocumentActions(actor.getSnapshot()).buttons.filter((b) => b.enabled).map((b) => b.action)).toEqual(['edit', 'receive', 'cancel', 'pay']);
    actor.send({ type: 'doc.unsaved', unsaved: false });
    expect(actor.getSnapshot().context.failure, 'saved or discarded: the request to save is answered').toBeNull();
    actor.send({ type: 'doc.open', action: 'receive' });
    expect(opened).toEqual(['receive']);
    actor.send(act('receive') as never);
    expect(calls.calls).toHaveLength(1);
    actor.stop();
  });

  it('the same panel sent again after a lost answer keeps its key; a different one, or after a refusal, gets a new key', async () => {
    const calls = deferredCalls<{ data: DocState; message: string }>();
    const actor = createActor(documentLifecycleMachine.provide({ actors: { runAction: fromPromise(calls.start as never) } }), { input: INPUT }).start();
    const keyOf = (i: number) => (calls.calls[i]!.input as { key: string }).key;
    actor.send({ type: 'doc.act', action: 'pay', body: { amount: 100 } });
    calls.only().reject({ status: 0, message: 'The server cannot be reached.' });
    await settled();
    actor.send({ type: 'doc.act', action: 'pay', body: { amount: 100 } });
    expect(keyOf(1)).toBe(keyOf(0));
    calls.only().reject({ status: 422, message: 'Check the amount.', errors: { amount: ['At most 1.00 is due.'] } });
    await settled();
    actor.send({ type: 'doc.act', action: 'pay', body: { amount: 100 } });
    expect(keyOf(2), 'refused, not lost: sending again is a new request').not.toBe(keyOf(1));
    calls.only().reject({ status: 503, message: 'Try again in a moment.' });
    await settled();
    actor.send({ type: 'doc.act', action: 'pay', body: { amount: 50 } });
    expect(keyOf(3), 'a different amount is a different request').not.toBe(keyOf(2));
    actor.stop();
  });

  it('covers every state and transition of the lifecycle machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
