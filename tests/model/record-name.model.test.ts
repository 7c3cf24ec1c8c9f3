/**
 * Model-based test of machines/record-name.machine.ts (the name of a child page's parent,
 * "Values of Size"): every path of its graph on a REAL actor whose load is a deferred promise
 * the test settles and whose `tell` is a spy. A name is told exactly once; no name (blank, none,
 * a failed load) tells nothing and leaves the plain title.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { recordNameMachine } from '../../machines/record-name.machine.ts';
import { Coverage, deferredCalls, internalOnlyWhenEnabled } from './coverage.ts';

type Snap = SnapshotFrom<typeof recordNameMachine>;
type Input = { id: string };
const coverage = new Coverage('recordName', recordNameMachine);
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

const done = (output: unknown): AnyEventObject => ({ type: 'xstate.done.actor.loadName', output });
const EVENTS: AnyEventObject[] = [done(' Size '), done('  '), done(null), { type: 'xstate.error.actor.loadName', error: { status: 0, message: 'Failed to fetch' } }];

function harness() {
  const loads = deferredCalls<string | null>();
  const tell = vi.fn<(p: { name: string }) => void>();
  const machine = recordNameMachine.provide({
    actors: { loadName: fromPromise<string | null, { id: string }>((a) => loads.start(a)) },
    actions: { tell: (_, p) => tell(p) },
  });
  const actor = createActor(machine, { input: { id: '3' }, inspect: coverage.inspect }).start();
  return { actor, loads, tell };
}

async function run(path: StatePath<Snap, AnyEventObject>, model: TestModel<Snap, AnyEventObject, Input>) {
  const h = harness();
  try {
    await model.testPath(path, {
      events: {
        'xstate.init': () => {
          expect(h.loads.only().input).toEqual({ id: '3' });
        },
        'xstate.done.actor.loadName': async ({ event }: { event: AnyEventObject }) => {
          h.loads.only().resolve(event.output as string | null);
          await settled();
        },
        'xstate.error.actor.loadName': async ({ event }: { event: AnyEventObject }) => {
          h.loads.only().reject(event.error);
          await settled();
        },
      } as never,
      states: {
        loading: () => expect(h.tell).not.toHaveBeenCalled(),
        named: () => {
          expect(h.tell.mock.calls).toEqual([[{ name: 'Size' }]]);
          expect(h.actor.getSnapshot().context.name).toBe('Size');
        },
        unnamed: () => expect(h.tell).not.toHaveBeenCalled(),
      } as never,
    });
    expect(h.loads.live()).toEqual([]);
  } finally {
    h.actor.stop();
  }
}

describe('record name machine, model paths on a real actor', () => {
  const model = new TestModel(recordNameMachine as unknown as ActorLogic<Snap, AnyEventObject, Input>, {
    input: { id: '3' },
    events: EVENTS,
    filterEvents: internalOnlyWhenEnabled as never,
    serializeState: (s) => JSON.stringify({ value: s.value, name: s.context.name }),
  });
  const paths = model.getSimplePaths();
  it('has a path to each end', () => expect(paths.length).toBeGreaterThanOrEqual(4));
  for (const path of paths) it(path.description, () => run(path, model));

  it('covers every state and transition of the record name machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
