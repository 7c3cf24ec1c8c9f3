import type { Permission } from '../permissions.ts';
import type { ColumnDef } from '../resource.ts';

/**
 * Zod-free, so the route table and the menu (the first chunk, where zod must not load before
 * src/zod-config.ts) can read the kinds; reports.ts adds the query and answer schemas.
 *
 * The reports (issue 36, beyond SPEC): one protocol, kinds declared here. Each kind is read with
 * GET {REPORTS_API}/{kind}?from=YYYY-MM-DD&to=YYYY-MM-DD (both required, from ≤ to, at most
 * REPORT_MAX_DAYS apart; a bad range is a 422 under `from`/`to`), answering `reportResponse`;
 * `&format=csv` answers every row (the JSON answer only the first REPORT_ROW_LIMIT) and the totals row as CSV (server/crud/csv.ts's toCsv with
 * the kind's columns). The server holds the kind's rights (all of them) or answers 403. Figures
 * agree with the dashboard's definitions (domain/insight/dashboard.ts) and with the documents:
 * a test checks each report's total against the sum of the documents it covers.
 * Stock valuation is the stock on hand at the end of `to` (from the ledger) at its average cost.
 */
export const REPORTS_API = '/api/v1/admin/reports';
export const REPORT_MAX_DAYS = 366;
/**
 * The JSON answer carries at most this many rows, in the report's order (a row per product,
 * category, customer, cashier or supplier: largest first by its main money column — net for
 * sales by product and by category, total for by customer and by supplier, net sales for by
 * cashier, profit for profit by product (its whole-sale discounts row last), value for stock
 * valuation), with `total_rows` and the totals over all rows; the CSV has every row.
 */
export const REPORT_ROW_LIMIT = 500;

export interface ReportDef {
  kind: string;
  title: string;
  /** One sentence: what it counts and how. */
  description: string;
  /** All of these are needed. */
  permissions: readonly Permission[];
  /** The columns in order; money and number columns marked `total` are summed in `totals`. */
  columns: readonly ColumnDef[];
}

/** The shop's selling in aggregate needs `reports` alone, as the dashboard's sales, profit and top products do (DASHBOARD_RIGHTS). */
const sales: readonly Permission[] = ['reports'];
const money = (name: string, label: string): ColumnDef => ({ name, label, kind: 'money' });
const count = (name: string, label: string): ColumnDef => ({ name, label, kind: 'number' });
const text = (name: string, label: string): ColumnDef => ({ name, label, kind: 'text' });

export const REPORTS = [
  {
    kind: 'sales-by-day',
    title: 'Sales by day',
    description: 'Completed sales per day, less what came back that day.',
    permissions: sales,
    columns: [{ name: 'day', label: 'Day', kind: 'date' }, count('sales', 'Sales'), money('gross', 'Sold'), money('returns', 'Returned'), money('net', 'Net sales'), money('tax', 'Tax')],
  },
  {
    kind: 'sales-by-product',
    title: 'Sales by product',
    description: 'Units and revenue per product, returns taken off.',
    permissions: sales,
    columns: [text('product', 'Product'), text('sku', 'SKU'), count('quantity', 'Units'), money('net', 'Net'), money('tax', 'Tax'), money('total', 'Total')],
  },
  {
    kind: 'sales-by-category',
    title: 'Sales by category',
    description: 'Units and revenue per product category, returns taken off.',
    permissions: sales,
    columns: [text('category', 'Category'), count('quantity', 'Units'), money('net', 'Net'), money('tax', 'Tax'), money('total', 'Total')],
  },
  {
    kind: 'sales-by-customer',
    title: 'Sales by customer',
    description: 'Completed sales per customer (walk-in together), with what is still owed.',
    permissions: sales,
    columns: [text('customer', 'Customer'), count('sales', 'Sales'), money('total', 'Total'), money('returns', 'Returned'), money('paid', 'Paid'), money('due', 'Due')],
  },
  {
    kind: 'sales-by-cashier',
    title: 'Sales by cashier',
    description: 'Completed sales per person who recorded them, at the till and in the back office.',
    permissions: sales,
    columns: [text('cashier', 'Cashier'), count('sales', 'Sales'), money('total', 'Total'), money('returns', 'Returned'), money('net', 'Net sales')],
  },
  {
    kind: 'sales-by-payment-method',
    title: 'Sales by payment method',
    description: 'Money taken for sales per method, less refunds given.',
    permissions: sales,
    columns: [text('method', 'Method'), count('payments', 'Payments'), money('received', 'Received'), money('refunded', 'Refunded'), money('net', 'Net')],
  },
  {
    kind: 'tax-by-rate',
    title: 'Tax collected by rate',
    description: 'Taxable amount and tax per rate on completed sales, returns taken off.',
    permissions: sales,
    columns: [{ name: 'rate', label: 'Rate', kind: 'percent' }, money('base', 'Taxable'), money('tax', 'Tax')],
  },
  {
    kind: 'stock-valuation',
    title: 'Stock valuation',
    description: 'Stock on hand at the end of the range, valued at average cost.',
    permissions: ['reports', 'stock'],
    columns: [text('product', 'Product'), text('sku', 'SKU'), count('on_hand', 'On hand'), { ...money('unit_cost', 'Average cost'), total: false }, money('value', 'Value')],
  },
  {
    kind: 'profit-by-product',
    title: 'Profit by product',
    description: 'Revenue without tax less the cost the units left stock at, returns taken off.',
    permissions: sales,
    columns: [text('product', 'Product'), text('sku', 'SKU'), count('quantity', 'Units'), money('revenue', 'Revenue'), money('cost', 'Cost'), money('profit', 'Profit'), { name: 'margin', label: 'Margin', kind: 'percent', total: false }],
  },
  {
    kind: 'purchases-by-supplier',
    title: 'Purchases by supplier',
    description: 'Purchases per supplier (not cancelled), with what is still owed.',
    permissions: ['reports', 'purchase list'],
    columns: [text('supplier', 'Supplier'), count('purchases', 'Purchases'), money('total', 'Total'), money('paid', 'Paid'), money('due', 'Due')],
  },
  {
    kind: 'till-sessions',
    title: 'Till sessions',
    description: 'Register sessions opened in the range, with what was expected, counted and the difference.',
    permissions: ['reports', 'pos setting'],
    columns: [
      text('reference', 'Session'),
      text('cashier', 'Cashier'),
      { name: 'opened_at', label: 'Opened', kind: 'datetime' },
      { name: 'closed_at', label: 'Closed', kind: 'datetime' },
      count('sales', 'Sales'),
      money('expected', 'Expected'),
      money('counted', 'Counted'),
      money('difference', 'Difference'),
    ],
  },
] as const satisfies readonly ReportDef[];

export type ReportKind = (typeof REPORTS)[number]['kind'];
export const REPORT_KINDS = REPORTS.map((r) => r.kind) as ReportKind[];
export const reportByKind = (kind: string): ReportDef | undefined => REPORTS.find((r) => r.kind === kind);

