/**
 * A return at the till (machines/checkout/till-return.machine.ts), model-based: its graph under
 * scans, the server's answers to finding the sale and to the return, the draft's body, Retry,
 * another receipt and Close, walked by xstate/graph's TestModel; every shortest path and every
 * edge is replayed on a REAL actor (its draft the real action draft) whose server calls wait for
 * the path to settle them. On the way: a return is sent with the till's register session under
 * a key made when the refund starts, and Retry sends that same key. Then scenarios through the
 * checkout: return by the receipt's barcode, a refusal under its line, offline.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { checkoutMachine, type CheckoutInput, type TillSaved } from '../../machines/checkout/checkout.machine.ts';
import { selectReturn, selectTillReturn } from '../../machines/checkout/checkout.selectors.ts';
import { tillReturnMachine, type TillReturnInput } from '../../machines/checkout/till-return.machine.ts';
import { selectDraft } from '../../machines/document/action-draft.selectors.ts';
import type { actionDraftMachine } from '../../machines/document/action-draft.machine.ts';
import type { ActorRefFrom } from 'xstate';
import { Coverage, deferredCalls, edgePaths, flush, internalOnlyWhenEnabled, replayPath } from './coverage.ts';
import { FakeServer, MemoryCatalogue, MemoryOutbox, MemoryStore, TERMS, failure, product, soldDoc } from './till-fakes.ts';

type Snap = SnapshotFrom<typeof tillReturnMachine>;
const SALE = soldDoc(12, 'SL-000012', [
  ['Kettle', 2, 1250],
  ['Phone', 1, 30000, ['PH-1']],
]);
const ALL_BACK = soldDoc(13, 'SL-000013', [['Mug', 1, 800]], {
  lines: soldDoc(13, 'x', [['Mug', 1, 800]]).lines.map((l) => ({
    ...l,
    returned: 1,
    returnable: 0,
  })),
});
const PENDING = soldDoc(14, 'SL-000014', [['Mug', 1, 800]], {
  status: 'pending',
});
const BODY = {
  returned_on: '2026-01-05',
  lines: [{ line_id: 120, quantity: 1, serials: [] }],
  refunds: [{ method: 'cash', amount: 1250 }],
  note: null,
};

const coverage = new Coverage('tillReturn', tillReturnMachine);

function inputFor(server = new FakeServer()): TillReturnInput {
  let n = 0;
  return {
    server,
    sessionId: 3,
    methods: [
      { value: 'cash', label: 'Cash' },
      { value: 'card', label: 'Card' },
    ],
    newKey: () => `rkey-${++n}`,
    today: () => '2026-01-05',
  };
}

const serialize = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    sale: s.context.sale?.reference ?? null,
    notice: s.context.notice !== null,
    pending: s.context.pending !== null,
  });

const done = (id: string, output?: unknown) => ({
  type: `xstate.done.actor.${id}`,
  output,
});
const error = (id: string, e: unknown) => ({
  type: `xstate.error.actor.${id}`,
  error: e,
});

const events = (): AnyEventObject[] => [
  { type: 'return.find', code: 'SL-000012' },
  { type: 'return.find', code: '  ' },
  done('findSale', null),
  done('findSale', SALE),
  done('findSale', PENDING),
  done('findSale', ALL_BACK),
  error('findSale', failure(0)),
  error('findSale', failure(403, 'You may not see sales.')),
  { type: 'doc.act', action: 'return', body: BODY },
  { type: 'doc.act', action: 'pay', body: {} },
  done('postReturn', {
    sale: SALE,
    message: 'Return SR-000001 recorded on SL-000012, 12.50 refunded.',
  }),
  error('postReturn', failure(0)),
  error('postReturn', failure(503, 'The server is busy.')),
  error(
    'postReturn',
    failure(422, 'Fix what is marked.', {
      'lines.0.quantity': ['Only 2 can come back.'],
    }),
  ),
  error('postReturn', failure(409, 'Register session RS-000002 is Dana’s: sell and refund in your own session (open the register).')),
  { type: 'return.retry' },
  { type: 'return.other' },
  { type: 'return.close' },
];

const model = new TestModel(tillReturnMachine as unknown as ActorLogic<Snap, AnyEventObject, TillReturnInput>, {
  input: inputFor(),
  events,
  filterEvents: (s, e) => internalOnlyWhenEnabled(s as never, e) && s.can(e as never),
  serializeState: serialize,
});

const ASYNC = ['findSale', 'postReturn'] as const;
function harness() {
  const calls = Object.fromEntries(ASYNC.map((id) => [id, deferredCalls<unknown>()])) as Record<(typeof ASYNC)[number], ReturnType<typeof deferredCalls<unknown>>>;
  const machine = tillReturnMachine.provide({
    actors: Object.fromEntries(ASYNC.map((id) => [id, fromPromise((a) => calls[id].start(a as never))])) as never,
  });
  const actor = createActor(machine, {
    input: inputFor(),
    inspect: coverage.inspect,
  }).start();
  return { actor, calls };
}

async function step(h: ReturnType<typeof harness>, e: AnyEventObject, expected: Snap) {
  const before = h.actor.getSnapshot();
  const posts = h.calls.postReturn.calls;
  const sent = posts.length;
  const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
  if (m) {
    const call = h.calls[m[2] as (typeof ASYNC)[number]].only();
    if (m[1] === 'done') call.resolve(e.output);
    else call.reject(e.error);
  } else h.actor.send(e as never);
  for (let i = 0; i < 4; i++) await Promise.resolve();
  const after = h.actor.getSnapshot();
  expect(serialize(after)).toBe(serialize(expected));
  const input = (i: number) =>
    posts[i]!.input as {
      saleId: number;
      key: string;
      body: Record<string, unknown>;
    };
  if (after.matches('refunding') && !before.matches('refunding')) {
    // Sent once, with the till's session; a retry under the key it was first sent with.
    expect(posts.length).toBe(sent + 1);
    expect(input(sent)).toMatchObject({
      saleId: 12,
      body: { ...BODY, register_session_id: 3 },
    });
    if (e.type === 'return.retry') expect(input(sent).key).toBe(input(sent - 1).key);
    else expect(input(sent).key).toBe(before.context.pending?.key ?? `rkey-${new Set(posts.map((p) => (p.input as { key: string }).key)).size}`);
  } else expect(posts.length).toBe(sent);
}

const run = (path: StatePath<Snap, AnyEventObject>) => replayPath(path, harness, step);

describe('till return machine, model paths on a real actor', () => {
  const shortest = model.getShortestPaths();
  const edges = edgePaths(model, serialize);
  it('the model reaches every state', () => {
    const reached = new Set(edges.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual(['choosing', 'closed', 'done', 'failed', 'finding', 'loading', 'refunding']);
  });
  it(`every shortest path (${shortest.length}) lands where the model says`, async () => {
    for (const path of shortest) await run(path);
  });
  it(`every edge (${edges.length}) lands where the model says`, async () => {
    for (const path of edges) await run(path);
  }, 60_000);
});

// ---------------------------------------------------------------- through the checkout, on the fakes
const KETTLE = product(1, 'Kettle', { sale_price: 1250, on_hand: 2 });
function till() {
  const server = new FakeServer();
  server.salesOnFile = [structuredClone(SALE), PENDING, ALL_BACK];
  const catalogue = new MemoryCatalogue([KETTLE]);
  let synced = 0;
  catalogue.sync = async () => ((synced += 1), { changed: 0 });
  let n = 0;
  const input: CheckoutInput = {
    terms: TERMS,
    sessionId: 3,
    cashier: 'Casey',
    catalogue,
    outbox: new MemoryOutbox(),
    store: new MemoryStore<TillSaved>(),
    server,
    newKey: () => `key-${++n}`,
    now: () => '2026-01-05T10:00:00.000Z',
  };
  const actor = createActor(checkoutMachine, { input }).start();
  const ret = () => selectTillReturn(actor.getSnapshot())!;
  const draft = () => ret().getSnapshot().children.draft as ActorRefFrom<typeof actionDraftMachine>;
  return {
    actor,
    server,
    ret,
    draft,
    synced: () => synced,
    view: () => selectReturn(ret().getSnapshot()),
  };
}
const settle = async () => {
  for (let i = 0; i < 5; i++) await flush();
};

describe('a return at the till, through the checkout', () => {
  it('return by the receipt’s barcode: the scan finds the sale, one unit back refunded in cash with the session, the cart kept, the catalogue asked again', async () => {
    const t = till();
    t.actor.send({ type: 'scan', code: KETTLE.barcode! });
    t.actor.send({ type: 'return.start' });
    expect(t.actor.getSnapshot().matches({ sale: 'returning' })).toBe(true);
    t.actor.send({ type: 'scan', code: 'SL-000012' });
    await settle();
    expect(t.server.referencesAsked).toEqual(['SL-000012']);
    expect(t.view().phase).toBe('choosing');
    // The sale page's own draft: every line that can come back, none yet; the phone's serial to pick.
    const lines = selectDraft(t.draft().getSnapshot()).lines;
    expect(lines.map((l) => [l.name, l.max, l.quantity, l.choices])).toEqual([
      ['Kettle', 2, 0, undefined],
      ['Phone', 1, 0, ['PH-1']],
    ]);
    t.draft().send({ type: 'draft.quantity', index: 0, value: 1 });
    expect(selectDraft(t.draft().getSnapshot()).worth).toMatchObject({
      value: 1250,
      owed: 1250,
    });
    t.draft().send({ type: 'payment.add' });
    t.draft().send({
      type: 'payment.change',
      index: 0,
      field: 'amount',
      value: 1250,
    });
    t.draft().send({ type: 'draft.submit' });
    await settle();
    expect(t.server.returns).toEqual([
      {
        saleId: 12,
        key: 'key-2',
        body: {
          returned_on: '2026-01-05',
          lines: [{ line_id: 120, quantity: 1, serials: [] }],
          refunds: [{ method: 'cash', amount: 1250 }],
          note: null,
          register_session_id: 3,
        },
      },
    ]);
    expect(t.view()).toMatchObject({
      phase: 'done',
      returned: {
        message: 'Return SR-000001 recorded on SL-000012, 12.50 refunded.',
      },
    });
    const syncs = t.synced();
    t.ret().send({ type: 'return.close' });
    await settle();
    expect(t.actor.getSnapshot().matches({ sale: 'cart' })).toBe(true);
    expect(t.actor.getSnapshot().context.cart.lines.map((l) => l.product.name)).toEqual(['Kettle']);
    expect(t.synced()).toBe(syncs + 1);
  });

  it('a refusal shows under the line it names and keeps the draft; sent again it has a new key', async () => {
    const t = till();
    t.server.returnAnswers = [
      failure(422, 'Fix what is marked.', {
        'lines.0.quantity': ['Only 1 can come back.'],
      }),
    ];
    t.actor.send({ type: 'return.start' });
    t.actor.send({ type: 'scan', code: 'sl-000012' });
    await settle();
    // Only the phone's line is taken: the server's lines.0 is the draft's line 1.
    t.draft().send({ type: 'draft.pick', index: 1, serials: ['PH-1'] });
    t.draft().send({ type: 'draft.submit' });
    await settle();
    expect(t.view()).toMatchObject({
      phase: 'choosing',
      notice: 'Fix what is marked.',
    });
    const d = selectDraft(t.draft().getSnapshot());
    expect(d.lines[1]!.errors.quantity).toBe('Only 1 can come back.');
    expect(d.lines[1]!.picked).toEqual(['PH-1']);
    t.draft().send({ type: 'draft.submit' });
    await settle();
    expect(t.server.returns.map((r) => r.key)).toEqual(['key-2', 'key-3']);
    expect(t.view().phase).toBe('done');
  });

  it('offline: finding says a return needs the connection and keeps the reference; a return without an answer retries with the same key', async () => {
    const t = till();
    t.server.findAnswers = [failure(0, 'The server cannot be reached.')];
    t.actor.send({ type: 'return.start' });
    t.actor.send({ type: 'scan', code: 'SL-000012' });
    await settle();
    expect(t.view()).toMatchObject({
      phase: 'finding',
      reference: 'SL-000012',
    });
    expect(t.view().notice).toMatch(/needs the connection/);
    t.ret().send({ type: 'return.find', code: 'SL-000012' });
    await settle();
    t.server.returnAnswers = [failure(0)];
    t.draft().send({ type: 'draft.quantity', index: 0, value: 2 });
    t.draft().send({ type: 'draft.submit' });
    await settle();
    expect(t.view()).toMatchObject({ phase: 'failed', canRetry: true });
    t.ret().send({ type: 'return.retry' });
    await settle();
    const keys = t.server.returns.map((r) => r.key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(t.view().phase).toBe('done');
  });

  it('not found, pending and all back are said in words; a closed return hands the scans back to the cart', async () => {
    const t = till();
    t.actor.send({ type: 'return.start' });
    for (const [code, said] of [
      ['SL-999999', 'No sale has the reference “SL-999999”. Check the receipt and scan or type it again.'],
      ['SL-000014', 'SL-000014 is pending: its goods have not left the shop, so nothing can come back.'],
      ['SL-000013', 'Everything sold on SL-000013 has come back already: nothing is left to return.'],
    ] as const) {
      t.actor.send({ type: 'scan', code });
      await settle();
      expect(t.view()).toMatchObject({ phase: 'finding', notice: said });
    }
    t.ret().send({ type: 'return.close' });
    t.actor.send({ type: 'scan', code: KETTLE.barcode! });
    expect(t.actor.getSnapshot().context.cart.lines.map((l) => l.product.name)).toEqual(['Kettle']);
  });
});

describe('till return machine, coverage', () => {
  it('the paths took every state and transition', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
