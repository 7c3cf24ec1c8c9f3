/**
 * Model-based tests of machines/screen.machine.ts: the page shown is got ready (its code, a
 * list's first page) before the view draws it. The machine's graph over a few pages gives the
 * paths; each is replayed on a REAL actor whose loader is a deferred promise the test settles
 * and whose timeout runs on a SimulatedClock. Every step checks what the view would draw for
 * the page asked for (ready, a spinner, or "could not be loaded") and that each page is asked
 * for once: the same page again (another query of the same list, a stored session's page
 * confirmed by /me) loads nothing, another page drops the load on its way.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { SCREEN_MESSAGES, SCREEN_TIMEOUT_MS, screenMachine, selectScreenData, selectScreenPhase, type ScreenRequest } from '../../machines/screen.machine.ts';
import { Coverage, deferredCalls, edgePaths, flush, internalOnlyWhenEnabled } from './coverage.ts';

type ScreenSnapshot = SnapshotFrom<typeof screenMachine>;
const coverage = new Coverage('screen', screenMachine);

const page = (pathname: string, screen: string, search = ''): ScreenRequest => ({ pathname, search, screen, layout: 'content', params: {} });
const CUSTOMERS = page('/admin/customers', 'list:customers');
/** The same list with another query: the same page. */
const CUSTOMERS_PAGE_2 = page('/admin/customers', 'list:customers', '?page=2');
const DASHBOARD = page('/admin/dashboard', 'dashboard');
/** Another address that another screen draws (not found, in the shell). */
const NOT_FOUND = page('/admin/customers', 'notFound');

const show = (r: ScreenRequest): AnyEventObject => ({ type: 'screen.show', ...r });
const AFTER_TIMEOUT = 'xstate.after.screenTimeout.screen.loading';
const EVENTS: AnyEventObject[] = [
  ...[CUSTOMERS, CUSTOMERS_PAGE_2, DASHBOARD, NOT_FOUND].map(show),
  { type: 'xstate.done.actor.loadScreen' },
  { type: 'xstate.error.actor.loadScreen', error: new Error('Failed to fetch dynamically imported module') },
  { type: AFTER_TIMEOUT },
];

const serialize = (s: ScreenSnapshot) =>
  JSON.stringify({ value: s.value, page: s.context.request && `${s.context.request.screen}@${s.context.request.pathname}`, error: s.context.error });

const model = new TestModel(screenMachine as unknown as ActorLogic<ScreenSnapshot, AnyEventObject, undefined>, {
  events: EVENTS,
  filterEvents: internalOnlyWhenEnabled,
  serializeState: serialize,
  stateMatcher: (s, key) => s.matches(key as never),
});

function harness() {
  const clock = new SimulatedClock();
  const load = deferredCalls<unknown>();
  const machine = screenMachine.provide({ actors: { loadScreen: fromPromise<unknown, ScreenRequest>((a) => load.start(a)) } });
  const actor = createActor(machine, { input: {}, clock, inspect: coverage.inspect }).start();
  return { actor, clock, load };
}
type Harness = ReturnType<typeof harness>;

function executors(h: Harness) {
  const { actor, load } = h;
  const same = (a: ScreenRequest | null, b: ScreenRequest) => a?.pathname === b.pathname && a.screen === b.screen;
  return {
    'xstate.init': () => {},
    'screen.show': async ({ event }: { event: AnyEventObject }) => {
      const { type: _, ...request } = event as AnyEventObject & ScreenRequest;
      const before = actor.getSnapshot();
      const calls = load.calls.length;
      actor.send(event as never);
      if (same(before.context.request, request) && !before.matches('failed')) {
        // The same page: nothing is loaded again, nothing changes.
        expect(serialize(actor.getSnapshot())).toBe(serialize(before));
        expect(load.calls).toHaveLength(calls);
        return;
      }
      // A new page (or the failed one again): one load for it; the one on its way is dropped.
      expect(actor.getSnapshot().matches('loading')).toBe(true);
      expect(load.calls).toHaveLength(calls + 1);
      expect(load.only().input).toEqual(request);
      expect(load.calls.slice(0, calls).every((c) => c.settled || c.signal.aborted)).toBe(true);
    },
    'xstate.done.actor.loadScreen': async () => {
      load.only().resolve(undefined);
      await flush();
    },
    'xstate.error.actor.loadScreen': async ({ event }: { event: AnyEventObject }) => {
      load.only().reject(event.error);
      await flush();
      expect(actor.getSnapshot().context.error).toBe(SCREEN_MESSAGES.failed);
    },
    [AFTER_TIMEOUT]: async () => {
      const call = load.only();
      h.clock.increment(SCREEN_TIMEOUT_MS - 1);
      expect(actor.getSnapshot().matches('loading')).toBe(true);
      h.clock.increment(1);
      // SPEC §9: two minutes without the code is a failure, and the load is dropped.
      expect(actor.getSnapshot().context.error).toBe(SCREEN_MESSAGES.timeout);
      expect(call.signal.aborted).toBe(true);
    },
  };
}

function stateChecks(h: Harness) {
  const { actor, load } = h;
  const same = (m: ScreenSnapshot) => expect(serialize(actor.getSnapshot())).toBe(serialize(m));
  /** What the view draws for the page asked for, and for any other address. */
  const phase = (expected: string) => {
    const s = actor.getSnapshot();
    expect(selectScreenPhase(s.context.request!.pathname)(s)).toBe(expected);
    expect(selectScreenPhase('/admin/elsewhere')(s)).toBe('loading');
  };
  return {
    idle: (m: ScreenSnapshot) => {
      same(m);
      expect(actor.getSnapshot().context.request).toBeNull();
      expect(selectScreenPhase('/admin/customers')(actor.getSnapshot())).toBe('loading');
      expect(load.calls).toHaveLength(0);
    },
    loading: (m: ScreenSnapshot) => {
      same(m);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(load.only().input).toEqual(actor.getSnapshot().context.request);
      phase('loading');
    },
    ready: (m: ScreenSnapshot) => {
      same(m);
      expect(load.live()).toHaveLength(0);
      expect(actor.getSnapshot().context.error).toBeNull();
      phase('ready');
    },
    failed: (m: ScreenSnapshot) => {
      same(m);
      expect(actor.getSnapshot().hasTag('error')).toBe(true);
      expect(load.live()).toHaveLength(0);
      expect(actor.getSnapshot().context.error).not.toBeNull();
      phase('failed');
    },
  };
}

async function run(path: StatePath<ScreenSnapshot, AnyEventObject>) {
  const h = harness();
  try {
    await model.testPath(path, { events: executors(h) as never, states: stateChecks(h) as never });
  } finally {
    h.actor.stop();
  }
}

describe('screen machine, model paths on a real actor', () => {
  for (const path of model.getShortestPaths()) it(path.description, () => run(path));
  edgePaths(model, serialize).forEach((path, i) => it(`edge ${i}: ${path.steps.slice(1).map((s) => JSON.stringify(s.event)).join(' → ')}`, () => run(path)));

  it('a page the server drew starts ready with its data; showing it again loads nothing', () => {
    const load = deferredCalls<unknown>();
    const machine = screenMachine.provide({ actors: { loadScreen: fromPromise<unknown, ScreenRequest>((a) => load.start(a)) } });
    const actor = createActor(machine, { input: { shown: { request: CUSTOMERS, data: { rows: 3 } } }, inspect: coverage.inspect }).start();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(selectScreenData(CUSTOMERS.pathname)(actor.getSnapshot())).toEqual({ rows: 3 });
    actor.send(show(CUSTOMERS) as never);
    expect(load.calls).toHaveLength(0);
    actor.send(show(DASHBOARD) as never);
    expect(load.calls).toHaveLength(1);
    expect(selectScreenData(DASHBOARD.pathname)(actor.getSnapshot())).toBeUndefined();
  });

  it('covers every state and transition of the screen machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
