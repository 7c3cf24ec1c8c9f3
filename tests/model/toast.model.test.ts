/**
 * Model-based tests of machines/toast/toast.machine.ts. The toast's graph (for a timed, a
 * confirm, a prompt and an async toast) gives the paths; each is replayed on a REAL toast
 * actor invoked by a small host machine (the toast's parent, which also is its `replyTo`),
 * with a SimulatedClock driving both the delays and the toast's injected `now`. SPEC §9:
 * 2000 ms timeout, pause on hover keeps the time left, 400 ms fade-out, confirm/prompt have
 * timeout 0 and answer Ok/Cancel, truncation at 16/150 characters.
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, setup, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { toastMachine, type ToastInput } from '../../machines/toast/toast.machine.ts';
import { TOAST_ANIMATION_MS, TOAST_TIMEOUT } from '../../machines/toast/toast.constants.ts';
import { toastView } from '../../machines/toast/toast.selectors.ts';
import { Coverage, edgePaths, internalOnlyWhenEnabled } from './coverage.ts';

type ToastSnapshot = SnapshotFrom<typeof toastMachine>;
type Spec = Omit<ToastInput, 'now' | 'replyTo'>;
const coverage = new Coverage('toast', toastMachine);

const TIMEOUT_EVENT = 'xstate.after.toastTimeout.toast.visible.running';
const FADE_EVENT = 'xstate.after.fadeOut.toast.leaving';

const EVENTS: AnyEventObject[] = [
  { type: 'toast.pause' },
  { type: 'toast.resume' },
  { type: 'toast.close' },
  { type: 'toast.confirm' },
  { type: 'toast.cancel' },
  { type: 'toast.input', value: 'Blue' },
  { type: 'toast.update', toastType: 'success', body: 'Uploaded.' },
  { type: TIMEOUT_EVENT },
  { type: FADE_EVENT },
];

const serialize = (s: ToastSnapshot) =>
  JSON.stringify({ value: s.value, type: s.context.type, body: s.context.body, timeout: s.context.timeout, promptValue: s.context.promptValue });

const isQuestion = (s: ToastSnapshot) => s.context.type === 'confirm' || s.context.type === 'prompt';

/** A parent for the toast: hears toast.closed and, as replyTo, the answers. */
function harness(spec: Spec) {
  const clock = new SimulatedClock();
  const heard = vi.fn<(e: AnyEventObject) => void>();
  const host = setup({ types: { events: {} as AnyEventObject }, actors: { toast: toastMachine } }).createMachine({
    id: 'host',
    invoke: { id: 'toast', src: 'toast', input: ({ self }) => ({ ...spec, now: () => clock.now(), replyTo: self }) },
    on: {
      'toast.closed': { actions: ({ event }) => heard(event) },
      'toast.answer.confirmed': { actions: ({ event }) => heard(event) },
      'toast.answer.cancelled': { actions: ({ event }) => heard(event) },
    },
  });
  const actor = createActor(host, { clock, inspect: coverage.inspect }).start();
  const ref = actor.getSnapshot().children.toast!;
  const snap = () => ref.getSnapshot() as ToastSnapshot;
  /** ms left on the toast's clock right now. */
  const left = () => {
    const c = snap().context;
    return snap().matches({ visible: 'running' }) ? c.remaining - (clock.now() - c.startedAt) : c.remaining;
  };
  return { actor, ref, snap, clock, heard, left };
}
type Harness = ReturnType<typeof harness>;

function executors(h: Harness) {
  const { ref, snap, clock, heard } = h;
  const expectIgnored = (event: AnyEventObject) => {
    const before = snap();
    const heardBefore = heard.mock.calls.length;
    ref.send(event as never);
    expect(serialize(snap())).toBe(serialize(before));
    expect(snap().context.remaining).toBe(before.context.remaining);
    expect(heard).toHaveBeenCalledTimes(heardBefore);
  };
  const answer = (event: AnyEventObject, kind: 'confirmed' | 'cancelled') => {
    if (!(snap().matches({ visible: 'waiting' }) && isQuestion(snap()))) return expectIgnored(event);
    const { id, type, promptValue } = snap().context;
    ref.send(event as never);
    expect(snap().value).toBe('leaving');
    const expected =
      kind === 'cancelled' ? { type: 'toast.answer.cancelled', id } : type === 'prompt' ? { type: 'toast.answer.confirmed', id, value: promptValue } : { type: 'toast.answer.confirmed', id };
    expect(heard.mock.calls.at(-1)?.[0]).toEqual(expected);
  };
  return {
    'xstate.init': () => {},
    'toast.pause': ({ event }: { event: AnyEventObject }) => {
      if (!snap().matches({ visible: 'running' })) return expectIgnored(event);
      // Hover after a while: the time already spent is gone, the rest is kept.
      const spend = Math.min(300, Math.floor(h.left() / 2));
      clock.increment(spend);
      const keep = h.left();
      ref.send(event as never);
      expect(snap().matches({ visible: 'paused' })).toBe(true);
      expect(snap().context.remaining).toBe(keep);
      clock.increment(10 * TOAST_TIMEOUT);
      expect(snap().matches({ visible: 'paused' })).toBe(true);
      expect(snap().context.remaining).toBe(keep);
    },
    'toast.resume': ({ event }: { event: AnyEventObject }) => {
      if (!snap().matches({ visible: 'paused' })) return expectIgnored(event);
      const keep = snap().context.remaining;
      ref.send(event as never);
      expect(snap().matches({ visible: 'running' })).toBe(true);
      expect(snap().context.startedAt).toBe(clock.now());
      expect(h.left()).toBe(keep);
    },
    'toast.close': ({ event }: { event: AnyEventObject }) => {
      const s = snap();
      const closable = s.matches({ visible: 'running' }) || s.matches({ visible: 'paused' }) || (s.matches({ visible: 'waiting' }) && !isQuestion(s));
      if (!closable) return expectIgnored(event);
      ref.send(event as never);
      expect(snap().value).toBe('leaving');
    },
    'toast.confirm': ({ event }: { event: AnyEventObject }) => answer(event, 'confirmed'),
    'toast.cancel': ({ event }: { event: AnyEventObject }) => answer(event, 'cancelled'),
    'toast.input': ({ event }: { event: AnyEventObject }) => {
      if (!(snap().matches({ visible: 'waiting' }) && isQuestion(snap()))) return expectIgnored(event);
      ref.send(event as never);
      expect(snap().context.promptValue).toBe(event.value);
    },
    'toast.update': ({ event }: { event: AnyEventObject }) => {
      if (!snap().matches('visible')) return expectIgnored(event);
      ref.send(event as never);
      const c = snap().context;
      expect(c).toMatchObject({ type: event.toastType, body: event.body, timeout: TOAST_TIMEOUT, remaining: TOAST_TIMEOUT, startedAt: clock.now() });
      expect(snap().matches({ visible: 'running' })).toBe(true);
    },
    [TIMEOUT_EVENT]: () => {
      const left = h.left();
      expect(left).toBeGreaterThan(0);
      clock.increment(left - 1);
      expect(snap().matches({ visible: 'running' })).toBe(true);
      clock.increment(1);
      expect(snap().value).toBe('leaving');
    },
    [FADE_EVENT]: () => {
      const heardBefore = heard.mock.calls.length;
      clock.increment(TOAST_ANIMATION_MS - 1);
      expect(snap().value).toBe('leaving');
      expect(heard).toHaveBeenCalledTimes(heardBefore);
      clock.increment(1);
      expect(snap().value).toBe('closed');
      expect(heard.mock.calls.slice(heardBefore)).toEqual([[{ type: 'toast.closed', id: snap().context.id }]]);
    },
  };
}

function stateChecks(h: Harness) {
  const same = (m: ToastSnapshot) => {
    expect(serialize(h.snap())).toBe(serialize(m));
    expect(h.snap().context.body.length).toBeLessThanOrEqual(153);
  };
  const closedCount = () => h.heard.mock.calls.filter((c) => c[0].type === 'toast.closed').length;
  return {
    'visible.running': (m: ToastSnapshot) => {
      same(m);
      expect(h.snap().context.timeout).toBeGreaterThan(0);
      expect(h.left()).toBeGreaterThan(0);
      expect(toastView(h.snap())).toMatchObject({ running: true, paused: false, leaving: false });
    },
    'visible.paused': (m: ToastSnapshot) => {
      same(m);
      expect(toastView(h.snap())).toMatchObject({ running: false, paused: true, leaving: false });
    },
    'visible.waiting': (m: ToastSnapshot) => {
      same(m);
      expect(h.snap().context.timeout).toBe(0);
      expect(toastView(h.snap()).leaving).toBe(false);
    },
    leaving: (m: ToastSnapshot) => {
      same(m);
      expect(toastView(h.snap()).leaving).toBe(true);
      expect(closedCount()).toBe(0);
    },
    closed: (m: ToastSnapshot) => {
      same(m);
      expect(h.snap().status).toBe('done');
      expect(closedCount()).toBe(1);
    },
  };
}

function modelFor(spec: Spec) {
  // The graph is computed without a parent, so the model's copy does not send to one; the
  // real actors below run the unchanged machine under a real parent.
  const parentless = toastMachine.provide({ actions: { tellToasterClosed: () => {} } });
  return new TestModel(parentless as unknown as ActorLogic<ToastSnapshot, AnyEventObject, ToastInput>, {
    input: { ...spec, now: () => 0 },
    events: EVENTS,
    // A closed toast is a stopped actor: nothing is sent to it any more.
    filterEvents: (s, e) => s.status === 'active' && internalOnlyWhenEnabled(s, e),
    serializeState: serialize,
    stateMatcher: (s, key) => s.matches(key as never),
  });
}

async function run(path: StatePath<ToastSnapshot, AnyEventObject>, model: TestModel<ToastSnapshot, AnyEventObject, ToastInput>, spec: Spec) {
  const h = harness(spec);
  try {
    await model.testPath(path, { events: executors(h) as never, states: stateChecks(h) as never });
  } finally {
    h.actor.stop();
  }
}

const SPECS: Spec[] = [
  { id: 'saved', type: 'success', body: 'Saved.' },
  { id: 'delete', type: 'confirm', body: 'Are you sure want to delete?' },
  { id: 'colour', type: 'prompt', title: 'Colour', body: 'Which colour?' },
  { id: 'upload', type: 'async', body: 'Uploading…' },
];

describe('toast machine, model paths on a real actor', () => {
  for (const spec of SPECS) {
    const model = modelFor(spec);
    describe(`${spec.type} toast: shortest paths`, () => {
      for (const path of model.getShortestPaths()) it(path.description, () => run(path, model, spec));
    });
    describe(`${spec.type} toast: simple paths`, () => {
      for (const path of model.getSimplePaths()) it(path.description, () => run(path, model, spec));
    });
    describe(`${spec.type} toast: every edge`, () => {
      edgePaths(model, serialize).forEach((path, i) =>
        it(`edge ${i}: ${path.steps.slice(1).map((s) => s.event.type).join(' → ')}`, () => run(path, model, spec)),
      );
    });
  }

  it('covers every state and transition of the toast machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

describe('toast machine, scenarios', () => {
  it('a timed toast runs 2000 ms, fades 400 ms, then tells its parent it closed', () => {
    const h = harness({ id: 't', type: 'info', body: 'Hello' });
    expect(h.snap().context.timeout).toBe(2000);
    h.clock.increment(1999);
    expect(h.snap().matches({ visible: 'running' })).toBe(true);
    h.clock.increment(1);
    expect(h.snap().value).toBe('leaving');
    h.clock.increment(399);
    expect(h.heard).not.toHaveBeenCalled();
    h.clock.increment(1);
    expect(h.heard.mock.calls).toEqual([[{ type: 'toast.closed', id: 't' }]]);
  });

  it('pausing freezes the time left; resuming continues with it', () => {
    const h = harness({ id: 't', type: 'success', body: 'Saved.' });
    h.clock.increment(500);
    h.ref.send({ type: 'toast.pause' });
    h.clock.increment(5000);
    expect(h.snap().matches({ visible: 'paused' })).toBe(true);
    expect(h.snap().context.remaining).toBe(1500);
    h.ref.send({ type: 'toast.resume' });
    h.clock.increment(1499);
    expect(h.snap().matches({ visible: 'running' })).toBe(true);
    h.clock.increment(1);
    expect(h.snap().value).toBe('leaving');
    h.clock.increment(400);
    expect(h.snap().value).toBe('closed');
    expect(h.heard.mock.calls).toEqual([[{ type: 'toast.closed', id: 't' }]]);
  });

  it('confirm has timeout 0, ignores toast.close, Ok answers confirmed', () => {
    const h = harness({ id: 'c', type: 'confirm', body: 'Are you sure want to delete?' });
    expect(h.snap().context.timeout).toBe(0);
    h.clock.increment(60_000);
    h.ref.send({ type: 'toast.close' });
    expect(h.snap().matches({ visible: 'waiting' })).toBe(true);
    h.ref.send({ type: 'toast.confirm' });
    expect(h.heard.mock.calls[0]).toEqual([{ type: 'toast.answer.confirmed', id: 'c' }]);
    h.clock.increment(400);
    expect(h.heard.mock.calls[1]).toEqual([{ type: 'toast.closed', id: 'c' }]);
  });

  it('prompt answers with its value on Ok, cancelled on Cancel', () => {
    const ok = harness({ id: 'p', type: 'prompt', body: 'Name?' });
    ok.ref.send({ type: 'toast.input', value: 'Blue' });
    ok.ref.send({ type: 'toast.confirm' });
    expect(ok.heard.mock.calls[0]).toEqual([{ type: 'toast.answer.confirmed', id: 'p', value: 'Blue' }]);
    const cancel = harness({ id: 'q', type: 'prompt', body: 'Name?' });
    cancel.ref.send({ type: 'toast.input', value: 'Blue' });
    cancel.ref.send({ type: 'toast.close' });
    cancel.ref.send({ type: 'toast.cancel' });
    expect(cancel.heard.mock.calls).toEqual([[{ type: 'toast.answer.cancelled', id: 'q' }]]);
  });

  it('an async toast waits until updated; the update to success starts the 2000 ms clock', () => {
    const h = harness({ id: 'a', type: 'async', body: 'Uploading…' });
    h.clock.increment(30_000);
    expect(h.snap().matches({ visible: 'waiting' })).toBe(true);
    h.ref.send({ type: 'toast.update', toastType: 'success', body: 'Uploaded.' });
    expect(h.snap().matches({ visible: 'running' })).toBe(true);
    h.clock.increment(1999);
    expect(h.snap().matches({ visible: 'running' })).toBe(true);
    h.clock.increment(1);
    expect(h.snap().value).toBe('leaving');
  });

  it('truncates the title at 16 and the body at 150 characters with "..."', () => {
    const title = 'A title that is far too long';
    const body = 'b'.repeat(200);
    const h = harness({ id: 't', type: 'info', title, body });
    expect(h.snap().context.title).toBe('A title that is ...');
    expect(h.snap().context.title).toBe(`${title.slice(0, 16)}...`);
    expect(h.snap().context.body).toBe(`${'b'.repeat(150)}...`);
    const exact = harness({ id: 'u', type: 'info', title: 'x'.repeat(16), body: 'y'.repeat(150) });
    expect(exact.snap().context.title).toBe('x'.repeat(16));
    expect(exact.snap().context.body).toBe('y'.repeat(150));
    h.ref.send({ type: 'toast.update', toastType: 'error', title: 'Another much too long title', body: 'c'.repeat(151) });
    expect(h.snap().context.title).toBe('Another much too...');
    expect(h.snap().context.body).toBe(`${'c'.repeat(150)}...`);
  });
});
