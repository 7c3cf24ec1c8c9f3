import { products } from '../../domain/resources/product.list.ts';
import { productViewHref } from '../../domain/stock/labels.ts';
import { selectPermissions } from '../../machines/auth.machine.ts';
import { abilitiesFor } from '../../machines/list/list.selectors.ts';
import type { ScreenRequest } from '../../machines/screen.machine.ts';
import type { AppSystem } from '../app/system.ts';
import { heldListActor, warmListFormats } from './list-page.ts';
import { resourceListMachine } from './list-providers.ts';

/**
 * The products list's actor (src/resources/list-page.ts): a row opens the product's own page, and
 * rows are always selectable, since printing labels needs no more than seeing the list.
 */
export function productListActor(system: AppSystem, request: Pick<ScreenRequest, 'pathname' | 'search'>) {
  const abilities = { ...abilitiesFor(selectPermissions(system.auth.getSnapshot()), products.permissions), bulk: true };
  const machine = () =>
    resourceListMachine(system, products, undefined).provide({
      actions: { openRecord: (_, { id }) => system.navigation.send({ type: 'nav.go', to: productViewHref(id) }) },
    });
  return heldListActor(system, request, { def: products, abilities, machine });
}

export function prepare(system: AppSystem, request: ScreenRequest): void {
  productListActor(system, request);
  warmListFormats(system, products);
}
