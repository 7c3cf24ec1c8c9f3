import { fromPromise } from 'xstate';
import type { ResourceFacts } from '../../domain/resource.ts';
import { optionsMachine, type OptionItem } from '../../machines/options.machine.ts';
import type { AppSystem } from '../app/system.ts';

/**
 * The options machine's HTTP, apart from providers.ts: a list's filters use it, and a list page
 * should not bring the form and permission-grid machines with it.
 */

/** The server answers at most this many ids per options request. */
const IDS_PER_OPTIONS_REQUEST = 50;

/** The options machine of a picker whose choices are `target`'s records (`GET {api}/options`). */
export function relationOptionsMachine(system: Pick<AppSystem, 'api'>, target: Pick<ResourceFacts, 'api'>) {
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

