/**
 * A sale's return on the document machines, model-based: a covering walk of the REAL action
 * draft machine with the sale's Return panel (machines/sales/sale.kind.ts) opened as the sale's
 * page opens it (draftFor: the lines that can still come back, the serials to pick, today) —
 * every quantity, pick, date and refund row change, every submit valid or not, the server's
 * refusal and its answer — replayed on a real actor, which must land where the walk says after
 * every step and send exactly the bodies the server's schema accepts, worth what returnValue
 * says. Then the page's path on the document lifecycle machine: Return opens the panel with the
 * sale's lines, a refusal lands under the line and the refund it is about, a fixed return is
 * sent once under one key and the page holds the sale as the server answers it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { returnValue, saleReturnBody } from '../../domain/documents/sale.ts';
import { actionDraftMachine } from '../../machines/document/action-draft.machine.ts';
import { selectDraft } from '../../machines/document/action-draft.selectors.ts';
import { selectDocumentActions, selectDraftActor } from '../../machines/document/line-editor.selectors.ts';
import { documentLifecycleMachine, type DocState } from '../../machines/document/lifecycle.machine.ts';
import { mayFrom } from '../../machines/document/kind.ts';
import { saleKind, salePanels } from '../../machines/sales/sale.kind.ts';
import { draftFor, type SaleDoc } from '../../machines/sales/sale-view.selectors.ts';
import { Coverage } from './coverage.ts';
import { saleDoc } from './sale-fixture.ts';
import { testEnv } from './test-env.ts';
import { coveringWalk } from './walk.ts';

type Snap = SnapshotFrom<typeof actionDraftMachine>;
/** What the page knows beside the machine: whether a body went to the server and awaits its answer. */
type Extra = { sent: boolean };
const TODAY = '2026-01-05';
const opening = () => draftFor('return', saleDoc(), TODAY);
const REFUSAL = {
  'lines.0.quantity': ['Only 1 can come back.'],
  'refunds.0.amount': ['At most $10.00 can be refunded for this return; lower the refunds to that.'],
};

const walk = coveringWalk({
  machine: actionDraftMachine,
  input: { panels: salePanels },
  extra: { sent: false } as Extra,
  events: (s: Snap, x: Extra): AnyEventObject[] => {
    const c = s.context;
    if (s.matches('closed'))
      return [
        { type: 'draft.open', panel: 'return', ...opening() },
        { type: 'draft.open', panel: 'ship' },
      ];
    // Sent: the page waits for the server's answer (the lifecycle machine takes no other action meanwhile).
    if (x.sent) return [{ type: 'draft.failed', errors: REFUSAL }, { type: 'draft.done' }];
    const cable = c.lines[0]!;
    const phone = c.lines[1]!;
    const row = c.refunds[0];
    return [
      { type: 'draft.quantity', index: 0, value: cable.quantity === 1 ? 0 : 1 },
      { type: 'draft.pick', index: 1, serials: phone.serials ? [] : ['P2'] },
      { type: 'draft.date', value: c.date ? '' : TODAY },
      ...(row
        ? [
            {
              type: 'payment.change',
              index: 0,
              field: 'amount',
              value: row.amount ? 0 : 1000,
            },
            { type: 'payment.remove', index: 0 },
          ]
        : [{ type: 'payment.add' }]),
      { type: 'payment.change', index: 3, field: 'amount', value: 5 },
      { type: 'draft.submit' },
      { type: 'draft.close' },
    ];
  },
  nextExtra: (x, e, next) => {
    if (e.type === 'draft.submit')
      return {
        sent: next.matches('open') && Object.keys(next.context.errors).length === 0,
      };
    if (e.type === 'draft.failed' || e.type === 'draft.done' || e.type === 'draft.close') return { sent: false };
    return x;
  },
  // The machine's state as a person sees it (the panels and the worth function are the kind's, fixed).
  key: (s, x) => {
    // Row keys only keep a view's rows apart: a row added again is the same state.
    const { panels: _p, worth: _w, nextKey: _n, refunds, ...c } = s.context;
    return JSON.stringify([s.value, c, refunds.map(({ key: _k, ...r }) => r), x]);
  },
});

describe('a sale return on the action draft machine', () => {
  it('a covering walk of the Return panel, on a real actor: where the walk says after every step, bodies the server accepts, worth what returnValue says', () => {
    const coverage = new Coverage(
      'actionDraft',
      actionDraftMachine,
      {},
      {
        'actionDraft.open draft.serials#0': 'tests/model/document-actions.model.test.ts: serials typed on a purchase’s receive',
        'actionDraft.open draft.payment#0': 'tests/model/document-actions.model.test.ts: a payment',
        'actionDraft.open draft.note#0': 'tests/model/document-actions.model.test.ts: a note on a sale return and on a cancel',
        'actionDraft.open draft.serial.add#0': 'tests/model/document-actions.model.test.ts: a serial picked on a pending sale’s complete',
        'actionDraft.open draft.serial.remove#0': 'tests/model/document-actions.model.test.ts: a serial taken off on a pending sale’s complete',
      },
    );
    const sent: { action: string; body: Record<string, unknown> }[] = [];
    const actor = createActor(
      actionDraftMachine.provide({
        actions: { send: (_, p) => void sent.push(p) },
      }),
      { input: { panels: salePanels }, inspect: coverage.inspect },
    ).start();
    const doc = saleDoc();
    for (const step of walk.steps) {
      const before = sent.length;
      actor.send(step.event as never);
      const s = actor.getSnapshot();
      expect(walk.key(s, step.extra), JSON.stringify(step.event)).toBe(walk.key(step.state, step.extra));
      // A submit sends exactly when the walk says the page now waits for the server, and only what its schema takes.
      expect(sent.length - before, JSON.stringify(step.event)).toBe(step.event.type === 'draft.submit' && step.extra.sent ? 1 : 0);
      if (sent.length > before) {
        const { action, body } = sent.at(-1)!;
        expect(action).toBe('return');
        expect(saleReturnBody.safeParse(body).success, JSON.stringify(body)).toBe(true);
      }
      if (s.matches('open')) {
        const view = selectDraft(s);
        const taking = doc.lines.map((l) => view.lines.find((d) => d.line_id === l.id)?.quantity ?? 0);
        expect(view.worth!.value).toBe(returnValue(doc, doc.lines, taking).grandTotal);
      }
    }
    actor.stop();
    console.log(`sale return walk: ${walk.edges} edges, ${walk.steps.length} steps, ${sent.length} returns sent`);
    expect(walk.steps.length).toBeGreaterThanOrEqual(walk.edges);
    expect(sent.length).toBeGreaterThan(0);
    const report = coverage.report();
    console.log(report.line);
    expect(report.missingStates, report.line).toEqual([]);
    expect(report.missingTransitions, report.line).toEqual([]);
  });
});

describe('a sale return on the sale page’s lifecycle machine', () => {
  const page = (doc: SaleDoc, held = new Set(['sales create'])) => {
    const calls: { action: string; body: unknown; key: string }[] = [];
    const answers: ((input: { body: unknown }) => {
      data: DocState;
      message: string;
    })[] = [];
    const actor = createActor(
      documentLifecycleMachine.provide({
        actors: {
          runAction: fromPromise(async ({ input }: { input: { id: number; action: string; body: unknown; key: string } }) => {
            calls.push(input);
            return answers.shift()!(input);
          }),
        },
      }),
      {
        input: {
          kind: saleKind,
          doc,
          env: testEnv(TODAY),
          may: mayFrom(saleKind.rights, held),
        },
      },
    ).start();
    const draft = () => selectDraftActor(actor.getSnapshot())!;
    return {
      actor,
      calls,
      answers,
      draft,
      view: () => selectDraft(draft().getSnapshot()),
    };
  };
  const settled = () => new Promise<void>((r) => setImmediate(r));

  it('Return opens with the lines left; a refusal lands under its line and refund; the fixed return is sent once and the page holds the sale as answered', async () => {
    const { actor, calls, answers, draft, view } = page(saleDoc());
    expect(selectDocumentActions(actor.getSnapshot()).buttons.find((b) => b.action === 'return')!.enabled).toBe(true);
    actor.send({ type: 'doc.open', action: 'return' });
    expect(view().panel).toBe('return');
    expect(view().lines.map((l) => [l.name, l.max])).toEqual([
      ['Cable', 2],
      ['Phone', 2],
    ]);
    draft().send({ type: 'draft.quantity', index: 0, value: 2 });
    draft().send({ type: 'payment.add' });
    draft().send({
      type: 'payment.change',
      index: 0,
      field: 'amount',
      value: 2500,
    });
    expect(view().worth).toEqual({ value: 2000, owed: 2000, refunding: 2500 });
    answers.push(() => {
      throw { status: 422, message: 'Check the return.', errors: REFUSAL };
    });
    draft().send({ type: 'draft.submit' });
    expect(actor.getSnapshot().matches('working')).toBe(true);
    // A second press while it is on its way sends nothing more.
    draft().send({ type: 'draft.submit' });
    await settled();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      returned_on: TODAY,
      lines: [{ line_id: 21, quantity: 2, serials: [] }],
      refunds: [{ method: 'cash', amount: 2500 }],
      note: null,
    });
    expect(view().lines[0]!.errors.quantity).toBe('Only 1 can come back.');
    expect(view().refunds!.rows[0]!.errors.amount).toMatch(/^At most \$10\.00/);

    const after: SaleDoc = {
      ...saleDoc(),
      returned_total: 2000,
      refunded: 2000,
      due: 0,
    };
    answers.push(() => ({
      data: after,
      message: 'Return SR-000002 recorded on SL-000009, $10.00 refunded.',
    }));
    draft().send({ type: 'draft.quantity', index: 0, value: 1 });
    draft().send({
      type: 'payment.change',
      index: 0,
      field: 'amount',
      value: 1000,
    });
    draft().send({ type: 'draft.submit' });
    await settled();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
    expect(calls[1]!.body).toMatchObject({
      lines: [{ line_id: 21, quantity: 1, serials: [] }],
      refunds: [{ method: 'cash', amount: 1000 }],
    });
    expect(view().panel).toBeNull();
    expect(actor.getSnapshot().context.doc).toBe(after);
    expect(actor.getSnapshot().context.message).toMatch(/^Return SR-000002 recorded/);
    actor.stop();
  });

  it('a pending sale, or a person without the right to sell, has no Return', () => {
    const pending = page({ ...saleDoc(), status: 'pending' });
    expect(selectDocumentActions(pending.actor.getSnapshot()).buttons.find((b) => b.action === 'return')!.enabled).toBe(false);
    pending.actor.send({ type: 'doc.open', action: 'return' });
    expect(pending.view().panel).toBeNull();
    const clerk = page(saleDoc(), new Set());
    expect(selectDocumentActions(clerk.actor.getSnapshot()).buttons.map((b) => b.action)).not.toContain('return');
    clerk.actor.send({ type: 'doc.open', action: 'return' });
    expect(clerk.view().panel).toBeNull();
  });
});
