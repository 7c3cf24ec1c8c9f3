import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { products } from '../../../domain/resources/index.ts';
import { labelsHref, productViewHref } from '../../../domain/stock/labels.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { abilitiesFor, selectSelectedIds } from '../../../machines/list/list.selectors.ts';
import { selectSearch } from '../../../machines/navigation.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { resourceListMachine } from '../../resources/providers.ts';
import { productBulkStatusMachine } from '../../resources/stock-providers.ts';
import { ListScreenContext, type ListActor, type ListExtras } from '../resource/list-context.ts';
import { ListView } from '../resource/list-view.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { OnHand, Thumbnail } from './stock-badge.tsx';

/** The products list: the generic list with each product's picture, its stock badge, and bulk status and labels. */
export default function ProductListRoute(_: ScreenProps) {
  const system = useAppSystem();
  const machine = useMemo(() => resourceListMachine(system, products, undefined), [system]);
  const actor = useActorRef(machine, {
    input: {
      spec: products,
      search: selectSearch(system.navigation.getSnapshot()),
      abilities: abilitiesFor(selectPermissions(system.auth.getSnapshot()), products.permissions),
    },
    inspect: system.inspect,
  });
  const extras = useMemo<ListExtras>(
    () => ({
      leading: { label: 'Picture', render: (row) => <Thumbnail row={row} /> },
      cells: { on_hand: (row) => <OnHand row={row} /> },
      titleHref: (row) => productViewHref(row.id),
      bulkActions: <BulkActions list={actor} />,
    }),
    [actor],
  );
  const list = useMemo(() => ({ def: products, parentId: undefined, actor, extras }), [actor, extras]);
  return (
    <ListScreenContext value={list}>
      <ListView />
    </ListScreenContext>
  );
}

function BulkActions({ list }: { list: ListActor }) {
  const system = useAppSystem();
  const ids = useSelector(list, selectSelectedIds);
  const machine = useMemo(
    () =>
      productBulkStatusMachine(system, () => {
        list.send({ type: 'selection.clear' });
        list.send({ type: 'list.reload' });
      }),
    [system, list],
  );
  const bulk = useActorRef(machine, { inspect: system.inspect });
  const busy = useSelector(bulk, (s) => s.hasTag('busy'));
  const can = useSelector(bulk, (s) => s.can({ type: 'bulk.status', ids, status: 'active' }));
  return (
    <>
      <Button asChild variant="outline" size="sm">
        <AppLink href={labelsHref(ids)}>
          <Icon name="barcode" size="sm" />
          Print labels
        </AppLink>
      </Button>
      <Button variant="outline" size="sm" loading={busy} disabled={!can} onClick={() => bulk.send({ type: 'bulk.status', ids, status: 'active' })}>
        Make active
      </Button>
      <Button variant="outline" size="sm" loading={busy} disabled={!can} onClick={() => bulk.send({ type: 'bulk.status', ids, status: 'inactive' })} className={css({ me: '1' })}>
        Make inactive
      </Button>
    </>
  );
}
