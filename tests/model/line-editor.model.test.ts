/**
 * Model-based tests of machines/document/line-editor.machine.ts (issue 11's paths: create with
 * an error under one line's quantity, scan a barcode into a line, submit once). The machine's
 * own graph gives the paths; each is replayed on a REAL actor whose lookup and save are
 * deferred promises the test settles. Every step checks: invalid input never reaches the
 * server (judged by the schema the server reads), a submit is sent once, every error is keyed
 * by its full path and lands under its own line, and `dirty` says whether leaving loses work.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import type { LineProduct } from '../../domain/documents/lines.ts';
import { purchaseCreateBody } from '../../domain/documents/purchase.ts';
import { bodyOf, isDirty, lineEditorMachine, type SaveFailure } from '../../machines/document/line-editor.machine.ts';
import { purchaseEditor } from '../../machines/purchases/purchase.kind.ts';
import { saleEditor } from '../../machines/sales/sale.kind.ts';
import { selectLineEditor } from '../../machines/document/line-editor.selectors.ts';
import { shopMethodOptions } from '../../domain/documents/payments.facts.ts';
import { Coverage, deferredCalls, edgePaths, internalOnlyWhenEnabled } from './coverage.ts';

type Snap = SnapshotFrom<typeof lineEditorMachine>;
const coverage = new Coverage('lineEditor', lineEditorMachine);
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

const product = (id: number, name: string, tracks = false): LineProduct => ({
  id,
  name,
  sku: `SKU-${id}`,
  barcode: `400638133393${id}`,
  cost_price: 1250,
  sale_price: 2000,
  tax_bps: 2000,
  prices_include_tax: false,
  tracks_serials: tracks,
  unit_name: 'pcs',
  on_hand: 0,
  exact: true,
});
const CABLE = product(1, 'Cable');
const PHONE = product(2, 'Phone', true);
const INVALID_QTY: SaveFailure = { status: 422, message: 'Only 3 are still to come.', errors: { 'lines.0.quantity': ['Only 3 are still to come.'] } };
const OFFLINE: SaveFailure = { status: 0, message: 'The server cannot be reached.' };

/** The methods the shop takes, as a seller's session names them. */
const SHOP_METHODS = shopMethodOptions(['cash', 'card']);

const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });

const USER: AnyEventObject[] = [
  { type: 'line.add', product: CABLE },
  { type: 'line.change', index: 0, field: 'quantity', value: 0 },
  { type: 'line.change', index: 0, field: 'quantity', value: 3 },
  { type: 'line.remove', index: 0 },
  { type: 'line.scan', code: PHONE.barcode! },
  // Serials named one by one (a kind that sells picks them): the same one twice is refused.
  { type: 'line.serial.add', index: 0, serial: 'SN-1' },
  { type: 'line.serial.remove', index: 0, serial: 'SN-1' },
  { type: 'header.change', field: 'supplier_id', value: 7 },
  { type: 'header.change', field: 'receive', value: true },
  { type: 'form.submit' },
  { type: 'form.reset' },
];
const INTERNAL: AnyEventObject[] = [
  done('lookupProduct', PHONE),
  done('lookupProduct', null),
  fail('lookupProduct', new Error('offline')),
  done('saveDocument', { id: 41, message: 'Purchase PO-000041 ordered.' }),
  fail('saveDocument', INVALID_QTY),
  fail('saveDocument', OFFLINE),
];

const serialize = (s: Snap) =>
  JSON.stringify({
    v: s.value,
    lines: s.context.lines.map((l) => [l.product?.id, l.quantity, l.serials.length]),
    supplier: s.context.header.supplier_id,
    receive: s.context.header.receive,
    errors: Object.keys(s.context.errors).sort(),
    formError: s.context.formError !== null,
  });

const model = new TestModel(lineEditorMachine, {
  input: { kind: purchaseEditor, header: purchaseEditor.emptyHeader('2025-03-10') },
  // Two lines at most, so the graph stays small; internal events only where the machine waits for them.
  // (a scan adds one to its line, so scans stop once a line holds 2: the graph stays finite).
  events: (s: Snap) =>
    [...USER, ...INTERNAL].filter(
      (e) =>
        internalOnlyWhenEnabled(s, e) &&
        !((e.type === 'line.add' || e.type === 'line.scan') && s.context.lines.length >= 2) &&
        !(e.type === 'line.scan' && s.context.lines.some((l) => l.quantity >= 2)),
    ),
  serializeState: serialize,
} as never) as unknown as TestModel<Snap, AnyEventObject, unknown>;

async function run(path: StatePath<Snap, AnyEventObject>) {
  const lookups = deferredCalls<LineProduct | null>();
  const saves = deferredCalls<{ id: number; message: string }>();
  const actor = createActor(
    lineEditorMachine.provide({ actors: { lookupProduct: fromPromise(lookups.start as never), saveDocument: fromPromise(saves.start as never) } }),
    { input: { kind: purchaseEditor, header: purchaseEditor.emptyHeader('2025-03-10') }, inspect: coverage.inspect },
  ).start();
  let sent = 0;
  for (const step of path.steps.slice(1)) {
    const e = step.event;
    const before = actor.getSnapshot();
    if (e.type === 'xstate.done.actor.lookupProduct') lookups.only().resolve(e.output);
    else if (e.type === 'xstate.error.actor.lookupProduct') lookups.only().reject(e.error);
    else if (e.type === 'xstate.done.actor.saveDocument') saves.only().resolve(e.output);
    else if (e.type === 'xstate.error.actor.saveDocument') saves.only().reject(e.error);
    else actor.send(e as never);
    await settled();
    const s = actor.getSnapshot();
    expect(serialize(s), `after ${JSON.stringify(e)}`).toBe(serialize(step.state));
    // Submit once: one save per entry into submitting, and what is sent is what the server accepts.
    if (s.matches('submitting') && !before.matches('submitting')) {
      sent++;
      expect(saves.live()).toHaveLength(1);
      expect(purchaseCreateBody.safeParse((saves.only().input as { body: unknown }).body).success).toBe(true);
    }
    if (s.matches('submitting')) {
      expect(s.can({ type: 'form.submit' })).toBe(false);
      expect(saves.live()).toHaveLength(1);
    }
    expect(saves.calls).toHaveLength(sent);
    // Every error is keyed by a full path, and a line's errors show under that line only.
    const view = selectLineEditor(s);
    for (const key of Object.keys(s.context.errors)) expect(key).toMatch(/^(lines(\.\d+\.(product_id|quantity|unit_cost|discount|tax_bps|serials(\.\d+)?))?|supplier_id|purchased_on|scan|[a-z_]+)$/);
    view.lines.forEach((l, i) => expect(Object.keys(l.errors).length).toBe(Object.keys(s.context.errors).filter((k) => k.startsWith(`lines.${i}.`)).length));
    expect(view.dirty).toBe(isDirty(s.context));
    if (s.matches('saved')) expect(view.dirty).toBe(false);
  }
  actor.stop();
}

describe('line editor machine, model paths on a real actor', () => {
  const paths = model.getShortestPaths();
  it('has a path for every state the editor can be in', () => expect(paths.length).toBeGreaterThan(20));
  const name = (path: StatePath<Snap, AnyEventObject>) => path.steps.slice(1).map((s) => s.event.type.replace('xstate.', '')).join(' → ') || 'start';
  paths.forEach((path, i) => it(`path ${i}: ${name(path)}`, () => run(path)));
  // Every edge out of every state (a sample of them: the graph has a few thousand).
  edgePaths(model, serialize)
    .filter((_, i) => i % 7 === 0)
    .forEach((path, i) => it(`edge ${i}: ${name(path)}`, () => run(path)));

  it('an error under one line’s quantity stays under that line, moves up when a line above goes, and goes when fixed', async () => {
    const actor = createActor(lineEditorMachine, { input: { kind: purchaseEditor, header: { ...purchaseEditor.emptyHeader('2025-03-10'), supplier_id: 3 } } }).start();
    actor.send({ type: 'line.add', product: PHONE });
    actor.send({ type: 'line.add', product: CABLE });
    actor.send({ type: 'line.change', index: 1, field: 'quantity', value: 0 });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ 'lines.1.quantity': 'Enter 1 or more.' });
    expect(selectLineEditor(actor.getSnapshot()).lines[1]!.errors).toEqual({ quantity: 'Enter 1 or more.' });
    actor.send({ type: 'line.remove', index: 0 });
    expect(actor.getSnapshot().context.errors).toEqual({ 'lines.0.quantity': 'Enter 1 or more.' });
    actor.send({ type: 'line.change', index: 0, field: 'quantity', value: 2 });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('a scanned barcode becomes a line, and a second scan of it adds one to that line', async () => {
    const actor = createActor(lineEditorMachine.provide({ actors: { lookupProduct: fromPromise<LineProduct | null, { code: string }>(async () => CABLE) } }), { input: { kind: purchaseEditor, header: purchaseEditor.emptyHeader('2025-03-10') } }).start();
    actor.send({ type: 'line.scan', code: CABLE.barcode! });
    await settled();
    actor.send({ type: 'line.scan', code: ` ${CABLE.barcode!} ` });
    await settled();
    expect(actor.getSnapshot().context.lines.map((l) => [l.product?.id, l.quantity, l.unit_price, l.tax_bps])).toEqual([[CABLE.id, 2, 1250, 2000]]);
    expect(isDirty(actor.getSnapshot().context)).toBe(true);
  });

  it('a sale takes payments split over methods: cash beyond the total is change, errors by path move with their row, a purchase takes none', () => {
    const actor = createActor(lineEditorMachine, { input: { kind: saleEditor, header: saleEditor.emptyHeader('2025-03-10'), methods: SHOP_METHODS }, inspect: coverage.inspect }).start();
    actor.send({ type: 'line.add', product: CABLE });
    const total = selectLineEditor(actor.getSnapshot()).totals.grandTotal;
    actor.send({ type: 'payment.add' });
    actor.send({ type: 'payment.add' });
    actor.send({ type: 'payment.change', index: 0, field: 'method', value: 'card' });
    actor.send({ type: 'payment.change', index: 0, field: 'amount', value: 1000 });
    actor.send({ type: 'payment.change', index: 1, field: 'amount', value: total });
    const view = selectLineEditor(actor.getSnapshot());
    expect(view.payments?.rows.map((r) => [r.method, r.amount])).toEqual([['card', 1000], ['cash', total]]);
    expect([view.payments?.tendered, view.payments?.change, view.payments?.due]).toEqual([1000 + total, 1000, 0]);
    expect(bodyOf(actor.getSnapshot().context).payments).toEqual([{ method: 'card', amount: 1000 }, { method: 'cash', amount: total }]);
    // A zero amount is refused under its row; removing the row above moves the error up with it.
    actor.send({ type: 'payment.add' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors['payments.2.amount']).toBeTruthy();
    actor.send({ type: 'payment.remove', index: 0 });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['payments.1.amount']);
    const purchase = createActor(lineEditorMachine, { input: { kind: purchaseEditor, header: purchaseEditor.emptyHeader('2025-03-10') } }).start();
    purchase.send({ type: 'payment.add' });
    expect(purchase.getSnapshot().context.payments).toEqual([]);
    expect(selectLineEditor(purchase.getSnapshot()).payments).toBeNull();
  });

  it('offers the payment methods it is given (a sale: the shop’s), a new row taking the first', () => {
    const actor = createActor(lineEditorMachine, { input: { kind: saleEditor, header: saleEditor.emptyHeader('2025-03-10'), methods: shopMethodOptions(['card', 'other']) } }).start();
    actor.send({ type: 'line.add', product: CABLE });
    actor.send({ type: 'payment.add' });
    const view = selectLineEditor(actor.getSnapshot());
    expect(view.payments?.methods.map((m) => m.value)).toEqual(['card', 'other']);
    expect(view.payments?.rows.map((r) => r.method)).toEqual(['card']);
    // A session from before the methods rode along names none: the ones a POS setting can enable.
    expect(shopMethodOptions(undefined).map((m) => m.value)).toEqual(['cash', 'card', 'other']);
  });

  it('a selling line picks its serials one by one: the quantity follows, one named twice is refused under its line, the body names them', () => {
    const actor = createActor(lineEditorMachine, { input: { kind: saleEditor, header: saleEditor.emptyHeader('2025-03-10'), methods: SHOP_METHODS }, inspect: coverage.inspect }).start();
    const c = () => actor.getSnapshot().context;
    actor.send({ type: 'line.add', product: PHONE });
    actor.send({ type: 'line.add', product: PHONE });
    expect(selectLineEditor(actor.getSnapshot()).lines.map((l) => [l.picksSerials, l.typesSerials])).toEqual([[true, false], [true, false]]);
    actor.send({ type: 'line.serial.add', index: 0, serial: ' SN-1 ' });
    actor.send({ type: 'line.serial.add', index: 0, serial: 'SN-2' });
    expect([c().lines[0]!.serials, c().lines[0]!.quantity]).toEqual([['SN-1', 'SN-2'], 2]);
    actor.send({ type: 'line.serial.add', index: 0, serial: 'sn-2' });
    expect(c().errors).toEqual({ 'lines.0.serials': 'Serial number sn-2 is already on this line.' });
    actor.send({ type: 'line.serial.add', index: 1, serial: 'SN-1' });
    expect(c().errors).toEqual({ 'lines.0.serials': 'Serial number sn-2 is already on this line.', 'lines.1.serials': 'Serial number SN-1 is already on line 1.' });
    expect(selectLineEditor(actor.getSnapshot()).lines[1]!.errors).toEqual({ serials: 'Serial number SN-1 is already on line 1.' });
    actor.send({ type: 'line.serial.add', index: 1, serial: 'SN-3' });
    expect(Object.keys(c().errors)).toEqual(['lines.0.serials']);
    actor.send({ type: 'line.serial.remove', index: 0, serial: 'SN-1' });
    expect([c().lines[0]!.serials, c().lines[0]!.quantity, c().errors]).toEqual([['SN-2'], 1, {}]);
    expect(bodyOf(c()).lines).toEqual([
      { product_id: PHONE.id, quantity: 1, discount: 0, serials: ['SN-2'] },
      { product_id: PHONE.id, quantity: 1, discount: 0, serials: ['SN-3'] },
    ]);
    // Removing the last leaves one unit with none named: refused before anything is sent.
    actor.send({ type: 'line.serial.remove', index: 1, serial: 'SN-3' });
    actor.send({ type: 'form.submit' });
    expect(c().errors).toEqual({ 'lines.1.serials': 'Name one serial number per unit: 1 unit, 0 named.' });
    // A line whose product tracks no serials takes none.
    actor.send({ type: 'line.add', product: CABLE });
    actor.send({ type: 'line.serial.add', index: 2, serial: 'SN-9' });
    expect(c().lines[2]!.serials).toEqual([]);
    // Held pending, a sale names no serials: none are picked and the body carries none.
    actor.send({ type: 'header.change', field: 'status', value: 'pending' });
    expect(selectLineEditor(actor.getSnapshot()).lines.map((l) => l.picksSerials)).toEqual([false, false, false]);
    expect((bodyOf(c()).lines as object[]).every((l) => !('serials' in l))).toBe(true);
  });

  it('a serial the server finds not in stock shows under its line, in the server’s words, and goes when the serials change', async () => {
    const refused: SaveFailure = { status: 409, message: 'Serial number SN-8 (sold) of “Phone” is not in stock.', errors: { 'lines.0.serials': ['Serial number SN-8 (sold) of “Phone” is not in stock.'] } };
    const actor = createActor(lineEditorMachine.provide({ actors: { saveDocument: fromPromise(async () => Promise.reject(refused)) } }), { input: { kind: saleEditor, header: saleEditor.emptyHeader('2025-03-10'), methods: SHOP_METHODS } }).start();
    actor.send({ type: 'line.add', product: PHONE });
    actor.send({ type: 'line.serial.add', index: 0, serial: 'SN-8' });
    actor.send({ type: 'form.submit' });
    await settled();
    expect(selectLineEditor(actor.getSnapshot()).lines[0]!.errors).toEqual({ serials: 'Serial number SN-8 (sold) of “Phone” is not in stock.' });
    actor.send({ type: 'line.serial.remove', index: 0, serial: 'SN-8' });
    actor.send({ type: 'line.serial.add', index: 0, serial: 'SN-7' });
    expect(selectLineEditor(actor.getSnapshot()).lines[0]!.errors).toEqual({});
  });

  it('a serial typed or scanned on a selling line is asked of the stock first: in stock it is named, else refused under its line; a purchase’s new serials are not asked', async () => {
    const asked = deferredCalls<boolean>();
    const machine = lineEditorMachine.provide({ actors: { serialInStock: fromPromise(asked.start as never) } });
    const actor = createActor(machine, { input: { kind: saleEditor, header: saleEditor.emptyHeader('2025-03-10'), methods: SHOP_METHODS }, inspect: coverage.inspect }).start();
    const c = () => actor.getSnapshot().context;
    actor.send({ type: 'line.add', product: PHONE });
    actor.send({ type: 'line.serial.add', index: 0, serial: ' SN-5 ', typed: true });
    expect(actor.getSnapshot().value).toBe('checkingSerial');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(asked.only().input).toEqual({ productId: PHONE.id, serial: 'SN-5' });
    asked.only().resolve(false);
    await settled();
    expect([actor.getSnapshot().value, c().lines[0]!.serials]).toEqual(['editing', []]);
    expect(selectLineEditor(actor.getSnapshot()).lines[0]!.errors).toEqual({ serials: 'Serial number SN-5 of Phone is not in stock.' });
    actor.send({ type: 'line.serial.add', index: 0, serial: 'SN-6', typed: true });
    asked.only().resolve(true);
    await settled();
    expect([c().lines[0]!.serials, c().lines[0]!.quantity, c().errors]).toEqual([['SN-6'], 1, {}]);
    // Named already: refused at once, nothing asked.
    actor.send({ type: 'line.serial.add', index: 0, serial: 'sn-6', typed: true });
    expect([actor.getSnapshot().value, asked.calls.length, c().errors]).toEqual(['editing', 2, { 'lines.0.serials': 'Serial number sn-6 is already on this line.' }]);
    // The stock could not be asked (offline): the line takes it; the server checks it on save.
    actor.send({ type: 'line.serial.add', index: 0, serial: 'SN-7', typed: true });
    asked.only().reject(new Error('offline'));
    await settled();
    expect(c().lines[0]!.serials).toEqual(['SN-6', 'SN-7']);
    actor.stop();

    const receiving = createActor(machine, { input: { kind: purchaseEditor, header: purchaseEditor.emptyHeader('2025-03-10') } }).start();
    receiving.send({ type: 'line.add', product: PHONE });
    receiving.send({ type: 'line.serial.add', index: 0, serial: 'NEW-1', typed: true });
    expect(receiving.getSnapshot().value).toBe('editing');
    expect(asked.calls.length).toBe(3);
  });

  it('covers every state and transition of the line editor', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
