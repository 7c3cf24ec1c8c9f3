import { fromCallback, fromPromise } from 'xstate';
import { listQueryString, matchingBody, type ListResponse, type ListSettings, type SavedFilter } from '../../domain/list-query.ts';
import { resourceHref } from '../../domain/paths.ts';
import { recordName } from '../../domain/record-title.ts';
import type { ResourceFacts, ResourceList, Row } from '../../domain/resource.ts';
import { listByKey } from '../../domain/resources/lists.ts';
import { listMachine, type DeleteTarget, type ListEvent } from '../../machines/list/list.machine.ts';
import { recordNameMachine } from '../../machines/record-name.machine.ts';
import type { Notice } from '../../machines/toast/toast.constants.ts';
import type { AppSystem } from '../app/system.ts';

/**
 * The list machine's real side effects, apart from the other resource machines' (providers.ts):
 * a list page's first request starts as soon as this small module is here, without waiting
 * for the form, options and permission-grid machines, which a list page does not need.
 */

const parentQuery = (def: ResourceFacts, parentId: string | undefined) =>
  def.parent && parentId ? `&${encodeURIComponent(def.parent.field)}=${encodeURIComponent(parentId)}` : '';

function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const notifyWith = (system: AppSystem) => (_: unknown, notice: Notice) => system.notify(notice);

/** The list machine with real HTTP, address bar, navigation and toasts for one resource. */
export function resourceListMachine(system: AppSystem, def: ResourceList, parentId: string | undefined) {
  const { api, navigation } = system;
  const path = resourceHref.list(def, { parent: parentId });
  const query = (q: Parameters<typeof listQueryString>[1], parent: string | undefined) =>
    `${listQueryString(def, q, { full: true })}${parentQuery(def, parent)}`;
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
      loadList: fromPromise(({ input }) => api.call<ListResponse>(`${def.api}${query(input.query, input.parentId)}`)),
      deleteRows: fromPromise(({ input }) => remove(input)),
      exportCsv: fromPromise(async ({ input }) => {
        const { blob, filename } = await api.download(`${def.api}/export${query(input.query, input.parentId)}`);
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

/**
 * Names the parent record of a child resource's pages (the attribute whose values they are):
 * its name titles the child list ("Values of Size") and the breadcrumbs under it.
 */
export function parentNameMachine(system: AppSystem, def: ResourceFacts, parentId: string) {
  const { api, navigation } = system;
  // The list layer has what it takes (api, titleField): no schemas come with a list page.
  const parent = listByKey(def.parent!.resource);
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
