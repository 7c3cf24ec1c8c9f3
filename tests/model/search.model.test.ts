/**
 * Model-based test of machines/search/search.machine.ts (the top bar's search, Ctrl+K): every
 * shortest path and every edge of its graph on a REAL actor whose search is a deferred promise
 * the test settles, whose debounce runs on a simulated clock and whose `visit` is a spy. What a
 * path must show: one request at a time for what is typed, an Enter before the answer opening
 * the first result (a scanned barcode), errors said with a retry, and nothing opened otherwise.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { arrange, type SearchAnswer } from '../../domain/search.ts';
import { searchMachine } from '../../machines/search/search.machine.ts';
import { selectPalette } from '../../machines/search/search.selectors.ts';
import { Coverage, deferredCalls, internalOnlyWhenEnabled, itWalksEveryPath, replayPath } from './coverage.ts';

type Snap = SnapshotFrom<typeof searchMachine>;
const coverage = new Coverage('search', searchMachine);
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

const HELD = ['sales create', 'pos', 'product list'];
const SCAN = '4006381333931';
const FOUND: SearchAnswer = {
  groups: [{ key: 'products', label: 'Products', hits: [{ label: 'Kettle', detail: `barcode ${SCAN}`, href: '/admin/product/view/7', exact: true }] }],
};
const DEBOUNCE = 'xstate.after.searchDebounce.search.open.debouncing';
const EVENTS: AnyEventObject[] = [
  { type: 'search.open' },
  { type: 'search.close' },
  { type: 'search.type', q: SCAN },
  { type: 'search.type', q: '' },
  { type: 'search.move', by: 1 },
  { type: 'search.choose' },
  { type: 'search.retry' },
  { type: 'search.session', permissions: HELD },
  { type: DEBOUNCE },
  { type: 'xstate.done.actor.runSearch', output: FOUND },
  { type: 'xstate.done.actor.runSearch', output: { groups: [] } },
  { type: 'xstate.error.actor.runSearch', error: { status: 0, message: 'The server cannot be reached.' } },
  { type: 'xstate.error.actor.runSearch', error: { status: 422, message: 'Use at most 100 characters.', errors: { q: ['Use at most 100 characters.'] } } },
];

function harness() {
  const searches = deferredCalls<SearchAnswer>();
  const visit = vi.fn<(p: { href: string }) => void>();
  const clock = new SimulatedClock();
  const machine = searchMachine.provide({
    actors: { runSearch: fromPromise<SearchAnswer, { q: string }>((a) => searches.start(a)) },
    actions: { visit: (_, p) => visit(p) },
  });
  const actor = createActor(machine, { input: { held: HELD }, clock, inspect: coverage.inspect }).start();
  return { actor, searches, visit, clock };
}
type H = ReturnType<typeof harness>;

async function step(h: H, event: AnyEventObject) {
  const before = h.actor.getSnapshot();
  const visits = h.visit.mock.calls.length;
  if (event.type === DEBOUNCE) h.clock.increment(200);
  else if (event.type === 'xstate.done.actor.runSearch') h.searches.only().resolve(event.output as SearchAnswer);
  else if (event.type === 'xstate.error.actor.runSearch') h.searches.only().reject(event.error);
  else h.actor.send(event as never);
  await settled();
  const after = h.actor.getSnapshot();
  // Something is opened exactly when a choice closes the palette: Enter on an item, or the answer an early Enter waited for.
  const opened = before.matches('open') && after.matches('closed') && event.type !== 'search.close';
  expect(h.visit.mock.calls.length).toBe(visits + (opened ? 1 : 0));
  if (opened && event.type === 'search.choose') expect(h.visit.mock.calls.at(-1)![0].href).toBe(before.context.items[before.context.active]!.href);
  if (opened && event.type !== 'search.choose') expect(h.visit.mock.calls.at(-1)![0].href).toBe('/admin/product/view/7');
  // The arrows walk the one list round.
  if (event.type === 'search.move' && before.matches('open') && before.context.items.length) expect(after.context.active).toBe((before.context.active + 1) % before.context.items.length);
}

function checkState(h: H) {
  const s = h.actor.getSnapshot();
  const view = selectPalette(s);
  expect(view.open).toBe(s.matches('open'));
  // Only a search in flight is waiting, and it asks for what is typed.
  if (s.matches({ open: 'querying' })) expect(h.searches.only().input).toEqual({ q: s.context.q.trim() });
  else expect(h.searches.live()).toEqual([]);
  if (s.matches('open')) expect(s.context.items).toEqual(arrange(s.context.q, HELD, s.context.groups));
  if (s.matches({ open: 'idle' })) expect(view.sections.map((x) => x.items.map((i) => i.label))).toEqual([['New sale', 'Open the till']]);
  if (s.matches({ open: 'results' })) {
    // The scanned code is long enough for names: "nothing found", never "type more".
    expect(view.nothing).toBe(s.context.items.length === 0);
    expect(view.tooShort).toBe(false);
    if (s.context.groups.length) expect(view.sections[0]).toMatchObject({ group: 'Products', items: [{ label: 'Kettle', exact: true, index: 0 }] });
  }
  if (s.matches({ open: 'offline' })) expect(view).toMatchObject({ error: 'You are offline. Search again once the connection is back.', canRetry: true });
  if (s.matches({ open: 'failed' })) expect(view).toMatchObject({ error: 'Use at most 100 characters.', canRetry: true });
  if (!s.hasTag('error')) expect(view.error).toBeNull();
  expect(view.busy).toBe(s.matches({ open: 'querying' }));
}

const serialize = (s: Snap) =>
  JSON.stringify({ value: s.value, q: s.context.q, n: s.context.items.length, active: s.context.active, choosing: s.context.choosing, error: s.context.error });

describe('search machine, model paths on a real actor', () => {
  const model = new TestModel(searchMachine as unknown as ActorLogic<Snap, AnyEventObject, { held: string[] }>, {
    input: { held: HELD },
    events: EVENTS,
    filterEvents: internalOnlyWhenEnabled as never,
    serializeState: serialize as never,
  });
  const run = (path: StatePath<Snap, AnyEventObject>) =>
    replayPath(path, harness, async (h, event) => {
      await step(h, event);
      checkState(h);
    });
  itWalksEveryPath(model, serialize as never, run, 60_000);

  it('covers every state and transition of the search machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

describe('what the palette offers without the server', () => {
  it('screens the person may open, once each (/pos and /website are one)', () => {
    const actor = createActor(searchMachine, { input: { held: ['pos'] } }).start();
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.type', q: 'po' });
    expect(actor.getSnapshot().context.items.map((i) => `${i.group}: ${i.label}`)).toEqual(['Actions: Open the till', 'Screens: POS']);
    actor.stop();
  });
});
