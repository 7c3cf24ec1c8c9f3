/**
 * The till's checkout machine (machines/checkout/checkout.machine.ts), model-based: its graph
 * under scans (known, unknown, tracked), picks, quantities, discounts, hold and resume, payments
 * and every answer of the server and the outbox, walked by xstate/graph's TestModel; every
 * shortest path and every edge is replayed on a REAL actor whose invoked actors wait for the
 * path to settle them, and must land where the model says. On the way: a sale is sent under the
 * key made when its cart started paying, a second Pay while it is sent asks nothing, and a retry
 * sends that same key.
 */
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { checkoutMachine, type CheckoutInput, type TillSaved } from '../../machines/checkout/checkout.machine.ts';
import { paymentSums, cartTotals, saleBody } from '../../machines/checkout/cart.ts';
import { makeScaleLabel } from '../../domain/pos/scale.ts';
import { pickCustomer, selectCart, selectCustomerPicker, selectOutbox } from '../../machines/checkout/checkout.selectors.ts';
import { optionsMachine, selectItems, selectUnreachable, type OptionsActor } from '../../machines/options.machine.ts';
import { failureKind, type SoldSale } from '../../machines/checkout/checkout.actors.ts';
import { Coverage, deferredCalls, edgePaths, flush, internalOnlyWhenEnabled } from './coverage.ts';
import type { CustomerDisplayView, DisplayLink, DisplayMessage } from '../../src/pos/customer-display.ts';
import { FakeServer, MemoryCatalogue, MemoryOutbox, MemoryStore, TERMS, failure, product } from './till-fakes.ts';

type Snap = SnapshotFrom<typeof checkoutMachine>;
const KETTLE = product(1, 'Kettle', { sale_price: 1250, on_hand: 2 });
const MUG = product(2, 'Mug', { sale_price: 800, on_hand: 1 });
const PHONE = product(3, 'Phone', { sale_price: 30000, on_hand: 2, tracks_serials: true });
const LAMP = product(4, 'Lamp', { sale_price: 2000, barcode: 'LAMP-1' });
const SOLD: SoldSale = { id: 7, number: 'SL-000007', grand_total: 0, change: 0 };
const VIP = { id: 9, name: 'Vera', discount_bps: 500 };

const coverage = new Coverage('checkout', checkoutMachine);

function inputFor(): CheckoutInput {
  let n = 0;
  return {
    terms: TERMS,
    sessionId: 3,
    cashier: 'Casey',
    catalogue: new MemoryCatalogue([KETTLE, MUG, PHONE]),
    outbox: new MemoryOutbox(),
    store: new MemoryStore<TillSaved>(),
    server: new FakeServer(),
    newKey: () => `key-${++n}`,
    now: () => '2026-01-05T10:00:00.000Z',
  };
}

/** What the model tells apart: where the machine is, and the shape of its cart, payment and outcome (not every amount, so the graph stays small). */
const serialize = (s: Snap) => {
  const c = s.context;
  return JSON.stringify({
    value: s.value,
    lines: Math.min(c.cart.lines.length, 2),
    serials: c.cart.lines.some((l) => l.serials.length > 0),
    held: c.held.length,
    key: c.cart.key !== null,
    payments: Math.min(c.payments.length, 2),
    covered: c.cart.lines.length > 0 && paymentSums(c.payments, cartTotals(c.cart, c.terms).grandTotal).covered,
    // The last receipt stays for a reprint; the model tells it apart only while it is shown (else no way back to the first sale's states).
    receipt: s.matches({ sale: 'receipt' }) ? (c.receipt?.synced ? 'synced' : 'unsynced') : null,
    picking: c.picking ? c.picking.serials.length : null,
  });
};

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });

function events(s: Snap): AnyEventObject[] {
  const c = s.context;
  const cart: AnyEventObject[] = [
    { type: 'scan', code: KETTLE.barcode! },
    { type: 'scan', code: 'NOPE-1' },
    { type: 'scan', code: PHONE.barcode! },
    { type: 'product.add', productId: MUG.id },
    { type: 'line.quantity', index: 0, quantity: 2 },
    { type: 'line.remove', index: 0 },
    { type: 'line.discount', index: 0, discount: { kind: 'percent', value: 1000 } },
    { type: 'cart.discount', discount: { kind: 'amount', value: 100 } },
    { type: 'customer.set', customer: VIP },
    { type: 'customer.pick' },
    { type: 'customer.cancel' },
    ...(c.held.length ? [{ type: 'cart.resume', id: c.held[0]!.id }] : [{ type: 'cart.hold' }]),
    { type: 'cart.clear' },
    { type: 'pay' },
    { type: 'pay.confirm' },
  ];
  return [
    ...cart,
    done('lookupCode', null),
    done('lookupCode', LAMP),
    done('lookupCode', { ...LAMP, tracks_serials: true }),
    error('lookupCode', failure(0)),
    done('loadSerials', ['S1', 'S2']),
    error('loadSerials', failure(0)),
    { type: 'serial.pick', serial: 'S1' },
    { type: 'scan', code: 'S2' },
    { type: 'serial.cancel' },
    { type: 'payment.add', method: 'card' },
    { type: 'payment.quick', amount: 100000 },
    ...(c.payments.length > 1 ? [{ type: 'payment.remove', index: c.payments.length - 1 }] : []),
    { type: 'payment.change', index: 0, amount: 0 },
    { type: 'pay.back' },
    done('submitSale', SOLD),
    error('submitSale', failure(0)),
    error('submitSale', failure(503, 'The server is busy.')),
    error('submitSale', failure(422, 'Only 1 Kettle is left.', { 'lines.0.quantity': ['Only 1 is left.'] })),
    { type: 'retry' },
    { type: 'failed.queue' },
    done('queueSale'),
    error('queueSale', new Error('quota')),
    { type: 'sale.new' },
    { type: 'notice.dismiss' },
    { type: 'return.start' },
    { type: 'receipt.show' },
    done('tillReturn', { returned: true }),
  ];
}

/** The events a state takes, and the Pay a person may press again while a sale is on its way (it must change nothing). */
const heard = (s: Snap, e: AnyEventObject) => internalOnlyWhenEnabled(s as never, e) && (s.can(e as never) || (e.type === 'pay.confirm' && s.hasTag('busy')));

const model = new TestModel(checkoutMachine as unknown as ActorLogic<Snap, AnyEventObject, CheckoutInput>, {
  input: inputFor(),
  events,
  filterEvents: heard,
  serializeState: serialize,
});

const ASYNC = ['lookupCode', 'loadSerials', 'submitSale', 'queueSale'] as const;

function harness() {
  const calls = Object.fromEntries(ASYNC.map((id) => [id, deferredCalls<unknown>()])) as Record<(typeof ASYNC)[number], ReturnType<typeof deferredCalls<unknown>>>;
  const machine = checkoutMachine.provide({
    actors: Object.fromEntries(ASYNC.map((id) => [id, fromPromise((a) => calls[id].start(a as never))])) as never,
  });
  const input = inputFor();
  const actor = createActor(machine, { input, inspect: coverage.inspect }).start();
  return { actor, calls, input };
}

/** One step on the real actor: settle the invoked actor the event names, or send it; then check the machine is where the model says. */
async function step(h: ReturnType<typeof harness>, e: AnyEventObject, expected: Snap) {
  const snap = () => h.actor.getSnapshot();
  const sentKeys = () => h.calls.submitSale.calls.map((c) => (c.input as { key: string }).key);
  const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
  const before = snap();
  const sends = h.calls.submitSale.calls.length;
  if (e.type === 'xstate.done.actor.tillReturn') {
    // The return ends when the person closes it (its own paths: tests/model/till-return.model.test.ts).
    before.children.tillReturn!.send({ type: 'return.close' });
  } else if (m) {
    const call = h.calls[m[2] as (typeof ASYNC)[number]].only();
    if (m[1] === 'done') call.resolve(e.output);
    else call.reject(e.error);
  } else if (e.type === 'cart.resume') h.actor.send({ type: 'cart.resume', id: before.context.held[0]!.id });
  else h.actor.send(e as never);
  // The fakes answer in microtasks: let them reach the actor without a timer per step.
  for (let i = 0; i < 4; i++) await Promise.resolve();
  const after = snap();
  expect(serialize(after)).toBe(serialize(expected));
  if (before.matches({ sale: 'paying' }) && after.matches({ sale: 'submitting' })) {
    // Sent once, under the key made when the cart started paying; the body is the sale service's.
    expect(h.calls.submitSale.calls.length).toBe(sends + 1);
    expect(sentKeys().at(-1)).toBe(before.context.cart.key);
    const body = (h.calls.submitSale.calls.at(-1)!.input as { body: { channel: string; register_session_id: number } }).body;
    expect(body).toMatchObject({ channel: 'pos', register_session_id: 3 });
  } else if (e.type === 'retry') {
    expect(sentKeys().at(-1)).toBe(before.context.cart.key);
    expect(sentKeys().at(-2)).toBe(before.context.cart.key);
  } else {
    // Nothing else sends a sale: a second Pay while one is on its way is not heard.
    expect(h.calls.submitSale.calls.length).toBe(sends);
  }
  // A refused sale leaves its cart as it was, with the refusal.
  if (e.type === 'xstate.error.actor.submitSale' && (e.error as { status: number }).status === 422) {
    expect(after.context.cart.lines).toEqual(before.context.cart.lines);
    expect(after.context.errors).toEqual({ 'lines.0.quantity': ['Only 1 is left.'] });
    expect(after.context.notice).toBe('Only 1 Kettle is left.');
  }
  // What the till keeps is the machine's own cart, every step.
  expect(h.input.store.load()?.cart).toEqual(after.context.cart);
}

async function run(path: StatePath<Snap, AnyEventObject>) {
  const h = harness();
  try {
    for (const s of path.steps) await step(h, s.event, s.state);
  } finally {
    h.actor.stop();
  }
}

describe('checkout machine, model paths on a real actor', () => {
  const shortest = model.getShortestPaths();
  const edges = edgePaths(model, serialize);
  it('the model reaches every state of the sale', () => {
    const reached = new Set(edges.map((p) => Object.keys(p.state.value as object).length && ((v: unknown) => (typeof v === 'string' ? v : Object.keys(v as object)[0]))((p.state.value as { sale: unknown }).sale)));
    expect([...reached].sort()).toEqual(['cart', 'failed', 'paying', 'queueing', 'receipt', 'returning', 'submitting']);
    expect(edges.length).toBeGreaterThan(shortest.length);
  });
  it(`every shortest path (${shortest.length}) lands where the model says`, async () => {
    for (const path of shortest) await run(path);
  });
  it(`every edge (${edges.length}) lands where the model says`, async () => {
    for (const path of edges) await run(path);
  }, 60_000);
});

// ---------------------------------------------------------------- scenarios on the fakes
/** A real actor on the in-memory ports and the fake server (no deferred actors): what the till does end to end. */
function till(input: CheckoutInput = inputFor()) {
  const actor = createActor(checkoutMachine, { input, inspect: coverage.inspect }).start();
  const server = input.server as FakeServer;
  const outbox = input.outbox as MemoryOutbox;
  const send = (e: AnyEventObject) => actor.send(e as never);
  return { actor, input, server, outbox, send, snap: () => actor.getSnapshot() };
}
const settle = async () => {
  for (let i = 0; i < 5; i++) await flush();
};

describe('checkout machine, scenarios on the in-memory ports and a fake server', () => {
  it('a scan adds the product, a second scan raises its quantity, and stock left refuses a third in words', () => {
    const t = till();
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'scan', code: ` ${KETTLE.barcode!}\n` });
    expect(t.snap().context.cart.lines.map((l) => [l.product.name, l.quantity])).toEqual([['Kettle', 2]]);
    t.send({ type: 'scan', code: KETTLE.barcode! });
    expect(t.snap().context.cart.lines[0]!.quantity).toBe(2);
    expect(t.snap().context.notice).toBe('No “Kettle” is left in stock.');
    t.send({ type: 'line.quantity', index: 0, quantity: 5 });
    expect(t.snap().context.notice).toBe('Only 2 “Kettle” are left in stock; 5 cannot be sold.');
  });

  it('a scale label adds its product at the label’s amount (weight × price per kg), a second label its own line; a misread label says so and adds nothing', async () => {
    const beans = product(5, 'Coffee beans', { sale_price: 1299, barcode: makeScaleLabel('21', '40001', 0), on_hand: 3 });
    const cheese = product(6, 'Cheese', { sku: '40002', barcode: null });
    const t = till({ ...inputFor(), terms: { ...TERMS, scale: { weight_prefix: '21', price_prefix: '23' } }, catalogue: new MemoryCatalogue([beans, cheese]) });
    t.send({ type: 'scan', code: makeScaleLabel('21', '40001', 750) });
    t.send({ type: 'scan', code: makeScaleLabel('21', '40001', 1500) });
    t.send({ type: 'scan', code: makeScaleLabel('23', '40002', 1234) });
    expect(t.snap().context.cart.lines.map((l) => [l.product.name, l.quantity, l.label?.unit_price, l.label?.grams])).toEqual([
      ['Coffee beans', 1, 974, 750],
      ['Coffee beans', 1, 1949, 1500],
      ['Cheese', 1, 1234, null],
    ]);
    expect(cartTotals(t.snap().context.cart, t.snap().context.terms).grandTotal).toBe(974 + 1949 + 1234);
    const good = makeScaleLabel('21', '40001', 500);
    t.send({ type: 'scan', code: `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}` });
    expect(t.snap().context.notice).toMatch(/^This scale label was misread: its check digit should be \d, not \d\. Scan it again\.$/);
    expect(t.snap().context.cart.lines).toHaveLength(3);
    // A label of no product the till holds: its base code is asked of the server, then the label prices the line.
    const olives = product(7, 'Olives', { sale_price: 1600, barcode: makeScaleLabel('21', '40003', 0) });
    t.server.known = [olives];
    t.send({ type: 'scan', code: makeScaleLabel('21', '40003', 250) });
    await settle();
    expect(t.snap().context.cart.lines.at(-1)).toMatchObject({ product: { name: 'Olives' }, quantity: 1, label: { unit_price: 400, grams: 250 } });
    t.send({ type: 'scan', code: makeScaleLabel('21', '49999', 500) });
    await settle();
    expect(t.snap().context.notice).toBe(`No product has the code “${makeScaleLabel('21', '49999', 500)}”.`);
    // Each asked as it is first (a product's own code), then by its base code.
    expect(t.server.codesAsked).toEqual([makeScaleLabel('21', '40003', 250), makeScaleLabel('21', '40003', 0), makeScaleLabel('21', '49999', 500), makeScaleLabel('21', '49999', 0)]);
    t.send({ type: 'line.remove', index: 3 });
    // The body names each label; the server prices the line by it again.
    t.send({ type: 'pay' });
    const sent = saleBody(t.snap().context.cart, t.snap().context.terms, t.snap().context.payments, 3, '2026-01-05');
    expect(sent.lines).toEqual([
      { product_id: 5, quantity: 1, unit_price: 974, scale_label: makeScaleLabel('21', '40001', 750), discount: 0 },
      { product_id: 5, quantity: 1, unit_price: 1949, scale_label: makeScaleLabel('21', '40001', 1500), discount: 0 },
      { product_id: 6, quantity: 1, unit_price: 1234, scale_label: makeScaleLabel('23', '40002', 1234), discount: 0 },
    ]);
  });

  it('a product whose own barcode has a scale prefix is that product, from the catalogue or from the server, not a label', async () => {
    const own = makeScaleLabel('23', '12345', 678);
    const mixer = product(8, 'Mixer', { sale_price: 4500, barcode: own, on_hand: 2 });
    const later = product(9, 'Whisk', { sale_price: 900, barcode: makeScaleLabel('23', '54321', 99), on_hand: 2 });
    const t = till({ ...inputFor(), terms: { ...TERMS, scale: { weight_prefix: '21', price_prefix: '23' } }, catalogue: new MemoryCatalogue([mixer]) });
    t.send({ type: 'scan', code: own });
    // Made since the till's last sync: the server knows it by its own code.
    t.server.known = [later];
    t.send({ type: 'scan', code: later.barcode! });
    await settle();
    expect(t.snap().context.notice).toBeNull();
    expect(t.snap().context.cart.lines.map((l) => [l.product.name, l.quantity, l.label ?? null])).toEqual([
      ['Mixer', 1, null],
      ['Whisk', 1, null],
    ]);
    expect(t.server.codesAsked).toEqual([later.barcode]);
  });

  it('an unknown code is asked of the server before the till calls it unknown; a code only the server knows joins the cart', async () => {
    const t = till();
    (t.server as FakeServer).known = [LAMP];
    t.send({ type: 'scan', code: 'NOPE-1' });
    await settle();
    expect(t.server.codesAsked).toEqual(['NOPE-1']);
    expect(t.snap().context.notice).toBe('No product has the code “NOPE-1”.');
    expect(t.snap().context.cart.lines).toEqual([]);
    t.send({ type: 'scan', code: 'LAMP-1' });
    await settle();
    expect(t.snap().context.cart.lines.map((l) => l.product.name)).toEqual(['Lamp']);
  });

  it('a tracked product waits for a serial in stock, scanned or picked, one per unit', async () => {
    const t = till();
    t.server.serialsInStock[PHONE.id] = ['S1', 'S2'];
    t.send({ type: 'scan', code: PHONE.barcode! });
    await settle();
    expect(t.snap().context.picking?.serials).toEqual(['S1', 'S2']);
    t.send({ type: 'scan', code: 'S2' });
    t.send({ type: 'product.add', productId: PHONE.id });
    await settle();
    expect(t.snap().context.picking?.serials).toEqual(['S1']);
    t.send({ type: 'serial.pick', serial: 'S1' });
    expect(t.snap().context.cart.lines).toMatchObject([{ quantity: 2, serials: ['S2', 'S1'] }]);
  });

  it('quantity, line and order discounts and the customer category add up by the one totals function, and the body says what the server prices', async () => {
    const t = till();
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'line.quantity', index: 0, quantity: 2 });
    t.send({ type: 'product.add', productId: MUG.id });
    t.send({ type: 'line.discount', index: 0, discount: { kind: 'percent', value: 1000 } });
    t.send({ type: 'line.discount', index: 1, discount: { kind: 'amount', value: 900 } });
    expect(t.snap().context.notice).toBe('The discount cannot be more than the amount it is taken off.');
    t.send({ type: 'line.discount', index: 1, discount: { kind: 'amount', value: 100 } });
    t.send({ type: 'customer.set', customer: VIP });
    t.send({ type: 'cart.discount', discount: { kind: 'amount', value: 200 } });
    // Kettle 2 × 12.50 = 25.00 − 10% (2.50) − VIP 5% of 25.00 (1.25) = 21.25; Mug 8.00 − 1.00 − 0.40 = 6.60; less 2.00 = 25.85.
    expect(cartTotals(t.snap().context.cart, TERMS).grandTotal).toBe(2585);
    t.send({ type: 'pay' });
    t.send({ type: 'pay.confirm' });
    await settle();
    expect(t.server.sales[0]!.body).toMatchObject({
      customer_id: 9,
      channel: 'pos',
      lines: [
        { product_id: 1, quantity: 2, unit_price: 1250, discount: 250 },
        { product_id: 2, quantity: 1, unit_price: 800, discount: 100 },
      ],
      discount: 200,
      payments: [{ method: 'cash', amount: 2585 }],
      register_session_id: 3,
    });
  });

  it('a split payment with cash tendered gives change; card beyond the total is not covered', async () => {
    const t = till();
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'pay' });
    expect(t.snap().context.payments).toEqual([{ method: 'cash', amount: 1250 }]);
    t.send({ type: 'payment.change', index: 0, amount: 0 });
    t.send({ type: 'payment.add', method: 'card' });
    expect(t.snap().context.payments).toEqual([{ method: 'cash', amount: 0 }, { method: 'card', amount: 1250 }]);
    t.send({ type: 'payment.change', index: 1, amount: 250 });
    t.send({ type: 'payment.quick', amount: 2000 });
    expect(paymentSums(t.snap().context.payments, 1250)).toMatchObject({ tendered: 2250, change: 1000, covered: true });
    t.send({ type: 'payment.change', index: 0, amount: 2250 });
    expect(paymentSums(t.snap().context.payments, 1250)).toMatchObject({ change: 3000, covered: false });
    t.send({ type: 'pay.confirm' });
    expect(t.snap().matches({ sale: 'paying' })).toBe(true);
    t.send({ type: 'payment.change', index: 0, amount: 250 });
    t.send({ type: 'pay.confirm' });
    await settle();
    expect(t.snap().context.receipt).toMatchObject({ number: 'SL-000001', change: 1000, synced: true, payments: [{ method: 'card', amount: 250 }, { method: 'cash', amount: 2000 }] });
  });

  it('a double Pay sends one request', async () => {
    const t = till();
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'pay' });
    t.send({ type: 'pay.confirm' });
    t.send({ type: 'pay.confirm' });
    t.send({ type: 'pay' });
    await settle();
    t.send({ type: 'pay.confirm' });
    expect(t.server.sales).toHaveLength(1);
    expect(t.snap().matches({ sale: 'receipt' })).toBe(true);
  });

  it('a server error, then Retry with the same key: the server’s first sale, recorded once', async () => {
    const t = till();
    t.server.saleAnswers = [failure(503, 'The server is busy.')];
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'pay' });
    t.send({ type: 'pay.confirm' });
    await settle();
    expect(t.snap().matches({ sale: 'failed' })).toBe(true);
    expect(t.snap().context.notice).toBe('The server is busy.');
    t.send({ type: 'retry' });
    await settle();
    expect(t.server.sales.map((s) => s.key)).toEqual(['key-2', 'key-2']);
    expect(t.server.recorded.size).toBe(1);
    expect(t.snap().context.receipt?.number).toBe('SL-000001');
  });

  it('offline: the sale is queued under its key with an unsynced receipt, then replayed once', async () => {
    const t = till();
    t.server.saleAnswers = [failure(0, 'The server cannot be reached.'), failure(0)];
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'pay' });
    t.send({ type: 'pay.confirm' });
    await settle();
    expect(t.snap().context.receipt).toMatchObject({ synced: false, number: null, key: 'key-2' });
    expect(t.snap().context.unsynced).toBe(1);
    t.send({ type: 'outbox.replay' });
    await settle();
    expect(t.snap().context.unsynced).toBe(1);
    t.send({ type: 'outbox.replay' });
    await settle();
    t.send({ type: 'outbox.replay' });
    await settle();
    expect(t.snap().context.unsynced).toBe(0);
    expect(t.server.sales.map((s) => s.key)).toEqual(['key-2', 'key-2', 'key-2']);
    expect(t.server.recorded.size).toBe(1);
  });

  it('a replay the server refuses is kept for attention with its reason, never dropped', async () => {
    const t = till();
    t.server.saleAnswers = [failure(0), failure(422, 'Not enough stock.', { 'lines.0.quantity': ['Only 0 left.'] })];
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'pay' });
    t.send({ type: 'pay.confirm' });
    await settle();
    t.send({ type: 'outbox.replay' });
    await settle();
    expect(t.snap().context.unsynced).toBe(0);
    expect(t.snap().context.attention).toMatchObject([{ key: 'key-2', state: 'attention', reason: 'Not enough stock. Only 0 left.' }]);
  });

  it('a 409 is a refusal (the register closed meanwhile, stock gone) unless the key’s first request is still being handled', () => {
    expect(failureKind({ status: 409, message: 'This register session (RS-000001) is closed.', code: 'register_closed' })).toBe('refused');
    expect(failureKind({ status: 409, message: 'Not enough stock of Kettle: 0 available.' })).toBe('refused');
    expect(failureKind({ status: 409, message: 'This request is still being handled.', code: 'in_progress' })).toBe('failed');
    expect(failureKind({ status: 503, message: 'Unavailable' })).toBe('failed');
    expect(failureKind({ status: 0, message: 'Unreachable' })).toBe('unreachable');
  });

  it('a refused sale is listed with its reason and sent again under its own key: refused again it stays, accepted it leaves the outbox', async () => {
    const t = till();
    t.server.saleAnswers = [failure(0), failure(409, 'Not enough stock of Kettle: 0 available.')];
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'pay' });
    t.send({ type: 'pay.confirm' });
    await settle();
    t.send({ type: 'panel.open', panel: 'outbox' });
    expect(selectCart(t.snap()).panel).toBe('outbox');
    expect(selectOutbox(t.snap())).toMatchObject({ waiting: 1, attention: [] });
    t.send({ type: 'outbox.replay' });
    await settle();
    expect(selectOutbox(t.snap())).toMatchObject({ waiting: 0, attention: [{ key: 'key-2', reason: 'Not enough stock of Kettle: 0 available.', paid: 1250, lines: 1 }], sending: false });
    // Only a sale kept for attention is sent again.
    expect(t.snap().can({ type: 'outbox.resend', key: 'key-9' })).toBe(false);
    t.server.saleAnswers = [failure(409, 'Not enough stock of Kettle: 0 available, still.')];
    t.send({ type: 'outbox.resend', key: 'key-2' });
    expect(selectOutbox(t.snap()).sending).toBe(true);
    await settle();
    expect(selectOutbox(t.snap()).attention).toMatchObject([{ key: 'key-2', reason: 'Not enough stock of Kettle: 0 available, still.' }]);
    // Storage refusing the change leaves it where it was, ready to be sent again.
    const resend = t.outbox.resend.bind(t.outbox);
    t.outbox.resend = () => Promise.reject(new Error('quota'));
    t.send({ type: 'outbox.resend', key: 'key-2' });
    await settle();
    expect(selectOutbox(t.snap())).toMatchObject({ attention: [{ key: 'key-2' }], sending: false });
    t.outbox.resend = resend;
    // The stock recorded, it goes, under the key it was made with.
    t.send({ type: 'outbox.resend', key: 'key-2' });
    await settle();
    expect(t.server.sales.map((s) => s.key)).toEqual(['key-2', 'key-2', 'key-2', 'key-2']);
    expect(t.server.recorded.size).toBe(1);
    expect(selectOutbox(t.snap())).toMatchObject({ waiting: 0, attention: [] });
    t.send({ type: 'panel.close' });
    expect(selectCart(t.snap()).panel).toBe(null);
    // Nothing unsynced: the list does not open.
    expect(t.snap().can({ type: 'panel.open', panel: 'outbox' })).toBe(false);
  });

  it('what waits in the outbox is replayed every 15 s by itself, and nothing is sent while nothing waits', async () => {
    const clock = new SimulatedClock();
    const input = inputFor();
    const actor = createActor(checkoutMachine, { input, clock, inspect: coverage.inspect }).start();
    const server = input.server as FakeServer;
    server.saleAnswers = [failure(0)];
    clock.increment(15_000);
    await settle();
    expect(server.sales).toHaveLength(0);
    actor.send({ type: 'scan', code: KETTLE.barcode! });
    actor.send({ type: 'pay' });
    actor.send({ type: 'pay.confirm' });
    await settle();
    expect(actor.getSnapshot().context.unsynced).toBe(1);
    clock.increment(15_000);
    await settle();
    expect(server.sales.map((s) => s.key)).toEqual(['key-2', 'key-2']);
    expect(actor.getSnapshot().context.unsynced).toBe(0);
    actor.stop();
  });

  it('the network back: what waits in the outbox is sent at once, not at the next try', async () => {
    const heard = new Map<string, () => void>();
    vi.stubGlobal('addEventListener', (type: string, l: () => void) => heard.set(type, l));
    vi.stubGlobal('removeEventListener', (type: string) => heard.delete(type));
    try {
      const input = inputFor();
      const actor = createActor(checkoutMachine, { input, inspect: coverage.inspect }).start();
      const server = input.server as FakeServer;
      server.saleAnswers = [failure(0)];
      actor.send({ type: 'scan', code: KETTLE.barcode! });
      actor.send({ type: 'pay' });
      actor.send({ type: 'pay.confirm' });
      await settle();
      expect(actor.getSnapshot().context.unsynced).toBe(1);
      heard.get('online')!();
      await settle();
      expect(server.sales.map((s) => s.key)).toEqual(['key-2', 'key-2']);
      expect(actor.getSnapshot().context.unsynced).toBe(0);
      actor.stop();
      expect(heard.has('online')).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('an outbox that fails to replay (storage refused) leaves the till ready to try again', async () => {
    const input = inputFor();
    const outbox = input.outbox as MemoryOutbox;
    outbox.replay = () => Promise.reject(new Error('The storage is closed.'));
    const t = till(input);
    t.send({ type: 'outbox.replay' });
    await settle();
    expect(t.snap().matches({ sync: 'idle' })).toBe(true);
    t.send({ type: 'outbox.replay' });
    expect(t.snap().matches({ sync: 'replaying' })).toBe(true);
  });

  it('the last receipt is shown again to reprint it, and New sale comes back to the cart as it was', async () => {
    const t = till();
    expect(t.snap().can({ type: 'receipt.show' })).toBe(false);
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'pay' });
    t.send({ type: 'pay.confirm' });
    await settle();
    const sold = t.snap().context.receipt;
    t.send({ type: 'sale.new' });
    t.send({ type: 'scan', code: MUG.barcode! });
    t.send({ type: 'receipt.show' });
    expect(t.snap().matches({ sale: 'receipt' })).toBe(true);
    expect(t.snap().context.receipt).toEqual(sold);
    t.send({ type: 'sale.new' });
    expect(t.snap().context.cart.lines.map((l) => l.product.name)).toEqual(['Mug']);
  });

  it('hold a cart, sell another, resume the held one (the current one held in its place)', () => {
    const t = till();
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'cart.hold' });
    expect(t.snap().context.cart.lines).toEqual([]);
    expect(t.snap().context.held).toHaveLength(1);
    t.send({ type: 'product.add', productId: MUG.id });
    t.send({ type: 'cart.resume', id: t.snap().context.held[0]!.id });
    expect(t.snap().context.cart.lines.map((l) => l.product.name)).toEqual(['Kettle']);
    expect(t.snap().context.held.map((h) => h.lines.map((l) => l.product.name))).toEqual([['Mug']]);
  });

  it('the keyboard’s state is the machine’s: the panel open (help, held sales) and the selected line follow scans, moves and removals', () => {
    const t = till();
    const view = () => selectCart(t.snap());
    // Nothing held: the held sales' panel does not open; help does, and closes.
    t.send({ type: 'panel.open', panel: 'held' });
    expect(view()).toMatchObject({ panel: null, canResume: false });
    t.send({ type: 'panel.open', panel: 'help' });
    expect(view().panel).toBe('help');
    t.send({ type: 'panel.open', panel: 'held' });
    expect(view().panel).toBe('help');
    t.send({ type: 'panel.close' });
    expect(view().panel).toBe(null);
    // A scan selects the line its product went to; Alt+arrows step within the cart.
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'product.add', productId: MUG.id });
    expect(view().selected).toBe(1);
    t.send({ type: 'scan', code: KETTLE.barcode! });
    expect(view().selected).toBe(0);
    t.send({ type: 'line.step', by: -1 });
    expect(view().selected).toBe(0);
    t.send({ type: 'line.step', by: 1 });
    t.send({ type: 'line.step', by: 1 });
    expect(view().selected).toBe(1);
    t.send({ type: 'line.select', index: 7 });
    expect(view().selected).toBe(1);
    // The selected line removed: the one before it is selected.
    t.send({ type: 'line.remove', index: 1 });
    expect(view().selected).toBe(0);
    t.send({ type: 'line.select', index: 0 });
    // Held sales: the panel opens on them; resuming one closes it, and so does Esc.
    t.send({ type: 'cart.hold' });
    t.send({ type: 'panel.open', panel: 'held' });
    expect(view()).toMatchObject({ panel: 'held', canResume: false });
    t.send({ type: 'panel.close' });
    expect(view()).toMatchObject({ panel: null, canResume: true });
    t.send({ type: 'panel.open', panel: 'held' });
    t.send({ type: 'cart.resume', id: t.snap().context.held[0]!.id });
    expect(view().panel).toBe(null);
    expect(t.snap().context.cart.lines.map((l) => l.product.name)).toEqual(['Kettle']);
  });

  it('a reload mid-cart and mid-payment restores the cart, the held carts and the same key', () => {
    const input = inputFor();
    const first = till(input);
    first.send({ type: 'scan', code: KETTLE.barcode! });
    first.send({ type: 'cart.hold' });
    first.send({ type: 'product.add', productId: MUG.id });
    first.send({ type: 'pay' });
    const key = first.snap().context.cart.key;
    first.actor.stop();
    const again = till({ ...input, newKey: () => 'never-used' });
    expect(again.snap().matches({ sale: 'paying' })).toBe(true);
    expect(again.snap().context.cart.key).toBe(key);
    expect(again.snap().context.cart.lines.map((l) => l.product.name)).toEqual(['Mug']);
    expect(again.snap().context.held).toHaveLength(1);
  });

  it('a reload while the sale was on its way opens on Retry with the same key', async () => {
    const input = inputFor();
    const first = till(input);
    first.send({ type: 'scan', code: KETTLE.barcode! });
    first.send({ type: 'pay' });
    first.send({ type: 'pay.confirm' });
    first.actor.stop();
    const again = till(input);
    expect(again.snap().matches({ sale: 'failed' })).toBe(true);
    again.send({ type: 'retry' });
    await settle();
    expect(again.server.sales.map((s) => s.key)).toEqual(['key-2', 'key-2']);
    expect(again.server.recorded.size).toBe(1);
  });
});

describe('checkout machine, the customer picker', () => {
  const PEOPLE = [
    { id: 9, label: 'Vera', discount_bps: 500 },
    { id: 10, label: 'Victor', discount_bps: 0 },
  ];
  /** The customers' options as the server answers them (with each category's discount), or a failure. */
  const withOptions = (answer: (search: string) => Promise<typeof PEOPLE>) => {
    const searched: string[] = [];
    const machine = checkoutMachine.provide({
      actors: {
        customerOptions: optionsMachine.provide({
          actors: { loadOptions: fromPromise(async ({ input }) => (searched.push(input.search ?? ''), answer(input.search ?? ''))) },
          delays: { searchDebounce: 0 },
        }),
      },
    });
    const actor = createActor(machine, { input: inputFor(), inspect: coverage.inspect }).start();
    const options = () => actor.getSnapshot().children.customerOptions as OptionsActor | undefined;
    return { actor, searched, options, send: (e: AnyEventObject) => actor.send(e as never), snap: () => actor.getSnapshot() };
  };

  it('searches the customers on the server; the one picked sets the cart’s customer and their category discount; Walk-in clears it', async () => {
    const t = withOptions(async (search) => PEOPLE.filter((p) => p.label.toLowerCase().includes(search.toLowerCase())));
    t.send({ type: 'scan', code: KETTLE.barcode! });
    t.send({ type: 'customer.pick' });
    expect(selectCustomerPicker(t.snap())).toMatchObject({ open: true, current: null });
    await settle();
    expect(selectItems(t.options()!.getSnapshot())).toEqual(PEOPLE);
    t.options()!.send({ type: 'options.search', search: 'vera' });
    await new Promise((r) => setTimeout(r, 5));
    await settle();
    expect(t.searched).toEqual(['', 'vera']);
    const [vera] = selectItems(t.options()!.getSnapshot());
    t.send(pickCustomer(vera as never));
    expect(t.snap().matches({ sale: { cart: 'ready' } })).toBe(true);
    expect(t.options()).toBeUndefined();
    expect(t.snap().context.cart.customer).toEqual({ id: 9, name: 'Vera', discount_bps: 500 });
    // 12.50 less Vera's category 5% (0.63, rounded half up).
    expect(cartTotals(t.snap().context.cart, TERMS).grandTotal).toBe(1250 - 63);
    t.send({ type: 'customer.pick' });
    t.send(pickCustomer(null));
    expect(t.snap().context.cart.customer).toBeNull();
    expect(selectCart(t.snap()).customer).toBeNull();
    t.actor.stop();
  });

  it.each([
    [0, true],
    [403, false],
  ])('a search that fails (status %i) leaves the customer as it was; only an unreachable server counts as offline (%s)', async (status, offline) => {
    const t = withOptions(() => Promise.reject(failure(status, status ? 'You may not list customers.' : 'The server cannot be reached.')));
    t.send({ type: 'customer.pick' });
    await settle();
    expect(selectUnreachable(t.options()!.getSnapshot())).toBe(offline);
    t.send({ type: 'customer.cancel' });
    expect(t.snap().matches({ sale: { cart: 'ready' } })).toBe(true);
    expect(t.snap().context.cart.customer).toBeNull();
    t.actor.stop();
  });
});

describe('checkout machine and the customer display', () => {
  it('the display follows the cart, the total asked and the change; a display that says hello mid-sale is shown the sale at once', async () => {
    const views: CustomerDisplayView[] = [];
    let hello: ((m: DisplayMessage) => void) | undefined;
    const display: DisplayLink = {
      post: (m) => void (m.type === 'view' && views.push(m.view)),
      listen: (l) => ((hello = l), () => (hello = undefined)),
      close: () => undefined,
    };
    const t = till({ ...inputFor(), display });
    t.send({ type: 'scan', code: KETTLE.barcode! });
    expect(views.at(-1)).toMatchObject({ phase: 'cart', lines: [{ name: 'Kettle', quantity: 1, unit_price: 1250, total: 1250 }], total: 1250, paid: 0 });
    t.send({ type: 'pay' });
    t.send({ type: 'payment.quick', amount: 2000 });
    expect(views.at(-1)).toMatchObject({ phase: 'paying', total: 1250, paid: 2000, change: 750 });
    const shown = views.length;
    hello!({ type: 'hello' });
    expect(views.length).toBe(shown + 1);
    expect(views.at(-1)).toEqual(views.at(-2));
    t.send({ type: 'pay.confirm' });
    await settle();
    expect(views.at(-1)).toMatchObject({ phase: 'done', total: 1250, paid: 2000, change: 750, lines: [{ name: 'Kettle' }] });
    t.actor.stop();
    expect(hello).toBeUndefined();
  });
});

describe('checkout machine, coverage', () => {
  it('the paths, the walk and the scenarios took every state and transition', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
