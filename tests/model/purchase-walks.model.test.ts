/**
 * The walks Chromium takes in tests/e2e/purchases.model.spec.ts, replayed here on real actors:
 * each must take every transition of its machine (together, for the lifecycle's two purchases),
 * and the real actor must land where the walk says after every step, so the walk's key is a
 * function of the machine's state and the page can be checked against a twin.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { purchaseLifecycle } from '../../domain/documents/purchase.ts';
import { documentLifecycleMachine } from '../../machines/document/lifecycle.machine.ts';
import { lineEditorMachine } from '../../machines/document/line-editor.machine.ts';
import { purchaseEditor } from '../../machines/purchases/purchase.kind.ts';
import { CANCELLED, THROUGH_RECEIVED, lifecycleWalk, lineEditorWalk } from '../e2e/support/purchase-models.ts';
import { twinOf } from '../e2e/support/product-stock-models.ts';
import { QUOTATION_ONLY } from './quotation-only.ts';
import { Coverage } from './coverage.ts';
import { testEnv } from './test-env.ts';
import type { Walk } from './walk.ts';

function replay<M extends AnyStateMachine, X>(machine: M, walk: Walk<M, X>, coverage: Coverage, input?: unknown) {
  const twin = twinOf(machine, coverage, input);
  let extra = walk.steps[0]?.extra;
  for (const step of walk.steps) {
    twin.send(step.event);
    extra = step.extra;
    expect(walk.key(twin.getSnapshot() as SnapshotFrom<M>, extra), JSON.stringify(step.event)).toBe(walk.key(step.state, step.extra));
  }
  twin.stop();
}

describe('the purchase walks take every transition of their machines', () => {
  it('line editor, on the create form', () => {
    const coverage = new Coverage('lineEditor', lineEditorMachine, {}, {
      'lineEditor.editing form.reset#0': 'the lifecycle walk: the edit page’s “Discard changes”',
      // A purchase takes no payments with the document (its kind declares none; the guard refuses them).
      'lineEditor.editing payment.add#0': 'tests/model/line-editor.model.test.ts: a sale’s split payments',
      'lineEditor.editing payment.change#0': 'tests/model/line-editor.model.test.ts: a sale’s split payments',
      'lineEditor.editing payment.remove#0': 'tests/model/line-editor.model.test.ts: a sale’s split payments',
      // A purchase types its serials (goods coming in); a kind that sells picks them one by one.
      'lineEditor.editing line.serial.add#0': 'tests/model/line-editor.model.test.ts: a selling line picks its serials',
      'lineEditor.editing line.serial.remove#0': 'tests/model/line-editor.model.test.ts: a selling line picks its serials',
      // A serial typed on a line that sells is asked of the stock; a purchase's new serials are not.
      'lineEditor.checkingSerial': 'tests/model/line-editor.model.test.ts: a serial typed or scanned on a selling line',
      'lineEditor.editing line.serial.add#1': 'tests/model/line-editor.model.test.ts: a serial typed or scanned on a selling line',
    });
    const walk = lineEditorWalk();
    console.log(`line editor walk: ${walk.edges} edges, ${walk.steps.length} steps`);
    expect(walk.steps.length).toBeGreaterThanOrEqual(walk.edges);
    replay(lineEditorMachine, walk, coverage, { kind: purchaseEditor, header: purchaseEditor.emptyHeader('2026-01-05') });
    const report = coverage.report();
    console.log(report.line);
    expect(report.missingTransitions, report.line).toEqual([]);
    expect(report.missingStates, report.line).toEqual([]);
  });

  it('lifecycle, over two purchases: one received and returned, one cancelled', () => {
    const coverage = new Coverage('documentLifecycle', documentLifecycleMachine, {}, {
      'documentLifecycle.ready doc.saved#0': 'tests/e2e/purchases.spec.ts: an ordered purchase’s changes saved on its page, then received',
      ...QUOTATION_ONLY,
    });
    for (const plan of [THROUGH_RECEIVED, CANCELLED]) {
      const walk = lifecycleWalk(plan);
      console.log(`lifecycle walk: ${walk.edges} edges, ${walk.steps.length} steps`);
      expect(walk.steps.length).toBeGreaterThanOrEqual(walk.edges);
      replay(documentLifecycleMachine, walk, coverage, { lifecycle: purchaseLifecycle, doc: { id: 1, status: 'ordered' }, env: testEnv() });
    }
    const report = coverage.report();
    console.log(report.line);
    expect(report.missingTransitions, report.line).toEqual([]);
    expect(report.missingStates, report.line).toEqual([]);
  });
});
