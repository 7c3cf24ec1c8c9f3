import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isRequestFailure } from './auth.machine.ts';

/** One choice of a relation picker: `GET {api}/options` answers these. */
export interface OptionItem {
  id: number;
  label: string;
}

export interface OptionsQuery {
  search?: string;
  ids?: number[];
}

export interface OptionsContext {
  /** What the person typed; the list shows the matches for it. */
  search: string;
  /** True while the input shows what is typed rather than the chosen value's label. */
  typing: boolean;
  items: OptionItem[];
  /** Every label seen so far by id, so chosen values keep their names whatever the list shows. */
  labels: Record<number, string>;
  /** The values the picker started with; their labels are fetched once. */
  ids: number[];
  /** Load the whole list at once instead of when first opened (a filter's plain select shows every choice). */
  eager: boolean;
  error: string | null;
  /** The last load failed because the server could not be reached (offline), not because it refused. */
  unreachable: boolean;
}

export type OptionsEvent =
  /** The list was opened: load it unless it is loaded. */
  | { type: 'options.open' }
  /** The person typed: search again after a short pause. */
  | { type: 'options.search'; search: string }
  /** A choice was made, cleared or abandoned: the input shows the value again. */
  | { type: 'options.settle' }
  | { type: 'options.retry' };

const messageOf = (e: unknown) => (e as { message?: string } | undefined)?.message || 'The choices could not be loaded.';

/**
 * The choices of one relation picker (a customer's category, a user's roles): the labels of
 * the current values once, and the matches for what is typed, searched after a pause so
 * typing does not send a request per key. The HTTP call is injected as `loadOptions`.
 */
export const optionsMachine = setup({
  types: {
    context: {} as OptionsContext,
    input: {} as { ids: number[]; eager?: boolean },
    events: {} as OptionsEvent,
  },
  actors: {
    loadOptions: fromPromise<OptionItem[], OptionsQuery>(async () => {
      throw new Error('loadOptions is provided by the app');
    }),
  },
  delays: {
    searchDebounce: 250,
  },
  guards: {
    hasIds: ({ context }) => context.ids.length > 0,
    isSameSearch: ({ context, event }) => event.type === 'options.search' && event.search === context.search,
    isSearchEmpty: ({ context }) => context.search === '',
    isEager: ({ context }) => context.eager,
  },
  actions: {
    setSearch: assign(({ event }) => (event.type === 'options.search' ? { search: event.search, typing: true } : {})),
    remember: assign(({ context }, items: OptionItem[]) => {
      const labels = { ...context.labels };
      for (const o of items) labels[o.id] = o.label;
      return { labels };
    }),
  },
}).createMachine({
  id: 'options',
  type: 'parallel',
  context: ({ input }) => ({ search: '', typing: false, items: [], labels: {}, ids: input.ids, eager: input.eager ?? false, error: null, unreachable: false }),
  on: {
    'options.settle': [
      { guard: 'isSearchEmpty', actions: assign({ typing: false }) },
      // The list showed matches for old text: show the whole list again next time.
      { target: '.list.idle', actions: assign({ typing: false, search: '' }) },
    ],
  },
  states: {
    labels: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'hasIds', target: 'loading' }, { target: 'known' }],
        },
        loading: {
          description: 'The labels of the current values are on their way.',
          invoke: {
            id: 'loadLabels',
            src: 'loadOptions',
            input: ({ context }) => ({ ids: context.ids }),
            onDone: { target: 'known', actions: { type: 'remember', params: ({ event }) => event.output } },
            onError: 'failed',
          },
        },
        failed: {
          description: 'The current values show their ids until a retry succeeds.',
          on: { 'options.retry': 'loading' },
        },
        known: { description: 'The current values have their labels.' },
      },
    },
    list: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'isEager', target: 'loading' }, { target: 'idle' }],
        },
        idle: {
          description: 'Not opened yet (or the search was reset): nothing is loaded.',
          on: {
            'options.open': 'loading',
            'options.search': { target: 'debouncing', actions: 'setSearch' },
          },
        },
        debouncing: {
          description: 'Waiting for the typing to pause.',
          tags: ['busy'],
          after: { searchDebounce: 'loading' },
          on: { 'options.search': { target: 'debouncing', reenter: true, actions: 'setSearch' } },
        },
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadOptions',
            src: 'loadOptions',
            input: ({ context }) => ({ search: context.search }),
            onDone: {
              target: 'loaded',
              actions: [assign({ items: ({ event }) => event.output, error: null, unreachable: false }), { type: 'remember', params: ({ event }) => event.output }],
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error), unreachable: ({ event }) => isRequestFailure(event.error) && event.error.status === 0 }) },
          },
          on: { 'options.search': { target: 'debouncing', actions: 'setSearch' } },
        },
        loaded: {
          description: 'The matches for the search are shown.',
          on: { 'options.search': [{ guard: 'isSameSearch' }, { target: 'debouncing', actions: 'setSearch' }] },
        },
        failed: {
          description: 'The list could not be loaded; the message and a retry are shown.',
          tags: ['error'],
          on: {
            'options.retry': 'loading',
            'options.open': 'loading',
            'options.search': { target: 'debouncing', actions: 'setSearch' },
          },
        },
      },
    },
  },
});

export type OptionsActor = ActorRefFrom<typeof optionsMachine>;
type OptionsSnapshot = SnapshotFrom<typeof optionsMachine>;

export const selectItems = (s: OptionsSnapshot) => s.context.items;
export const selectLabels = (s: OptionsSnapshot) => s.context.labels;
export const selectLabelsPending = (s: OptionsSnapshot) => s.matches({ labels: 'loading' }) || s.matches({ labels: 'checking' });
export const selectSearch = (s: OptionsSnapshot) => s.context.search;
export const selectTyping = (s: OptionsSnapshot) => s.context.typing;
export const selectOptionsError = (s: OptionsSnapshot) => s.context.error;
export const selectListStatus = (s: OptionsSnapshot): 'idle' | 'busy' | 'loaded' | 'failed' =>
  s.matches({ list: 'loaded' }) ? 'loaded' : s.matches({ list: 'failed' }) ? 'failed' : s.hasTag('busy') ? 'busy' : 'idle';
export const selectUnreachable = (s: OptionsSnapshot) => s.context.unreachable;
