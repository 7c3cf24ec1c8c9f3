/**
 * The walks Chromium takes in tests/e2e/product-stock.model.spec.ts, replayed here on real
 * actors: each must take every transition of its machine (a walk that misses one fails here in
 * seconds), and the real actor must land where the walk says after every step.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, SnapshotFrom } from 'xstate';
import { barcodeMachine } from '../../machines/fields/barcode.machine.ts';
import { imageUploadMachine } from '../../machines/fields/image-upload.machine.ts';
import { stockScreenMachine } from '../../machines/stock/stock-screen.machine.ts';
import { barcodeWalk, imageWalk, stockScreenWalk, twinOf } from '../e2e/support/product-stock-models.ts';
import { Coverage } from './coverage.ts';
import type { Walk } from './walk.ts';

function replay<M extends AnyStateMachine, X>(machine: M, walk: Walk<M, X>, coverage: Coverage, input?: unknown) {
  const twin = twinOf(machine, coverage, input);
  for (const step of walk.steps) {
    twin.send(step.event);
    expect(walk.key(twin.getSnapshot() as SnapshotFrom<M>, step.extra), JSON.stringify(step.event)).toBe(walk.key(step.state, step.extra));
  }
  twin.stop();
}

describe('the Chromium walks take every transition of their machines', () => {
  it.each([
    ['image upload', imageUploadMachine, imageWalk],
    ['barcode', barcodeMachine, barcodeWalk],
  ] as const)('%s', (_, machine, walkOf) => {
    const coverage = new Coverage(machine.id, machine);
    const walk = walkOf() as unknown as Walk<AnyStateMachine, unknown>;
    expect(walk.steps.length).toBeGreaterThanOrEqual(walk.edges);
    replay(machine, walk, coverage);
    const report = coverage.report();
    expect(report.missingTransitions, report.line).toEqual([]);
    expect(report.missingStates, report.line).toEqual([]);
  });

  it('stock screen, from the stock page and from a product page', () => {
    const coverage = new Coverage('stockScreen', stockScreenMachine);
    replay(stockScreenMachine, stockScreenWalk(null), coverage, { adjust: null });
    replay(stockScreenMachine, stockScreenWalk('7'), coverage, { adjust: '7' });
    // From a product page the form opens at once, with the product chosen.
    expect(stockScreenWalk('7').start.value).toBe('adjusting');
    const report = coverage.report();
    expect(report.missingTransitions, report.line).toEqual([]);
    expect(report.missingStates, report.line).toEqual([]);
  });

  it('the image walk sends each kind of file from an empty and from a filled field', () => {
    const walk = imageWalk();
    const chosen = new Set(walk.steps.filter((s) => s.event.type === 'image.choose').map((s) => (s.event.file as { name: string }).name));
    expect([...chosen].sort()).toEqual(['blank.webp', 'poster.png', 'price-list.pdf', 'shoe.png']);
    expect(walk.steps.some((s) => s.event.type === 'image.remove')).toBe(true);
  });
});
