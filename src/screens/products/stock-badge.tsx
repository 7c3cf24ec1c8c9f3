import { css, cx } from 'styled-system/css';
import type { Row } from '../../../domain/resource.ts';
import { STOCK_STATES, type StockState } from '../../../domain/stock/kinds.ts';
import { Badge } from '../../components/ui/badge.tsx';

const TONE: Record<StockState, 'success' | 'warning' | 'error'> = { in_stock: 'success', low: 'warning', out: 'error' };

/** On hand, and "Low" or "Out of stock" beside it when it is (the row's stock_state, the server's verdict). */
export function OnHand({ row }: { row: Row }) {
  const state = row.stock_state as StockState | undefined;
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', justifyContent: 'flex-end' })}>
      {state && state !== 'in_stock' ? <Badge tone={TONE[state]}>{STOCK_STATES[state]}</Badge> : null}
      <span>{String(row.on_hand ?? 0)}</span>
    </span>
  );
}

export function StockStateBadge({ state }: { state: StockState }) {
  return <Badge tone={TONE[state]}>{STOCK_STATES[state]}</Badge>;
}

const thumb = css({ w: '10', minW: '10', maxW: 'none', h: '10', borderRadius: 'md', objectFit: 'cover', bg: 'bg.subtle', borderWidth: '1px', borderColor: 'border.default' });

/** A product's thumbnail (the server's 320 px WebP), or an empty frame. */
export function Thumbnail({ row }: { row: Row }) {
  const src = typeof row.thumbnail_url === 'string' ? row.thumbnail_url : null;
  return src ? <img src={src} alt="" decoding="async" width={40} height={40} className={thumb} /> : <span aria-hidden className={cx(thumb, css({ display: 'block' }))} />;
}
