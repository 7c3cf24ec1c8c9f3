import { fromPromise } from 'xstate';
import { listQueryString, type ListResponse, type ResourceDef, type Row, type SingletonDef } from '../../domain/resource.ts';
import { formMachine, type FormSpec, type LoadedRecord } from '../../machines/form/form.machine.ts';
import { listMachine } from '../../machines/list/list.machine.ts';
import type { AppSystem } from '../app/system.ts';

/** `/attribute/value/:parent` → `/admin/attribute/value/7`. */
export function adminPath(path: string, params: { parent?: string | undefined; id?: string | number | undefined } = {}): string {
  return `/admin${path.replace(':parent', encodeURIComponent(params.parent ?? '')).replace(':id', encodeURIComponent(String(params.id ?? '')))}`;
}

/** The last query each list showed, so "back to the list" returns to the same page and search. */
const lastListSearch = new Map<string, string>();
const listKey = (def: ResourceDef, parentId: string | undefined) => `${def.key}:${parentId ?? ''}`;

export function listUrl(def: ResourceDef, parentId?: string): string {
  return adminPath(def.routes.list, { parent: parentId }) + (lastListSearch.get(listKey(def, parentId)) ?? '');
}

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

/** The list machine with real HTTP, address bar and toasts for one resource. */
export function resourceListMachine(system: AppSystem, def: ResourceDef, parentId: string | undefined) {
  const { api, navigation, notify } = system;
  const key = listKey(def, parentId);
  return listMachine.provide({
    actors: {
      loadList: fromPromise(({ input }) =>
        api.call<ListResponse>(`${def.api}${listQueryString(def, input.query, { full: true })}${parentQuery(def, input.parentId)}`),
      ),
      deleteRows: fromPromise(async ({ input }) => {
        if (input.ids.length === 1) return api.call<{ message: string }>(`${def.api}/${input.ids[0]}`, { method: 'DELETE' });
        return api.call<{ message: string }>(`${def.api}/bulk-delete`, { method: 'POST', body: { ids: input.ids } });
      }),
      exportCsv: fromPromise(async ({ input }) => {
        const { blob, filename } = await api.download(
          `${def.api}/export${listQueryString(def, input.query, { full: true })}${parentQuery(def, input.parentId)}`,
        );
        saveFile(blob, filename);
      }),
    },
    actions: {
      writeUrl: (_, { search }) => {
        lastListSearch.set(key, search);
        navigation.send({ type: 'nav.go', to: adminPath(def.routes.list, { parent: parentId }) + search, replace: true });
      },
      notify: (_, t) => notify(t),
    },
  });
}

export const formSpecOf = (def: ResourceDef): FormSpec => ({
  label: def.label.one,
  fields: def.fields,
  schema: def.schema,
  updateSchema: def.updateSchema,
  defaults: def.defaults,
  parentField: def.parent?.field,
});

export const singletonSpecOf = (def: SingletonDef): FormSpec => ({
  label: def.label,
  fields: def.fields,
  schema: def.schema,
  defaults: def.defaults,
});

function formEffects(system: AppSystem, back: () => void) {
  const { navigation } = system;
  // A save that ends while "Leave this page?" is open lets navigation go where the person
  // asked (Dashboard, Back…); the form's own "back to the list" must not override that.
  let leftAlready = false;
  return {
    notify: (_: unknown, t: { toastType: 'success' | 'error'; body: string }) => system.notify(t),
    goToList: () => {
      if (leftAlready) leftAlready = false;
      else back();
    },
    setLeaveGuard: (_: unknown, { dirty }: { dirty: boolean }) => {
      leftAlready = !dirty && navigation.getSnapshot().matches({ showing: 'confirmingLeave' });
      navigation.send({ type: 'nav.block', blocked: dirty });
    },
    focusField: (_: unknown, { name }: { name: string }) => {
      // After React has shown the error, so the screen reader reads the field with it.
      requestAnimationFrame(() => document.getElementById(fieldId(name))?.focus());
    },
  };
}

export const fieldId = (name: string) => `field-${name}`;

/** The form machine for creating or editing one record of a resource. */
export function resourceFormMachine(system: AppSystem, def: ResourceDef, parentId: string | undefined) {
  const { api } = system;
  return formMachine.provide({
    actors: {
      loadRecord: fromPromise(async ({ input }): Promise<LoadedRecord> => {
        const { data, headers } = await api.callWithHeaders<{ data: Row }>(`${def.api}/${encodeURIComponent(input.id ?? '')}`);
        return { data: data.data, version: headers.get('etag') };
      }),
      saveRecord: fromPromise(async ({ input }) => {
        const path = input.mode === 'create' ? def.api : `${def.api}/${encodeURIComponent(input.id ?? '')}`;
        const { data, headers } = await api.callWithHeaders<{ data: Row; message: string }>(path, {
          method: input.mode === 'create' ? 'POST' : 'PUT',
          body: input.body,
          ...(input.version ? { headers: { 'If-Match': input.version } } : {}),
        });
        return { message: data.message, data: data.data, version: headers.get('etag') };
      }),
    },
    actions: formEffects(system, () => system.navigation.send({ type: 'nav.go', to: listUrl(def, parentId) })),
  });
}

/** The form machine for a settings record (POS setting, website setting). */
export function singletonFormMachine(system: AppSystem, def: SingletonDef) {
  const { api } = system;
  return formMachine.provide({
    actors: {
      loadRecord: fromPromise(async (): Promise<LoadedRecord> => {
        const res = await api.call<{ data: Record<string, unknown> }>(def.api);
        return { data: res.data };
      }),
      saveRecord: fromPromise(async ({ input }) => {
        const res = await api.call<{ data: Record<string, unknown>; message: string }>(def.api, { method: 'PUT', body: input.body });
        return { message: res.message, data: res.data };
      }),
    },
    actions: formEffects(system, () => system.navigation.send({ type: 'nav.go', to: '/admin/dashboard' })),
  });
}
