import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { css } from 'styled-system/css';
import type { ResourceDef } from '../../../domain/resource.ts';
import { resourceByKey } from '../../../domain/resources/index.ts';
import type { listMachine } from '../../../machines/list/list.machine.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { adminPath, listUrl } from '../../resources/actors.ts';
import { useNavigate } from '../../app/router.tsx';
import { DeleteDialog } from './delete-dialog.tsx';
import { ListPagination } from './list-pagination.tsx';
import { ListTable } from './list-table.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { PageHeader } from './page-header.tsx';

export type ListActor = ActorRefFrom<typeof listMachine>;
export interface ListAbilities {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Header, toolbar, table or its empty/failed state, pagination, the delete confirmation. */
export function ListView({ def, parentId, actor, can }: { def: ResourceDef; parentId: string | undefined; actor: ListActor; can: ListAbilities }) {
  const navigate = useNavigate();
  const state = useSelector(actor, (s) => {
    if (s.matches({ data: 'loading' })) return 'loading';
    if (s.matches({ data: 'failed' })) return 'failed';
    if (s.matches({ data: 'empty' })) return 'empty';
    return 'rows';
  });
  const error = useSelector(actor, (s) => s.context.error);
  const query = useSelector(actor, (s) => s.context.query);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const createHref = adminPath(def.routes.create ?? `${def.routes.list}/create`, { parent: parentId });
  const filtered = query.search !== '' || Object.keys(query.filters).length > 0;

  return (
    <div>
      <PageHeader
        subtitle={def.parent ? <a href={listUrl(resourceParent(def))} onClick={(e) => { e.preventDefault(); navigate(listUrl(resourceParent(def))); }}>← Back to {resourceParent(def).label.many}</a> : null}
        actions={
          can.create ? (
            <Button asChild>
              <a href={createHref} onClick={(e) => { e.preventDefault(); navigate(createHref); }}>
                <Icon name="plus" />
                New {def.label.one}
              </a>
            </Button>
          ) : null
        }
      />
      <Card.Root aria-busy={busy} className={css({ overflow: 'hidden' })}>
        <ListToolbar def={def} actor={actor} canDelete={can.delete} />
        {state === 'loading' ? (
          <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
            <Spinner size="lg" label={`Loading ${def.label.many}`} />
          </div>
        ) : state === 'failed' ? (
          <div role="alert" className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', py: '12', px: '4', textAlign: 'center' })}>
            <Icon name="alert" />
            <p className={css({ fontWeight: 'semibold' })}>{capital(def.label.many)} could not be loaded.</p>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{error}</p>
            <Button onClick={() => actor.send({ type: 'list.retry' })}>Try again</Button>
          </div>
        ) : state === 'empty' ? (
          <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', py: '12', px: '4', textAlign: 'center' })}>
            <p className={css({ fontWeight: 'semibold' })}>
              {filtered ? `No ${def.label.many} match this search or filter.` : `There are no ${def.label.many} yet.`}
            </p>
            {filtered ? (
              <Button variant="outline" onClick={() => navigate(adminPath(def.routes.list, { parent: parentId }))}>
                Clear search and filters
              </Button>
            ) : can.create ? (
              <Button onClick={() => navigate(createHref)}>Add the first {def.label.one}</Button>
            ) : null}
          </div>
        ) : (
          <>
            <ListTable def={def} parentId={parentId} actor={actor} can={can} />
            <ListPagination def={def} actor={actor} />
          </>
        )}
      </Card.Root>
      <DeleteDialog def={def} actor={actor} />
    </div>
  );
}

const resourceParent = (def: ResourceDef): ResourceDef => resourceByKey(def.parent!.resource);
