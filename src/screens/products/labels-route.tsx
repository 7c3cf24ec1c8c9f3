import { useActorRef } from '@xstate/react';
import { useSelector } from '../../app/use-selector.ts';
import { useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { formatAmount } from '../../../domain/format.ts';
import { resourceHref } from '../../../domain/paths.ts';
import { products } from '../../../domain/resources/product.ts';
import { LABEL_SHEET, LABELS_PER_PRODUCT_MAX, labelIds } from '../../../domain/stock/labels.ts';
import { selectLabels } from '../../../machines/products/labels.machine.ts';
import { selectSearch } from '../../../machines/navigation.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useDisplay } from '../../app/display.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { productLabelsMachine } from '../../resources/stock-providers.ts';
import { PageHeader } from '../resource/page-header.tsx';
import type { ScreenProps } from '../screen-props.ts';
import type { LabelProducts } from '../../pages/loaders/labels.ts';
import { BarcodeImage } from './barcode-image.tsx';

// Avery L7160 and its equals: 3 × 7 labels of 63.5 × 38.1 mm, 2.5 mm between columns, on A4
// with 15.1 mm top and 7.2 mm side margins. On screen the sheet keeps its real size; on a narrow
// screen it scrolls sideways in its own region, never the page.
const sheet = css({
  w: '210mm',
  minH: '297mm',
  p: '15.1mm 7.2mm',
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 63.5mm)',
  gridAutoRows: '38.1mm',
  columnGap: '2.5mm',
  bg: 'white',
  color: 'black',
  '@media print': { boxShadow: 'none' },
});
const label = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1mm',
  p: '2mm 3mm',
  overflow: 'hidden',
  textAlign: 'center',
  outline: '1px dashed #ccc',
  '@media print': { outline: 'none' },
});

/** Barcode labels: counts per chosen product, a preview of the A4 sheet, Print. */
export default function LabelsRoute({ data }: ScreenProps) {
  const system = useAppSystem();
  const ids = useMemo(() => labelIds(selectSearch(system.navigation.getSnapshot())), [system]);
  const machine = useMemo(() => productLabelsMachine(system), [system]);
  // `data`: the chosen products as the page's loader got them (src/pages/loaders/labels.ts).
  const actor = useActorRef(machine, { input: { ids, products: data as LabelProducts | undefined }, inspect: system.inspect });
  const view = useSelector(actor, selectLabels);
  const display = useDisplay();
  const back = (
    <AppLink href={resourceHref.list(products)} className={css({ color: 'primary.fg' })}>
      ← Back to products
    </AppLink>
  );

  if (view.phase === 'none') {
    return (
      <Card.Root>
        <Card.Body className={css({ display: 'grid', gap: '3', py: '10', textAlign: 'center', justifyItems: 'center' })}>
          <p className={css({ fontWeight: 'semibold' })}>No product is chosen for labels.</p>
          <p className={css({ color: 'fg.muted' })}>Tick products on the products list, then press “Print labels”.</p>
          {back}
        </Card.Body>
      </Card.Root>
    );
  }
  if (view.phase === 'failed') {
    return (
      <AlertMessage variant="centered" title="The products could not be loaded." onRetry={() => actor.send({ type: 'labels.retry' })}>
        {view.error}
      </AlertMessage>
    );
  }
  if (view.phase === 'loading') {
    return (
      <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
        <Spinner size="lg" label="Loading the products" />
      </div>
    );
  }
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '5' })}>
      <PageHeader
        subtitle={back}
        actions={
          <Button disabled={!view.canPrint} onClick={() => actor.send({ type: 'labels.print' })}>
            <Icon name="receipt" />
            Print {view.total} {view.total === 1 ? 'label' : 'labels'}
          </Button>
        }
      />
      <Card.Root>
        <Card.Header>
          <Card.Title>How many of each</Card.Title>
          <Card.Description>
            Sheet: {LABEL_SHEET.name}. {view.total} {view.total === 1 ? 'label' : 'labels'} on {view.sheets} {view.sheets === 1 ? 'sheet' : 'sheets'}.
          </Card.Description>
        </Card.Header>
        <Card.Body>
          <ul className={css({ display: 'grid', gap: '3' })}>
            {view.items.map((i) => (
              <li key={i.id} className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
                <Field.Root className={css({ w: '24', flexShrink: 0 })}>
                  <Field.Label className={css({ srOnly: true })}>Labels of {i.name}</Field.Label>
                  <Field.Input
                    type="number"
                    min={0}
                    max={LABELS_PER_PRODUCT_MAX}
                    inputMode="numeric"
                    value={String(i.count)}
                    onChange={(e) => actor.send({ type: 'label.count', id: i.id, count: e.currentTarget.value === '' ? 0 : Number(e.currentTarget.value) })}
                  />
                </Field.Root>
                <span className={css({ minW: '0', flex: '1' })}>
                  <span className={css({ fontWeight: 'medium' })}>{i.name}</span>
                  <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                    {' '}
                    · {formatAmount(i.price, display)} · {i.barcode ?? 'no barcode: the label shows name and price only'}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </Card.Body>
      </Card.Root>
      <section aria-label="Label sheet preview" className={css({ overflowX: 'auto', pb: '2' })}>
        <div className={cx(sheet, 'print-sheet')}>
          {view.labels.map(({ key, item }) => (
            <div key={key} className={label}>
              <span className={css({ fontSize: '9pt', fontWeight: 'bold', lineHeight: '1.15', lineClamp: 2 })}>{item.name}</span>
              <span className={css({ fontSize: '11pt', fontWeight: 'bold' })}>{formatAmount(item.price, display)}</span>
              {item.barcode ? <BarcodeImage code={item.barcode} className={css({ h: '16mm', maxW: '100%', objectFit: 'contain' })} /> : null}
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
