/**
 * The dashboard page (machines/dashboard/dashboard.machine.ts), model-based: loaded or given by
 * the page, failed with a retry, refreshed on request or when shown again (the last figures
 * kept meanwhile and when a refresh fails), the chart's range and table view; every shortest
 * path and edge replayed on a REAL actor whose call waits for the path to settle it. Then what
 * the page shows from an owner's and a cashier's response, and where its figures link.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import type { DashboardResponse } from '../../domain/insight/dashboard.ts';
import { parseListQuery } from '../../domain/list-query.ts';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine.ts';
import { changeOf, selectDashboard } from '../../machines/dashboard/dashboard.selectors.ts';
import { DASHBOARD_LINKS, daysOf } from '../../src/screens/dashboard/dashboard-links.ts';
import { SALES } from '../../src/screens/sales/sale-defs.ts';
import { loadDashboard } from '../../src/pages/loaders/dashboard.ts';
import type { AppSystem } from '../../src/app/system.ts';
import { DASHBOARD_API } from '../../domain/insight/dashboard.facts.ts';
import { Coverage, deferredCalls, internalOnlyWhenEnabled, itWalksEveryPath } from './coverage.ts';

type Snap = SnapshotFrom<typeof dashboardMachine>;

const fig = (value: number, previous: number) => ({ value, previous });
const OWNER: DashboardResponse = {
  today: '2026-11-29',
  month_start: '2026-11-01',
  today_figures: { sales: fig(12000, 10000), purchases: fig(0, 5000), expenses: fig(2500, 2500), profit: fig(4000, 0) },
  month_figures: { sales: fig(900000, 1000000), purchases: fig(300000, 250000), expenses: fig(40000, 50000), profit: fig(310000, 300000) },
  receivable: { amount: 45000, documents: 3 },
  payable: { amount: 120000, documents: 2 },
  pending_orders: { count: 4, total: 56000 },
  low_stock: { count: 2, items: [{ id: 5, name: 'Beans', sku: 'B-1', on_hand: 0, alert_quantity: 5 }] },
  top_products: [{ id: 5, name: 'Beans', sku: 'B-1', quantity: 40, revenue: 80000 }],
  recent_sales: [{ id: 9, reference: 'SL-000009', customer: null, sold_on: '2026-11-29', grand_total: 12000, payment_status: 'paid' }],
  till: { scope: 'all', sales: 3, total: 12000, refunds: 0, by_method: [{ method: 'cash', amount: 12000 }], open_sessions: [{ id: 2, reference: 'RS-000002', cashier: 'Casey', opened_at: '2026-11-29T08:00:00Z', sales: 3, total: 12000 }] },
  chart: { days: [{ period: '2026-11-28', sales: 10000, profit: 3000 }, { period: '2026-11-29', sales: 12000, profit: 4000 }], months: [{ period: '2026-11', sales: 900000, profit: 310000 }] },
};
const REFRESHED: DashboardResponse = { ...OWNER, today_figures: { ...OWNER.today_figures, sales: fig(15000, 10000) } };
const CASHIER: DashboardResponse = { today: OWNER.today, month_start: OWNER.month_start, recent_sales: OWNER.recent_sales!, till: { ...OWNER.till!, scope: 'mine' } };

const coverage = new Coverage('dashboard', dashboardMachine);
const serialize = (s: Snap) =>
  JSON.stringify({ value: s.value, sales: s.context.data?.today_figures?.sales?.value ?? null, error: s.context.error !== null, range: s.context.range, table: s.context.table });
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string, message: string) => ({ type: `xstate.error.actor.${id}`, error: { message } });

const EVENTS: AnyEventObject[] = [
  done('loadDashboard', OWNER),
  error('loadDashboard', 'The server could not be reached.'),
  done('refreshDashboard', REFRESHED),
  error('refreshDashboard', 'The server could not be reached.'),
  { type: 'dashboard.retry' },
  { type: 'dashboard.refresh' },
  { type: 'chart.range', range: 'months' },
  { type: 'chart.range', range: 'days' },
  { type: 'chart.table', table: true },
  { type: 'chart.table', table: false },
];

const model = new TestModel(dashboardMachine as unknown as ActorLogic<Snap, AnyEventObject, { data?: DashboardResponse }>, {
  input: {},
  events: EVENTS,
  filterEvents: (s, e) => internalOnlyWhenEnabled(s as never, e) && s.can(e as never),
  serializeState: serialize,
});

/** Both invocations are one call (GET DASHBOARD_API): the path's done or error settles the one waiting. */
async function run(path: StatePath<Snap, AnyEventObject>) {
  const calls = deferredCalls<DashboardResponse>();
  const machine = dashboardMachine.provide({ actors: { loadDashboard: fromPromise((a) => calls.start(a)) } });
  const actor = createActor(machine, { input: {}, inspect: coverage.inspect }).start();
  try {
    for (const { event: e, state } of path.steps) {
      const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
      if (m) {
        const call = calls.only();
        if (m[1] === 'done') call.resolve(e.output as DashboardResponse);
        else call.reject(e.error);
      } else actor.send(e as never);
      for (let i = 0; i < 4; i++) await Promise.resolve();
      const snap = actor.getSnapshot();
      expect(serialize(snap)).toBe(serialize(state));
      const view = selectDashboard(snap);
      // A failed refresh keeps the figures on screen, with why they are not new.
      if (e.type === 'xstate.error.actor.refreshDashboard') expect(view).toMatchObject({ phase: 'shown', error: 'The server could not be reached.' });
      if (e.type === 'xstate.error.actor.loadDashboard') expect(view).toMatchObject({ phase: 'failed', canRetry: true, canRefresh: false });
    }
  } finally {
    actor.stop();
  }
}

describe('dashboard page, model paths on a real actor', () => {
  itWalksEveryPath(model, serialize, run);

  it('given by the page, the figures are shown at once; shown again, the page asks anew and keeps the last figures meanwhile', async () => {
    let shownAgain = () => {};
    const calls = deferredCalls<DashboardResponse>();
    const machine = dashboardMachine.provide({
      actors: {
        loadDashboard: fromPromise((a) => calls.start(a)),
        watchShown: fromCallback(({ sendBack }) => {
          shownAgain = () => sendBack({ type: 'dashboard.refresh' });
        }),
      },
    });
    const actor = createActor(machine, { input: { data: OWNER }, inspect: coverage.inspect }).start();
    expect(selectDashboard(actor.getSnapshot())).toMatchObject({ phase: 'shown', refreshing: false });
    expect(calls.calls).toHaveLength(0);
    shownAgain();
    expect(selectDashboard(actor.getSnapshot())).toMatchObject({ phase: 'shown', refreshing: true, canRefresh: false });
    calls.only().resolve(REFRESHED);
    await Promise.resolve();
    await Promise.resolve();
    expect(selectDashboard(actor.getSnapshot()).periods[0]!.figures[0]).toMatchObject({ key: 'sales', value: 15000 });
    actor.stop();
  });

  it("the page's loader asks the address the machine asks and gives the response as the machine starts from it", async () => {
    const asked: string[] = [];
    const system = { api: { call: async (path: string) => (asked.push(path), { data: OWNER }) } } as unknown as AppSystem;
    const data = await loadDashboard(system);
    expect(asked).toEqual([DASHBOARD_API]);
    const actor = createActor(dashboardMachine, { input: { data } }).start();
    expect(selectDashboard(actor.getSnapshot()).phase).toBe('shown');
    actor.stop();
  });

  it('covers every state and transition of the page', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

describe('what the dashboard shows', () => {
  const shown = (data: DashboardResponse) => {
    const actor = createActor(dashboardMachine, { input: { data } }).start();
    const view = selectDashboard(actor.getSnapshot());
    actor.stop();
    return view;
  };

  it("an owner's page: both periods with every figure and its change in words, what is owed, the chart", () => {
    const v = shown(OWNER);
    expect(v.periods.map((p) => [p.title, p.figures.map((f) => [f.label, f.change.words])])).toEqual([
      ['Today', [['Sales', 'up 20% on yesterday'], ['Purchases', 'down 100% on yesterday'], ['Expenses', 'the same as yesterday'], ['Profit', 'none yesterday']]],
      ['This month', [['Sales', 'down 10% on the same days last month'], ['Purchases', 'up 20% on the same days last month'], ['Expenses', 'down 20% on the same days last month'], ['Profit', 'up 3% on the same days last month']]],
    ]);
    expect(v.periods[1]!.days).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(v.chart).toMatchObject({ range: 'days', table: false, points: OWNER.chart!.days });
    expect(v).toMatchObject({ receivable: OWNER.receivable, payable: OWNER.payable, pendingOrders: OWNER.pending_orders });
  });

  it("a cashier's page: the till and the recent sales, no period figures, nothing owed, no chart", () => {
    const v = shown(CASHIER);
    expect(v.periods).toEqual([]);
    expect(v).toMatchObject({ receivable: null, payable: null, pendingOrders: null, lowStock: null, topProducts: null, chart: null });
    expect(v.till?.scope).toBe('mine');
    expect(v.recentSales).toHaveLength(1);
  });

  it('good news and bad: sales up is good, expenses up is not', () => {
    expect(changeOf(fig(110, 100), 'yesterday', true)).toMatchObject({ direction: 'up', percent: 10, good: true });
    expect(changeOf(fig(110, 100), 'yesterday', false)).toMatchObject({ direction: 'up', good: false });
    expect(changeOf(fig(-50, 100), 'yesterday', true)).toMatchObject({ direction: 'down', percent: 150, words: 'down 150% on yesterday' });
  });
});

describe("where the dashboard's figures lead", () => {
  it("the month's sales: the sales list, completed, over the month so far, as the list reads its address", () => {
    const href = DASHBOARD_LINKS.sales({ from: '2026-11-01', to: '2026-11-29' });
    const [path, search] = href.split('?') as [string, string];
    expect(path).toBe('/admin/sales/list');
    expect(parseListQuery(SALES, `?${search}`).filters).toEqual({ status: 'completed', sold_on_from: '2026-11-01', sold_on_to: '2026-11-29' });
  });

  it('each other figure: its own list and filter', () => {
    const nov = { from: '2026-11-01', to: '2026-11-29' };
    expect(DASHBOARD_LINKS.purchases(nov)).toBe('/admin/purchase/list?purchased_on_from=2026-11-01&purchased_on_to=2026-11-29');
    expect(DASHBOARD_LINKS.expenses(nov)).toBe('/admin/expense?date_from=2026-11-01&date_to=2026-11-29');
    expect(DASHBOARD_LINKS.receivable()).toBe('/admin/sales/list?sort=due&dir=desc&status=completed');
    expect(DASHBOARD_LINKS.payable()).toBe('/admin/purchase/list?sort=due&dir=desc');
    expect(DASHBOARD_LINKS.pendingOrders()).toBe('/admin/orders?status=pending');
    expect(DASHBOARD_LINKS.lowStock()).toBe('/admin/products?sort=on_hand&dir=asc&stock_state=alert');
    expect(DASHBOARD_LINKS.tillSales({ from: '2026-11-29', to: '2026-11-29' })).toBe('/admin/sales/list?channel=pos&sold_on_from=2026-11-29&sold_on_to=2026-11-29&status=completed');
    expect(DASHBOARD_LINKS.session(2)).toBe('/admin/pos/sessions/2');
    expect(DASHBOARD_LINKS.sale(9)).toBe('/admin/sales/edit/9');
  });

  it("a chart point's days: a day itself, a month from its first to its last day", () => {
    expect(daysOf('2026-11-29')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(daysOf('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(daysOf('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });
});
