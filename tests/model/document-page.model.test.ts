/**
 * The document page's machines working together, as a page runs them (machines/document/):
 * the lifecycle machine with a kind spawns the action draft and, while the document may be
 * edited, the kind's line editor, and coordinates them by events alone (no view in between):
 * a button opens its panel with what the document has left, the panel's body is sent once,
 * the answer closes the panel or puts the server's errors under its lines, the form's changes
 * hold every action back, and a saved form hands the document back and starts afresh.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { documentLifecycleMachine } from '../../machines/document/lifecycle.machine.ts';
import { selectDocumentActions, selectDraftActor, selectEditorActor } from '../../machines/document/line-editor.selectors.ts';
import { lineEditorMachine, type Saved } from '../../machines/document/line-editor.machine.ts';
import { purchaseKind } from '../../machines/purchases/purchase.kind.ts';
import type { PurchaseDoc } from '../../machines/purchases/purchase-view.selectors.ts';
import { shopMethodOptions } from '../../domain/documents/payments.facts.ts';
import { selectDraft } from '../../machines/document/action-draft.selectors.ts';
import { saleKind } from '../../machines/sales/sale.kind.ts';
import type { SaleDoc } from '../../machines/sales/sale-view.selectors.ts';
import { deferredCalls } from './coverage.ts';
import { orderedPurchase } from './purchase-fixture.ts';
import { testEnv } from './test-env.ts';

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

const line = { id: 31, product_id: 7, product_name: 'Cable', sku: 'CBL', barcode: null, tracks_serials: false, unit_name: 'pcs', quantity: 4, received: 0, returned: 0, unit_cost: 250, discount: 0, tax_bps: 0, total: 1000, to_receive: 4, returnable: 0 };
const ORDERED = orderedPurchase([line]);

function page(may: Record<string, boolean> = {}) {
  const actions = deferredCalls<{ data: unknown; message: string }>();
  const told: string[] = [];
  const actor = createActor(
    documentLifecycleMachine.provide({
      actors: { runAction: fromPromise(actions.start as never) },
      actions: { announce: (_, p) => told.push(p.message) },
    }),
    { input: { kind: purchaseKind, doc: ORDERED, env: testEnv('2026-02-01'), may } },
  ).start();
  const draft = () => selectDraftActor(actor.getSnapshot())!;
  const editor = () => selectEditorActor(actor.getSnapshot());
  return { actor, actions, told, draft, editor };
}

describe('a document page: the lifecycle machine coordinates its draft and its form', () => {
  it('opens a panel from the document, sends its body once under one key, and closes it on the answer', async () => {
    const { actor, actions, told, draft } = page();
    actor.send({ type: 'doc.open', action: 'receive' });
    expect(draft().getSnapshot().context.panel).toBe('receive');
    expect(draft().getSnapshot().context.lines.map((l) => [l.line_id, l.max, l.quantity])).toEqual([[31, 4, 4]]);
    draft().send({ type: 'draft.quantity', index: 0, value: 3 });
    draft().send({ type: 'draft.submit' });
    draft().send({ type: 'draft.submit' });
    await settled();
    expect(actions.calls.length, 'a double submit sends one request').toBe(1);
    expect(actions.only().input).toMatchObject({ id: 12, action: 'receive', body: { lines: [{ line_id: 31, quantity: 3, serials: [] }] }, key: 'key-2' });
    actions.calls[0]!.resolve({ data: { ...ORDERED, status: 'partial', version: 2 }, message: 'Received on PO-000012; 1 unit still to come.' });
    await settled();
    expect(draft().getSnapshot().context.panel).toBeNull();
    expect(told).toEqual(['Received on PO-000012; 1 unit still to come.']);
    expect(actor.getSnapshot().context.doc.status).toBe('partial');
  });

  it('puts a refusal’s errors under the panel’s own lines', async () => {
    const { actor, actions, draft } = page();
    actor.send({ type: 'doc.open', action: 'receive' });
    draft().send({ type: 'draft.submit' });
    await settled();
    actions.only().reject({ status: 422, message: 'Check the lines.', errors: { 'lines.0.quantity': ['Only 2 of “Cable” are still to come.'] } });
    await settled();
    expect(draft().getSnapshot().context.panel).toBe('receive');
    expect(draft().getSnapshot().context.errors).toEqual({ 'lines.0.quantity': 'Only 2 of “Cable” are still to come.' });
  });

  it('runs the form while the table and the rights allow editing; its changes hold every action back', async () => {
    const { actor, editor, draft } = page();
    expect(editor()).toBeDefined();
    editor()!.send({ type: 'line.change', index: 0, field: 'quantity', value: 5 });
    expect(actor.getSnapshot().context.unsaved).toBe(true);
    actor.send({ type: 'doc.open', action: 'receive' });
    expect(draft().getSnapshot().context.panel).toBeNull();
    expect(actor.getSnapshot().context.failure?.code).toBe('unsaved');
    editor()!.send({ type: 'form.reset' });
    expect(actor.getSnapshot().context.unsaved).toBe(false);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a saved form hands the document back, and a fresh form starts from it under a new key', async () => {
    const saves = deferredCalls<Saved>();
    const told: string[] = [];
    const env = testEnv();
    const actor = createActor(
      documentLifecycleMachine.provide({
        actors: { editor: lineEditorMachine.provide({ actors: { saveDocument: fromPromise(saves.start as never) } }) },
        actions: { announce: (_, p) => told.push(p.message) },
      }),
      { input: { kind: purchaseKind, doc: ORDERED, env } },
    ).start();
    const first = selectEditorActor(actor.getSnapshot())!;
    first.send({ type: 'line.change', index: 0, field: 'quantity', value: 6 });
    first.send({ type: 'form.submit' });
    await settled();
    const save = saves.only();
    expect(save.input).toMatchObject({ target: { id: 12, etag: 'W/"purchase-12-1"' }, key: 'key-1', body: { lines: [{ quantity: 6, unit_cost: 250 }] } });
    expect((save.input as { body: object }).body).not.toHaveProperty('receive');
    const now = { ...ORDERED, version: 2, etag: 'W/"purchase-12-2"', lines: [{ ...line, quantity: 6 }] };
    save.resolve({ id: 12, message: 'Purchase PO-000012 updated.', data: now });
    await settled();
    expect(told).toEqual(['Purchase PO-000012 updated.']);
    expect(actor.getSnapshot().context.doc).toMatchObject({ version: 2 });
    const fresh = selectEditorActor(actor.getSnapshot())!;
    expect(fresh).not.toBe(first);
    expect(fresh.getSnapshot().context).toMatchObject({ key: 'key-2', target: { etag: 'W/"purchase-12-2"' } });
    expect(fresh.getSnapshot().context.lines[0]!.quantity).toBe(6);
    expect(actor.getSnapshot().context.unsaved).toBe(false);
  });

  it('without the right, no form runs and the action’s button is never enabled', () => {
    const { actor, editor } = page({ edit: false, cancel: false });
    expect(editor()).toBeUndefined();
    const view = selectDocumentActions(actor.getSnapshot());
    expect(view.buttons.map((b) => b.action)).toEqual(['receive', 'return', 'pay']);
    expect(view.panels.map((b) => [b.action, b.enabled])).toEqual([
      ['receive', true],
      ['return', false],
      ['pay', true],
    ]);
    actor.send({ type: 'doc.act', action: 'cancel', body: {} });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });
});

describe('a document paid by the shop’s methods (a sale)', () => {
  /** A pending sale as GET /sales/{id} answers it, 30.00 due. */
  const pending: SaleDoc = {
    id: 9, reference: 'SL-000009', customer_id: null, customer_name: null, sold_on: '2026-01-02', channel: 'backoffice', status: 'pending', note: null,
    invoice: null, credit_notes: [], rounding: 'line', change: 0, lines: [], payments: [], history: [],
    payment_status: 'due', prices_include_tax: false, discount: 0, tax_bps: 0, shipping: 0, subtotal: 3000, line_tax: 0, lines_total: 3000, discount_total: 0,
    document_tax: 0, shipping_total: 0, grand_total: 3000, paid: 0, due: 3000, returned_total: 0, refunded: 0, returns: [], version: 1, etag: '"1"',
  };

  it('its pay panel offers only the methods it was given, opening on the first when its own default is not among them; a purchase’s offers every one', () => {
    const sale = createActor(documentLifecycleMachine, { input: { kind: saleKind as never, doc: pending, env: testEnv(), methods: shopMethodOptions(['card', 'other']) } }).start();
    sale.send({ type: 'doc.open', action: 'pay' });
    const draft = selectDraft(selectDraftActor(sale.getSnapshot())!.getSnapshot());
    expect(draft.methods.map((m) => m.value)).toEqual(['card', 'other']);
    // The sale's pay panel opens in cash (draftFor), which this shop does not take.
    expect(draft.payment).toMatchObject({ amount: '30.00', method: 'card' });
    // Its form (a pending sale is edited in place) takes no payments, but is told the same methods.
    expect(selectEditorActor(sale.getSnapshot())!.getSnapshot().context.methods.map((m) => m.value)).toEqual(['card', 'other']);

    const purchase = createActor(documentLifecycleMachine, { input: { kind: purchaseKind as never, doc: ORDERED, env: testEnv() } }).start();
    purchase.send({ type: 'doc.open', action: 'pay' });
    expect(selectDraft(selectDraftActor(purchase.getSnapshot())!.getSnapshot()).methods.map((m) => m.value)).toEqual(['cash', 'card', 'bank', 'other']);
  });
});
