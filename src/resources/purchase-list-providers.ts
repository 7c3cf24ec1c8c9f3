import { fromPromise } from 'xstate';
import type { ListSettings } from '../../domain/list-query.ts';
import { purchaseHref } from '../../machines/purchases/purchase-view.selectors.ts';
import type { ResourceList } from '../../domain/resource.ts';
import type { AppSystem } from '../app/system.ts';
import { resourceListMachine } from './list-providers.ts';

/**
 * The purchase list's side effects, apart from the document machines (document-providers.ts),
 * whose zod checks the list page does not need.
 */

export { purchaseHref };

/** The purchase list on the list engine; it keeps no per-person columns or saved filters. */
export function purchaseListMachine(system: AppSystem, def: ResourceList) {
  return resourceListMachine(system, def, undefined).provide({
    actors: {
      loadSettings: fromPromise(async (): Promise<ListSettings> => ({ hidden_columns: [], saved_filters: [] })),
    },
    actions: { openRecord: (_, { id }) => system.navigation.send({ type: 'nav.go', to: purchaseHref(id) }) },
  });
}
