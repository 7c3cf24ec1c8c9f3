/**
 * Model-based tests of machines/toast/toaster.machine.ts (SPEC §9: at most 8 toasts on
 * screen, newest on top; the rest wait, nothing is dropped). The model is the toaster's own
 * graph over "show a toast" and "the oldest toast closes" (counts of visible and waiting toasts
 * as the state); each path runs on a REAL toaster whose toasts are real child actors: a close
 * is a click (toast.close forwarded by id) plus the 400 ms fade on a SimulatedClock, after
 * which the toast itself tells the toaster it is gone. Forwarding and toast.clear change no
 * count, so they are scenarios below.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, createMachine, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { toasterMachine, type ToasterInput, type ToastRequest } from '../../machines/toast/toaster.machine.ts';
import { TOAST_ANIMATION_MS, TOAST_MAX_ON_SCREEN } from '../../machines/toast/toast.constants.ts';
import { Coverage, edgePaths } from './coverage.ts';

type ToasterSnapshot = SnapshotFrom<typeof toasterMachine>;
const coverage = new Coverage('toaster', toasterMachine);

/** Sticky toasts (timeout 0) so that only the test decides when one closes. */
const SHOW: ToastRequest = { type: 'toast.show', toastType: 'info', body: 'Note', timeout: 0 };
const MAX_WAITING = 2;
const MAX_SHOWN = 11;

const ids = (s: ToasterSnapshot) => ({ visible: s.context.visible.map((t) => t.id), queue: s.context.queue.map((q) => q.id) });
/**
 * The ids, not only the counts: xstate/graph keeps one snapshot per serialized state, so the
 * serialization must hold everything the checks compare.
 */
const serialize = (s: ToasterSnapshot) => JSON.stringify(ids(s));

const model = new TestModel(toasterMachine as unknown as ActorLogic<ToasterSnapshot, AnyEventObject, ToasterInput>, {
  input: { now: () => 0 },
  events: (s: ToasterSnapshot) => {
    const oldest = s.context.visible.at(-1);
    return [SHOW, ...(oldest ? [{ type: 'toast.closed', id: oldest.id }] : [])];
  },
  filterEvents: (s, e) => e.type !== 'toast.show' || (s.context.queue.length < MAX_WAITING && s.context.seq < MAX_SHOWN),
  serializeState: serialize,
});

/**
 * SimulatedClock.increment(ms) jumps to the end first, so a timer started while it fires
 * (the fade-out after the timeout) would start late. Walk the time a millisecond at a time.
 */
function advance(clock: SimulatedClock, ms: number) {
  for (let i = 0; i < ms; i++) clock.increment(1);
}

function harness() {
  const clock = new SimulatedClock();
  const actor = createActor(toasterMachine, { input: { now: () => clock.now() }, clock, inspect: coverage.inspect });
  actor.start();
  const snap = () => actor.getSnapshot();
  const toast = (id: string) => snap().context.visible.find((t) => t.id === id)?.ref.getSnapshot();
  return { actor, clock, snap, toast };
}
type Harness = ReturnType<typeof harness>;

function executors(h: Harness) {
  return {
    'xstate.init': () => {},
    'toast.show': ({ event }: { event: AnyEventObject }) => {
      const before = ids(h.snap());
      const expectedId = `toast-${h.snap().context.seq + 1}`;
      h.actor.send(event as ToastRequest);
      const after = ids(h.snap());
      if (before.visible.length < TOAST_MAX_ON_SCREEN) {
        // New toasts go on top.
        expect(after).toEqual({ visible: [expectedId, ...before.visible], queue: before.queue });
      } else {
        // Screen full: it waits its turn, nothing is dropped.
        expect(after).toEqual({ visible: before.visible, queue: [...before.queue, expectedId] });
      }
    },
    'toast.closed': ({ event }: { event: AnyEventObject }) => {
      const before = ids(h.snap());
      const id = event.id as string;
      expect(before.visible).toContain(id);
      // A click on the toast: forwarded by id; it fades out, then tells the toaster.
      h.actor.send({ type: 'toast.close', id });
      expect(h.toast(id)?.value).toBe('leaving');
      h.clock.increment(TOAST_ANIMATION_MS);
      const rest = before.visible.filter((v) => v !== id);
      const [next, ...queue] = before.queue;
      expect(ids(h.snap())).toEqual(next ? { visible: [next, ...rest], queue } : { visible: rest, queue: [] });
      expect(h.snap().children[id]).toBeUndefined();
    },
  };
}

function stateChecks(h: Harness) {
  return {
    '*': (m: ToasterSnapshot) => {
      const s = h.snap();
      expect(ids(s)).toEqual(ids(m));
      expect(s.context.visible.length).toBeLessThanOrEqual(TOAST_MAX_ON_SCREEN);
      if (s.context.queue.length) expect(s.context.visible).toHaveLength(TOAST_MAX_ON_SCREEN);
      // Every visible toast is a live child, shown and waiting (sticky).
      for (const t of s.context.visible) {
        expect(s.children[t.id]).toBe(t.ref);
        expect(t.ref.getSnapshot().matches({ visible: 'waiting' })).toBe(true);
      }
    },
  };
}

async function run(path: StatePath<ToasterSnapshot, AnyEventObject>) {
  const h = harness();
  try {
    await model.testPath(path, { events: executors(h) as never, states: stateChecks(h) });
  } finally {
    h.actor.stop();
  }
}

describe('toaster machine, model paths on a real actor', () => {
  const shortest = model.getShortestPaths();
  it('the model reaches a full screen with toasts waiting', () => {
    const states = Object.values(model.getAdjacencyMap()).map((a) => a.state.context);
    expect(states.length).toBeGreaterThan(20);
    expect(states.some((c) => c.visible.length === TOAST_MAX_ON_SCREEN && c.queue.length === MAX_WAITING)).toBe(true);
  });
  describe('shortest paths', () => {
    for (const path of shortest) it(path.description.slice(0, 200), () => run(path));
  });
  describe('every edge', () => {
    edgePaths(model, serialize).forEach((path, i) =>
      it(`edge ${i}: ${path.steps.length - 1} steps to ${JSON.stringify(path.state.context.visible.length)}+${path.state.context.queue.length} via ${path.steps.at(-1)?.event.type}`, () => run(path)),
    );
  });
});

describe('toaster machine, scenarios', () => {
  const show = (h: Harness, body: string, extra: Partial<ToastRequest> = {}) =>
    h.actor.send({ type: 'toast.show', toastType: 'success', body, ...extra });

  it('9 toasts: 8 on screen newest first, 1 waiting; closing one shows the waiting one', () => {
    const h = harness();
    for (let i = 1; i <= 9; i++) show(h, `Toast ${i}`);
    expect(ids(h.snap())).toEqual({
      visible: ['toast-8', 'toast-7', 'toast-6', 'toast-5', 'toast-4', 'toast-3', 'toast-2', 'toast-1'],
      queue: ['toast-9'],
    });
    h.actor.send({ type: 'toast.close', id: 'toast-4' });
    h.clock.increment(TOAST_ANIMATION_MS);
    expect(ids(h.snap())).toEqual({
      visible: ['toast-9', 'toast-8', 'toast-7', 'toast-6', 'toast-5', 'toast-3', 'toast-2', 'toast-1'],
      queue: [],
    });
    expect(h.toast('toast-9')?.context.body).toBe('Toast 9');
  });

  it('timed toasts close by themselves; the waiting one gets its full 2000 ms afterwards', () => {
    const h = harness();
    for (let i = 1; i <= 9; i++) show(h, `Toast ${i}`);
    advance(h.clock, 2000 + TOAST_ANIMATION_MS);
    expect(ids(h.snap())).toEqual({ visible: ['toast-9'], queue: [] });
    advance(h.clock, 1999);
    expect(h.toast('toast-9')?.value).toEqual({ visible: 'running' });
    advance(h.clock, 1 + TOAST_ANIMATION_MS);
    expect(ids(h.snap())).toEqual({ visible: [], queue: [] });
  });

  it('forwards events to the toast with that id only', () => {
    const h = harness();
    show(h, 'one');
    show(h, 'two');
    h.clock.increment(500);
    h.actor.send({ type: 'toast.pause', id: 'toast-1' });
    expect(h.toast('toast-1')?.value).toEqual({ visible: 'paused' });
    expect(h.toast('toast-2')?.value).toEqual({ visible: 'running' });
    advance(h.clock, 5000);
    expect(ids(h.snap()).visible).toEqual(['toast-1']);
    h.actor.send({ type: 'toast.resume', id: 'toast-1' });
    advance(h.clock, 1499);
    expect(ids(h.snap()).visible).toEqual(['toast-1']);
    advance(h.clock, 1 + TOAST_ANIMATION_MS);
    expect(ids(h.snap()).visible).toEqual([]);
  });

  it('forwards confirm, cancel, input and update; an update reaches a waiting toast too', () => {
    const h = harness();
    const answers: AnyEventObject[] = [];
    // A stand-in for the screen that asked: it records what it hears.
    const listener = createActor(createMachine({ on: { '*': { actions: ({ event }) => answers.push(event) } } })).start();
    show(h, 'Delete?', { toastType: 'confirm', id: 'ask', replyTo: listener });
    show(h, 'Name?', { toastType: 'prompt', id: 'name', replyTo: listener });
    h.actor.send({ type: 'toast.input', id: 'name', value: 'Blue' });
    h.actor.send({ type: 'toast.confirm', id: 'name' });
    h.actor.send({ type: 'toast.cancel', id: 'ask' });
    expect(answers).toEqual([
      { type: 'toast.answer.confirmed', id: 'name', value: 'Blue' },
      { type: 'toast.answer.cancelled', id: 'ask' },
    ]);
    // Fill the screen, then update an async toast that is still waiting for a place.
    for (let i = 0; i < 8; i++) show(h, `filler ${i}`, { timeout: 0, toastType: 'info' });
    show(h, 'Uploading…', { toastType: 'async', id: 'upload' });
    expect(ids(h.snap()).queue).toContain('upload');
    h.actor.send({ type: 'toast.update', id: 'upload', toastType: 'success', body: 'Uploaded.' });
    expect(h.snap().context.queue.find((q) => q.id === 'upload')).toMatchObject({ toastType: 'success', body: 'Uploaded.' });
    h.clock.increment(TOAST_ANIMATION_MS); // 'ask' and 'name' are gone: room for it
    h.actor.send({ type: 'toast.close', id: 'toast-3' });
    h.clock.increment(TOAST_ANIMATION_MS);
    expect(h.toast('upload')?.context).toMatchObject({ type: 'success', body: 'Uploaded.', timeout: 2000 });
    expect(h.toast('upload')?.value).toEqual({ visible: 'running' });
  });

  it('a stray toast.closed for an id not on screen changes nothing', () => {
    const h = harness();
    for (let i = 1; i <= 9; i++) show(h, `Toast ${i}`, { timeout: 0, toastType: 'info' });
    const before = ids(h.snap());
    h.actor.send({ type: 'toast.closed', id: 'toast-404' });
    expect(ids(h.snap())).toEqual(before);
  });

  it('toast.clear empties the queue and closes every toast on screen', () => {
    const h = harness();
    for (let i = 1; i <= 10; i++) show(h, `Toast ${i}`, { timeout: 0, toastType: 'info' });
    h.actor.send({ type: 'toast.clear' });
    expect(h.snap().context.queue).toEqual([]);
    h.clock.increment(TOAST_ANIMATION_MS);
    expect(ids(h.snap())).toEqual({ visible: [], queue: [] });
  });

  it('covers every state and transition of the toaster (model paths plus these scenarios)', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
