import { useActorRef } from '@xstate/react';
import { useSelector } from '../../app/use-selector.ts';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { fieldsFor } from '../../../domain/form-values.ts';
import { STOCK_ACCESS } from '../../../domain/stock/access.ts';
import { productViewHref } from '../../../domain/stock/labels.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { selectSearch } from '../../../machines/navigation.machine.ts';
import { adjustmentSpec, selectAdjusting, selectCanOpenAdjust, selectCanOpenCount, selectCounting, stockScreenMachine } from '../../../machines/stock/stock-screen.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { fieldId } from '../../resources/dom-ids.ts';
import type { StockData } from '../../pages/loaders/stock.ts';
import { adjustmentFormMachine } from '../../resources/stock-providers.ts';
import type { ListExtras } from '../resource/list-context.ts';
import { FormView } from '../resource/form-view.tsx';
import { PageHeader } from '../resource/page-header.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { OnHand } from '../products/stock-badge.tsx';
import { EmbeddedList, useEmbeddedList } from './embedded-list.tsx';
import { LEDGER, STOCK_LEVELS } from './list-defs.ts';
import { MOVEMENT_EXTRAS } from './movement-cells.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

// The count is a document form (lines, a product picker, the document machines): its code comes
// when a count is begun, so the stock list does not carry the document pages' parts.
const StockCount = lazy(() => import('./stock-count.tsx').then((m) => ({ default: m.StockCount })));

/** /stock: every product's level with the filter's total value, the movement ledger, and the adjustment form. */
export default function StockRoute({ data }: ScreenProps) {
  const system = useAppSystem();
  // The lists' first pages as the page's loader got them (src/pages/loaders/stock.ts), or none: they ask.
  const loaded = data as StockData | undefined;
  const levels = useEmbeddedList(STOCK_LEVELS, loaded?.levels);
  const ledger = useEmbeddedList(LEDGER, loaded?.ledger);
  const screenMachine = useMemo(
    () =>
      stockScreenMachine.provide({
        actions: {
          stockChanged: () => {
            levels.send({ type: 'list.reload' });
            ledger.send({ type: 'list.reload' });
            system.stockAlerts.send({ type: 'alerts.refresh' });
          },
          releaseLeaveGuard: () => system.navigation.send({ type: 'nav.block', blocked: false }),
        },
      }),
    [system, levels, ledger],
  );
  const adjust = new URLSearchParams(selectSearch(system.navigation.getSnapshot())).get('adjust');
  const screen = useActorRef(screenMachine, { input: { adjust }, inspect: system.inspect });
  const countPosted = useCallback(() => screen.send({ type: 'count.posted' }), [screen]);
  const countClosed = useCallback(() => screen.send({ type: 'count.close' }), [screen]);

  const adjusting = useSelector(screen, selectAdjusting);
  const canOpen = useSelector(screen, selectCanOpenAdjust);
  const counting = useSelector(screen, selectCounting);
  const canCount = useSelector(screen, selectCanOpenCount);
  const mayAdjust = useSelector(system.auth, (s) => selectPermissions(s).has(STOCK_ACCESS.stockAdjust));
  // Keyboard users: the open form takes the focus (its first field to fill), and closing it gives
  // the focus back to "Adjust stock" (disabled while it is open, so the focus would be lost).
  const adjustButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const open = adjusting !== null && mayAdjust;
  const firstField = adjusting?.productId ? 'reason' : 'product_id';
  useEffect(() => {
    if (open === wasOpen.current) return;
    wasOpen.current = open;
    const frame = requestAnimationFrame(() => (open ? document.getElementById(fieldId(firstField)) : adjustButton.current)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open, firstField]);

  return (
    <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '5' })}>
      <PageHeader
        subtitle="Every unit of stock, and the movements that explain it."
        actions={
          mayAdjust ? (
            <>
              <Button variant="outline" disabled={!canCount} onClick={() => screen.send({ type: 'count.open' })}>
                <Icon name="list" />
                Count stock
              </Button>
              <Button ref={adjustButton} disabled={!canOpen} onClick={() => screen.send({ type: 'adjust.open' })}>
                <Icon name="plus" />
                Adjust stock
              </Button>
            </>
          ) : null
        }
      />
      {adjusting && mayAdjust ? (
        <section aria-labelledby="adjust-title">
          <h2 id="adjust-title" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '4' })}>
            Adjust stock
          </h2>
          <AdjustmentForm key={adjusting.key} productId={adjusting.productId} onSaved={() => screen.send({ type: 'adjust.saved' })} onClose={() => screen.send({ type: 'adjust.close' })} />
        </section>
      ) : null}
      {counting !== null && mayAdjust ? (
        <Suspense fallback={<Spinner label="Loading the stock count" />}>
          <StockCount key={counting} onPosted={countPosted} onClose={countClosed} />
        </Suspense>
      ) : null}
      {/* The levels' totals row sums on hand and value over the whole filter (the server's sums). */}
      <EmbeddedList def={STOCK_LEVELS} actor={levels} title="Stock levels" id="stock-levels" extras={LEVEL_EXTRAS} />
      <EmbeddedList def={LEDGER} actor={ledger} title="Movement ledger" id="stock-ledger" extras={MOVEMENT_EXTRAS} />
    </div>
  );
}

const LEVEL_EXTRAS: ListExtras = { cells: { on_hand: (row) => <OnHand row={row} /> }, titleHref: (row) => productViewHref(row.id) };

/** The adjustment form: the generic form machine with the shared adjustment schema, saved to the ledger. */
function AdjustmentForm({ productId, onSaved, onClose }: { productId: string | null; onSaved(): void; onClose(): void }) {
  const system = useAppSystem();
  const spec = useMemo(() => adjustmentSpec(productId), [productId]);
  const machine = useMemo(() => adjustmentFormMachine(system, { saved: onSaved, closed: onClose }), [system, onSaved, onClose]);
  const actor = useActorRef(machine, { input: { spec, mode: 'create' }, inspect: system.inspect });
  return <FormView actor={actor} title="Adjust stock" fields={fieldsFor(spec.fields, 'create')} what="adjustment" back={{ href: '/admin/stock', label: 'Back to stock' }} />;
}
