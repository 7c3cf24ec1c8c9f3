/**
 * The purchase screen's action panels (machines/document/action-draft.machine.ts) and the stock
 * count (machines/stock/stock-count.machine.ts), on real actors: a receive sends one request
 * with one serial per unit, a serial named twice is refused under its line naming it, the
 * server's errors land under the draft line they are about (the body leaves out lines with
 * nothing to move), a payment is checked by the server's schema; a sale return is dated, picks
 * its serials, is worth as typed what the server's returnValue says, gives refunds by method in
 * the sale form's payment rows, and keeps the server's errors under lines and refunds; the count adds scanned
 * products (again: one more), posts once under one key, and keeps the server's errors under
 * their lines. Every state and transition of both machines is walked.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LineProduct } from '../../domain/documents/lines.ts';
import { receiveBody, returnBody } from '../../domain/documents/purchase.ts';
import { paymentBody } from '../../domain/documents/payments.ts';
import { stockCountBody } from '../../domain/documents/stock-count.ts';
import { actionDraftMachine, type DraftLine } from '../../machines/document/action-draft.machine.ts';
import { selectDraft } from '../../machines/document/action-draft.selectors.ts';
import { purchasePanels } from '../../machines/purchases/purchase.kind.ts';
import { completeBody, saleReturnBody } from '../../domain/documents/sale.ts';
import { salePanels } from '../../machines/sales/sale.kind.ts';
import { draftFor as saleDraftFor } from '../../machines/sales/sale-view.selectors.ts';
import { saleDoc } from './sale-fixture.ts';
import { testEnv } from './test-env.ts';
import { selectStockCount, stockCountMachine } from '../../machines/stock/stock-count.machine.ts';
import { Coverage } from './coverage.ts';

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
const draftCoverage = new Coverage('actionDraft', actionDraftMachine);
const countCoverage = new Coverage('stockCount', stockCountMachine);

const line = (line_id: number, name: string, max: number, tracks = false, product_id = line_id): DraftLine => ({ line_id, product_id, name, tracks_serials: tracks, max, quantity: max, serials: '' });

function draft() {
  const send = vi.fn();
  const actor = createActor(actionDraftMachine.provide({ actions: { send: (_, p) => send(p) } }), { input: { panels: purchasePanels }, inspect: draftCoverage.inspect }).start();
  return { actor, send, view: () => selectDraft(actor.getSnapshot()) };
}

describe('action draft (receive, return, pay, cancel)', () => {
  it('receives what is left: lines with nothing to move stay out of the body, one serial per unit, sent once', () => {
    const { actor, send, view } = draft();
    actor.send({ type: 'draft.open', panel: 'receive', lines: [line(11, 'Cable', 3), line(12, 'Phone', 2, true)] });
    actor.send({ type: 'draft.quantity', index: 0, value: 0 });
    actor.send({ type: 'draft.submit' });
    // The phone needs its two serial numbers first: said under its own line, nothing sent.
    expect(send).not.toHaveBeenCalled();
    expect(view().lines[1]!.errors.serials).toBe('Name one serial number per unit: 2 units, 0 named.');
    expect(view().lines[0]!.errors.quantity).toBeUndefined();
    actor.send({ type: 'draft.serials', index: 1, text: 'SN-1\n\nSN-2\n' });
    expect(view().lines[1]!.errors.serials).toBeUndefined();
    actor.send({ type: 'draft.submit' });
    expect(send).toHaveBeenCalledTimes(1);
    const { action, body } = send.mock.calls[0]![0];
    expect(action).toBe('receive');
    expect(body).toEqual({ lines: [{ line_id: 12, quantity: 2, serials: ['SN-1', 'SN-2'] }], note: null });
    expect(receiveBody.safeParse(body).success).toBe(true);
    // The server refuses SN-2 (already in stock): its error, at body line 0, lands under draft line 1.
    actor.send({ type: 'draft.failed', errors: { 'lines.0.serials.1': ['Serial number SN-2 of “Phone” is already in stock.'] } });
    expect(view().lines[1]!.errors.serials).toBe('Serial number SN-2 of “Phone” is already in stock.');
    expect(view().lines[0]!.errors.serials).toBeUndefined();
    actor.send({ type: 'draft.done' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('refuses a serial named twice under its line, naming it; and more than is left', () => {
    const { actor, send, view } = draft();
    actor.send({ type: 'draft.open', panel: 'receive', lines: [line(1, 'Phone', 2, true, 7), line(2, 'Phone', 1, true, 7), line(3, 'Cable', 2)] });
    actor.send({ type: 'draft.serials', index: 0, text: 'A1\nB2' });
    actor.send({ type: 'draft.serials', index: 1, text: 'b2' });
    actor.send({ type: 'draft.quantity', index: 2, value: 5 });
    actor.send({ type: 'draft.submit' });
    expect(send).not.toHaveBeenCalled();
    expect(view().lines[1]!.errors.serials).toBe('Serial number b2 is already named on line 1.');
    expect(view().lines[2]!.errors.quantity).toBe('Only 2 still to come.');
    actor.send({ type: 'draft.serials', index: 0, text: 'A1\nA1' });
    actor.send({ type: 'draft.submit' });
    expect(view().lines[0]!.errors.serials).toBe('Serial number A1 is named twice.');
    // Changing a value clears its own error only.
    actor.send({ type: 'draft.quantity', index: 2, value: 2 });
    expect(view().lines[2]!.errors.quantity).toBeUndefined();
    expect(view().lines[0]!.errors.serials).toBe('Serial number A1 is named twice.');
    actor.send({ type: 'draft.quantity', index: 9, value: 2 });
    actor.send({ type: 'draft.serials', index: 9, text: 'x' });
    actor.send({ type: 'draft.close' });
    expect(actor.getSnapshot().context.panel).toBeNull();
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('returns nothing until a quantity is given; pays with the server’s schema; cancels with a note', () => {
    const { actor, send, view } = draft();
    actor.send({ type: 'draft.open', panel: 'return', lines: [{ ...line(5, 'Cable', 3), quantity: 0 }] });
    actor.send({ type: 'draft.submit' });
    expect(view().linesError).toBe('Choose at least one line to return.');
    actor.send({ type: 'draft.quantity', index: 0, value: 1 });
    actor.send({ type: 'draft.note', value: 'Damaged' });
    actor.send({ type: 'draft.submit' });
    expect(returnBody.safeParse(send.mock.calls[0]![0].body).success).toBe(true);
    actor.send({ type: 'draft.done' });

    actor.send({ type: 'draft.open', panel: 'pay', payment: { paid_on: '2026-11-02', amount: '12.5x', method: 'cash', note: '' } });
    actor.send({ type: 'draft.submit' });
    expect(view().errors.amount).toBe('Enter an amount like 12.50.');
    actor.send({ type: 'draft.payment', field: 'amount', value: '12.50' });
    actor.send({ type: 'draft.submit' });
    const pay = send.mock.calls[1]![0];
    expect(pay.action).toBe('pay');
    expect(paymentBody.parse(pay.body)).toEqual({ paid_on: '2026-11-02', amount: 1250, method: 'cash', note: null });
    actor.send({ type: 'draft.failed', errors: { amount: ['Only 10.00 is due.'] } });
    expect(view().errors.amount).toBe('Only 10.00 is due.');
    actor.send({ type: 'draft.done' });

    actor.send({ type: 'draft.open', panel: 'cancel' });
    actor.send({ type: 'draft.note', value: 'Supplier out of stock' });
    actor.send({ type: 'draft.submit' });
    expect(send.mock.calls[2]![0]).toEqual({ action: 'cancel', body: { note: 'Supplier out of stock' } });
  });

  it('a sale return: dated today, serials picked from those sold, worth as typed, refunds by method, the server’s errors under lines and refunds', () => {
    const send = vi.fn();
    const actor = createActor(actionDraftMachine.provide({ actions: { send: (_, p) => send(p) } }), { input: { panels: salePanels }, inspect: draftCoverage.inspect }).start();
    const view = () => selectDraft(actor.getSnapshot());
    const doc = saleDoc();
    actor.send({ type: 'draft.open', panel: 'return', ...saleDraftFor('return', doc, '2026-01-05') });
    // Only what can still come back is offered: the cable (1 of 3 back already) and the phone, its two serials to pick.
    expect(view().lines.map((l) => [l.name, l.max, l.quantity, l.choices ?? null])).toEqual([
      ['Cable', 2, 0, null],
      ['Phone', 2, 0, ['P1', 'P2']],
    ]);
    expect(view().date).toMatchObject({ field: 'returned_on', value: '2026-01-05' });
    expect(view().worth).toEqual({ value: 0, owed: 0, refunding: 0 });
    actor.send({ type: 'draft.submit' });
    expect(send).not.toHaveBeenCalled();
    expect(view().linesError).toBe('Choose at least one line to return.');

    // Typed: the value is the sale's totals lost by the return (the same returnValue the server uses), owed back as it was paid.
    actor.send({ type: 'draft.quantity', index: 0, value: 1 });
    expect(view().worth).toEqual({ value: 1000, owed: 1000, refunding: 0 });
    // A phone picked by its serial is one unit of it; a quantity typed without its serials is refused under them.
    actor.send({ type: 'draft.pick', index: 1, serials: ['P2'] });
    expect(view().lines[1]).toMatchObject({ quantity: 1, picked: ['P2'] });
    expect(view().worth).toEqual({ value: 6000, owed: 6000, refunding: 0 });
    actor.send({ type: 'draft.quantity', index: 1, value: 2 });
    actor.send({ type: 'draft.quantity', index: 0, value: 5 });
    actor.send({ type: 'draft.submit' });
    expect(view().lines[1]!.errors.serials).toBe('Pick one serial number per unit: 2 units, 1 picked.');
    expect(view().lines[0]!.errors.quantity).toBe('Only 2 can come back.');
    // More than is left counts at most what is left in the value shown.
    expect(view().worth!.value).toBe(2000 + 10000);
    actor.send({ type: 'draft.pick', index: 1, serials: ['P2', 'P1'] });
    actor.send({ type: 'draft.quantity', index: 0, value: 0 });
    expect(view().lines[1]!.errors.serials).toBeUndefined();
    expect(view().worth).toEqual({ value: 10000, owed: 10000, refunding: 0 });

    // Refunds: the same rows as a sale's payments, the first method a new row's.
    actor.send({ type: 'payment.add' });
    actor.send({ type: 'payment.add' });
    // A new row offers what is still owed back: all of it first, then nothing more.
    expect(view().refunds!.rows.map((r) => r.amount)).toEqual([10000, 0]);
    actor.send({ type: 'payment.change', index: 0, field: 'amount', value: 4000 });
    actor.send({ type: 'payment.change', index: 1, field: 'method', value: 'card' });
    actor.send({ type: 'payment.change', index: 1, field: 'amount', value: Number.NaN });
    actor.send({ type: 'payment.change', index: 7, field: 'amount', value: 1 });
    expect(view().refunds!.rows.map((r) => [r.method, r.amount])).toEqual([
      ['cash', 4000],
      ['card', Number.NaN],
    ]);
    actor.send({ type: 'draft.date', value: '' });
    actor.send({ type: 'draft.submit' });
    expect(send).not.toHaveBeenCalled();
    expect(view().date!.error).toBeTruthy();
    expect(view().refunds!.rows[1]!.errors.amount).toBeTruthy();
    actor.send({ type: 'draft.date', value: '2026-01-06' });
    expect(view().date!.error).toBeUndefined();
    actor.send({ type: 'payment.change', index: 1, field: 'amount', value: 6000 });
    expect(view().worth!.refunding).toBe(10000);
    actor.send({ type: 'payment.remove', index: 9 });
    actor.send({ type: 'draft.note', value: 'Both phones back' });
    actor.send({ type: 'draft.submit' });
    expect(send).toHaveBeenCalledTimes(1);
    const { action, body } = send.mock.calls[0]![0];
    expect(action).toBe('return');
    expect(body).toEqual({
      returned_on: '2026-01-06',
      lines: [{ line_id: 22, quantity: 2, serials: ['P2', 'P1'] }],
      refunds: [
        { method: 'cash', amount: 4000 },
        { method: 'card', amount: 6000 },
      ],
      note: 'Both phones back',
    });
    expect(saleReturnBody.safeParse(body).success).toBe(true);

    // The server's refusals: body line 0 is draft line 1; a refund's under its own row, which moves up when one above goes.
    actor.send({ type: 'draft.failed', errors: { 'lines.0.quantity': ['Only 1 can come back.'], 'refunds.1.amount': ['At most $90.00 can be refunded for this return; lower the refunds to that.'] } });
    expect(view().lines[1]!.errors.quantity).toBe('Only 1 can come back.');
    expect(view().lines[0]!.errors.quantity).toBeUndefined();
    expect(view().refunds!.rows[1]!.errors.amount).toMatch(/^At most \$90\.00/);
    actor.send({ type: 'payment.remove', index: 0 });
    expect(view().refunds!.rows.map((r) => [r.method, r.errors.amount])).toEqual([['card', 'At most $90.00 can be refunded for this return; lower the refunds to that.']]);
    actor.send({ type: 'draft.pick', index: 9, serials: [] });
    actor.send({ type: 'draft.done' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toMatchObject({ panel: null, refunds: [], worth: null });
  });

  it('a panel without refunds takes no refund rows', () => {
    const { actor, view } = draft();
    actor.send({ type: 'draft.open', panel: 'return', lines: [line(5, 'Cable', 3)] });
    actor.send({ type: 'payment.add' });
    expect(actor.getSnapshot().context.refunds).toEqual([]);
    expect(view().refunds).toBeNull();
    expect(view().date).toBeNull();
    expect(view().worth).toBeNull();
  });

  it('a pending sale’s complete: every line whole, in order; the tracked one names a serial per unit with the picker; the server’s errors under its line', () => {
    const send = vi.fn();
    const actor = createActor(actionDraftMachine.provide({ actions: { send: (_, p) => send(p) } }), { input: { panels: salePanels }, inspect: draftCoverage.inspect }).start();
    const view = () => selectDraft(actor.getSnapshot());
    const doc = saleDoc();
    actor.send({ type: 'draft.open', panel: 'complete', ...saleDraftFor('complete', doc, '2026-01-05') });
    // Only the phone is shown (the cable needs nothing); both are sent.
    expect(view().shown).toEqual([1]);
    expect(view().lines.map((l) => [l.name, l.quantity])).toEqual([['Cable', 3], ['Phone', 2]]);
    actor.send({ type: 'draft.submit' });
    expect(send).not.toHaveBeenCalled();
    expect(view().lines[1]!.errors.serials).toBe('Name one serial number per unit: 2 units, 0 named.');
    expect(view().linesError).toBeUndefined();
    actor.send({ type: 'draft.serial.add', index: 1, serial: ' P7 ' });
    actor.send({ type: 'draft.serial.add', index: 1, serial: 'p7' });
    expect(view().lines[1]!.errors.serials).toBe('Serial number p7 is already on this line.');
    actor.send({ type: 'draft.serial.add', index: 1, serial: 'P9' });
    actor.send({ type: 'draft.serial.add', index: 1, serial: '  ' });
    actor.send({ type: 'draft.serial.remove', index: 1, serial: 'P9' });
    actor.send({ type: 'draft.serial.add', index: 1, serial: 'P8' });
    expect(view().lines[1]!.named).toEqual(['P7', 'P8']);
    actor.send({ type: 'draft.serial.add', index: 9, serial: 'X' });
    actor.send({ type: 'draft.note', value: 'Collected' });
    actor.send({ type: 'draft.submit' });
    const body = { lines: [{ line_id: doc.lines[0]!.id, serials: [] }, { line_id: doc.lines[1]!.id, serials: ['P7', 'P8'] }], note: 'Collected' };
    expect(send).toHaveBeenCalledWith({ action: 'complete', body });
    expect(completeBody.safeParse(body).success).toBe(true);
    // The server's refusal under the body's line lands under the draft's line.
    actor.send({ type: 'draft.failed', errors: { 'lines.1.serials': ['Serial number P8 of “Phone” is not in stock.'] } });
    expect(view().lines[1]!.errors.serials).toBe('Serial number P8 of “Phone” is not in stock.');
    actor.send({ type: 'draft.serial.remove', index: 1, serial: 'P8' });
    expect(view().lines[1]!.errors.serials).toBeUndefined();
    actor.send({ type: 'draft.done' });
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('covers every state and transition of the action draft machine', () => {
    const r = draftCoverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

const product = (id: number, name: string, on_hand: number, tracks = false): LineProduct => ({ id, name, sku: `SKU-${id}`, barcode: `40063813339${id}`, cost_price: 100, sale_price: 200, tax_bps: 0, prices_include_tax: false, tracks_serials: tracks, unit_name: 'pcs', on_hand, exact: true });

function counter() {
  const lookups: { code: string; resolve(p: LineProduct | null): void; reject(e: unknown): void }[] = [];
  const posts: { body: unknown; key: string; resolve(v: { message: string }): void; reject(e: unknown): void }[] = [];
  const counted = vi.fn();
  const guard = vi.fn();
  const actor = createActor(
    stockCountMachine.provide({
      actors: {
        lookupProduct: fromPromise(({ input }) => new Promise((resolve, reject) => lookups.push({ code: input.code, resolve, reject }))),
        postCount: fromPromise(({ input }) => new Promise((resolve, reject) => posts.push({ ...input, resolve, reject }))),
      },
      actions: { counted: (_, p) => counted(p.message), setLeaveGuard: (_, p) => guard(p.dirty) },
    }),
    { input: { env: testEnv() }, inspect: countCoverage.inspect },
  ).start();
  /** What the leave guard was last told: whether leaving would lose counts. */
  const guarded = () => guard.mock.lastCall?.[0] as boolean | undefined;
  return { actor, lookups, posts, counted, guarded, view: () => selectStockCount(actor.getSnapshot()) };
}

describe('stock count', () => {
  it('scans products in (again: one more), types counts and serials, posts once under one key', async () => {
    const { actor, lookups, posts, counted, view } = counter();
    expect(view().canSubmit).toBe(false);
    actor.send({ type: 'count.scan', code: ' 400638133391 ' });
    expect(lookups[0]!.code).toBe('400638133391');
    lookups[0]!.resolve(product(1, 'Cable', 5));
    await settled();
    actor.send({ type: 'count.scan', code: '400638133391' });
    lookups[1]!.resolve(product(1, 'Cable', 5));
    await settled();
    expect(view().lines.map((l) => [l.product.name, l.counted, l.difference])).toEqual([['Cable', 2, -3]]);
    actor.send({ type: 'count.scan', code: 'nope' });
    lookups[2]!.resolve(null);
    await settled();
    expect(view().scanError).toBe('No product has the barcode or SKU nope.');
    actor.send({ type: 'count.scan', code: 'offline' });
    lookups[3]!.reject(new Error('down'));
    await settled();
    expect(view().scanError).toBe('The product could not be looked up. Scan again.');
    actor.send({ type: 'count.add', product: product(2, 'Phone', 2, true) });
    actor.send({ type: 'count.add', product: product(2, 'Phone', 2, true) });
    actor.send({ type: 'count.add', product: product(3, 'Mouse', 4) });
    expect(view().lines).toHaveLength(3);
    expect(view().lines[2]!.counted).toBe(4);
    actor.send({ type: 'count.serials', index: 1, text: 'P-1\nP-1' });
    actor.send({ type: 'count.change', index: 0, counted: Number.NaN });
    actor.send({ type: 'count.submit' });
    expect(posts).toHaveLength(0);
    expect(view().lines[1]!.errors.serials).toBe('Serial number P-1 is named twice.');
    expect(view().lines[0]!.errors.counted).toBe('Enter the quantity counted.');
    actor.send({ type: 'count.change', index: 0, counted: 4 });
    actor.send({ type: 'count.serials', index: 1, text: 'P-1' });
    actor.send({ type: 'count.remove', index: 2 });
    actor.send({ type: 'count.note', value: 'Shelf A' });
    actor.send({ type: 'count.submit' });
    actor.send({ type: 'count.submit' });
    expect(posts).toHaveLength(1);
    expect(stockCountBody.parse(posts[0]!.body)).toEqual({ note: 'Shelf A', lines: [{ product_id: 1, counted: 4 }, { product_id: 2, counted: 1, serials: ['P-1'] }] });
    // The server's error under a line's serial shows under that line's serials box.
    posts[0]!.reject({ status: 422, message: 'Check the lines.', errors: { 'lines.1.serials.0': ['Serial number P-1 of “Phone” is in stock on another product.'] } });
    await settled();
    expect(view().lines[1]!.errors.serials).toBe('Serial number P-1 of “Phone” is in stock on another product.');
    actor.send({ type: 'count.serials', index: 1, text: 'P-2' });
    actor.send({ type: 'count.submit' });
    // A resend after an answer that never came is the same request: the same key.
    expect(posts[1]!.key).toBe(posts[0]!.key);
    posts[1]!.reject({ status: 0, message: 'The server cannot be reached.' });
    await settled();
    expect(view().formError).toBe('The server cannot be reached.');
    actor.send({ type: 'count.submit' });
    posts[2]!.resolve({ message: 'Stock count SC-000001 posted: 0 found, 1 missing.' });
    await settled();
    expect(counted).toHaveBeenCalledWith('Stock count SC-000001 posted: 0 found, 1 missing.');
    expect(view().lines).toHaveLength(0);
    // The next count is a new request.
    actor.send({ type: 'count.add', product: product(1, 'Cable', 4) });
    actor.send({ type: 'count.submit' });
    expect(posts[3]!.key).not.toBe(posts[0]!.key);
    actor.send({ type: 'count.change', index: 7, counted: 1 });
  });

  it('asks before leaving while it holds counts or a note, and not once they are posted or removed', async () => {
    const { actor, lookups, posts, guarded } = counter();
    expect(guarded()).toBeUndefined();
    actor.send({ type: 'count.scan', code: '400638133391' });
    expect(guarded(), 'a scan on its way has counted nothing yet').toBeUndefined();
    lookups[0]!.resolve(product(1, 'Cable', 5));
    await settled();
    expect(guarded()).toBe(true);
    actor.send({ type: 'count.remove', index: 0 });
    expect(guarded(), 'nothing counted is left').toBe(false);
    actor.send({ type: 'count.note', value: 'Shelf B' });
    expect(guarded()).toBe(true);
    actor.send({ type: 'count.note', value: ' ' });
    expect(guarded()).toBe(false);
    actor.send({ type: 'count.add', product: product(2, 'Mouse', 4) });
    actor.send({ type: 'count.change', index: 0, counted: 3 });
    expect(guarded()).toBe(true);
    actor.send({ type: 'count.submit' });
    posts[0]!.reject({ status: 0, message: 'The server cannot be reached.' });
    await settled();
    expect(guarded(), 'a refused post keeps what was typed').toBe(true);
    actor.send({ type: 'count.submit' });
    posts[1]!.resolve({ message: 'Posted.' });
    await settled();
    expect(guarded()).toBe(false);
  });

  it('covers every state and transition of the stock count machine', () => {
    const r = countCoverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
