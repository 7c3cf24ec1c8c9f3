import { and, assign, or, stateIn } from 'xstate';
import { parseListQuery } from '../../domain/list-query.ts';
import { loadedStates } from './list.delete.ts';
import { columnsRegion, savedRegion, settingsRegion } from './list.settings.ts';
import { failureMessage, LIST_MESSAGES, listSetup, syncUrl } from './list.setup.ts';

export {
  LIST_MESSAGES,
  SEARCH_DEBOUNCE_MS,
  UNDO_WINDOW_MS,
  type DeleteTarget,
  type ListAbilities,
  type ListContext,
  type ListEvent,
  type ListFailure,
  type ListFirst,
  type ListSpec,
} from './list.setup.ts';

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

/**
 * One list of records: loading, loaded, empty, failed (retry), reloading; paging, sorting,
 * searching and filtering (date ranges too) on the server with the query mirrored in the
 * address bar; a question before any delete, then a few seconds to undo it; bulk delete of a
 * selection or of everything the query matches; rows that open their record; totals; CSV
 * export; the person's columns and saved filters (list.settings.ts). HTTP, the address bar,
 * navigation and toasts are injected.
 */
export const listMachine = listSetup.createMachine({
  id: 'list',
  type: 'parallel',
  invoke: { id: 'followAddressBar', src: 'followAddressBar' },
  context: ({ input }) => {
    const query = parseListQuery(input.spec, input.search);
    const { first } = input;
    // A first page past the last one (the list shrank) is asked for again, as a loaded one would be.
    const rowsGiven = !!first && (first.page.data.length > 0 || first.page.meta.page <= Math.max(1, first.page.meta.last_page));
    return {
      spec: input.spec,
      parentId: input.parentId,
      abilities: input.abilities ?? { create: false, edit: false, delete: false, export: false },
      query,
      searchText: query.search,
      rows: rowsGiven ? first.page.data : [],
      meta: rowsGiven ? first.page.meta : null,
      totals: rowsGiven ? (first.page.totals ?? null) : null,
      shownQuery: rowsGiven ? query : null,
      error: null,
      selected: [],
      allMatching: false,
      pending: [],
      target: null,
      notice: null,
      created: input.created ?? null,
      cursor: null,
      hidden: first?.settings?.hidden_columns ?? [],
      columnsTouched: false,
      saved: first?.settings?.saved_filters ?? [],
      savedError: null,
      removing: null,
      startedWith: { rows: rowsGiven, settings: !!first?.settings },
    };
  },
  on: {
    'notice.dismiss': { guard: 'hasNotice', actions: assign({ notice: null }) },
  },
  states: {
    data: {
      initial: 'starting',
      // A new query restarts the fetch wherever we are (an older answer is dropped), except
      // while a delete is being confirmed, undoable or sent: those states have their own say.
      // A child target re-enters the active child (a running reload restarts) and nothing else:
      // `reenter: true` here would also restart the search box's pause and cancel an export.
      on: {
        'list.urlChanged': {
          guard: 'urlDiffers',
          target: '.reloading',
          // Also closes an open delete confirmation (back button behind the dialog).
          actions: ['followUrl', 'forgetPending'],
        },
        'list.page': { target: '.reloading', actions: ['setPage', syncUrl] },
        'list.perPage': { target: '.reloading', actions: ['setPerPage', syncUrl] },
        'list.sort': { target: '.reloading', actions: ['toggleSort', syncUrl] },
        'list.filter': { target: '.reloading', actions: ['setFilter', syncUrl] },
        'list.range': { target: '.reloading', actions: ['setRange', syncUrl] },
        'list.search.submit': { guard: 'searchChanged', target: '.reloading', actions: ['commitSearch', syncUrl] },
        'list.search.clear': { guard: 'hasSearch', target: '.reloading', actions: ['clearSearch', syncUrl] },
        'list.clear': { target: '.reloading', actions: ['clearQuery', syncUrl] },
        'saved.apply': { guard: 'isSavedFilter', target: '.reloading', actions: ['applySavedFilter', syncUrl] },
        'row.open': {
          guard: and(['canOpen', or([stateIn('#list.data.loaded.idle'), stateIn('#list.data.empty')])]),
          actions: { type: 'openRecord', params: ({ event }) => ({ id: event.id }) },
        },
        'row.focus': { guard: 'isShownRow', actions: assign({ cursor: ({ event }) => event.id }) },
      },
      states: {
        starting: {
          description: "Shows the first page the list's page was loaded with, or asks for it.",
          always: [{ guard: 'startsLoaded', target: 'loaded' }, { guard: 'startsEmpty', target: 'empty' }, { target: 'loading' }],
        },
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
        loaded: loadedStates,
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
    settings: settingsRegion,
    columns: columnsRegion,
    saved: savedRegion,
  },
});
