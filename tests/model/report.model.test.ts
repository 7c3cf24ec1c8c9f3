/**
 * The report page's machine (machines/reports/report.machine.ts), model-based: the range changed
 * by the fields, a preset and the address (a bad one refused before any request), the load that
 * answers rows, none or a failure with Retry, the CSV export beside it and Print; walked by
 * TestModel, every shortest path and edge replayed on a REAL actor whose loads wait for the path
 * to settle them. A range left while loading aborts its request: exactly one load is live, for
 * the shown range, and the address always says the range asked.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { rangeSearch } from '../../domain/insight/report-range.ts';
import type { ReportResponse } from '../../domain/insight/reports.ts';
import { reportMachine, REPORT_MESSAGES, type ReportInput } from '../../machines/reports/report.machine.ts';
import { selectReportView } from '../../machines/reports/report.selectors.ts';
import type { Notice } from '../../machines/toast/toast.constants.ts';
import { Coverage, deferredCalls, internalOnlyWhenEnabled, itWalksEveryPath } from './coverage.ts';

type Snap = SnapshotFrom<typeof reportMachine>;
const TODAY = '2026-11-15';
const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };
const answer = (rows: ReportResponse['rows'], range = OCTOBER): ReportResponse => ({ kind: 'sales-by-day', ...range, rows, total_rows: rows.length, totals: { sales: rows.length } });
const ROWS = answer([{ day: '2026-10-02', sales: 3, gross: 1200, returns: 0, net: 1200, tax: 100 }]);
const NONE = answer([]);
const input = (over: Partial<ReportInput> = {}): ReportInput => ({ kind: 'sales-by-day', today: TODAY, search: '', ...over });

const coverage = new Coverage('report', reportMachine);
const serialize = (s: Snap) => JSON.stringify({ value: s.value, range: s.context.range, data: s.context.data ? s.context.data.rows.length : null, problem: s.context.problem?.field ?? null });
const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e });

const EVENTS: AnyEventObject[] = [
  done('loadReport', ROWS),
  done('loadReport', NONE),
  error('loadReport', { status: 0, message: 'The server cannot be reached.' }),
  done('exportReport'),
  error('exportReport', { status: 500, message: '' }),
  { type: 'report.range', from: '2026-09-01', to: '2026-09-30' },
  { type: 'report.range', from: '2026-09-30', to: '2026-09-01' },
  { type: 'report.preset', preset: 'thisMonth' },
  // Back to last month's address, and an address naming a bad range.
  { type: 'report.urlChanged', search: rangeSearch(OCTOBER) },
  { type: 'report.urlChanged', search: '?from=2026-02-30&to=2026-03-05' },
  { type: 'report.retry' },
  { type: 'report.export' },
  { type: 'report.print' },
];

const model = new TestModel(reportMachine as unknown as ActorLogic<Snap, AnyEventObject, ReportInput>, {
  input: input(),
  events: EVENTS,
  filterEvents: (s, e) => internalOnlyWhenEnabled(s as never, e),
  serializeState: serialize,
});

function harness(start: ReportInput = input()) {
  const loads = deferredCalls<ReportResponse>();
  const exports = deferredCalls<void>();
  const urls: string[] = [];
  const notices: Notice[] = [];
  let printed = 0;
  const machine = reportMachine.provide({
    actors: {
      loadReport: fromPromise((a) => loads.start(a)),
      exportReport: fromPromise((a) => exports.start(a)),
      followAddressBar: fromCallback(() => () => {}),
    },
    actions: { writeUrl: (_, { search }) => void urls.push(search), print: () => void printed++, notify: (_, n) => void notices.push(n) },
  });
  const actor = createActor(machine, { input: start, inspect: coverage.inspect }).start();
  return { actor, loads, exports, urls, notices, printed: () => printed };
}

/** What every state promises, checked after each step. */
function check(h: ReturnType<typeof harness>) {
  const snap = h.actor.getSnapshot();
  const view = selectReportView(snap);
  const { range } = snap.context;
  expect(h.urls.at(-1)).toBe(rangeSearch(range));
  if (view.phase === 'loading') expect(h.loads.only().input).toEqual({ kind: 'sales-by-day', range });
  else expect(h.loads.live()).toEqual([]);
  expect(view.can.export).toBe(view.phase === 'shown' && !view.exporting);
  expect(view.can.print).toBe(view.phase === 'shown');
  expect(view.can.retry).toBe(view.phase === 'failed');
  expect(view.data !== null).toBe(view.phase === 'shown');
  if (view.phase === 'failed') expect(view.error).toBe('The server cannot be reached.');
  if (view.phase === 'invalid') expect(view.problem).not.toBeNull();
  else expect(view.problem).toBeNull();
  // A download under way goes on for the range it was asked for, whatever the range is now.
  if (view.exporting) expect(h.exports.only().input).toMatchObject({ kind: 'sales-by-day' });
  else expect(h.exports.live()).toEqual([]);
}

async function run(path: StatePath<Snap, AnyEventObject>) {
  const h = harness();
  try {
    check(h);
    for (const { event: e, state } of path.steps) {
      const printedBefore = h.printed();
      const exportingBefore = selectReportView(h.actor.getSnapshot()).exporting;
      const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
      if (m) {
        const call = (m[2] === 'loadReport' ? h.loads : h.exports).only() as { resolve(v: unknown): void; reject(e: unknown): void };
        if (m[1] === 'done') call.resolve(e.output);
        else call.reject(e.error);
      } else {
        // The address the person went to (back, forward) is the address: the page writes nothing then.
        if (e.type === 'report.urlChanged') h.urls.push(e.search);
        h.actor.send(e as never);
      }
      for (let i = 0; i < 4; i++) await Promise.resolve();
      expect(serialize(h.actor.getSnapshot())).toBe(serialize(state));
      check(h);
      if (e.type === 'report.export' && !exportingBefore && selectReportView(h.actor.getSnapshot()).exporting) expect(h.exports.only().input).toEqual({ kind: 'sales-by-day', range: h.actor.getSnapshot().context.range });
      if (e.type === 'report.print') expect(h.printed()).toBe(printedBefore + (selectReportView(h.actor.getSnapshot()).phase === 'shown' ? 1 : 0));
      if (e.type === 'xstate.error.actor.exportReport') expect(h.notices.at(-1)).toEqual({ toastType: 'error', body: REPORT_MESSAGES.export });
    }
  } finally {
    h.actor.stop();
  }
}

describe('report page, model paths on a real actor', () => {
  itWalksEveryPath(model, serialize, run, 30_000);

  it('opens on last month; a range left while loading has its request aborted', async () => {
    const h = harness();
    const first = h.loads.only();
    expect(first.input).toEqual({ kind: 'sales-by-day', range: OCTOBER });
    expect(h.urls).toEqual(['?from=2026-10-01&to=2026-10-31']);
    h.actor.send({ type: 'report.preset', preset: 'last30' });
    expect(first.signal.aborted).toBe(true);
    expect(h.loads.only().input).toEqual({ kind: 'sales-by-day', range: { from: '2026-10-17', to: TODAY } });
    h.actor.send({ type: 'report.preset', preset: 'thisYear' });
    expect(h.loads.only().input).toEqual({ kind: 'sales-by-day', range: { from: '2026-01-01', to: TODAY } });
    h.actor.stop();
  });

  it("starts from the page loader's answer (its range taken, written to the address), empty or not; a bad address asks nothing", () => {
    for (const [start, phase] of [
      [input({ data: answer(ROWS.rows, { from: '2026-09-01', to: '2026-09-30' }) }), 'shown'],
      [input({ data: NONE }), 'empty'],
      [input({ search: '?from=2026-10-31&to=2026-10-01' }), 'invalid'],
      [input({ search: '?from=2025-01-01&to=2026-10-01' }), 'invalid'],
    ] as const) {
      const h = harness(start);
      const view = selectReportView(h.actor.getSnapshot());
      expect(view.phase).toBe(phase);
      expect(h.loads.calls).toEqual([]);
      if (phase === 'invalid') expect(view.problem).toMatchObject({ field: 'to' });
      else expect(h.urls).toEqual([rangeSearch({ from: start.data!.from, to: start.data!.to })]);
      h.actor.stop();
    }
  });

  it('covers every state and transition of the report machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
