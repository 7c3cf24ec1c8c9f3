import { assign, fromPromise, setup } from 'xstate';
import type { Permission } from '../../domain/permissions.ts';
import { STOCK_ACCESS } from '../../domain/stock/access.ts';
import type { StockState } from '../../domain/stock/kinds.ts';

export interface StockAlert {
  id: number;
  name: string;
  sku: string;
  on_hand: number;
  alert_quantity: number;
  stock_state: StockState;
  href: string;
}

export interface StockAlerts {
  count: number;
  data: StockAlert[];
  /** Every low or out product, on the products list. */
  href: string;
}

export interface StockAlertsContext {
  alerts: StockAlerts | null;
  error: string | null;
}

export type StockAlertsEvent =
  /** Who is signed in now (from auth): only who looks after products or stock sees the bell's count. */
  | { type: 'alerts.session'; permissions: readonly Permission[] }
  /** Stock changed here (an adjustment): ask again now. */
  | { type: 'alerts.refresh' };

export const ALERTS_REFRESH_MS = 60_000;
export const ALERTS_RETRY_MS = 30_000;

const mayWatch = (permissions: readonly Permission[]) => (STOCK_ACCESS.stockAlerts as readonly Permission[]).some((p) => permissions.includes(p));

/**
 * The top bar's bell: how many active products are at or below their alert quantity, and the
 * worst of them. Loaded when someone who may see it signs in, again every minute and whenever
 * stock changes here; forgotten at sign-out.
 */
export const stockAlertsMachine = setup({
  /** `alerts`: what the bell showed on the page the server drew, shown again without asking. */
  types: { context: {} as StockAlertsContext, events: {} as StockAlertsEvent, input: {} as { alerts?: StockAlerts | null } | undefined },
  actors: {
    loadAlerts: fromPromise<StockAlerts, void>(async () => {
      throw new Error('loadAlerts is provided by the app');
    }),
  },
  delays: { refreshEvery: ALERTS_REFRESH_MS, retryAfter: ALERTS_RETRY_MS },
  guards: {
    mayWatch: ({ event }) => event.type === 'alerts.session' && mayWatch(event.permissions),
    mayNotWatch: ({ event }) => event.type === 'alerts.session' && !mayWatch(event.permissions),
    hasAlerts: ({ context }) => context.alerts !== null,
  },
}).createMachine({
  id: 'stockAlerts',
  context: ({ input }) => ({ alerts: input?.alerts ?? null, error: null }),
  initial: 'off',
  states: {
    off: {
      description: 'Nobody who may see stock alerts is signed in; the bell shows no count.',
      on: { 'alerts.session': { guard: 'mayWatch', target: 'watching' } },
    },
    watching: {
      initial: 'starting',
      on: { 'alerts.session': { guard: 'mayNotWatch', target: 'off', actions: assign({ alerts: null, error: null }) } },
      states: {
        starting: {
          description: 'Shows the alerts the page was drawn with, or asks for them.',
          always: [{ guard: 'hasAlerts', target: 'shown' }, { target: 'loading' }],
        },
        loading: {
          description: 'Asking the server for the low-stock products.',
          tags: ['busy'],
          invoke: {
            id: 'loadAlerts',
            src: 'loadAlerts',
            onDone: { target: 'shown', actions: assign({ alerts: ({ event }) => event.output, error: null }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => (event.error as { message?: string })?.message || 'Stock alerts could not be loaded.' }) },
          },
        },
        shown: {
          description: 'The count and the list are shown; they are asked for again in a minute.',
          after: { refreshEvery: 'loading' },
          on: { 'alerts.refresh': 'loading' },
        },
        failed: {
          description: 'The last request failed; the bell says so and tries again shortly.',
          tags: ['error'],
          after: { retryAfter: 'loading' },
          on: { 'alerts.refresh': 'loading' },
        },
      },
    },
  },
});

export type StockAlertsSnapshot = import('xstate').SnapshotFrom<typeof stockAlertsMachine>;

/** What the bell shows: whether it counts at all, the count, its label, the list. */
export function selectBell(s: StockAlertsSnapshot) {
  const watching = !s.matches('off');
  const count = s.context.alerts?.count ?? 0;
  // Before its first answer the bell knows nothing: it does not say "no low stock".
  const known = watching && s.context.alerts !== null;
  return {
    watching,
    count,
    label: !known ? 'Notifications' : count === 0 ? 'Notifications: no low stock' : `Notifications: ${count} ${count === 1 ? 'product' : 'products'} low or out of stock`,
    items: s.context.alerts?.data ?? [],
    allHref: s.context.alerts?.href ?? null,
    error: s.context.error,
    loading: s.hasTag('busy') && !s.context.alerts,
  };
}
