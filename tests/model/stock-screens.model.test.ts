/**
 * Model-based tests of the product and stock screens' small machines: the products list's bulk
 * status change, the label sheet and the top bar's bell. Every edge of each graph is replayed
 * on a REAL actor whose requests are deferred promises the test settles, with spies for what
 * goes out (toasts, the list reloading, the print dialog).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { PERMISSIONS } from '../../domain/permissions.ts';
import { LABELS_PER_PRODUCT_MAX } from '../../domain/stock/labels.ts';
import { bulkStatusMachine } from '../../machines/products/bulk-status.machine.ts';
import { labelsMachine, selectLabels, type LabelItem } from '../../machines/products/labels.machine.ts';
import { selectBell, stockAlertsMachine, type StockAlerts } from '../../machines/stock/stock-alerts.machine.ts';
import { Coverage, deferredCalls, edgePaths, internalOnlyWhenEnabled } from './coverage.ts';

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
type Ev = { event: AnyEventObject };
const OFFLINE = { status: 0, message: 'The server cannot be reached.' };

// ---------------------------------------------------------------- bulk status
type BulkSnap = SnapshotFrom<typeof bulkStatusMachine>;
const bulkCoverage = new Coverage('bulkStatus', bulkStatusMachine);
describe('bulk status machine, every edge', () => {
  const serialize = (s: BulkSnap) => JSON.stringify(s.value);
  const model = new TestModel(bulkStatusMachine as unknown as ActorLogic<BulkSnap, AnyEventObject, undefined>, {
    events: [
      { type: 'bulk.status', ids: [3, 4], status: 'inactive' },
      { type: 'bulk.status', ids: [], status: 'active' },
      { type: 'xstate.done.actor.setStatus', output: { message: '2 products made inactive.' } },
      { type: 'xstate.error.actor.setStatus', error: OFFLINE },
    ],
    filterEvents: internalOnlyWhenEnabled as never,
    serializeState: serialize,
  });
  edgePaths(model, serialize).forEach((path, i) =>
    it(`edge ${i}: ${path.steps.slice(1).map((s) => JSON.stringify(s.event)).join(' → ')}`, async () => {
      const calls = deferredCalls<{ message: string }>();
      const notify = vi.fn();
      const listChanged = vi.fn();
      const actor = createActor(
        bulkStatusMachine.provide({ actors: { setStatus: fromPromise((a) => calls.start(a)) }, actions: { notify: (_, n) => notify(n), listChanged } }),
        { inspect: bulkCoverage.inspect },
      ).start();
      try {
        await model.testPath(path, {
          events: {
            'bulk.status': ({ event }: Ev) => {
              const [busy, sent] = [actor.getSnapshot().hasTag('busy'), calls.calls.length];
              actor.send(event as never);
              const ids = event.ids as number[];
              if (busy || ids.length === 0) expect(calls.calls).toHaveLength(sent);
              else expect(calls.only().input).toEqual({ ids, status: event.status });
            },
            'xstate.done.actor.setStatus': async () => {
              calls.only().resolve({ message: '2 products made inactive.' });
              await settled();
              expect(notify).toHaveBeenLastCalledWith({ toastType: 'success', body: '2 products made inactive.' });
              expect(listChanged).toHaveBeenCalledTimes(1);
            },
            'xstate.error.actor.setStatus': async () => {
              const changed = listChanged.mock.calls.length;
              calls.only().reject(OFFLINE);
              await settled();
              expect(notify).toHaveBeenLastCalledWith({ toastType: 'error', body: OFFLINE.message });
              expect(listChanged).toHaveBeenCalledTimes(changed);
            },
          } as never,
        });
      } finally {
        actor.stop();
      }
    }),
  );
  it('covers every state and transition', () => {
    const r = bulkCoverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

// ---------------------------------------------------------------- labels
type LabelsSnap = SnapshotFrom<typeof labelsMachine>;
const labelsCoverage = new Coverage('labels', labelsMachine);
const PRODUCTS: Omit<LabelItem, 'count'>[] = [
  { id: 3, name: 'Trail shoe', price: 4990, barcode: '2012345678903' },
  { id: 4, name: 'Sock', price: 499, barcode: null },
];
describe('labels machine, every edge', () => {
  for (const ids of [[3, 4]]) {
    const serialize = (s: LabelsSnap) => JSON.stringify({ value: s.value, counts: s.context.items.map((i) => i.count) });
    const model = new TestModel(labelsMachine as unknown as ActorLogic<LabelsSnap, AnyEventObject, { ids: number[] }>, {
      input: { ids },
      events: [
        { type: 'label.count', id: 3, count: 3 },
        { type: 'label.count', id: 3, count: 0 },
        { type: 'label.count', id: 4, count: 0 },
        { type: 'label.count', id: 4, count: LABELS_PER_PRODUCT_MAX + 1 },
        { type: 'labels.print' },
        { type: 'labels.retry' },
        { type: 'xstate.done.actor.loadProducts', output: PRODUCTS },
        { type: 'xstate.error.actor.loadProducts', error: OFFLINE },
      ],
      filterEvents: (s, e) => s.status === 'active' && internalOnlyWhenEnabled(s as never, e),
      serializeState: serialize,
    });
    edgePaths(model, serialize).forEach((path, i) =>
      it(`ids ${ids.join(',') || 'none'} edge ${i}: ${path.steps.slice(1).map((s) => JSON.stringify(s.event)).join(' → ')}`, async () => {
        const loads = deferredCalls<Omit<LabelItem, 'count'>[]>();
        const print = vi.fn();
        const actor = createActor(labelsMachine.provide({ actors: { loadProducts: fromPromise((a) => loads.start(a)) }, actions: { print } }), {
          input: { ids },
          inspect: labelsCoverage.inspect,
        }).start();
        const view = () => selectLabels(actor.getSnapshot());
        expect(view().phase).toBe(ids.length ? 'loading' : 'none');
        try {
          await model.testPath(path, {
            events: {
              'label.count': ({ event }: Ev) => {
                const before = view();
                actor.send(event as never);
                const ok = before.phase === 'ready' && (event.count as number) <= LABELS_PER_PRODUCT_MAX;
                const item = view().items.find((x) => x.id === event.id);
                if (ok) expect(item?.count).toBe(event.count);
                else expect(view().items).toEqual(before.items);
                expect(view().total).toBe(view().items.reduce((n, x) => n + x.count, 0));
              },
              'labels.print': ({ event }: Ev) => {
                const [can, printed] = [view().canPrint, print.mock.calls.length];
                actor.send(event as never);
                // Printing needs at least one label; an empty sheet is never printed.
                expect(print).toHaveBeenCalledTimes(can ? printed + 1 : printed);
                expect(can).toBe(view().phase === 'ready' && view().total > 0);
              },
              'labels.retry': ({ event }: Ev) => {
                const failed = view().phase === 'failed';
                const sent = loads.calls.length;
                actor.send(event as never);
                expect(loads.calls).toHaveLength(failed ? sent + 1 : sent);
              },
              'xstate.done.actor.loadProducts': async () => {
                expect(loads.only().input).toEqual({ ids });
                loads.only().resolve(PRODUCTS);
                await settled();
                // Each product starts at one label.
                expect(view().items.map((x) => x.count)).toEqual([1, 1]);
                expect(view().sheets).toBe(1);
              },
              'xstate.error.actor.loadProducts': async () => {
                loads.only().reject(OFFLINE);
                await settled();
                expect(view()).toMatchObject({ phase: 'failed', error: OFFLINE.message, canPrint: false });
              },
            } as never,
          });
        } finally {
          actor.stop();
        }
      }),
    );
  }
  it('with no product chosen, it loads nothing and says where to choose them', () => {
    const loads = deferredCalls<Omit<LabelItem, 'count'>[]>();
    const actor = createActor(labelsMachine.provide({ actors: { loadProducts: fromPromise((a) => loads.start(a)) } }), { input: { ids: [] }, inspect: labelsCoverage.inspect }).start();
    expect(selectLabels(actor.getSnapshot())).toMatchObject({ phase: 'none', canPrint: false, total: 0 });
    expect(loads.calls).toHaveLength(0);
  });
  it("a labels page drawn with its products starts ready, one label each, and loads nothing", () => {
    const loads = deferredCalls<Omit<LabelItem, 'count'>[]>();
    const actor = createActor(labelsMachine.provide({ actors: { loadProducts: fromPromise((a) => loads.start(a)) } }), {
      input: { ids: [3, 4], products: PRODUCTS },
      inspect: labelsCoverage.inspect,
    }).start();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(selectLabels(actor.getSnapshot()).items.map((i) => [i.name, i.count])).toEqual([['Trail shoe', 1], ['Sock', 1]]);
    expect(loads.calls).toHaveLength(0);
    actor.stop();
  });
  it('covers every state and transition', () => {
    const r = labelsCoverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

// ---------------------------------------------------------------- the bell
type BellSnap = SnapshotFrom<typeof stockAlertsMachine>;
const bellCoverage = new Coverage('stockAlerts', stockAlertsMachine);
const ALERTS: StockAlerts = {
  count: 2,
  href: '/admin/products?stock_state=alert',
  data: [
    { id: 4, name: 'Sock', sku: 'SK-1', on_hand: 0, alert_quantity: 3, stock_state: 'out', href: '/admin/product/view/4' },
    { id: 3, name: 'Trail shoe', sku: 'TS-1', on_hand: 1, alert_quantity: 2, stock_state: 'low', href: '/admin/product/view/3' },
  ],
};
describe('stock alerts machine (the bell), every edge', () => {
  const serialize = (s: BellSnap) => JSON.stringify({ value: s.value, count: s.context.alerts?.count ?? null, error: s.context.error });
  const model = new TestModel(stockAlertsMachine as unknown as ActorLogic<BellSnap, AnyEventObject, undefined>, {
    events: [
      { type: 'alerts.session', permissions: [...PERMISSIONS] },
      { type: 'alerts.session', permissions: ['dashboard', 'pos'] },
      { type: 'alerts.refresh' },
      { type: 'xstate.done.actor.loadAlerts', output: ALERTS },
      { type: 'xstate.error.actor.loadAlerts', error: OFFLINE },
      { type: 'xstate.after.refreshEvery.stockAlerts.watching.shown' },
      { type: 'xstate.after.retryAfter.stockAlerts.watching.failed' },
    ],
    filterEvents: (s, e) =>
      e.type.startsWith('xstate.after.refreshEvery') ? s.matches({ watching: 'shown' }) : e.type.startsWith('xstate.after.retryAfter') ? s.matches({ watching: 'failed' }) : internalOnlyWhenEnabled(s as never, e),
    serializeState: serialize,
  });
  edgePaths(model, serialize).forEach((path, i) =>
    it(`edge ${i}: ${path.steps.slice(1).map((s) => s.event.type + (s.event.permissions ? `(${(s.event.permissions as string[]).length})` : '')).join(' → ')}`, async () => {
      vi.useFakeTimers();
      const loads = deferredCalls<StockAlerts>();
      const actor = createActor(stockAlertsMachine.provide({ actors: { loadAlerts: fromPromise((a) => loads.start(a as never)) } }), { input: {}, inspect: bellCoverage.inspect }).start();
      const bell = () => selectBell(actor.getSnapshot());
      const flush = async () => {
        await vi.advanceTimersByTimeAsync(0);
      };
      try {
        expect(bell()).toMatchObject({ watching: false, count: 0, label: 'Notifications' });
        await model.testPath(path, {
          events: {
            'alerts.session': async ({ event }: Ev) => {
              const sent = loads.calls.length;
              const was = bell().watching;
              actor.send(event as never);
              const may = (event.permissions as string[]).includes('stock');
              expect(bell().watching).toBe(may);
              if (may && !was) expect(loads.calls).toHaveLength(sent + 1);
              // Asked, not answered yet: the bell claims no count.
              if (may && !was) expect(bell().label).toBe('Notifications');
              if (!may) expect(bell()).toMatchObject({ count: 0, items: [] });
            },
            'alerts.refresh': async ({ event }: Ev) => {
              const sent = loads.calls.length;
              const again = actor.getSnapshot().matches({ watching: 'shown' }) || actor.getSnapshot().matches({ watching: 'failed' });
              actor.send(event as never);
              expect(loads.calls).toHaveLength(again ? sent + 1 : sent);
            },
            'xstate.done.actor.loadAlerts': async () => {
              loads.only().resolve(ALERTS);
              await flush();
              expect(bell()).toMatchObject({ count: 2, label: 'Notifications: 2 products low or out of stock', allHref: ALERTS.href });
              expect(bell().items.map((a) => a.name)).toEqual(['Sock', 'Trail shoe']);
            },
            'xstate.error.actor.loadAlerts': async () => {
              loads.only().reject(OFFLINE);
              await flush();
              expect(bell().error).toBe(OFFLINE.message);
            },
            'xstate.after.refreshEvery.stockAlerts.watching.shown': async () => {
              const sent = loads.calls.length;
              await vi.advanceTimersByTimeAsync(60_000);
              expect(loads.calls).toHaveLength(sent + 1);
            },
            'xstate.after.retryAfter.stockAlerts.watching.failed': async () => {
              const sent = loads.calls.length;
              await vi.advanceTimersByTimeAsync(30_000);
              expect(loads.calls).toHaveLength(sent + 1);
            },
          } as never,
        });
      } finally {
        actor.stop();
        vi.useRealTimers();
      }
    }),
  );
  it('a page drawn with the alerts shows them at sign-in without asking', () => {
    const loads = deferredCalls<StockAlerts>();
    const actor = createActor(stockAlertsMachine.provide({ actors: { loadAlerts: fromPromise((a) => loads.start(a as never)) } }), { input: { alerts: ALERTS }, inspect: bellCoverage.inspect }).start();
    actor.send({ type: 'alerts.session', permissions: ['stock'] });
    expect(actor.getSnapshot().matches({ watching: 'shown' })).toBe(true);
    expect(loads.calls).toHaveLength(0);
    // Signing out forgets them; the next person's are asked for.
    actor.send({ type: 'alerts.session', permissions: [] });
    actor.send({ type: 'alerts.session', permissions: ['stock'] });
    expect(loads.calls).toHaveLength(1);
    actor.stop();
  });

  it('covers every state and transition', () => {
    const r = bellCoverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});
