import { fromPromise } from 'xstate';
import { DASHBOARD_PATH, resourceHref } from '../../domain/paths.ts';
import type { ResourceDef, Row, SingletonDef } from '../../domain/resource.ts';
import { roles } from '../../domain/resources/index.ts';
import { formMachine, type LoadedRecord } from '../../machines/form/form.machine.ts';
import { permissionGridMachine, type GridModule } from '../../machines/permission-grid.machine.ts';
import type { AppSystem } from '../app/system.ts';
import { fetchResourceRecord } from '../pages/loaders/resource-form.ts';
import { fetchSetting } from '../pages/loaders/setting.ts';
import { fieldId } from './dom-ids.ts';
import { notifyWith } from './list-providers.ts';

/**
 * The real side effects of the resource machines: HTTP through the API client, the address
 * bar through the navigation machine, toasts, the document. Each is a one-liner that does I/O;
 * every decision (what to load, where to go, whether to ask first) is the machines'.
 */

/** The form machine's effects for a form whose Cancel and Save go back to `back`. */
export function formEffects(system: AppSystem, back: string) {
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
      loadRecord: fromPromise(({ input }): Promise<LoadedRecord> => fetchResourceRecord(api, def.api, input.id ?? '')),
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

export { parentNameMachine } from './list-providers.ts';

/** The form machine for a settings record (POS setting, website setting). */
export function singletonFormMachine(system: AppSystem, def: SingletonDef) {
  const { api } = system;
  return formMachine.provide({
    actors: {
      loadRecord: fromPromise((): Promise<LoadedRecord> => fetchSetting(api, def.api)),
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

export { relationOptionsMachine } from './options-providers.ts';

/** The role screen's grid of modules and permissions. */
export function rolePermissionGridMachine(system: Pick<AppSystem, 'api'>) {
  const { api } = system;
  return permissionGridMachine.provide({
    actors: {
      loadGrid: fromPromise(async () => (await api.call<{ data: GridModule[] }>(`${roles.api}/permission-grid`)).data),
    },
  });
}
