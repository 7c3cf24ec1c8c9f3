import { useActorRef } from '@xstate/react';
import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { parseListQuery } from '../../../domain/list-query.ts';
import { products } from '../../../domain/resources/product.ts';
import { labelsHref, productViewHref } from '../../../domain/stock/labels.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { selectSelectedIds, selectSelection } from '../../../machines/list/list.selectors.ts';
import { selectPathname, selectSearch } from '../../../machines/navigation.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import type { ListFirst } from '../../../machines/list/list.machine.ts';
import { abilitiesFor } from '../../../machines/list/list.selectors.ts';
import { heldListActor, resourceListMachine } from '../../resources/list-providers.ts';
import { productBulkStatusMachine } from '../../resources/stock-providers.ts';
import { ListScreenContext, type ListActor, type ListExtras, type ListScreen } from '../resource/list-context.ts';
import { RelationActors } from '../resource/list-route.tsx';
import { ListView } from '../resource/list-view.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { OnHand } from './stock-badge.tsx';

/**
 * The products list: the generic list (pictures, cards on a phone, chips, saved filters…) whose
 * rows open the product's own page, with its stock badge, and bulk actions of its own: print
 * labels (whoever sees the list), make active or inactive (who may edit), delete (who may delete).
 * Rows can be chosen whenever one of those is the person's.
 */
export default function ProductListRoute({ data }: ScreenProps) {
  const system = useAppSystem();
  const held = selectPermissions(system.auth.getSnapshot());
  const nav = system.navigation.getSnapshot();
  const search = selectSearch(nav);
  // Rows open the product's own page, and are always selectable: printing labels needs no more than seeing the list.
  const actor = useMemo(() => {
    const abilities = { ...abilitiesFor(held, products.permissions), bulk: true };
    const machine = () =>
      resourceListMachine(system, products, undefined).provide({
        actions: { openRecord: (_, { id }) => system.navigation.send({ type: 'nav.go', to: productViewHref(id) }) },
      });
    return heldListActor(system, { pathname: selectPathname(nav), search }, { def: products, abilities, machine, first: data as ListFirst | undefined });
  }, [system]);
  const mayEdit = held.has(products.permissions.edit);
  const extras = useMemo<ListExtras>(
    () => ({
      cells: { on_hand: (row) => <OnHand row={row} /> },
      titleHref: (row) => productViewHref(row.id),
      bulkActions: <BulkActions list={actor} mayEdit={mayEdit} />,
    }),
    [actor, mayEdit],
  );
  const chosen = parseListQuery(products, search).filters;
  return (
    <RelationActors filters={products.filters.filter((f) => f.kind === 'relation' && f.relation)} chosen={chosen} made={{}}>
      {(relations) => <ProductList actor={actor} extras={extras} relations={relations} />}
    </RelationActors>
  );
}

function ProductList({ actor, extras, relations }: { actor: ListActor; extras: ListExtras; relations: ListScreen['relations'] }) {
  const list = useMemo(() => ({ def: products, parentId: undefined, actor, relations, extras }), [actor, relations, extras]);
  return (
    <ListScreenContext value={list}>
      <ListView />
    </ListScreenContext>
  );
}

/** Print labels and, for who may edit, make active or inactive: they take the ticked rows of this page. */
function BulkActions({ list, mayEdit }: { list: ListActor; mayEdit: boolean }) {
  const system = useAppSystem();
  const ids = useSelector(list, selectSelectedIds);
  const { allMatching } = useSelector(list, selectSelection, shallowEqual);
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
  // "All that match" is for a delete by filter; labels and status take ids, so they wait for rows ticked on a page.
  if (allMatching) return null;
  return (
    <>
      <Button asChild variant="outline" size="sm">
        <AppLink href={labelsHref(ids)}>
          <Icon name="barcode" size="sm" />
          Print labels
        </AppLink>
      </Button>
      {mayEdit ? (
        <>
          <Button variant="outline" size="sm" loading={busy} disabled={!can} onClick={() => bulk.send({ type: 'bulk.status', ids, status: 'active' })}>
            Make active
          </Button>
          <Button variant="outline" size="sm" loading={busy} disabled={!can} onClick={() => bulk.send({ type: 'bulk.status', ids, status: 'inactive' })} className={css({ me: '1' })}>
            Make inactive
          </Button>
        </>
      ) : null}
    </>
  );
}
