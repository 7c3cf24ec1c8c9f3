/**
 * machines/options.machine.ts on a real actor with a SimulatedClock: the labels of the current
 * values are fetched once, typing is searched once after the named pause, a settled picker
 * shows the whole list again, and a failed list can be retried.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import { optionsMachine, selectListStatus, type OptionItem, type OptionsQuery } from '../../machines/options.machine.ts';

const ROLES: OptionItem[] = [
  { id: 1, label: 'Super Admin' },
  { id: 2, label: 'Manager' },
  { id: 3, label: 'Cashier' },
];
const DEBOUNCE = 250;

function start(ids: number[], opts: { fail?: () => boolean } = {}) {
  const clock = new SimulatedClock();
  const calls: OptionsQuery[] = [];
  const machine = optionsMachine.provide({
    actors: {
      loadOptions: fromPromise(async ({ input }: { input: OptionsQuery }) => {
        calls.push(input);
        if (opts.fail?.()) throw { status: 0, message: 'The server cannot be reached.' };
        if (input.ids) return ROLES.filter((r) => input.ids!.includes(r.id));
        const q = (input.search ?? '').toLowerCase();
        return ROLES.filter((r) => r.label.toLowerCase().includes(q));
      }),
    },
  });
  const actor = createActor(machine, { input: { ids }, clock }).start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { actor, clock, calls, settle };
}

describe('options machine', () => {
  it('fetches the labels of the current values once, by id', async () => {
    const { actor, calls, settle } = start([2, 3]);
    await settle();
    expect(calls).toEqual([{ ids: [2, 3] }]);
    expect(actor.getSnapshot().context.labels).toEqual({ 2: 'Manager', 3: 'Cashier' });
    expect(actor.getSnapshot().matches({ labels: 'known' })).toBe(true);
  });

  it('asks for nothing until the list is opened when there is no value', async () => {
    const { actor, calls, settle } = start([]);
    await settle();
    expect(calls).toEqual([]);
    actor.send({ type: 'options.open' });
    await settle();
    expect(calls).toEqual([{ search: '' }]);
    expect(selectListStatus(actor.getSnapshot())).toBe('loaded');
    expect(actor.getSnapshot().context.items).toHaveLength(3);
  });

  it('searches once, after the pause, for what was typed last', async () => {
    const { actor, clock, calls, settle } = start([]);
    for (const search of ['m', 'ma', 'man']) {
      actor.send({ type: 'options.search', search });
      clock.increment(DEBOUNCE - 1);
    }
    expect(calls).toEqual([]);
    expect(selectListStatus(actor.getSnapshot())).toBe('busy');
    clock.increment(1);
    await settle();
    expect(calls).toEqual([{ search: 'man' }]);
    expect(actor.getSnapshot().context.items).toEqual([{ id: 2, label: 'Manager' }]);
    expect(actor.getSnapshot().context.typing).toBe(true);
    // The same text again does not search again.
    actor.send({ type: 'options.search', search: 'man' });
    clock.increment(DEBOUNCE);
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('keeps every label it has seen, so a chosen value keeps its name after another search', async () => {
    const { actor, clock, settle } = start([]);
    actor.send({ type: 'options.search', search: 'cash' });
    clock.increment(DEBOUNCE);
    await settle();
    actor.send({ type: 'options.search', search: 'super' });
    clock.increment(DEBOUNCE);
    await settle();
    expect(actor.getSnapshot().context.items).toEqual([{ id: 1, label: 'Super Admin' }]);
    expect(actor.getSnapshot().context.labels[3]).toBe('Cashier');
  });

  it('after a choice the input shows the value again and the next opening loads the whole list', async () => {
    const { actor, clock, calls, settle } = start([]);
    actor.send({ type: 'options.search', search: 'man' });
    clock.increment(DEBOUNCE);
    await settle();
    actor.send({ type: 'options.settle' });
    expect(actor.getSnapshot().context).toMatchObject({ typing: false, search: '' });
    expect(actor.getSnapshot().matches({ list: 'idle' })).toBe(true);
    actor.send({ type: 'options.open' });
    await settle();
    expect(calls.at(-1)).toEqual({ search: '' });
    expect(actor.getSnapshot().context.items).toHaveLength(3);
  });

  it('says why the list failed and loads it again on retry', async () => {
    let down = true;
    const { actor, calls, settle } = start([], { fail: () => down });
    actor.send({ type: 'options.open' });
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('The server cannot be reached.');
    down = false;
    actor.send({ type: 'options.retry' });
    await settle();
    expect(selectListStatus(actor.getSnapshot())).toBe('loaded');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('shows ids while the labels cannot be loaded, and retries them too', async () => {
    let down = true;
    const { actor, settle } = start([3], { fail: () => down });
    await settle();
    expect(actor.getSnapshot().matches({ labels: 'failed' })).toBe(true);
    down = false;
    actor.send({ type: 'options.retry' });
    await settle();
    expect(actor.getSnapshot().context.labels).toEqual({ 3: 'Cashier' });
  });
});
