import { z } from 'zod';

/**
 * The dashboard's one call (issue 36, PRODUCT §4): every figure the page shows, each present only
 * when the person holds the rights it needs (the server leaves the others out; the page draws
 * what it is given). Money in minor units. Definitions, shared by the dashboard and the reports so
 * their numbers agree (server/insight/ computes them once):
 * - sales: completed sales' grand totals dated in the period, less the grand totals of returns
 *   dated in the period (PRODUCT §3);
 * - profit: the same sales' revenue without tax and shipping (after discounts), less the cost
 *   their units left stock at (sale_lines.unit_cost), returns taken off at their own cost;
 * - purchases: received purchases' grand totals dated in the period (not cancelled);
 * - expenses: expenses dated in the period.
 * The previous period is yesterday for today, and the previous month up to the same day for the
 * month (1–28 Nov against 1–28 Oct), so a comparison is like for like.
 */
export { DASHBOARD_API } from './dashboard.facts.ts';

/** A figure against the previous period. */
export const comparedFigure = z.object({ value: z.number().int(), previous: z.number().int() });
export type ComparedFigure = z.infer<typeof comparedFigure>;

/** One period's figures; each only with its rights (see DASHBOARD_RIGHTS). */
export const periodFigures = z.object({
  sales: comparedFigure.optional(),
  purchases: comparedFigure.optional(),
  expenses: comparedFigure.optional(),
  profit: comparedFigure.optional(),
});

export const chartPoint = z.object({
  /** YYYY-MM-DD for a day, YYYY-MM for a month. */
  period: z.string(),
  sales: z.number().int(),
  profit: z.number().int(),
});
export type ChartPoint = z.infer<typeof chartPoint>;

export const dashboardResponse = z.object({
  /** The shop's today (YYYY-MM-DD) and the month's first day the figures were read for. */
  today: z.string(),
  month_start: z.string(),
  today_figures: periodFigures.optional(),
  month_figures: periodFigures.optional(),
  /** What customers owe on completed sales (grand total − paid − refunds, over every date). */
  receivable: z.object({ amount: z.number().int(), documents: z.number().int() }).optional(),
  /** What the shop owes suppliers on purchases. */
  payable: z.object({ amount: z.number().int(), documents: z.number().int() }).optional(),
  pending_orders: z.object({ count: z.number().int(), total: z.number().int() }).optional(),
  low_stock: z
    .object({
      count: z.number().int(),
      /** The first few, fewest on hand first. */
      items: z.array(z.object({ id: z.number().int(), name: z.string(), sku: z.string(), on_hand: z.number().int(), alert_quantity: z.number().int() })),
    })
    .optional(),
  /** The month's best sellers by revenue (top 5). */
  top_products: z
    .array(z.object({ id: z.number().int(), name: z.string(), sku: z.string(), quantity: z.number().int(), revenue: z.number().int() }))
    .optional(),
  /** The last five sales. */
  recent_sales: z
    .array(
      z.object({
        id: z.number().int(),
        reference: z.string(),
        customer: z.string().nullable(),
        sold_on: z.string(),
        grand_total: z.number().int(),
        payment_status: z.string(),
      }),
    )
    .optional(),
  /**
   * The till today: the person's own (a cashier's) or every till's (who holds `pos setting`):
   * sales made at the till today, their total and what came in by method, refunds given, and the
   * sessions open now.
   */
  till: z
    .object({
      scope: z.enum(['mine', 'all']),
      sales: z.number().int(),
      total: z.number().int(),
      refunds: z.number().int(),
      by_method: z.array(z.object({ method: z.string(), amount: z.number().int() })),
      open_sessions: z.array(
        z.object({ id: z.number().int(), reference: z.string(), cashier: z.string(), opened_at: z.string(), sales: z.number().int(), total: z.number().int() }),
      ),
    })
    .optional(),
  /** Sales and profit per day over the last 30 days (oldest first, every day present) and per month over the last 12. */
  chart: z.object({ days: z.array(chartPoint), months: z.array(chartPoint) }).optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/**
 * The rights each part needs (all of them). The shop's own money (sales, profit, what is owed, the
 * chart, top products) needs `reports`, so a cashier sees the till's figures and not the shop's
 * profit (issue 36). Purchases and payables need `purchase list` too, expenses `expense list`.
 */
export const DASHBOARD_RIGHTS = {
  sales: ['reports'],
  profit: ['reports'],
  purchases: ['reports', 'purchase list'],
  expenses: ['reports', 'expense list'],
  receivable: ['reports', 'sales list'],
  payable: ['reports', 'purchase list'],
  pending_orders: ['order list'],
  low_stock: ['stock'],
  top_products: ['reports'],
  recent_sales: ['sales list'],
  till: ['pos'],
  chart: ['reports'],
} as const satisfies Record<string, readonly string[]>;
