import { css } from 'styled-system/css';
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
