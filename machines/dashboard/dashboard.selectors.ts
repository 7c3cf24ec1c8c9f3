import type { ComparedFigure, DashboardResponse } from '../../domain/insight/dashboard.ts';
import type { DashboardSnapshot } from './dashboard.machine.ts';

/** How a figure moved against its previous period. */
export interface Change {
  direction: 'up' | 'down' | 'same' | 'new';
  /** Whole percent of the previous figure; null when there was nothing before to compare with. */
  percent: number | null;
  /** Whether the move is good news (sales up, expenses down): the badge's tone. */
  good: boolean | null;
  /** The change in words, for everyone and for screen readers: "up 12% on yesterday". */
  words: string;
}

export function changeOf(f: ComparedFigure, previousName: string, goodWhenUp: boolean): Change {
  const { value, previous } = f;
  if (value === previous) return { direction: 'same', percent: 0, good: null, words: `the same as ${previousName}` };
  const up = value > previous;
  if (previous === 0) return { direction: 'new', percent: null, good: up === goodWhenUp, words: `none ${previousName}` };
  const percent = Math.round((Math.abs(value - previous) / Math.abs(previous)) * 100);
  return { direction: up ? 'up' : 'down', percent, good: up === goodWhenUp, words: `${up ? 'up' : 'down'} ${percent}% on ${previousName}` };
}

export const PERIOD_FIGURES = [
  { key: 'sales', label: 'Sales', goodWhenUp: true },
  { key: 'purchases', label: 'Purchases', goodWhenUp: false },
  { key: 'expenses', label: 'Expenses', goodWhenUp: false },
  { key: 'profit', label: 'Profit', goodWhenUp: true },
] as const;
export type PeriodFigureKey = (typeof PERIOD_FIGURES)[number]['key'];

export interface FigureView {
  key: PeriodFigureKey;
  label: string;
  value: number;
  previous: number;
  change: Change;
}

export interface PeriodView {
  key: 'today' | 'month';
  title: string;
  /** The figure's days (both ends included) and the previous period's name. */
  days: { from: string; to: string };
  previousName: string;
  figures: FigureView[];
}

function periodView(key: PeriodView['key'], d: DashboardResponse): PeriodView | null {
  const figures = key === 'today' ? d.today_figures : d.month_figures;
  const previousName = key === 'today' ? 'yesterday' : 'the same days last month';
  const shown = PERIOD_FIGURES.flatMap((p) => {
    const f = figures?.[p.key];
    return f ? [{ key: p.key, label: p.label, value: f.value, previous: f.previous, change: changeOf(f, previousName, p.goodWhenUp) }] : [];
  });
  if (shown.length === 0) return null;
  return {
    key,
    title: key === 'today' ? 'Today' : 'This month',
    days: { from: key === 'today' ? d.today : d.month_start, to: d.today },
    previousName,
    figures: shown,
  };
}

/**
 * What the dashboard shows: its phase, each part the response has (a part the person has no
 * rights to is absent, and so is its section), the chart's range and view, and what may be
 * asked now (from `can`).
 */
export function selectDashboard(s: DashboardSnapshot) {
  const d = s.context.data;
  const phase = s.matches('failed') ? ('failed' as const) : d ? ('shown' as const) : ('loading' as const);
  const periods = d ? [periodView('today', d), periodView('month', d)].filter((p): p is PeriodView => p !== null) : [];
  return {
    phase,
    /** Loading failed (nothing shown), or the last refresh did (the figures shown are the last ones). */
    error: s.context.error,
    refreshing: s.hasTag('refreshing'),
    canRefresh: s.can({ type: 'dashboard.refresh' }),
    canRetry: s.can({ type: 'dashboard.retry' }),
    today: d?.today ?? null,
    monthStart: d?.month_start ?? null,
    periods,
    receivable: d?.receivable ?? null,
    payable: d?.payable ?? null,
    pendingOrders: d?.pending_orders ?? null,
    lowStock: d?.low_stock ?? null,
    topProducts: d?.top_products ?? null,
    recentSales: d?.recent_sales ?? null,
    till: d?.till ?? null,
    chart: d?.chart ? { range: s.context.range, table: s.context.table, points: s.context.range === 'days' ? d.chart.days : d.chart.months } : null,
  };
}
export type DashboardView = ReturnType<typeof selectDashboard>;
