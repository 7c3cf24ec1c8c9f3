/**
 * Model-based tests of machines/ui.machine.ts (drawer, rail, theme, viewport). Paths from the
 * machine's graph, for several starting inputs, replayed on a REAL actor whose `persist` and
 * `applyTheme` are spies: toggles remember exactly the preference they changed, the theme is
 * applied on every entry, a narrow screen closes the drawer and navigation closes it only there,
 * the overlay's toggles on a narrow screen remember nothing, and widening brings back the drawer
 * the person had open on a wide screen, a phone shows lists as cards.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { uiMachine, type UiEvent, type UiInput, type UiPreferences, type Theme } from '../../machines/ui.machine.ts';
import { Coverage, edgePaths } from './coverage.ts';

type UiSnapshot = SnapshotFrom<typeof uiMachine>;
const coverage = new Coverage('ui', uiMachine);

const EVENTS: UiEvent[] = [
  { type: 'drawer.toggle' },
  { type: 'drawer.close' },
  { type: 'drawer.mini.toggle' },
  { type: 'theme.toggle' },
  { type: 'viewport.narrow' },
  { type: 'viewport.wide' },
  { type: 'route.changed' },
  { type: 'viewport.phone' },
  { type: 'viewport.notPhone' },
];

// The wide-screen preference decides what widening does, so it is part of the state.
const serialize = (s: UiSnapshot) => JSON.stringify({ value: s.value, wideDrawerOpen: s.context.wideDrawerOpen });

const view = (s: UiSnapshot) => ({
  narrow: s.matches({ viewport: 'narrow' }),
  open: s.matches({ drawer: 'open' }),
  mini: s.matches({ rail: 'mini' }),
  theme: (s.matches({ theme: 'dark' }) ? 'dark' : 'light') as Theme,
  cards: s.matches({ lists: 'cards' }),
  /** What the drawer does on a wide screen, as the person last chose there. */
  wideDrawerOpen: s.context.wideDrawerOpen,
});

function harness(input: UiInput) {
  const spy = {
    persist: vi.fn<(p: Partial<UiPreferences>) => void>(),
    applyTheme: vi.fn<(p: { theme: Theme }) => void>(),
  };
  const machine = uiMachine.provide({
    actions: { persist: (_, p) => spy.persist(p), applyTheme: (_, p) => spy.applyTheme(p) },
  });
  const actor = createActor(machine, { input, inspect: coverage.inspect });
  actor.start();
  return { actor, spy };
}
type Harness = ReturnType<typeof harness>;

function executors(h: Harness) {
  const { actor, spy } = h;
  /** Send; check what changed and which preference was remembered. */
  const step = (event: UiEvent, expectChange: (before: ReturnType<typeof view>) => Partial<ReturnType<typeof view>>, persisted?: (before: ReturnType<typeof view>) => Partial<UiPreferences> | null) => {
    const before = view(actor.getSnapshot());
    const persists = spy.persist.mock.calls.length;
    const themes = spy.applyTheme.mock.calls.length;
    actor.send(event);
    const after = view(actor.getSnapshot());
    expect(after).toEqual({ ...before, ...expectChange(before) });
    const p = persisted?.(before) ?? null;
    if (p) expect(spy.persist.mock.calls.slice(persists)).toEqual([[p]]);
    else expect(spy.persist).toHaveBeenCalledTimes(persists);
    if (after.theme !== before.theme) expect(spy.applyTheme.mock.calls.slice(themes)).toEqual([[{ theme: after.theme }]]);
    else expect(spy.applyTheme).toHaveBeenCalledTimes(themes);
  };
  return {
    'xstate.init': () => {},
    // On a wide screen a toggle is the person's preference, remembered; the narrow overlay's is not.
    'drawer.toggle': () =>
      step(
        { type: 'drawer.toggle' },
        (b) => (b.narrow ? { open: !b.open } : { open: !b.open, wideDrawerOpen: !b.open }),
        (b) => (b.narrow ? null : { drawerOpen: !b.open }),
      ),
    'drawer.close': () => step({ type: 'drawer.close' }, () => ({ open: false })),
    'drawer.mini.toggle': () => step({ type: 'drawer.mini.toggle' }, (b) => ({ mini: !b.mini }), (b) => ({ mini: !b.mini })),
    'theme.toggle': () =>
      step({ type: 'theme.toggle' }, (b) => ({ theme: b.theme === 'dark' ? 'light' : 'dark' }), (b) => ({ theme: b.theme === 'dark' ? 'light' : 'dark' })),
    // A narrow screen turns the drawer into an overlay: it closes, nothing is remembered.
    'viewport.narrow': () => step({ type: 'viewport.narrow' }, () => ({ narrow: true, open: false })),
    // Widening shows the drawer again when the person had it open on a wide screen.
    'viewport.wide': () => step({ type: 'viewport.wide' }, (b) => ({ narrow: false, open: b.open || (b.narrow && b.wideDrawerOpen) })),
    // Navigation closes the overlay drawer only.
    'route.changed': () => step({ type: 'route.changed' }, (b) => (b.narrow ? { open: false } : {})),
    // A phone shows lists as cards; nothing else changes and nothing is remembered.
    'viewport.phone': () => step({ type: 'viewport.phone' }, () => ({ cards: true })),
    'viewport.notPhone': () => step({ type: 'viewport.notPhone' }, () => ({ cards: false })),
  };
}

function stateChecks(h: Harness) {
  return {
    '*': (model: UiSnapshot) => {
      const s = h.actor.getSnapshot();
      expect(serialize(s)).toBe(serialize(model));
      // The theme on the document is the one the machine is in.
      expect(h.spy.applyTheme.mock.calls.at(-1)?.[0]).toEqual({ theme: view(s).theme });
    },
  };
}

async function run(path: StatePath<UiSnapshot, UiEvent>, model: TestModel<UiSnapshot, UiEvent, UiInput>, input: UiInput) {
  const h = harness(input);
  try {
    await model.testPath(path, { events: executors(h) as never, states: stateChecks(h) });
  } finally {
    h.actor.stop();
  }
}

const INPUTS: { label: string; input: UiInput; start: ReturnType<typeof view> }[] = [
  {
    label: 'first visit, light system, wide',
    input: { stored: null, systemTheme: 'light', narrow: false },
    start: { narrow: false, open: true, mini: false, theme: 'light', wideDrawerOpen: true, cards: false },
  },
  {
    label: 'first visit, dark system, narrow phone',
    input: { stored: null, systemTheme: 'dark', narrow: true, phone: true },
    start: { narrow: true, open: false, mini: false, theme: 'dark', wideDrawerOpen: true, cards: true },
  },
  {
    label: 'stored closed+mini+dark over a light system',
    input: { stored: { drawerOpen: false, mini: true, theme: 'dark' }, systemTheme: 'light', narrow: false },
    start: { narrow: false, open: false, mini: true, theme: 'dark', wideDrawerOpen: false, cards: false },
  },
  {
    label: 'stored light over a dark system, stored open but narrow',
    input: { stored: { theme: 'light', drawerOpen: true }, systemTheme: 'dark', narrow: true },
    start: { narrow: true, open: false, mini: false, theme: 'light', wideDrawerOpen: true, cards: false },
  },
];

describe('ui machine, model paths on a real actor', () => {
  for (const { label, input, start } of INPUTS) {
    const model = new TestModel(uiMachine, { input, events: EVENTS, serializeState: serialize });
    it(`${label}: starts ${JSON.stringify(start)} and applies the theme once`, () => {
      const h = harness(input);
      expect(view(h.actor.getSnapshot())).toEqual(start);
      expect(h.spy.applyTheme.mock.calls).toEqual([[{ theme: start.theme }]]);
      expect(h.spy.persist).not.toHaveBeenCalled();
    });
    const shortest = model.getShortestPaths();
    describe(`${label}: shortest paths`, () => {
      for (const path of shortest) it(path.description, () => run(path, model, input));
    });
    describe(`${label}: every edge`, () => {
      edgePaths(model, serialize).forEach((path, i) =>
        it(`edge ${i}: ${path.steps.slice(1).map((s) => s.event.type).join(' → ')}`, () => run(path, model, input)),
      );
    });
  }

  // Simple paths over all 16 combinations are many; three events keep them readable.
  const small = INPUTS[0]!.input;
  const smallModel = new TestModel(uiMachine, {
    input: small,
    events: [{ type: 'drawer.toggle' }, { type: 'viewport.narrow' }, { type: 'viewport.wide' }, { type: 'route.changed' }] as UiEvent[],
    serializeState: serialize,
  });
  describe('drawer and viewport: simple paths', () => {
    for (const path of smallModel.getSimplePaths()) it(path.description, () => run(path, smallModel, small));
  });

  it('covers every state and transition of the ui machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

describe('ui machine, scenarios', () => {
  it('on a narrow screen, navigating closes the drawer; on a wide one it stays open', () => {
    const h = harness({ stored: null, systemTheme: 'light', narrow: false });
    h.actor.send({ type: 'route.changed' });
    expect(h.actor.getSnapshot().matches({ drawer: 'open' })).toBe(true);
    h.actor.send({ type: 'viewport.narrow' });
    expect(h.actor.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
    h.actor.send({ type: 'drawer.toggle' });
    expect(h.actor.getSnapshot().matches({ drawer: 'open' })).toBe(true);
    h.actor.send({ type: 'route.changed' });
    expect(h.actor.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
    // The overlay is temporary: opening and closing it remembers nothing.
    expect(h.spy.persist).not.toHaveBeenCalled();
  });

  it('narrowing below 960 px and widening again brings the drawer back', () => {
    const h = harness({ stored: null, systemTheme: 'light', narrow: false });
    h.actor.send({ type: 'viewport.narrow' });
    expect(h.actor.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
    h.actor.send({ type: 'viewport.wide' });
    expect(h.actor.getSnapshot().matches({ drawer: 'open' })).toBe(true);
  });

  it('a drawer the person hid on a wide screen stays hidden after narrowing and widening', () => {
    const h = harness({ stored: null, systemTheme: 'light', narrow: false });
    h.actor.send({ type: 'drawer.toggle' });
    h.actor.send({ type: 'viewport.narrow' });
    h.actor.send({ type: 'drawer.toggle' });
    h.actor.send({ type: 'drawer.close' });
    h.actor.send({ type: 'viewport.wide' });
    expect(h.actor.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
    expect(h.spy.persist.mock.calls).toEqual([[{ drawerOpen: false }]]);
  });

  it('toggles remember only what changed', () => {
    const h = harness({ stored: null, systemTheme: 'light', narrow: false });
    h.actor.send({ type: 'theme.toggle' });
    h.actor.send({ type: 'drawer.mini.toggle' });
    h.actor.send({ type: 'drawer.toggle' });
    expect(h.spy.persist.mock.calls).toEqual([[{ theme: 'dark' }], [{ mini: true }], [{ drawerOpen: false }]]);
    expect(h.spy.applyTheme.mock.calls).toEqual([[{ theme: 'light' }], [{ theme: 'dark' }]]);
  });
});
