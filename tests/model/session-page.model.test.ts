/**
 * A register session's page (machines/checkout/session.machine.ts), model-based: loaded or given
 * by the page, printed, and closed by a manager counting each method (the server's refusal kept
 * under its fields), walked by TestModel; every shortest path and edge replayed on a REAL actor
 * whose server calls wait for the path to settle them. A cashier (not a manager) is offered no
 * Close, and the body sent counts every method once.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import type { RegisterSession } from '../../domain/pos/till.facts.ts';
import { selectSessionPage, sessionPageMachine, type SessionPageInput } from '../../machines/checkout/session.machine.ts';
import { Coverage, deferredCalls, internalOnlyWhenEnabled, itWalksEveryPath } from './coverage.ts';
import { failure, registerSession, closingEvents } from './till-fakes.ts';

type Snap = SnapshotFrom<typeof sessionPageMachine>;
const OPEN = registerSession({ opened_by: { id: 2, name: 'Casey' } });
const CLOSED: RegisterSession = { ...OPEN, status: 'closed', closed_at: '2026-01-06T08:00:00.000Z', closed_by: { id: 1, name: 'Admin' }, difference: -500, actions: [] };
const REFUSED = failure(422, 'Check the counts.', { counted: ['Count card as well.'] });

const coverage = new Coverage('sessionPage', sessionPageMachine);
const noServer = { session: () => Promise.reject(new Error('unused')), closeSession: () => Promise.reject(new Error('unused')) };
const inputFor = (over: Partial<SessionPageInput> = {}): SessionPageInput => ({ id: '4', manager: true, server: noServer, ...over });

const serialize = (s: Snap) => JSON.stringify({ value: s.value, status: s.context.session?.status ?? null, counted: Object.values(s.context.counted).some((v) => (v ?? 0) > 0), notice: s.context.notice !== null });
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });

const EVENTS: AnyEventObject[] = [
  done('loadSession', OPEN),
  error('loadSession', failure(0)),
  { type: 'session.retry' },
  { type: 'session.print' },
  ...closingEvents(CLOSED, REFUSED),
];

const model = new TestModel(sessionPageMachine as unknown as ActorLogic<Snap, AnyEventObject, SessionPageInput>, {
  input: inputFor(),
  events: EVENTS,
  filterEvents: (s, e) => internalOnlyWhenEnabled(s as never, e) && s.can(e as never),
  serializeState: serialize,
});

const CALLS = ['loadSession', 'closeSession'] as const;

async function run(path: StatePath<Snap, AnyEventObject>) {
  const calls = Object.fromEntries(CALLS.map((id) => [id, deferredCalls<unknown>()])) as Record<(typeof CALLS)[number], ReturnType<typeof deferredCalls<unknown>>>;
  const printed: number[] = [];
  const sent: unknown[] = [];
  const machine = sessionPageMachine.provide({
    actors: Object.fromEntries(CALLS.map((id) => [id, fromPromise((a) => (id === 'closeSession' && sent.push((a.input as { body: unknown }).body), calls[id].start(a as never)))])) as never,
    actions: { print: () => void printed.push(1) },
  });
  const actor = createActor(machine, { input: inputFor(), inspect: coverage.inspect }).start();
  try {
    for (const { event: e, state } of path.steps) {
      const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
      if (m) {
        const call = calls[m[2] as (typeof CALLS)[number]].only();
        if (m[1] === 'done') call.resolve(e.output);
        else call.reject(e.error);
      } else actor.send(e as never);
      for (let i = 0; i < 4; i++) await Promise.resolve();
      const snap = actor.getSnapshot();
      expect(serialize(snap)).toBe(serialize(state));
      if (e.type === 'session.print') expect(printed.length).toBeGreaterThan(0);
      if (e.type === 'close.submit') expect(sent.at(-1)).toEqual({ counted: [{ method: 'cash', amount: snap.context.counted.cash ?? 0 }, { method: 'card', amount: 0 }] });
      if (e.type === 'xstate.error.actor.closeSession') expect(selectSessionPage(snap).errors).toEqual({ counted: 'Count card as well.' });
    }
  } finally {
    actor.stop();
  }
}

describe('register session page, model paths on a real actor', () => {
  itWalksEveryPath(model, serialize, run);
  it('given by the page, a session is shown at once; a cashier is offered no Close, and a closed one none to anyone', () => {
    const cashier = createActor(sessionPageMachine, { input: inputFor({ manager: false, session: OPEN }), inspect: coverage.inspect }).start();
    expect(selectSessionPage(cashier.getSnapshot())).toMatchObject({ phase: 'shown', canClose: false, canPrint: true });
    cashier.stop();
    const closed = createActor(sessionPageMachine, { input: inputFor({ session: CLOSED }), inspect: coverage.inspect }).start();
    expect(selectSessionPage(closed.getSnapshot()).canClose).toBe(false);
    closed.stop();
  });
  it('covers every state and transition of the page', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
