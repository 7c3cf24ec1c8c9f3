import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DashboardResponse } from '../../domain/insight/dashboard.ts';

export type ChartRange = 'days' | 'months';

export interface DashboardContext {
  data: DashboardResponse | null;
  /** Why the figures could not be loaded (nothing shown), or refreshed (the last ones still shown). */
  error: string | null;
  range: ChartRange;
  /** The chart's figures shown as a table instead of drawn. */
  table: boolean;
}

export type DashboardEvent =
  | { type: 'dashboard.retry' }
  /** Asked for again: the Refresh button, or the page shown again (the tab brought back, the menu's link). */
  | { type: 'dashboard.refresh' }
  | { type: 'chart.range'; range: ChartRange }
  | { type: 'chart.table'; table: boolean };

const messageOf = (error: unknown) => (error as { message?: string } | null)?.message || 'The dashboard could not be loaded.';

/**
 * The dashboard page (issue 36): its one response (domain/insight/dashboard.ts), shown at once
 * when the page's loader got it (input `data`), else loaded; failed with a retry; refreshed
 * when the page is shown again (`watchShown`, provided: the tab brought back, the menu's link
 * to the page it is on) or on request, the last figures staying on screen meanwhile and when a
 * refresh fails. The chart's range (30 days or 12 months) and its table view are the page's.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as { data?: DashboardResponse | undefined },
  },
  actors: {
    /** GET DASHBOARD_API (provided: src/screens/dashboard/dashboard-server.ts). */
    loadDashboard: fromPromise<DashboardResponse>(async () => {
      throw new Error('loadDashboard is provided by the app');
    }),
    /** Sends `dashboard.refresh` whenever the page is shown again (provided by the view). */
    watchShown: fromCallback(() => {}),
  },
  guards: {
    hasData: ({ context }) => context.data !== null,
    isOtherRange: ({ context, event }) => event.type === 'chart.range' && event.range !== context.range,
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ data: input.data ?? null, error: null, range: 'days', table: false }),
  initial: 'starting',
  on: {
    'chart.range': { guard: 'isOtherRange', actions: assign({ range: ({ event }) => event.range }) },
    'chart.table': { actions: assign({ table: ({ event }) => event.table }) },
  },
  states: {
    starting: {
      description: 'The page gave the figures, or they must be loaded.',
      always: [{ guard: 'hasData', target: 'shown' }, { target: 'loading' }],
    },
    loading: {
      description: 'The figures are on their way; the page shows its skeleton.',
      tags: ['busy'],
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        onDone: { target: 'shown', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: {
      description: 'Nothing could be loaded: the message and a retry are shown.',
      tags: ['error'],
      on: { 'dashboard.retry': 'loading' },
    },
    shown: {
      description: 'The figures are shown; shown again, the page asks for them anew.',
      invoke: { id: 'watchShown', src: 'watchShown' },
      initial: 'idle',
      states: {
        idle: { on: { 'dashboard.refresh': 'refreshing' } },
        refreshing: {
          description: 'New figures on their way; the last ones stay on screen.',
          tags: ['refreshing'],
          invoke: {
            id: 'refreshDashboard',
            src: 'loadDashboard',
            onDone: { target: 'idle', actions: assign({ data: ({ event }) => event.output, error: null }) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
      },
    },
  },
});

export type DashboardActor = ActorRefFrom<typeof dashboardMachine>;
export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;
