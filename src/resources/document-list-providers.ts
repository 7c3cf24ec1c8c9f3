import { fromPromise } from 'xstate';
import type { ListSettings } from '../../domain/list-query.ts';
import type { ResourceList } from '../../domain/resource.ts';
import type { AppSystem } from '../app/system.ts';
import { resourceListMachine } from './list-providers.ts';

/**
 * A list on the list engine that keeps no per-person columns or saved filters (a document kind's,
 * the audit trail's), apart from the document machines (document-providers.ts), whose zod checks
 * a list page does not need. A row opens `href` (a document's own page) when there is one.
 */
export function plainListMachine(system: AppSystem, def: ResourceList, href?: (id: number | string) => string) {
  return resourceListMachine(system, def, undefined).provide({
    actors: {
      loadSettings: fromPromise(async (): Promise<ListSettings> => ({ hidden_columns: [], saved_filters: [] })),
    },
    actions: { openRecord: (_, { id }) => href && system.navigation.send({ type: 'nav.go', to: href(id) }) },
  });
}
