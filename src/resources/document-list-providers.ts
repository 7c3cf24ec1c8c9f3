import { fromPromise } from 'xstate';
import type { ListSettings } from '../../domain/list-query.ts';
import type { ResourceList } from '../../domain/resource.ts';
import type { AppSystem } from '../app/system.ts';
import { resourceListMachine } from './list-providers.ts';

/**
 * A document kind's list on the list engine, apart from the document machines
 * (document-providers.ts), whose zod checks a list page does not need. Document lists keep no
 * per-person columns or saved filters; a row opens the document's own page.
 */
export function documentListMachine(system: AppSystem, def: ResourceList, href: (id: number | string) => string) {
  return resourceListMachine(system, def, undefined).provide({
    actors: {
      loadSettings: fromPromise(async (): Promise<ListSettings> => ({ hidden_columns: [], saved_filters: [] })),
    },
    actions: { openRecord: (_, { id }) => system.navigation.send({ type: 'nav.go', to: href(id) }) },
  });
}
