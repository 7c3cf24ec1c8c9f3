import { createActor } from 'xstate';
import { listByKey } from '../../domain/resources/lists.ts';
import { resourceHref } from '../../domain/paths.ts';
import { warmFormats } from '../../domain/format.ts';
import type { ResourceList } from '../../domain/resource.ts';
import { selectCurrency, selectPermissions } from '../../machines/auth.machine.ts';
import type { ListAbilities } from '../../machines/list/list.machine.ts';
import { abilitiesFor } from '../../machines/list/list.selectors.ts';
import { selectHandoff } from '../../machines/navigation.machine.ts';
import type { ScreenRequest } from '../../machines/screen.machine.ts';
import type { AppSystem } from '../app/system.ts';
import { resourceListMachine } from './list-providers.ts';

type ListPage = Pick<ScreenRequest, 'pathname' | 'search'>;

/**
 * A list page's actor, kept by the app (system.pages) rather than by its view: made and started
 * when the page is got ready (with a stored session, while GET /me is still on its way), so its
 * first request does not wait for the view's chunk, and the server can draw the page with its
 * rows; the view adopts it. A page shown with other rights than it was made with gets a new one.
 * React-free, so it can run before React has loaded.
 */
export function heldListActor(
  system: AppSystem,
  { pathname, search }: ListPage,
  list: { def: ResourceList; machine: () => ReturnType<typeof resourceListMachine>; abilities: ListAbilities; parentId?: string },
) {
  const { def, abilities, parentId } = list;
  return system.pages.ensure(pathname, JSON.stringify(abilities), () =>
    createActor(list.machine(), {
      input: { spec: def, search, parentId, abilities, created: selectHandoff(resourceHref.list(def, { parent: parentId }))(system.navigation.getSnapshot()) },
      inspect: system.inspect,
    }),
  );
}

/** The list actor of a `list:<key>` page. */
export function listPageActor(system: AppSystem, request: ListPage & Pick<ScreenRequest, 'screen' | 'params'>) {
  const def = listByKey(request.screen.slice('list:'.length));
  const parentId = def.parent ? request.params.parent : undefined;
  const abilities = abilitiesFor(selectPermissions(system.auth.getSnapshot()), def.permissions);
  return heldListActor(system, request, { def, parentId, abilities, machine: () => resourceListMachine(system, def, parentId) });
}

const whenIdle = (work: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => work()) : setTimeout(work, 1));

/** While a list's first page is on the network, the idle main thread makes the formatters its cells will need. */
export function warmListFormats(system: AppSystem, def: ResourceList): void {
  whenIdle(() => warmFormats(def.columns.map((c) => c.kind), { locale: system.locale, currency: selectCurrency(system.auth.getSnapshot()) }));
}

/** Starts the list of a `list:<key>` page being got ready (src/screens/registry.ts calls it). */
export function prepare(system: AppSystem, request: ScreenRequest): void {
  listPageActor(system, request);
  warmListFormats(system, listByKey(request.screen.slice('list:'.length)));
}
