import { createActor, fromCallback, fromPromise } from 'xstate';
import { matchingBody, type ListResponse, type ListSettings, type SavedFilter } from '../../domain/list-query.ts';
import { resourceHref } from '../../domain/paths.ts';
import { recordName } from '../../domain/record-title.ts';
import type { ResourceFacts, ResourceList, Row } from '../../domain/resource.ts';
import { resourceByKey } from '../../domain/resources/index.ts';
import { warmFormats } from '../../domain/format.ts';
import { selectCurrency } from '../../machines/auth.machine.ts';
import { selectHandoff } from '../../machines/navigation.machine.ts';
import { listMachine, type DeleteTarget, type ListAbilities, type ListEvent, type ListFirst } from '../../machines/list/list.machine.ts';
import { listPath } from '../pages/loaders/list.ts';
import { recordNameMachine } from '../../machines/record-name.machine.ts';
import type { Notice } from '../../machines/toast/toast.constants.ts';
import type { AppSystem } from '../app/system.ts';

/**
 * The list machine's real side effects, apart from the other resource machines' (providers.ts):
 * a list page's first request starts as soon as this small module is here, without waiting
 * for the form, options and permission-grid machines, which a list page does not need.
 */

// Here too for the pages that imported it from the lists; a report page takes it without the list machine.
export { saveFile } from '../app/save-file.ts';
import { saveFile } from '../app/save-file.ts';

export const notifyWith = (system: AppSystem) => (_: unknown, notice: Notice) => system.notify(notice);

/** The list machine with real HTTP, address bar, navigation and toasts for one resource. */
export function resourceListMachine(system: AppSystem, def: ResourceList, parentId: string | undefined) {
  const { api, navigation } = system;
  const path = resourceHref.list(def, { parent: parentId });
  const parentFilter = def.parent && parentId ? { field: def.parent.field, id: parentId } : undefined;
  // `keepalive`: a delete sent as the tab closes still reaches the server.
  const remove = (target: DeleteTarget, keepalive = false) =>
    'matching' in target
      ? api.call<{ message: string }>(`${def.api}/bulk-delete`, { method: 'POST', body: matchingBody(target.matching, target.count, parentFilter), keepalive })
      : target.ids.length === 1
        ? api.call<{ message: string }>(`${def.api}/${target.ids[0]}`, { method: 'DELETE', keepalive })
        : api.call<{ message: string }>(`${def.api}/bulk-delete`, { method: 'POST', body: { ids: target.ids }, keepalive });
  return listMachine.provide({
    actors: {
      loadList: fromPromise(({ input }) => api.call<ListResponse>(listPath(def, input.query, input.parentId))),
      deleteRows: fromPromise(({ input }) => remove(input)),
      exportCsv: fromPromise(async ({ input }) => {
        const { blob, filename } = await api.download(listPath(def, input.query, input.parentId, '/export'));
        saveFile(blob, filename);
      }),
      loadSettings: fromPromise(async () => (await api.call<{ data: ListSettings }>(`${def.api}/list-settings`)).data),
      saveColumns: fromPromise(async ({ input }) => {
        await api.call(`${def.api}/list-settings/columns`, { method: 'PUT', body: { hidden: input.hidden } });
      }),
      createSavedFilter: fromPromise(async ({ input }) => {
        const res = await api.call<{ data: SavedFilter; message: string }>(`${def.api}/saved-filters`, { method: 'POST', body: input });
        return { ...res.data, message: res.message };
      }),
      removeSavedFilter: fromPromise(({ input }) => api.call<{ message: string }>(`${def.api}/saved-filters/${input.id}`, { method: 'DELETE' })),
      followAddressBar: fromCallback<ListEvent>(({ sendBack }) => {
        const sub = navigation.on('nav.shown', (e) => sendBack(e.pathname === path ? { type: 'list.urlChanged', search: e.search } : { type: 'list.leave' }));
        const stop = system.host.pageHide(() => sendBack({ type: 'list.leave' }));
        return () => {
          sub.unsubscribe();
          stop();
        };
      }),
    },
    actions: {
      writeUrl: (_, { search }) => navigation.send({ type: 'nav.go', to: path + search, replace: true }),
      notify: notifyWith(system),
      openRecord: (_, { id }) => navigation.send({ type: 'nav.go', to: resourceHref.edit(def, id, { parent: parentId }) }),
      deleteInBackground: (_, { target, failed }) => {
        remove(target, true).then(
          (res) => system.notify({ toastType: 'success', body: res.message }),
          (e: { message?: string }) => system.notify({ toastType: 'error', body: e.message || failed }),
        );
      },
    },
  });
}

const whenIdle = (work: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => work()) : setTimeout(work, 1));

/**
 * A list page's actor, kept by the app (system.pages) rather than by its view, so its life
 * follows the page, not the view's mounts (StrictMode included): started from the data its page
 * was loaded with (`first`: src/pages/loaders/list.ts), or asking for it when there is none. A
 * page shown with other rights than it was made with gets a new one.
 */
export function heldListActor(
  system: AppSystem,
  { pathname, search }: { pathname: string; search: string },
  list: { def: ResourceList; machine: () => ReturnType<typeof resourceListMachine>; abilities: ListAbilities; parentId?: string | undefined; first: ListFirst | undefined },
) {
  const { def, abilities, parentId, first } = list;
  return system.pages.ensure(pathname, JSON.stringify(abilities), () => {
    // While the first page is on the network, the idle main thread makes the formatters its cells need.
    if (!first) whenIdle(() => warmFormats(def.columns.map((c) => c.kind), { locale: system.locale, currency: selectCurrency(system.auth.getSnapshot()) }));
    return createActor(list.machine(), {
      input: { spec: def, search, parentId, abilities, first, created: selectHandoff(resourceHref.list(def, { parent: parentId }))(system.navigation.getSnapshot()) },
      inspect: system.inspect,
    });
  });
}

/**
 * Names the parent record of a child resource's pages (the attribute whose values they are):
 * its name titles the child list ("Values of Size") and the breadcrumbs under it.
 */
export function parentNameMachine(system: AppSystem, def: ResourceFacts, parentId: string) {
  const { api, navigation } = system;
  // The list layer has what it takes (api, titleField): no schemas come with a list page.
  const parent = resourceByKey(def.parent!.resource);
  return recordNameMachine.provide({
    actors: {
      loadName: fromPromise(async ({ input }) => {
        const row = (await api.call<{ data: Row }>(`${parent.api}/${encodeURIComponent(input.id)}`)).data;
        return recordName(parent, row);
      }),
    },
    actions: {
      tell: (_, { name }) => navigation.send({ type: 'page.named', path: resourceHref.list(def, { parent: parentId }), name }),
    },
  });
}
