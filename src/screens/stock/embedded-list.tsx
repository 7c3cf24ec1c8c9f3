import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { capitalise } from '../../../domain/text.ts';
import { selectError, selectFiltered, selectPhase } from '../../../machines/list/list.selectors.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useListScreen } from '../resource/list-context.ts';
import { ListPagination } from '../resource/list-pagination.tsx';
import { ListTable } from '../resource/list-table.tsx';
import { ListToolbar } from '../resource/list-toolbar.tsx';

/** A titled list inside a page (the stock levels, the ledger, a product's history): toolbar, rows or their state, pages. */
export function EmbeddedList({ title, summary, id }: { title: string; summary?: ReactNode; id?: string }) {
  const { def, actor } = useListScreen();
  const phase = useSelector(actor, selectPhase);
  const error = useSelector(actor, selectError);
  const filtered = useSelector(actor, selectFiltered);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <Card.Root id={id} aria-busy={busy} aria-labelledby={id ? `${id}-title` : undefined} className={css({ overflow: 'hidden' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '3', px: '4', pt: '4' })}>
        <h2 id={id ? `${id}-title` : undefined} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {title}
        </h2>
        {summary}
      </div>
      <ListToolbar />
      {phase === 'loading' ? (
        <div className={css({ display: 'grid', placeItems: 'center', py: '12' })}>
          <Spinner size="lg" label={`Loading ${def.label.many}`} />
        </div>
      ) : phase === 'failed' ? (
        <AlertMessage variant="centered" title={`${capitalise(def.label.many)} could not be loaded.`} onRetry={() => actor.send({ type: 'list.retry' })}>
          {error}
        </AlertMessage>
      ) : phase === 'empty' ? (
        <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', py: '10', px: '4', textAlign: 'center' })}>
          <p className={css({ fontWeight: 'semibold' })}>{filtered ? `No ${def.label.many} match these filters.` : `No ${def.label.many} yet.`}</p>
          {filtered ? (
            <Button variant="outline" onClick={() => actor.send({ type: 'list.clear' })}>
              Clear filters
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <ListTable />
          <ListPagination />
        </>
      )}
    </Card.Root>
  );
}
