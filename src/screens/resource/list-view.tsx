import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { css } from 'styled-system/css';
import { resourceHref } from '../../../domain/paths.ts';
import type { ResourceFacts } from '../../../domain/resource.ts';
import { resourceByKey } from '../../../domain/resources/index.ts';
import { capitalise } from '../../../domain/text.ts';
import { formatCell } from '../../../domain/format.ts';
import { selectAbilities, selectBusy, selectError, selectFigures, selectFiltered, selectPhase, selectPinned } from '../../../machines/list/list.selectors.ts';
import { selectResumed } from '../../../machines/navigation.machine.ts';
import { selectListCards } from '../../../machines/ui.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useDisplay } from '../../app/display.ts';
import { listRegionId } from '../../resources/dom-ids.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DeleteDialog } from './delete-dialog.tsx';
import { ListCards } from './list-cards.tsx';
import { ListChips } from './list-chips.tsx';
import { NoticeBar, UndoBar } from './list-bars.tsx';
import { useListScreen } from './list-context.ts';
import { ListPagination } from './list-pagination.tsx';
import { ListTable } from './list-table.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { PageHeader } from './page-header.tsx';
import { SaveFilterDialog } from './save-filter-dialog.tsx';

const centered = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', py: '12', px: '4', textAlign: 'center' });

const figureStrip = css({ display: 'grid', gap: '1', px: '4', py: '3', borderTopWidth: '1px', borderColor: 'border.default', bg: 'bg.subtle' });

const sameFigures = (a: ReturnType<typeof selectFigures>, b: ReturnType<typeof selectFigures>) =>
  a.length === b.length && a.every((f, i) => f.name === b[i]!.name && f.value === b[i]!.value);

/** The list's figures beyond its column sums (the sale list's "Sales"), each over the whole filter and saying what it counts. */
function ListFigures() {
  const { actor } = useListScreen();
  const figures = useSelector(actor, selectFigures, sameFigures);
  const display = useDisplay();
  if (figures.length === 0) return null;
  return (
    <dl className={figureStrip}>
      {figures.map((f) => (
        <div key={f.name} className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '2', rowGap: '0.5', alignItems: 'baseline' })}>
          <dt className={css({ fontWeight: 'semibold' })}>{f.label}</dt>
          <dd className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>{formatCell(f.kind, f.value, display)}</dd>
          <dd className={css({ gridColumn: '1 / -1', fontSize: 'sm', color: 'fg.muted' })}>{f.caption}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Header, toolbar, chips, the bars that report a delete, the rows (a table, or cards on a
 * phone) or their empty/failed state, pagination, and the dialogs.
 */
export function ListView() {
  const { def, parentId, actor } = useListScreen();
  const { ui } = useAppSystem();
  const phase = useSelector(actor, selectPhase);
  const error = useSelector(actor, selectError);
  const busy = useSelector(actor, selectBusy);
  const filtered = useSelector(actor, selectFiltered);
  const can = useSelector(actor, selectAbilities, shallowEqual);
  const pinned = useSelector(actor, selectPinned);
  const cards = useSelector(ui, selectListCards);
  const createHref = resourceHref.create(def, { parent: parentId });
  const Rows = cards ? ListCards : ListTable;

  return (
    <div>
      <PageHeader
        subtitle={def.parent ? <ParentLink parent={resourceByKey(def.parent.resource)} /> : null}
        actions={
          can.create ? (
            <Button asChild>
              <AppLink href={createHref}>
                <Icon name="plus" />
                New {def.label.one}
              </AppLink>
            </Button>
          ) : null
        }
      />
      {/* Focusable, so the keyboard has somewhere to carry on when a delete empties it. */}
      <Card.Root id={listRegionId(def.key)} data-list-region="" tabIndex={-1} aria-busy={busy} className={css({ overflow: 'clip', outline: 'none' })}>
        <ListToolbar />
        <ListChips />
        <NoticeBar />
        <UndoBar />
        {phase === 'loading' ? (
          <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
            <Spinner size="lg" label={`Loading ${def.label.many}`} />
          </div>
        ) : phase === 'failed' ? (
          <AlertMessage
            variant="centered"
            title={`${capitalise(def.label.many)} could not be loaded.`}
            onRetry={() => actor.send({ type: 'list.retry' })}
          >
            {error}
          </AlertMessage>
        ) : phase === 'empty' ? (
          <>
            {pinned ? <Rows /> : null}
            <div className={centered}>
              <p className={css({ fontWeight: 'semibold' })}>
                {filtered ? `No ${def.label.many} match this search or filter.` : `There are no ${def.label.many} yet.`}
              </p>
              {filtered ? (
                <Button variant="outline" onClick={() => actor.send({ type: 'list.clear' })}>
                  Clear search and filters
                </Button>
              ) : can.create ? (
                <Button asChild>
                  <AppLink href={createHref}>Add the first {def.label.one}</AppLink>
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <>
            <Rows />
            <ListFigures />
            <ListPagination />
          </>
        )}
      </Card.Root>
      <DeleteDialog />
      <SaveFilterDialog />
    </div>
  );
}

/** "← Back to attributes", at the page and search that list was left on. */
function ParentLink({ parent }: { parent: ResourceFacts }) {
  const { navigation } = useAppSystem();
  const href = useSelector(navigation, selectResumed(resourceHref.list(parent)));
  return <AppLink href={href}>← Back to {parent.label.many}</AppLink>;
}
