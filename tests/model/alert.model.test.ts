/**
 * Model-based tests of machines/alert.machine.ts (SPEC §4: success, danger or none, with a
 * message). Every edge of the graph is replayed on a real actor.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { alertMachine, type AlertEvent } from '../../machines/alert.machine.ts';
import { Coverage, edgePaths } from './coverage.ts';

type AlertSnapshot = SnapshotFrom<typeof alertMachine>;
const coverage = new Coverage('alert', alertMachine);

const EVENTS: AlertEvent[] = [
  { type: 'alert.success', message: 'Saved.' },
  { type: 'alert.success', message: 'Deleted.' },
  { type: 'alert.danger', message: 'Invalid Credentials' },
  { type: 'alert.clear' },
];
const serialize = (s: AlertSnapshot) => JSON.stringify({ value: s.value, message: s.context.message });
const model = new TestModel(alertMachine, { events: EVENTS, serializeState: serialize, stateMatcher: (s, key) => s.matches(key as never) });

async function run(path: StatePath<AlertSnapshot, AlertEvent>) {
  const actor = createActor(alertMachine, { inspect: coverage.inspect }).start();
  const send = ({ event }: { event: { type: string } }) => {
    const e = event as AlertEvent;
    actor.send(e);
    expect(actor.getSnapshot().context.message).toBe('message' in e ? e.message : '');
  };
  const same = (m: AlertSnapshot) => expect(serialize(actor.getSnapshot())).toBe(serialize(m));
  await model.testPath(path, {
    events: { 'alert.success': send, 'alert.danger': send, 'alert.clear': send },
    states: {
      none: (m) => (same(m), expect(actor.getSnapshot().context.message).toBe('')),
      success: (m) => (same(m), expect(actor.getSnapshot().context.message).not.toBe('')),
      danger: (m) => (same(m), expect(actor.getSnapshot().context.message).not.toBe('')),
    },
  });
  actor.stop();
}

describe('alert machine, model paths on a real actor', () => {
  it('starts with no alert', () => {
    const s = createActor(alertMachine).start().getSnapshot();
    expect(s.value).toBe('none');
    expect(s.context.message).toBe('');
  });
  for (const path of model.getSimplePaths()) it(path.description, () => run(path));
  edgePaths(model, serialize).forEach((path, i) => it(`edge ${i}: ${path.steps.slice(1).map((s) => JSON.stringify(s.event)).join(' → ')}`, () => run(path)));

  it('covers every state and transition of the alert machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
