/**
 * Model-based tests of machines/pos-display/display.machine.ts, the customer display. Every
 * path of its graph is replayed on a real actor whose channel is an in-memory link: the views
 * reach it as the till posts them (not as events sent to the actor), and it says hello once.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { displayMachine, selectDisplayView, type DisplayEvent } from '../../machines/pos-display/display.machine.ts';
import type { CustomerDisplayView, DisplayLink, DisplayMessage } from '../../src/pos/customer-display.ts';
import { Coverage, edgePaths } from './coverage.ts';

type DisplaySnapshot = SnapshotFrom<typeof displayMachine>;
const coverage = new Coverage('customer display', displayMachine);

const view = (phase: CustomerDisplayView['phase'], total: number): CustomerDisplayView => ({
  shop: 'Demo Shop',
  currency: 'USD',
  phase,
  lines: total ? [{ name: 'Mouse', quantity: 1, unit_price: total, total }] : [],
  subtotal: total,
  discount: 0,
  tax: 0,
  total,
  paid: phase === 'done' ? 5000 : 0,
  change: phase === 'done' ? 5000 - total : 0,
});
const EVENTS: DisplayEvent[] = [
  { type: 'display.view', view: view('cart', 2599) },
  { type: 'display.view', view: view('done', 2599) },
  { type: 'display.view', view: view('idle', 0) },
];
const serialize = (s: DisplaySnapshot) => JSON.stringify({ value: s.value, view: s.context.view });
const model = new TestModel(displayMachine, {
  events: EVENTS,
  serializeState: serialize,
  stateMatcher: (s, key) => s.matches(key as never),
  input: { link: undefined },
});

/** The other end of the channel: the till, in memory. */
function memoryLink() {
  const listeners = new Set<(m: DisplayMessage) => void>();
  const heard: DisplayMessage[] = [];
  const link: DisplayLink = {
    post: (m) => void heard.push(m),
    listen: (l) => (listeners.add(l), () => listeners.delete(l)),
    close: () => listeners.clear(),
  };
  return { link, heard, tillPosts: (m: DisplayMessage) => listeners.forEach((l) => l(m)) };
}

async function run(path: StatePath<DisplaySnapshot, DisplayEvent>) {
  const till = memoryLink();
  const actor = createActor(displayMachine, { input: { link: till.link }, inspect: coverage.inspect }).start();
  expect(till.heard).toEqual([{ type: 'hello' }]);
  const same = (m: DisplaySnapshot) => expect(serialize(actor.getSnapshot())).toBe(serialize(m));
  await model.testPath(path, {
    events: {
      'display.view': ({ event }) => {
        // Another display's hello on the channel is not for this one: nothing changes.
        const before = serialize(actor.getSnapshot());
        till.tillPosts({ type: 'hello' });
        expect(serialize(actor.getSnapshot())).toBe(before);
        till.tillPosts({ type: 'view', view: (event as DisplayEvent).view });
        expect(selectDisplayView(actor.getSnapshot())).toEqual((event as DisplayEvent).view);
      },
    },
    states: {
      waiting: (m) => (same(m), expect(selectDisplayView(actor.getSnapshot())).toBeNull()),
      showing: (m) => same(m),
    },
  });
  actor.stop();
  // Stopped, it no longer listens.
  till.tillPosts({ type: 'view', view: view('cart', 1) });
  expect(selectDisplayView(actor.getSnapshot())?.total).not.toBe(1);
}

describe('customer display machine, model paths on a real actor', () => {
  for (const path of model.getSimplePaths()) it(path.description, () => run(path));
  edgePaths(model, serialize).forEach((path, i) => it(`edge ${i}: ${path.steps.slice(1).map((s) => (s.event as DisplayEvent).view?.phase).join(' → ')}`, () => run(path)));

  it('without a channel (drawn on the server) it waits, and says so', () => {
    const actor = createActor(displayMachine, { input: { link: undefined } }).start();
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    actor.stop();
  });

  it('covers every state and transition of the customer display machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
