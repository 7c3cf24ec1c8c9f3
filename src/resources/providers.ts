import { fromCallback, fromPromise } from 'xstate';
import { listQueryString, matchingBody, type ListResponse, type ListSettings, type SavedFilter } from '../../domain/list-query.ts';
import { DASHBOARD_PATH, resourceHref } from '../../domain/paths.ts';
import type { ResourceDef, Row, SingletonDef } from '../../domain/resource.ts';
import { resourceByKey, roles } from '../../domain/resources/index.ts';
import { formMachine, type LoadedRecord } from '../../machines/form/form.machine.ts';
import { listMachine, type DeleteTarget, type ListEvent } from '../../machines/list/list.machine.ts';
import { optionsMachine, type OptionItem } from '../../machines/options.machine.ts';
import { recordNameMachine } from '../../machines/record-name.machine.ts';
import { permissionGridMachine, type GridModule } from '../../machines/permission-grid.machine.ts';
import type { Notice } from '../../machines/toast/toast.constants.ts';
import type { AppSystem } from '../app/system.ts';
import { fieldId } from './dom-ids.ts';

/**
 * The real side effects of the resource machines: HTTP through the API client, the address
 * bar through the navigation machine, toasts, the document. Each is a one-liner that does I/O;
 * every decision (what to load, where to go, whether to ask first) is the machines'.
 */

/** The server answers at most this many ids per options request. */
const IDS_PER_OPTIONS_REQUEST = 50;

const parentQuery = (def: ResourceDef, parentId: string | undefined) =>
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

const notifyWith = (system: AppSystem) => (_: unknown, notice: Notice) => system.notify(notice);

/** The list machine with real HTTP, address bar, navigation and toasts for one resource. */
export function resourceListMachine(system: AppSystem, def: ResourceDef, parentId: string | undefined) {
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
        const leave = () => sendBack({ type: 'list.leave' });
        window.addEventListener('pagehide', leave);
        return () => {
          sub.unsubscribe();
          window.removeEventListener('pagehide', leave);
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

function formEffects(system: AppSystem, back: string) {
  const { navigation } = system;
  return {
    nameRecord: () => {},
    notify: notifyWith(system),
    goToList: () => navigation.send({ type: 'nav.go', to: back, resume: true }),
    finish: (_: unknown, { created }: { created?: Row | undefined }) => navigation.send({ type: 'nav.done', to: back, ...(created ? { created } : {}) }),
    setLeaveGuard: (_: unknown, { dirty }: { dirty: boolean }) => navigation.send({ type: 'nav.block', blocked: dirty }),
    // After React has shown the error, so the screen reader reads the field with it.
    focusField: (_: unknown, { name }: { name: string }) => requestAnimationFrame(() => document.getElementById(fieldId(name))?.focus()),
  };
}

/** The form machine for creating or editing one record of a resource. */
export function resourceFormMachine(system: AppSystem, def: ResourceDef, parentId: string | undefined) {
  const { api } = system;
  const record = (id: string | undefined) => `${def.api}/${encodeURIComponent(id ?? '')}`;
  return formMachine.provide({
    actors: {
      loadRecord: fromPromise(async ({ input }): Promise<LoadedRecord> => {
        const { data, headers } = await api.callWithHeaders<{ data: Row }>(record(input.id));
        return { data: data.data, version: headers.get('etag') };
      }),
      saveRecord: fromPromise(async ({ input }) => {
        const { data, headers } = await api.callWithHeaders<{ data: Row; message: string }>(input.mode === 'create' ? def.api : record(input.id), {
          method: input.mode === 'create' ? 'POST' : 'PUT',
          body: input.body,
          ...(input.version ? { headers: { 'If-Match': input.version } } : {}),
        });
        return { message: data.message, data: data.data, version: headers.get('etag') };
      }),
    },
    actions: {
      ...formEffects(system, resourceHref.list(def, { parent: parentId })),
      nameRecord: (_, { id, name }) =>
        id !== undefined && system.navigation.send({ type: 'page.named', path: resourceHref.edit(def, id, { parent: parentId }), name }),
    },
  });
}

/**
 * Names the parent record of a child resource's pages (the attribute whose values they are):
 * its name titles the child list ("Values of Size") and the breadcrumbs under it.
 */
export function parentNameMachine(system: AppSystem, def: ResourceDef, parentId: string) {
  const { api, navigation } = system;
  const parent = resourceByKey(def.parent!.resource);
  return recordNameMachine.provide({
    actors: {
      loadName: fromPromise(async ({ input }) => {
        const row = (await api.call<{ data: Row }>(`${parent.api}/${encodeURIComponent(input.id)}`)).data;
        const name = row[parent.titleField];
        return typeof name === 'string' ? name : null;
      }),
    },
    actions: {
      tell: (_, { name }) => navigation.send({ type: 'page.named', path: resourceHref.list(def, { parent: parentId }), name }),
    },
  });
}

/** The form machine for a settings record (POS setting, website setting). */
export function singletonFormMachine(system: AppSystem, def: SingletonDef) {
  const { api } = system;
  return formMachine.provide({
    actors: {
      loadRecord: fromPromise(async (): Promise<LoadedRecord> => ({ data: (await api.call<{ data: Record<string, unknown> }>(def.api)).data })),
      saveRecord: fromPromise(async ({ input }) => {
        const res = await api.call<{ data: Record<string, unknown>; message: string }>(def.api, { method: 'PUT', body: input.body });
        // The session carries the shop's currency: amounts show the new one at once.
        if (def.refreshesSession) system.auth.send({ type: 'user.updated', user: await api.me() });
        return { message: res.message, data: res.data };
      }),
    },
    actions: formEffects(system, DASHBOARD_PATH),
  });
}

/** The options machine of a picker whose choices are `target`'s records (`GET {api}/options`). */
export function relationOptionsMachine(system: Pick<AppSystem, 'api'>, target: ResourceDef) {
  const { api } = system;
  const get = (query: URLSearchParams) => {
    const qs = query.toString();
    return api.call<{ data: OptionItem[] }>(`${target.api}/options${qs ? `?${qs}` : ''}`).then((r) => r.data);
  };
  return optionsMachine.provide({
    actors: {
      loadOptions: fromPromise(async ({ input }) => {
        if (!input.ids) return get(new URLSearchParams(input.search ? { search: input.search } : {}));
        const chunks: number[][] = [];
        for (let i = 0; i < input.ids.length; i += IDS_PER_OPTIONS_REQUEST) chunks.push(input.ids.slice(i, i + IDS_PER_OPTIONS_REQUEST));
        return (await Promise.all(chunks.map((ids) => get(new URLSearchParams({ ids: ids.join(',') }))))).flat();
      }),
    },
  });
}

/** The role screen's grid of modules and permissions. */
export function rolePermissionGridMachine(system: Pick<AppSystem, 'api'>) {
  const { api } = system;
  return permissionGridMachine.provide({
    actors: {
      loadGrid: fromPromise(async () => (await api.call<{ data: GridModule[] }>(`${roles.api}/permission-grid`)).data),
    },
  });
}
