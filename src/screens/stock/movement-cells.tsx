import { css } from 'styled-system/css';
import type { Row } from '../../../domain/resource.ts';
import { ADJUSTMENT_REASONS, MOVEMENT_KINDS, type AdjustmentReason, type MovementKind } from '../../../domain/stock/kinds.ts';
import { productViewHref } from '../../../domain/stock/labels.ts';
import { AppLink } from '../../components/ui/link.tsx';
import type { ListExtras } from '../resource/list-context.ts';

/** "Adjustment · Loss", with the note and serial numbers under it: why the stock moved. */
function Kind({ row }: { row: Row }) {
  const kind = MOVEMENT_KINDS[row.kind as MovementKind]?.label ?? String(row.kind);
  const reason = row.reason ? ADJUSTMENT_REASONS[row.reason as AdjustmentReason]?.label : undefined;
  const serials = Array.isArray(row.serials) ? (row.serials as string[]) : [];
  const detail = [row.note ? String(row.note) : '', serials.length ? `Serials: ${serials.join(', ')}` : ''].filter(Boolean).join(' · ');
  return (
    <span className={css({ display: 'flex', flexDirection: 'column', whiteSpace: 'normal', minW: '13rem' })}>
      <span>{reason && reason !== kind ? `${kind} · ${reason}` : kind}</span>
      {detail ? <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{detail}</span> : null}
    </span>
  );
}

/** +3 in, −2 out. */
function Quantity({ row }: { row: Row }) {
  const q = Number(row.quantity);
  return <span className={css({ fontWeight: 'semibold', color: q < 0 ? 'error.fg' : 'success.fg' })}>{q > 0 ? `+${q}` : `−${Math.abs(q)}`}</span>;
}

/** The cells the ledger and a product's history show their own way. */
export const MOVEMENT_CELLS: NonNullable<ListExtras['cells']> = {
  kind: (row) => <Kind row={row} />,
  quantity: (row) => <Quantity row={row} />,
  product_name: (row) => (
    <AppLink href={productViewHref(Number(row.product_id))} className={css({ color: 'primary.fg', fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}>
      {String(row.product_name ?? `#${row.product_id}`)}
    </AppLink>
  ),
};

/** What the ledger and a product's history add to the list engine: those cells. */
export const MOVEMENT_EXTRAS: ListExtras = { cells: MOVEMENT_CELLS };
