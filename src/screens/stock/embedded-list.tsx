import { useActorRef } from '@xstate/react';
import { useSelector } from '../../app/use-selector.ts';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import type { ResourceList } from '../../../domain/resource.ts';
import { capitalise } from '../../../domain/text.ts';
import type { ListFirst } from '../../../machines/list/list.machine.ts';
import { selectBusy, selectError, selectFiltered, selectPhase } from '../../../machines/list/list.selectors.ts';
import { selectListCards } from '../../../machines/ui.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { embeddedListMachine } from '../../resources/stock-providers.ts';
import { ListCards } from '../resource/list-cards.tsx';
import { ListChips } from '../resource/list-chips.tsx';
import { ListScreenContext, useListScreen, type ListActor, type ListExtras, type ListScreen } from '../resource/list-context.ts';
import { ListPagination } from '../resource/list-pagination.tsx';
import { RelationActors } from '../resource/list-route.tsx';
import { ListTable } from '../resource/list-table.tsx';
import { ListToolbar } from '../resource/list-toolbar.tsx';
import { NO_ABILITIES } from './list-defs.ts';

/**
 * A read-only list inside a page, its machine loading from its own API path (the address bar is
 * the page's); `first`: its first page as the page's loader got it, shown without asking again.
 */
export function useEmbeddedList(def: ResourceList, first?: ListFirst): ListActor {
  const system = useAppSystem();
  const machine = useMemo(() => embeddedListMachine(system, def), [system, def]);
  return useActorRef(machine, { input: { spec: def, search: '', abilities: NO_ABILITIES, first }, inspect: system.inspect });
}

interface EmbeddedListProps {
  def: ResourceList;
  actor: ListActor;
  title: string;
  id: string;
  extras?: ListExtras;
}

/**
 * A titled list inside a page (the stock levels, the ledger, a product's history): the list
 * engine's toolbar (search, filters, date range), chips, rows as a table or as cards on a
 * phone, totals and pages, with an options actor per relation filter.
 */
export function EmbeddedList({ def, actor, title, id, extras }: EmbeddedListProps) {
  const own = useMemo<ListExtras>(() => ({ ...extras, settings: false }), [extras]);
  return (
    <RelationActors filters={def.filters.filter((f) => f.kind === 'relation' && f.relation)} chosen={{}} made={{}}>
      {(relations) => <EmbeddedListScreen value={{ def, parentId: undefined, actor, relations, extras: own }} title={title} id={id} />}
    </RelationActors>
  );
}

function EmbeddedListScreen({ value, title, id }: { value: ListScreen; title: string; id: string }) {
  const { def, actor, relations, extras } = value;
  const list = useMemo(() => ({ def, parentId: undefined, actor, relations, extras }), [def, actor, relations, extras]);
  return (
    <ListScreenContext value={list}>
      <EmbeddedListView title={title} id={id} />
    </ListScreenContext>
  );
}

function EmbeddedListView({ title, id }: { title: string; id: string }) {
  const { def, actor } = useListScreen();
  const { ui } = useAppSystem();
  const phase = useSelector(actor, selectPhase);
  const error = useSelector(actor, selectError);
  const filtered = useSelector(actor, selectFiltered);
  const busy = useSelector(actor, selectBusy);
  const cards = useSelector(ui, selectListCards);
  const Rows = cards ? ListCards : ListTable;
  return (
    <Card.Root id={id} aria-busy={busy} aria-labelledby={`${id}-title`} className={css({ overflow: 'clip' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '3', px: '4', pt: '4' })}>
        <h2 id={`${id}-title`} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {title}
        </h2>
      </div>
      <ListToolbar />
      <ListChips />
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
          <Rows />
          <ListPagination />
        </>
      )}
    </Card.Root>
  );
}
