/**
 * The register session machine (machines/checkout/register.machine.ts), model-based: its graph
 * (found open or not, open with a float, cash in and out, close by counting, the server's
 * refusals and a sale waiting in the outbox) walked by TestModel, every shortest path and edge
 * replayed on a REAL actor whose server calls wait for the path to settle them. Then the path a
 * cashier walks on the fake server: open with a float, sell in cash, move cash out, close with a
 * difference, the report; and closing refused while a sale waits to sync.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import type { RegisterSession } from '../../domain/pos/till.facts.ts';
import type { TillSaved } from '../../machines/checkout/checkout.machine.ts';
import { registerMachine, type RegisterInput, type TillOpening } from '../../machines/checkout/register.machine.ts';
import { Coverage, deferredCalls, flush, internalOnlyWhenEnabled, itWalksEveryPath } from './coverage.ts';
import { FakeServer, MemoryCatalogue, MemoryOutbox, MemoryStore, TERMS, failure, product, registerSession, closingEvents } from './till-fakes.ts';

type Snap = SnapshotFrom<typeof registerMachine>;
const KETTLE = product(1, 'Kettle', { sale_price: 1250, on_hand: 5 });

const session = registerSession;
const OPEN = session();
const CLOSED = session({ status: 'closed', closed_at: '2026-01-05T18:00:00.000Z', closed_by: { id: 1, name: 'Casey' }, actions: [] });

const coverage = new Coverage('register', registerMachine);

function inputFor(outbox = new MemoryOutbox(), server = new FakeServer()): RegisterInput {
  let n = 0;
  return {
    cashier: 'Casey',
    catalogue: new MemoryCatalogue([KETTLE]),
    outbox,
    store: new MemoryStore<TillSaved>(),
    server,
    newKey: () => `key-${++n}`,
    now: () => '2026-01-05T10:00:00.000Z',
  };
}
/** What this device kept when it was last online: the open session and its terms. */
const keptOpen = () => {
  const keep = new MemoryStore<TillOpening | null>();
  keep.save({ terms: TERMS, session: OPEN });
  return keep;
};

const serialize = (s: Snap) => {
  const c = s.context;
  return JSON.stringify({ value: s.value, session: c.session?.status ?? null, float: c.float > 0, cash: [c.cash.direction, c.cash.amount > 0, c.cash.reason !== ''], counted: Object.values(c.counted).some((v) => (v ?? 0) > 0), notice: c.notice !== null, waiting: c.waiting > 0, offline: c.offline });
};
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });
const REFUSED = failure(422, 'Check the amounts.', { amount: ['Enter an amount more than 0.'] });

const EVENTS: AnyEventObject[] = [
  done('loadSession', { terms: TERMS, session: null }),
  done('loadSession', { terms: TERMS, session: OPEN }),
  error('loadSession', failure(0)),
  { type: 'register.reload' },
  { type: 'float.change', amount: 10000 },
  { type: 'float.change', amount: -1 },
  { type: 'register.open' },
  done('openSession', OPEN),
  error('openSession', REFUSED),
  { type: 'cash.start', direction: 'out' },
  { type: 'cash.change', amount: 2000 },
  { type: 'cash.change', reason: 'Change for the bank' },
  { type: 'cash.submit' },
  { type: 'cash.cancel' },
  done('moveCash', OPEN),
  error('moveCash', REFUSED),
  done('readSession', OPEN),
  error('readSession', failure(0)),
  ...closingEvents(CLOSED, REFUSED),
  { type: 'register.next' },
  { type: 'outbox.changed', waiting: 1, attention: [] },
  { type: 'outbox.changed', waiting: 0, attention: [] },
];

const modelFor = (input: RegisterInput) =>
  new TestModel(registerMachine as unknown as ActorLogic<Snap, AnyEventObject, RegisterInput>, {
    input,
    events: EVENTS,
    filterEvents: (s, e) => internalOnlyWhenEnabled(s as never, e) && s.can(e as never),
    serializeState: serialize,
  });
/** Nothing kept on this device; an open session kept (the server not reached: the till opens from it). */
const INPUTS = { 'nothing kept': () => inputFor(), 'a session kept': () => ({ ...inputFor(), keep: keptOpen() }) };

const CALLS = ['loadSession', 'readSession', 'openSession', 'moveCash', 'closeSession'] as const;

function harness(input: RegisterInput) {
  const calls = Object.fromEntries(CALLS.map((id) => [id, deferredCalls<unknown>()])) as Record<(typeof CALLS)[number], ReturnType<typeof deferredCalls<unknown>>>;
  const outbox = new MemoryOutbox();
  const machine = registerMachine.provide({ actors: Object.fromEntries(CALLS.map((id) => [id, fromPromise((a) => calls[id].start(a as never))])) as never });
  const actor = createActor(machine, { input: { ...input, outbox }, inspect: coverage.inspect }).start();
  return { actor, calls, outbox };
}

async function run(path: StatePath<Snap, AnyEventObject>, input: RegisterInput) {
  const h = harness(input);
  try {
    for (const { event: e, state } of path.steps) {
      const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
      if (m) {
        const call = h.calls[m[2] as (typeof CALLS)[number]].only();
        if (m[1] === 'done') call.resolve(e.output);
        else call.reject(e.error);
      } else if (e.type === 'outbox.changed') {
        // The outbox itself changes: the register hears it from the outbox.
        if (e.waiting) await h.outbox.put({ key: 'k', body: {} as never, made_at: '2026-01-05T10:00:00.000Z', state: 'waiting', tries: 0 });
        else await h.outbox.remove('k');
      } else h.actor.send(e as never);
      for (let i = 0; i < 4; i++) await Promise.resolve();
      const snap = h.actor.getSnapshot();
      expect(serialize(snap)).toBe(serialize(state));
      // Selling runs only while the session is open.
      expect(!!snap.children.checkout).toBe(snap.matches('open'));
      if (e.type === 'xstate.error.actor.openSession') expect(snap.context.errors).toEqual(REFUSED.errors);
    }
  } finally {
    h.actor.stop();
  }
}

describe('register machine, model paths on a real actor', () => {
  for (const [label, input] of Object.entries(INPUTS)) {
    describe(label, () => itWalksEveryPath(modelFor(input()), serialize, (p) => run(p, input()), 60_000));
  }
});

describe('register machine on the fake server', () => {
  const settle = async () => {
    for (let i = 0; i < 5; i++) await flush();
  };
  it('opens with a counted float, sells in cash, moves cash out, closes with a difference and shows the report', async () => {
    const server = new FakeServer();
    const afterSale = session({ sales: { count: 1, total: 1250 }, methods: [{ method: 'cash', expected: 11250, counted: null, difference: null }, { method: 'card', expected: 0, counted: null, difference: null }] });
    const afterOut = { ...afterSale, movements: [{ id: 1, direction: 'out' as const, amount: 2000, reason: 'Bank', at: '2026-01-05T12:00:00.000Z', by: 'Casey' }], methods: [{ method: 'cash', expected: 9250, counted: null, difference: null }, { method: 'card', expected: 0, counted: null, difference: null }] };
    const closed = { ...afterOut, status: 'closed' as const, methods: [{ method: 'cash', expected: 9250, counted: 9000, difference: -250 }, { method: 'card', expected: 0, counted: 0, difference: 0 }] };
    server.sessionAnswers = [OPEN, afterOut, closed];
    const actor = createActor(registerMachine, { input: inputFor(new MemoryOutbox(), server) }).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('none');
    actor.send({ type: 'float.change', amount: 10000 });
    actor.send({ type: 'register.open' });
    await settle();
    expect(server.sessionCalls.at(-1)).toEqual({ call: 'open', body: { opening_float: 10000 } });
    const checkout = actor.getSnapshot().children.checkout!;
    checkout.send({ type: 'scan', code: KETTLE.barcode! });
    checkout.send({ type: 'pay' });
    checkout.send({ type: 'pay.confirm' });
    await settle();
    expect(server.sales[0]!.body.register_session_id).toBe(4);
    actor.send({ type: 'cash.start', direction: 'out' });
    actor.send({ type: 'cash.submit' });
    expect(actor.getSnapshot().context.notice).toBe('Enter an amount more than 0 and a reason.');
    actor.send({ type: 'cash.change', amount: 2000, reason: ' Bank ' });
    actor.send({ type: 'cash.submit' });
    await settle();
    expect(server.sessionCalls.at(-1)).toEqual({ call: 'move', body: { direction: 'out', amount: 2000, reason: 'Bank' } });
    actor.send({ type: 'close.start' });
    await settle();
    // What closing expects is the server's now.
    expect(server.sessionCalls.at(-1)).toEqual({ call: 'current' });
    actor.send({ type: 'close.count', method: 'cash', amount: 9000 });
    actor.send({ type: 'close.submit' });
    await settle();
    expect(server.sessionCalls.at(-1)).toEqual({ call: 'close', body: { counted: [{ method: 'cash', amount: 9000 }, { method: 'card', amount: 0 }] } });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.session?.methods[0]).toEqual({ method: 'cash', expected: 9250, counted: 9000, difference: -250 });
    actor.stop();
  });

  it('closing is refused while a sale waits in the outbox, and goes once it has synced', async () => {
    const server = new FakeServer();
    server.session = OPEN;
    server.sessionAnswers = [CLOSED];
    const outbox = new MemoryOutbox();
    await outbox.put({ key: 'k1', body: {} as never, made_at: '2026-01-05T10:00:00.000Z', state: 'attention', reason: 'No stock.', tries: 1 });
    // The page's loader brought the terms and the open session: the register asks nothing more.
    const actor = createActor(registerMachine, { input: { ...inputFor(outbox, server), opening: { terms: TERMS, session: OPEN } }, inspect: coverage.inspect }).start();
    expect(actor.getSnapshot().matches('open')).toBe(true);
    await settle();
    actor.send({ type: 'close.start' });
    await settle();
    actor.send({ type: 'close.submit' });
    expect(actor.getSnapshot().context.notice).toBe('1 sale of this till has not reached the server: sync or resolve it before closing.');
    expect(server.sessionCalls.map((c) => c.call)).toEqual(['current']);
    await outbox.remove('k1');
    await settle();
    actor.send({ type: 'close.submit' });
    await settle();
    expect(actor.getSnapshot().value).toBe('closed');
    actor.stop();
  });
});

/** A server the till cannot reach while `offline`. */
class FlakyServer extends FakeServer {
  offline = false;
  private reach() {
    if (this.offline) throw failure(0, 'Failed to fetch');
  }
  override async terms() {
    this.reach();
    return super.terms();
  }
  override async currentSession() {
    this.reach();
    return super.currentSession();
  }
  override async postSale(...args: Parameters<FakeServer['postSale']>) {
    this.reach();
    return super.postSale(...args);
  }
}

describe('register machine, kept for a start without the network', () => {
  const settle = async () => {
    for (let i = 0; i < 5; i++) await flush();
  };
  it('keeps the open session when online; a start the server cannot answer opens from it and sells into the outbox; closing forgets it', async () => {
    const server = new FlakyServer();
    server.session = OPEN;
    const keep = new MemoryStore<TillOpening | null>();
    const outbox = new MemoryOutbox();
    const online = createActor(registerMachine, { input: { ...inputFor(outbox, server), keep }, inspect: coverage.inspect }).start();
    await settle();
    expect(online.getSnapshot().matches('open')).toBe(true);
    expect(keep.load()).toEqual({ terms: TERMS, session: OPEN });
    online.stop();

    // A reload with the network gone: the register opens the kept session and the sale waits in the outbox.
    server.offline = true;
    const offline = createActor(registerMachine, { input: { ...inputFor(outbox, server), keep }, inspect: coverage.inspect }).start();
    await settle();
    expect(offline.getSnapshot().matches('open')).toBe(true);
    expect(offline.getSnapshot().context).toMatchObject({ offline: true, session: OPEN, terms: TERMS });
    const checkout = offline.getSnapshot().children.checkout!;
    checkout.send({ type: 'scan', code: KETTLE.barcode! });
    checkout.send({ type: 'pay' });
    checkout.send({ type: 'pay.confirm' });
    await settle();
    expect((await outbox.list()).map((e) => e.body.register_session_id)).toEqual([OPEN.id]);
    expect(server.sales).toEqual([]);
    offline.stop();

    // Online again, the session closed: nothing is kept to start from offline.
    server.offline = false;
    await outbox.remove((await outbox.list())[0]!.key);
    server.sessionAnswers = [CLOSED];
    const closing = createActor(registerMachine, { input: { ...inputFor(outbox, server), keep }, inspect: coverage.inspect }).start();
    await settle();
    closing.send({ type: 'close.start' });
    await settle();
    closing.send({ type: 'close.submit' });
    await settle();
    expect(closing.getSnapshot().value).toBe('closed');
    expect(keep.load()).toBeNull();
    closing.stop();
  });

  it('nothing kept (never opened here, or signed out): a start the server cannot answer says so', async () => {
    const server = new FlakyServer();
    server.offline = true;
    const actor = createActor(registerMachine, { input: { ...inputFor(new MemoryOutbox(), server), keep: new MemoryStore<TillOpening | null>() } }).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().children.checkout).toBeUndefined();
    actor.stop();
  });
});

describe('register machine, what the page brought', () => {
  it('terms and no open session: the open form at once, nothing asked', () => {
    const server = new FakeServer();
    const actor = createActor(registerMachine, { input: { ...inputFor(new MemoryOutbox(), server), opening: { terms: TERMS, session: null } }, inspect: coverage.inspect }).start();
    expect(actor.getSnapshot().value).toBe('none');
    expect(server.sessionCalls).toEqual([]);
    actor.stop();
  });
  it('covers every state and transition of the register', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
