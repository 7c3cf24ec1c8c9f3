import { createActor } from 'xstate';
import { listByKey } from '../../domain/resources/lists.ts';
import { resourceHref } from '../../domain/paths.ts';
import { warmFormats } from '../../domain/format.ts';
import { selectCurrency, selectPermissions } from '../../machines/auth.machine.ts';
import { abilitiesFor } from '../../machines/list/list.selectors.ts';
import { selectHandoff } from '../../machines/navigation.machine.ts';
import type { ScreenRequest } from '../../machines/screen.machine.ts';
import type { AppSystem } from '../app/system.ts';
import { resourceListMachine } from './list-providers.ts';

/**
 * The list actor of a `list:<key>` page, kept by the app (system.pages) rather than by its view:
 * made and started when the page is got ready (with a stored session, while GET /me is still on
 * its way), so its first request does not wait for the view's chunk; the view adopts it. A page
 * shown with other rights than it was made with gets a new one. React-free, so it can run
 * before React has loaded.
 */
export function listPageActor(system: AppSystem, { screen, pathname, search, params }: Pick<ScreenRequest, 'screen' | 'pathname' | 'search' | 'params'>) {
  const def = listByKey(screen.slice('list:'.length));
  const parentId = def.parent ? params.parent : undefined;
  const abilities = abilitiesFor(selectPermissions(system.auth.getSnapshot()), def.permissions);
  return system.pages.ensure(pathname, JSON.stringify(abilities), () =>
    createActor(resourceListMachine(system, def, parentId), {
      input: { spec: def, search, parentId, abilities, created: selectHandoff(resourceHref.list(def, { parent: parentId }))(system.navigation.getSnapshot()) },
      inspect: system.inspect,
    }),
  );
}

const whenIdle = (work: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => work()) : setTimeout(work, 1));

/**
 * Starts the list of a page being got ready (src/screens/registry.ts calls it). While its first
 * page is on the network, the idle main thread makes the formatters its cells will need.
 */
export function prepare(system: AppSystem, request: ScreenRequest): void {
  listPageActor(system, request);
  const def = listByKey(request.screen.slice('list:'.length));
  whenIdle(() => warmFormats(def.columns.map((c) => c.kind), { locale: system.locale, currency: selectCurrency(system.auth.getSnapshot()) }));
}
