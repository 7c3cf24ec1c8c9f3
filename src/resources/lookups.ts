import { fromPromise } from 'xstate';
import type { ResourceDef } from '../../domain/resource.ts';
import { roles } from '../../domain/resources/index.ts';
import { optionsMachine, type OptionItem } from '../../machines/options.machine.ts';
import { permissionGridMachine, type GridModule } from '../../machines/permission-grid.machine.ts';
import type { AppSystem } from '../app/system.ts';

/** The server answers at most this many ids per options request. */
const IDS_PER_REQUEST = 50;

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
        for (let i = 0; i < input.ids.length; i += IDS_PER_REQUEST) chunks.push(input.ids.slice(i, i + IDS_PER_REQUEST));
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
