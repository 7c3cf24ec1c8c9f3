import { and, assign, fromCallback, fromPromise, raise, setup, stateIn } from 'xstate';
import { defaultQuery, listQueryString, parseListQuery, SEARCH_MAX, type ListMeta, type ListQuery, type ListResponse, type PageSize } from '../../domain/list-query.ts';
import type { ResourceDef, Row } from '../../domain/resource.ts';
import type { Notice } from '../toast/toast.constants.ts';

export type ListSpec = Pick<ResourceDef, 'key' | 'defaultSort' | 'columns' | 'filters' | 'label' | 'titleField'>;

/** What the signed-in person may do on this list (from their permissions). */
export interface ListAbilities {
  create: boolean;
  edit: boolean;
  delete: boolean;
  /** Download the list as CSV. */
  export: boolean;
}

export interface ListFailure {
  status: number;
  message: string;
}

export interface ListContext {
  spec: ListSpec;
  /** The parent record's id for child resources (attribute values). */
  parentId: string | undefined;
  abilities: ListAbilities;
  query: ListQuery;
  /** What is typed in the search box; becomes query.search after a pause. */
  searchText: string;
  rows: Row[];
  meta: ListMeta | null;
  /** The server's sums over the whole filter (the stock list's total value), when it sends them. */
  totals: Record<string, number> | null;
  error: string | null;
  selected: number[];
  /** The rows the open confirmation is about. */
  pending: number[];
  /** Rows whose delete request is on its way (each shows "Deleting…"). */
  deleting: number[];
}

export type ListEvent =
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'list.page'; page: number }
  | { type: 'list.perPage'; perPage: PageSize }
  | { type: 'list.sort'; field: string }
  | { type: 'list.filter'; name: string; value: string }
  | { type: 'list.search.input'; text: string }
  | { type: 'list.search.submit' }
  /** The address bar changed under us (back/forward, a menu link to this list). */
  | { type: 'list.urlChanged'; search: string }
  /** Back to the whole list: no search, no filters, the first page. */
  | { type: 'list.clear' }
  | { type: 'row.toggle'; id: number }
  | { type: 'rows.toggleAll' }
  | { type: 'selection.clear' }
  | { type: 'row.delete'; id: number }
  | { type: 'rows.deleteSelected' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'list.export' };

export const SEARCH_DEBOUNCE_MS = 300;

/** Mirror the query in the address bar after it changed. */
const syncUrl = {
  type: 'writeUrl',
  params: ({ context }: { context: ListContext }) => ({ search: listQueryString(context.spec, context.query) }),
} as const;

/**
 * While a delete is confirmed or sent, the list stays as it is. (The address bar is not the
 * list's to ignore: the confirmation closes when it changes; see `confirming`.)
 */
const IGNORED_WHILE_DELETING = {
  'list.page': {},
  'list.perPage': {},
  'list.sort': {},
  'list.filter': {},
  'list.search.submit': {},
  'list.reload': {},
  'list.clear': {},
} as const;

/** Filters compare by name and value, not by the order they were chosen in. */
const sameQuery = (a: ListQuery, b: ListQuery) => {
  const canonical = (q: ListQuery) => JSON.stringify({ ...q, filters: Object.entries(q.filters).sort(([x], [y]) => x.localeCompare(y)) });
  return canonical(a) === canonical(b);
};
/** The search the box asks for, as the address bar and the API take it. */
const typedSearch = (c: Pick<ListContext, 'searchText'>) => c.searchText.trim().slice(0, SEARCH_MAX);
export const LIST_MESSAGES = {
  load: 'The list could not be loaded. Check the connection and try again.',
  delete: 'Nothing was deleted. Check the connection and try again.',
  export: 'The export could not be made. Check the connection and try again.',
} as const;
const failureMessage = (e: unknown, fallback: string = LIST_MESSAGES.load) => (e as Partial<ListFailure> | undefined)?.message || fallback;

/**
 * One list of records: loading, loaded, empty, failed (retry), reloading; paging, sorting,
 * searching and filtering on the server with the query mirrored in the address bar; a
 * confirmation before any delete, a per-row deleting state, bulk delete, CSV export.
 * HTTP, the address bar and toasts are injected.
 */
const isSelectableRow = (r: Row) => r.protected !== true;

const listSetup = setup({
  types: {
    context: {} as ListContext,
    input: {} as { spec: ListSpec; search: string; parentId?: string | undefined; abilities?: ListAbilities },
    events: {} as ListEvent,
  },
  actors: {
    loadList: fromPromise<ListResponse, { query: ListQuery; parentId: string | undefined }>(async () => {
      throw new Error('loadList is provided by the app');
    }),
    deleteRows: fromPromise<{ message: string }, { ids: number[] }>(async () => {
      throw new Error('deleteRows is provided by the app');
    }),
    exportCsv: fromPromise<void, { query: ListQuery; parentId: string | undefined }>(async () => {
      throw new Error('exportCsv is provided by the app');
    }),
    /**
     * Sends `list.urlChanged` whenever navigation shows this list's address with another
     * query (back/forward, a menu link to the list). Provided by the app; tests send the event.
     */
    followAddressBar: fromCallback<ListEvent>(() => undefined),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  actions: {
    /** Mirror the query in the address bar (provided: navigation, replace). */
    writeUrl: (_, _p: { search: string }) => {},
    /** Show a toast (provided: the toaster). */
    notify: (_, _notice: Notice) => {},
    take: assign(({ event }) => {
      const r = (event as unknown as { output: ListResponse }).output;
      return { rows: r.data, meta: r.meta, totals: r.totals ?? null, error: null };
    }),
    takeError: assign({ error: ({ event }) => failureMessage((event as unknown as { error: unknown }).error) }),
    clearSelection: assign({ selected: [] }),
    setPage: assign(({ context, event }) => (event.type === 'list.page' ? { query: { ...context.query, page: event.page }, selected: [] } : {})),
    setPerPage: assign(({ context, event }) =>
      event.type === 'list.perPage' ? { query: { ...context.query, per_page: event.perPage, page: 1 }, selected: [] } : {},
    ),
    /** A new column sorts ascending; the same column again flips the direction. */
    toggleSort: assign(({ context, event }) => {
      if (event.type !== 'list.sort') return {};
      const same = context.query.sort === event.field;
      const dir = same && context.query.dir === 'asc' ? 'desc' : 'asc';
      return { query: { ...context.query, sort: event.field, dir, page: 1 }, selected: [] };
    }),
    setFilter: assign(({ context, event }) => {
      if (event.type !== 'list.filter') return {};
      const filters = { ...context.query.filters };
      if (event.value) filters[event.name] = event.value;
      else delete filters[event.name];
      return { query: { ...context.query, filters, page: 1 }, selected: [] };
    }),
    clearQuery: assign(({ context }) => ({ query: defaultQuery(context.spec), searchText: '', selected: [] })),
    setSearchText: assign(({ event }) => (event.type === 'list.search.input' ? { searchText: event.text } : {})),
    /** Only a changed search goes back to page 1 (a delete on page 3 reloads page 3). */
    commitSearch: assign(({ context }) =>
      typedSearch(context) === context.query.search ? {} : { query: { ...context.query, search: typedSearch(context), page: 1 }, selected: [] },
    ),
    /** The server said the page is past the end (rows were deleted elsewhere): go to the last one. */
    lastPage: assign(({ context, event }) => {
      const r = (event as unknown as { output: ListResponse }).output;
      return { query: { ...context.query, page: Math.max(1, r.meta.last_page) } };
    }),
    raiseSubmit: raise({ type: 'list.search.submit' }),
  },
  guards: {
    hasNoRows: ({ event }) => (event as unknown as { output: ListResponse }).output.data.length === 0,
    isPastLastPage: ({ event }) => {
      const r = (event as unknown as { output: ListResponse }).output;
      // last_page 0 (no rows at all) still means page 1 is the last: never reload page 1 forever.
      return r.data.length === 0 && r.meta.page > Math.max(1, r.meta.last_page);
    },
    urlDiffers: ({ context, event }) =>
      event.type === 'list.urlChanged' && !sameQuery(parseListQuery(context.spec, event.search), context.query),
    searchChanged: ({ context }) => typedSearch(context) !== context.query.search,
    canExport: ({ context }) => context.abilities.export,
    hasSelection: ({ context }) => context.abilities.delete && context.selected.length > 0,
    hasSelectableRows: ({ context }) => context.abilities.delete && context.rows.some(isSelectableRow),
    // The server's `protected` flag is the one source of which rows cannot be deleted.
    isSelectable: ({ context, event }) =>
      event.type === 'row.toggle' && context.abilities.delete && context.rows.some((r) => r.id === event.id && isSelectableRow(r)),
    isDeletable: ({ context, event }) =>
      event.type === 'row.delete' && context.abilities.delete && context.rows.some((r) => r.id === event.id && isSelectableRow(r)),
  },
});

/**
 * The one request for a page of rows, made from `loading` (nothing shown yet) and from
 * `reloading` (the old rows stay); its id names the state it runs in, for generated paths.
 */
const loadPage = (id: 'loadList' | 'reloadList', self: 'loading' | 'reloading') =>
  listSetup.createStateConfig({
    invoke: {
      id,
      src: 'loadList',
      input: ({ context }) => ({ query: context.query, parentId: context.parentId }),
      onDone: [
        { guard: 'isPastLastPage', target: self, reenter: true, actions: ['lastPage', syncUrl] },
        { guard: 'hasNoRows', target: 'empty', actions: 'take' },
        { target: 'loaded', actions: 'take' },
      ],
      onError: { target: 'failed', actions: 'takeError' },
    },
  }).invoke;

export const listMachine = listSetup.createMachine({
  id: 'list',
  type: 'parallel',
  invoke: { id: 'followAddressBar', src: 'followAddressBar' },
  context: ({ input }) => {
    const query = parseListQuery(input.spec, input.search);
    return {
      spec: input.spec,
      parentId: input.parentId,
      abilities: input.abilities ?? { create: false, edit: false, delete: false, export: false },
      query,
      searchText: query.search,
      rows: [],
      meta: null,
      totals: null,
      error: null,
      selected: [],
      pending: [],
      deleting: [],
    };
  },
  states: {
    data: {
      initial: 'loading',
      // A new query restarts the fetch wherever we are (an older answer is dropped), except
      // while a delete is being confirmed or sent: those states ignore these events. A child
      // target re-enters the active child (a running reload restarts) and nothing else:
      // `reenter: true` here would also restart the search box's pause and cancel an export.
      on: {
        'list.urlChanged': {
          guard: 'urlDiffers',
          target: '.reloading',
          // Also closes an open delete confirmation (back button behind the dialog).
          actions: assign(({ context, event }) => {
            const query = parseListQuery(context.spec, (event as { search: string }).search);
            return { query, searchText: query.search, selected: [], pending: [] };
          }),
        },
        'list.page': { target: '.reloading', actions: ['setPage', syncUrl] },
        'list.perPage': { target: '.reloading', actions: ['setPerPage', syncUrl] },
        'list.sort': { target: '.reloading', actions: ['toggleSort', syncUrl] },
        'list.filter': { target: '.reloading', actions: ['setFilter', syncUrl] },
        'list.search.submit': { guard: 'searchChanged', target: '.reloading', actions: ['commitSearch', syncUrl] },
        'list.clear': { target: '.reloading', actions: ['clearQuery', syncUrl] },
      },
      states: {
        loading: {
          description: 'The first page is on its way; nothing to show yet.',
          tags: ['busy'],
          invoke: loadPage('loadList', 'loading'),
        },
        reloading: {
          description: 'A new page, order, search or filter is loading; the old rows stay visible.',
          tags: ['busy'],
          invoke: loadPage('reloadList', 'reloading'),
        },
        failed: {
          description: 'Loading failed; the message and a retry button are shown.',
          tags: ['error'],
          on: { 'list.retry': 'loading' },
        },
        empty: {
          description: 'Loaded, and no record matches (or there are none yet).',
          on: { 'list.reload': 'reloading' },
        },
        loaded: {
          description: 'Rows are shown.',
          initial: 'idle',
          on: { 'list.reload': 'reloading' },
          states: {
            idle: {
              description: 'Waiting for the person.',
              // A search that came due while a delete was being confirmed or sent was held back: apply it now.
              always: {
                guard: and(['searchChanged', stateIn({ search: 'idle' })]),
                target: '#list.data.reloading',
                actions: ['commitSearch', syncUrl],
              },
              on: {
                'row.toggle': {
                  guard: 'isSelectable',
                  actions: assign({
                    selected: ({ context, event }) =>
                      context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id],
                  }),
                },
                'rows.toggleAll': {
                  guard: 'hasSelectableRows',
                  actions: assign({
                    selected: ({ context }) => {
                      const ids = context.rows.filter(isSelectableRow).map((r) => r.id);
                      return ids.every((id) => context.selected.includes(id)) ? [] : ids;
                    },
                  }),
                },
                'selection.clear': { actions: 'clearSelection' },
                'row.delete': { guard: 'isDeletable', target: 'confirming', actions: assign({ pending: ({ event }) => [event.id] }) },
                'rows.deleteSelected': { guard: 'hasSelection', target: 'confirming', actions: assign({ pending: ({ context }) => context.selected }) },
              },
            },
            confirming: {
              description: '"Are you sure want to delete?" is open. Cancelling sends nothing.',
              on: {
                'delete.cancel': { target: 'idle', actions: assign({ pending: [] }) },
                'delete.confirm': 'deleting',
                ...IGNORED_WHILE_DELETING,
              },
            },
            deleting: {
              description: 'The delete request is on its way; its rows show "Deleting…".',
              tags: ['busy'],
              entry: assign({ deleting: ({ context }) => context.pending, pending: [] }),
              // The request is on its way: a back button meanwhile is undone when it ends (syncUrl).
              on: { ...IGNORED_WHILE_DELETING, 'list.urlChanged': {} },
              invoke: {
                id: 'deleteRows',
                src: 'deleteRows',
                input: ({ context }) => ({ ids: context.deleting }),
                onDone: {
                  target: '#list.data.reloading',
                  actions: [
                    { type: 'notify', params: ({ event }) => ({ toastType: 'success', body: event.output.message }) },
                    assign(({ context }) => ({
                      rows: context.rows.filter((r) => !context.deleting.includes(r.id)),
                      selected: context.selected.filter((id) => !context.deleting.includes(id)),
                      deleting: [],
                    })),
                    // Whatever was typed in the search box meanwhile is applied with the reload.
                    'commitSearch',
                    syncUrl,
                  ],
                },
                onError: {
                  // The rows were never taken away: they simply stop saying "Deleting…".
                  target: 'idle',
                  actions: [
                    { type: 'notify', params: ({ event }) => ({ toastType: 'error', body: failureMessage(event.error, LIST_MESSAGES.delete) }) },
                    assign({ deleting: [] }),
                    syncUrl,
                  ],
                },
              },
            },
          },
        },
      },
    },
    search: {
      description: 'The search box: typing waits for a short pause before the list reloads.',
      initial: 'idle',
      states: {
        idle: { on: { 'list.search.input': { target: 'typing', actions: 'setSearchText' } } },
        typing: {
          on: { 'list.search.input': { target: 'typing', reenter: true, actions: 'setSearchText' } },
          after: { searchDebounce: { target: 'idle', actions: 'raiseSubmit' } },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'list.export': { guard: 'canExport', target: 'exporting' } } },
        exporting: {
          description: 'The CSV of the current search and filters is being made.',
          tags: ['exporting'],
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            input: ({ context }) => ({ query: context.query, parentId: context.parentId }),
            onDone: 'idle',
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => ({ toastType: 'error', body: failureMessage(event.error, LIST_MESSAGES.export) }) },
            },
          },
        },
      },
    },
  },
});
