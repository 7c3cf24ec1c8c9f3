import { useActorRef } from '@xstate/react';
import { useSelector } from '../../app/use-selector.ts';
import { useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { formatAmount } from '../../../domain/format.ts';
import { resourceHref } from '../../../domain/paths.ts';
import { products } from '../../../domain/resources/product.ts';
import { labelsHref } from '../../../domain/stock/labels.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { productActions, productFacts } from '../../../machines/products/product-view.selectors.ts';
import { selectRecord } from '../../../machines/record.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useDisplay } from '../../app/display.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { productRecordMachine } from '../../resources/stock-providers.ts';
import { PageHeader } from '../resource/page-header.tsx';
import type { ScreenProps } from '../screen-props.ts';
import type { ProductData } from '../../pages/loaders/product.ts';
import { EmbeddedList, useEmbeddedList } from '../stock/embedded-list.tsx';
import { productHistory } from '../stock/list-defs.ts';
import { MOVEMENT_EXTRAS } from '../stock/movement-cells.tsx';
import { StockStateBadge } from './stock-badge.tsx';

const figure = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '4', borderRadius: 'lg', bg: 'bg.subtle', minW: '0' });
const figureLabel = css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em' });
const figureValue = css({ fontSize: '2xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' });

/** A product's own page: picture, details, stock figures, serial numbers in stock, its movement history. */
export default function ProductViewRoute({ params, data }: ScreenProps) {
  const system = useAppSystem();
  const id = params.id ?? '';
  const machine = useMemo(() => productRecordMachine(system), [system]);
  const actor = useActorRef(machine, { input: { id, data: data as ProductData | undefined }, inspect: system.inspect });
  const record = useSelector(actor, selectRecord);
  const can = productActions(useSelector(system.auth, selectPermissions));
  const display = useDisplay();

  if (record.phase === 'failed') {
    return (
      <AlertMessage variant="centered" title="This product could not be loaded." onRetry={() => actor.send({ type: 'record.retry' })}>
        {record.error}
      </AlertMessage>
    );
  }
  if (!record.data) {
    return (
      <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
        <Spinner size="lg" label="Loading the product" />
      </div>
    );
  }
  const p = productFacts(record.data, display);
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '5' })}>
      <PageHeader
        subtitle={
          <AppLink href={resourceHref.list(products)} className={css({ color: 'primary.fg' })}>
            ← Back to products
          </AppLink>
        }
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <AppLink href={labelsHref([Number(id)])}>
                <Icon name="barcode" size="sm" />
                Print labels
              </AppLink>
            </Button>
            {can.adjust ? (
              <Button asChild variant="outline" size="sm">
                <AppLink href={`/admin/stock?adjust=${encodeURIComponent(id)}`}>
                  <Icon name="warehouse" size="sm" />
                  Adjust stock
                </AppLink>
              </Button>
            ) : null}
            {can.edit ? (
              <Button asChild size="sm">
                <AppLink href={resourceHref.edit(products, id)}>
                  <Icon name="edit" size="sm" />
                  Edit
                </AppLink>
              </Button>
            ) : null}
          </>
        }
      />
      <Card.Root>
        <Card.Body className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '16rem 1fr' }, gap: '6', pt: '6' })}>
          <div className={css({ display: 'grid', placeItems: 'center', aspectRatio: '1', borderRadius: 'lg', bg: 'bg.subtle', overflow: 'hidden', maxW: '16rem', w: 'full' })}>
            {p.imageUrl ? (
              <img src={p.imageUrl} alt={p.name} className={css({ w: 'full', h: 'full', objectFit: 'cover' })} />
            ) : (
              <Icon name="image" size="xl" label="No picture" className={css({ color: 'fg.muted' })} />
            )}
          </div>
          <div className={css({ display: 'grid', gap: '5', alignContent: 'start', minW: '0' })}>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              <Badge tone={p.status === 'active' ? 'success' : 'neutral'}>{p.status === 'active' ? 'Active' : 'Inactive'}</Badge>
              <StockStateBadge state={p.stock.state} />
            </div>
            <section aria-label="Stock" className={css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }, gap: '3' })}>
              <div className={figure}>
                <span className={figureLabel}>On hand</span>
                <span className={figureValue}>{p.stock.onHand}</span>
              </div>
              <div className={figure}>
                <span className={figureLabel}>Alert at</span>
                <span className={figureValue}>{p.stock.alertQuantity}</span>
              </div>
              <div className={figure}>
                <span className={figureLabel}>Average cost</span>
                <span className={figureValue}>{formatAmount(p.stock.avgCost, display)}</span>
              </div>
              <div className={figure}>
                <span className={figureLabel}>Stock value</span>
                <span className={figureValue}>{formatAmount(p.stock.stockValue, display)}</span>
              </div>
            </section>
            <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: '6', rowGap: '3', fontSize: 'sm' })}>
              {p.details.map((d) => (
                <div key={d.label} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', borderBottomWidth: '1px', borderColor: 'border.default', pb: '2' })}>
                  <dt className={css({ color: 'fg.muted' })}>{d.label}</dt>
                  <dd className={cx(css({ textAlign: 'end', minW: '0', overflowWrap: 'anywhere' }), d.kind === 'mono' ? css({ fontFamily: 'mono' }) : d.kind === 'money' ? css({ fontVariantNumeric: 'tabular-nums' }) : undefined)}>{d.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </Card.Body>
      </Card.Root>
      {p.serials ? (
        <Card.Root>
          <Card.Header>
            <Card.Title>Serial numbers in stock ({p.serials.total})</Card.Title>
          </Card.Header>
          <Card.Body>
            {p.serials.shown.length === 0 ? (
              <p className={css({ color: 'fg.muted' })}>None in stock.</p>
            ) : (
              <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
                {p.serials.shown.map((s) => (
                  <li key={s}>
                    <Badge tone="neutral" className={css({ fontFamily: 'mono' })}>
                      {s}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
            {p.serials.total > p.serials.shown.length ? <p className={css({ mt: '2', fontSize: 'sm', color: 'fg.muted' })}>The first {p.serials.shown.length} of {p.serials.total} are shown.</p> : null}
          </Card.Body>
        </Card.Root>
      ) : null}
      {can.history ? <History id={id} /> : null}
    </div>
  );
}

function History({ id }: { id: string }) {
  const def = useMemo(() => productHistory(id), [id]);
  const actor = useEmbeddedList(def);
  return <EmbeddedList def={def} actor={actor} title="Movement history" id="product-history" extras={MOVEMENT_EXTRAS} />;
}
