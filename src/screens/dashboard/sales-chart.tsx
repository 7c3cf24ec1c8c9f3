import { useEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import uPlot from 'uplot';
import type { ChartPoint } from '../../../domain/insight/dashboard.ts';
import { formatAmount, type Display } from '../../../domain/format.ts';
import type { ChartRange } from '../../../machines/dashboard/dashboard.machine.ts';
import { AppLink } from '../../components/ui/link.tsx';
import { DASHBOARD_LINKS, daysOf } from './dashboard-links.ts';

/**
 * Sales and profit over the last 30 days or 12 months, drawn by uPlot (a canvas: small, fast,
 * maintained) in the theme's own colours (Panda's tokens, read from the page's CSS variables, so
 * the chart is redrawn when the theme changes), as wide as its card. The same figures are a
 * table: hidden for the eye and read by screen readers while the chart is shown, in its place
 * (each period a link to its sales) when "Show as table" is chosen.
 */
export interface SalesChartProps {
  points: readonly ChartPoint[];
  range: ChartRange;
  table: boolean;
  theme: 'light' | 'dark';
  display: Display;
}

/** A Panda colour token's value on the page now (`primary.fg` → the value of --colors-primary-fg). */
const tokenColour = (el: Element, path: string) => getComputedStyle(el).getPropertyValue(`--colors-${path.replaceAll('.', '-')}`).trim();

/** "2026-11-29" → "29 Nov" (or the person's order); "2026-11" → "Nov 2026". */
export function periodLabel(period: string, range: ChartRange, locale: string | undefined, long = false): string {
  const [y, m, d] = period.split('-').map(Number) as [number, number, number | undefined];
  const when = Date.UTC(y, m - 1, d ?? 1);
  const opts: Intl.DateTimeFormatOptions =
    range === 'days' ? { day: 'numeric', month: 'short', timeZone: 'UTC', ...(long ? { year: 'numeric' } : {}) } : { month: long ? 'long' : 'short', year: long ? 'numeric' : '2-digit', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, opts).format(when);
}

const RANGE_CAPTION: Record<ChartRange, string> = { days: 'Sales and profit, the last 30 days', months: 'Sales and profit, the last 12 months' };

export function SalesChart({ points, range, table, theme, display }: SalesChartProps) {
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      {table ? null : <ChartCanvas points={points} range={range} theme={theme} display={display} />}
      <FiguresTable points={points} range={range} display={display} hidden={!table} />
    </div>
  );
}

/**
 * uPlot's own stylesheet (uPlot.min.css), the rules this chart uses, in the theme's tokens: a
 * screen's chunk brings no CSS file of its own (scripts/vite-preload-helper.ts).
 */
const plotLook = css({
  minH: '220px',
  w: 'full',
  color: 'fg.default',
  '& .uplot, & .uplot *': { boxSizing: 'border-box' },
  '& .uplot': { fontFamily: 'inherit', lineHeight: '1.5', w: 'min-content' },
  '& .u-wrap': { position: 'relative', userSelect: 'none' },
  '& .u-over, & .u-under': { position: 'absolute' },
  '& .u-under': { overflow: 'hidden' },
  '& .uplot canvas': { display: 'block', position: 'relative', w: 'full', h: 'full' },
  '& .u-axis': { position: 'absolute' },
  '& .u-legend': { fontSize: 'sm', m: 'auto', mt: '2', textAlign: 'center', color: 'fg.default' },
  '& .u-inline': { display: 'block' },
  '& .u-inline *': { display: 'inline-block' },
  '& .u-inline tr': { mr: '4' },
  '& .u-legend th': { fontWeight: 'medium' },
  '& .u-legend th > *': { verticalAlign: 'middle', display: 'inline-block' },
  '& .u-legend .u-marker': { w: '1em', h: '1em', mr: '1', backgroundClip: 'padding-box !important' },
  '& .u-inline.u-live th::after': { content: '":"', verticalAlign: 'middle' },
  '& .u-series > *': { p: '1' },
  '& .u-legend .u-off > *': { opacity: 0.3 },
  '& .u-cursor-x, & .u-cursor-y': { position: 'absolute', left: '0', top: '0', pointerEvents: 'none', willChange: 'transform' },
  '& .u-hz .u-cursor-x': { h: 'full', borderRightWidth: '1px', borderStyle: 'dashed', borderColor: 'fg.muted' },
  '& .u-hz .u-cursor-y': { w: 'full', borderBottomWidth: '1px', borderStyle: 'dashed', borderColor: 'fg.muted' },
  '& .u-cursor-pt': { position: 'absolute', top: '0', left: '0', borderRadius: 'full', border: '0 solid', pointerEvents: 'none', willChange: 'transform', backgroundClip: 'padding-box !important' },
  '& .u-axis.u-off, & .u-select.u-off, & .u-cursor-x.u-off, & .u-cursor-y.u-off, & .u-cursor-pt.u-off': { display: 'none' },
});

function ChartCanvas({ points, range, theme, display }: Omit<SalesChartProps, 'table'>) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const colour = (path: string) => tokenColour(el, path) || 'currentColor';
    const axis = { stroke: colour('fg.muted'), grid: { stroke: colour('border.default'), width: 1 }, ticks: { stroke: colour('border.default'), width: 1 } };
    const compact = new Intl.NumberFormat(display.locale, { style: 'currency', currency: display.currency, notation: 'compact', maximumFractionDigits: 1 });
    const money = (v: number | null) => (v === null ? '–' : formatAmount(v, display));
    const height = el.clientWidth < 500 ? 220 : 280;
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height,
        scales: { x: { time: false } },
        cursor: { drag: { x: false, y: false } },
        legend: { show: true, live: true },
        series: [
          { label: range === 'days' ? 'Day' : 'Month', value: (_u, i) => (i === null || !points[i] ? '–' : periodLabel(points[i].period, range, display.locale, true)) },
          { label: 'Sales', stroke: colour('primary.fg'), fill: colour('primary.subtle'), width: 2, value: (_u, v) => money(v), points: { show: points.length <= 12 } },
          { label: 'Profit', stroke: colour('success.fg'), width: 2, dash: [6, 4], value: (_u, v) => money(v), points: { show: points.length <= 12 } },
        ],
        axes: [
          { ...axis, values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && points[i] ? periodLabel(points[i].period, range, display.locale) : '')) },
          { ...axis, size: 64, values: (_u, splits) => splits.map((v) => compact.format(v / 100)) },
        ],
      },
      [points.map((_, i) => i), points.map((p) => p.sales), points.map((p) => p.profit)],
      el,
    );
    // As wide as its card, whatever the window does.
    const resize = new ResizeObserver(() => {
      if (el.clientWidth > 0 && el.clientWidth !== plot.width) plot.setSize({ width: el.clientWidth, height: el.clientWidth < 500 ? 220 : 280 });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [points, range, theme, display]);
  return <div ref={box} aria-hidden className={plotLook} />;
}

function FiguresTable({ points, range, display, hidden }: { points: readonly ChartPoint[]; range: ChartRange; display: Display; hidden: boolean }) {
  const cell = css({ px: '3', py: '1.5', textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
  return (
    <div className={hidden ? css({ srOnly: true }) : css({ overflowX: 'auto', maxH: '96', overflowY: 'auto' })}>
      <table className={css({ w: 'full', fontSize: 'sm', borderCollapse: 'collapse', '& tr': { borderBottomWidth: '1px', borderColor: 'border.default' } })}>
        <caption className={css({ srOnly: true })}>{RANGE_CAPTION[range]}</caption>
        <thead>
          <tr>
            <th scope="col" className={cx(cell, css({ textAlign: 'start' }))}>
              {range === 'days' ? 'Day' : 'Month'}
            </th>
            <th scope="col" className={cell}>
              Sales
            </th>
            <th scope="col" className={cell}>
              Profit
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => {
            const label = periodLabel(p.period, range, display.locale, true);
            return (
              <tr key={p.period}>
                <th scope="row" className={cx(cell, css({ textAlign: 'start', fontWeight: 'normal' }))}>
                  {/* A hidden table holds no links: a keyboard would reach them where nobody sees them. */}
                  {hidden ? label : <AppLink href={DASHBOARD_LINKS.sales(daysOf(p.period))} className={css({ color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px' })}>{label}</AppLink>}
                </th>
                <td className={cell}>{formatAmount(p.sales, display)}</td>
                <td className={cell}>{formatAmount(p.profit, display)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export const CHART_CAPTION = RANGE_CAPTION;
