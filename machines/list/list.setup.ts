import { assign, fromCallback, fromPromise, raise, setup, stateIn } from 'xstate';
import {
  applySaved,
  BULK_DELETE_MAX,
  defaultQuery,
  hideableColumns,
  listQueryString,
  parseListQuery,
  SEARCH_MAX,
  savedFilterNameProblem,
  withFilter,
  type ListMeta,
  type ListQuery,
  type ListResponse,
  type ListSettings,
  type PageSize,
  type SavedFilter,
} from '../../domain/list-query.ts';
import { rangeKeys } from '../../domain/list-query.ts';
import type { ResourceList, Row } from '../../domain/resource.ts';
import type { Notice } from '../toast/toast.constants.ts';

/**
 * The list machine's vocabulary (context, events, actors, actions, guards, delays), declared once
 * so its parts (list.machine.ts: loading and the query; list.delete.ts: selecting and deleting
 * with undo; list.settings.ts: columns and saved filters) are built from the same names.
 */

export type ListSpec = Pick<ResourceList, 'key' | 'defaultSort' | 'defaultFilters' | 'columns' | 'filters' | 'label' | 'titleField' | 'figures'>;

/** What the signed-in person may do on this list (from their permissions). */
export interface ListAbilities {
  create: boolean;
  edit: boolean;
  delete: boolean;
  /** Download the list as CSV. */
  export: boolean;
  /**
   * Rows may be chosen for a bulk action other than delete that this person may take (the
   * products list's labels and status change): rows are then selectable without the delete right.
   */
  bulk?: boolean;
}

export interface ListFailure {
  status: number;
  message: string;
  code?: number | string;
}

/** What a delete removes: rows by id, or every record matching a search and filters (all pages). */
export type DeleteTarget = { ids: number[] } | { matching: Pick<ListQuery, 'search' | 'filters'>; count: number };

/** What a list page's loader got (src/pages/loaders/list.ts): the first page of rows and the person's settings (null if they could not be had). */
export interface ListFirst {
  page: ListResponse;
  settings: ListSettings | null;
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
  /** Money columns summed over the whole filter (the server's), when the list has any. */
  totals: Record<string, number> | null;
  /** The query the shown rows answer (the query may have moved on while a delete was sent). */
  shownQuery: ListQuery | null;
  error: string | null;
  selected: number[];
  /** The selection is every record the query matches, on every page. */
  allMatching: boolean;
  /** The rows on this page the open question, the undo window or the delete request is about. */
  pending: number[];
  /** What the confirmed delete removes. */
  target: DeleteTarget | null;
  /** A delete that failed (in use, the list changed, no connection): shown until dismissed. */
  notice: string | null;
  /** The record created just before this list opened: highlighted, and pinned on top when its page is another. */
  created: Row | null;
  /** The row that takes the keyboard focus when the table is tabbed into. */
  cursor: number | null;
  /** Columns this person chose not to see (kept on the server). */
  hidden: string[];
  /** Columns were chosen before the person's settings arrived: those choices win. */
  columnsTouched: boolean;
  saved: SavedFilter[];
  /** Why the filter could not be saved under the name typed (shown in the naming dialog). */
  savedError: string | null;
  /** The saved filter being deleted. */
  removing: SavedFilter | null;
  /** The list started from its page's loaded data (input `first`), settings included. */
  startedWith: { rows: boolean; settings: boolean };
}

export type ListEvent =
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'list.page'; page: number }
  | { type: 'list.perPage'; perPage: PageSize }
  | { type: 'list.sort'; field: string }
  /** A select or relation filter (or one end of a date range) by its query key; '' clears it. */
  | { type: 'list.filter'; name: string; value: string }
  /** Both ends of a date range at once ('' leaves an end open). */
  | { type: 'list.range'; name: string; from: string; to: string }
  | { type: 'list.search.input'; text: string }
  | { type: 'list.search.submit' }
  | { type: 'list.search.clear' }
  /** The address bar changed under us (back/forward, a menu link to this list). */
  | { type: 'list.urlChanged'; search: string }
  /** Back to the whole list: no search, no filters, the first page. */
  | { type: 'list.clear' }
  /** Another page is shown, or the tab is closing: a delete waiting for its undo window goes now. */
  | { type: 'list.leave' }
  | { type: 'row.toggle'; id: number }
  | { type: 'rows.toggleAll' }
  /** Every record the query matches, on every page (after the whole page is selected). */
  | { type: 'selection.all' }
  | { type: 'selection.clear' }
  | { type: 'row.delete'; id: number }
  | { type: 'rows.deleteSelected' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'delete.undo' }
  | { type: 'notice.dismiss' }
  /** Open a record's edit page (a click on its row, or Enter on it). */
  | { type: 'row.open'; id: number }
  | { type: 'row.focus'; id: number }
  | { type: 'list.export' }
  | { type: 'columns.toggle'; name: string }
  | { type: 'settings.retry' }
  | { type: 'saved.apply'; id: number }
  | { type: 'saved.new' }
  | { type: 'saved.cancel' }
  | { type: 'saved.create'; name: string }
  | { type: 'saved.remove'; id: number };

export const SEARCH_DEBOUNCE_MS = 300;
/** How long a confirmed delete waits, undoable, before it is sent. */
export const UNDO_WINDOW_MS = 5000;

export const LIST_MESSAGES = {
  load: 'The list could not be loaded. Check the connection and try again.',
  delete: 'Nothing was deleted. Check the connection and try again.',
  export: 'The export could not be made. Check the connection and try again.',
  columns: 'Your choice of columns could not be saved. It applies until you leave this list.',
  saveFilter: 'The filter could not be saved. Check the connection and try again.',
  removeSaved: 'The saved filter could not be deleted. Check the connection and try again.',
} as const;
export const failureMessage = (e: unknown, fallback: string = LIST_MESSAGES.load) => (e as Partial<ListFailure> | undefined)?.message || fallback;

/** Filters compare by name and value, not by the order they were chosen in. */
export const sameQuery = (a: ListQuery, b: ListQuery) => {
  const canonical = (q: ListQuery) => JSON.stringify({ ...q, filters: Object.entries(q.filters).sort(([x], [y]) => x.localeCompare(y)) });
  return canonical(a) === canonical(b);
};
/** The search the box asks for, as the address bar and the API take it. */
export const typedSearch = (c: Pick<ListContext, 'searchText'>) => c.searchText.trim().slice(0, SEARCH_MAX);
export const isSelectableRow = (r: Row) => r.protected !== true;
/** Rows can be ticked at all: for a delete, or for another bulk action this person may take. */
export const canChoose = (c: Pick<ListContext, 'abilities'>) => c.abilities.delete || c.abilities.bulk === true;
/**
 * Whether a row can be ticked: any row when another bulk action is offered (printing a label of
 * a row that cannot be deleted is fine), else one the server lets be deleted.
 */
export const isChoosable = (c: Pick<ListContext, 'abilities'>) => (r: Row) => c.abilities.bulk === true || (c.abilities.delete && isSelectableRow(r));
/** The selected rows may all be deleted (the delete right, and none the server protects). */
const selectionDeletable = (c: ListContext) =>
  c.abilities.delete && (c.allMatching || (c.selected.length > 0 && c.rows.filter((r) => c.selected.includes(r.id)).every(isSelectableRow)));

/** Mirror the query in the address bar after it changed. */
export const syncUrl = {
  type: 'writeUrl',
  params: ({ context }: { context: ListContext }) => ({ search: listQueryString(context.spec, context.query) }),
} as const;

type Output<T> = { output: T };
const outputOf = <T>(event: unknown) => (event as Output<T>).output;
/** A new query: back to no selection; the record created before is no longer pinned. */
const requery = (context: ListContext, query: ListQuery) => ({ query, selected: [], allMatching: false, created: null });

export const listSetup = setup({
  types: {
    context: {} as ListContext,
    /** `first`: the page's data as its loader got it (the server drew the page with it): shown without asking again. */
    input: {} as { spec: ListSpec; search: string; parentId?: string | undefined; abilities?: ListAbilities; created?: Row | null; first?: ListFirst | undefined },
    events: {} as ListEvent,
  },
  actors: {
    loadList: fromPromise<ListResponse, { query: ListQuery; parentId: string | undefined }>(async () => {
      throw new Error('loadList is provided by the app');
    }),
    deleteRows: fromPromise<{ message: string }, DeleteTarget>(async () => {
      throw new Error('deleteRows is provided by the app');
    }),
    exportCsv: fromPromise<void, { query: ListQuery; parentId: string | undefined }>(async () => {
      throw new Error('exportCsv is provided by the app');
    }),
    loadSettings: fromPromise<ListSettings, void>(async () => {
      throw new Error('loadSettings is provided by the app');
    }),
    saveColumns: fromPromise<void, { hidden: string[] }>(async () => {
      throw new Error('saveColumns is provided by the app');
    }),
    createSavedFilter: fromPromise<SavedFilter & { message: string }, { name: string; query: string }>(async () => {
      throw new Error('createSavedFilter is provided by the app');
    }),
    removeSavedFilter: fromPromise<{ message: string }, { id: number }>(async () => {
      throw new Error('removeSavedFilter is provided by the app');
    }),
    /**
     * Sends `list.urlChanged` whenever navigation shows this list's address with another
     * query (back/forward, a menu link to the list), and `list.leave` when another page is
     * shown or the tab closes. Provided by the app; tests send the events.
     */
    followAddressBar: fromCallback<ListEvent>(() => undefined),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS, undoWindow: UNDO_WINDOW_MS },
  actions: {
    /** Mirror the query in the address bar (provided: navigation, replace). */
    writeUrl: (_, _p: { search: string }) => {},
    /** Show a toast (provided: the toaster). */
    notify: (_, _notice: Notice) => {},
    /** Go to a record's edit page (provided: navigation). */
    openRecord: (_, _p: { id: number }) => {},
    /**
     * The list is being left with a delete still undoable: send it now, without waiting for
     * the answer (this list is gone when it comes); a toast tells how it went (provided).
     */
    deleteInBackground: (_, _p: { target: DeleteTarget; failed: string }) => {},
    take: assign(({ context, event }) => {
      const r = outputOf<ListResponse>(event);
      const ids = new Set(r.data.map((row) => row.id));
      return {
        rows: r.data,
        meta: r.meta,
        totals: r.totals ?? null,
        shownQuery: context.query,
        error: null,
        selected: context.selected.filter((id) => ids.has(id)),
        cursor: context.cursor !== null && ids.has(context.cursor) ? context.cursor : null,
      };
    }),
    takeError: assign({ error: ({ event }) => failureMessage((event as unknown as { error: unknown }).error) }),
    clearSelection: assign({ selected: [], allMatching: false }),
    setPage: assign(({ context, event }) => (event.type === 'list.page' ? requery(context, { ...context.query, page: event.page }) : {})),
    setPerPage: assign(({ context, event }) =>
      event.type === 'list.perPage' ? requery(context, { ...context.query, per_page: event.perPage, page: 1 }) : {},
    ),
    /** A new column sorts ascending; the same column again flips the direction. */
    toggleSort: assign(({ context, event }) => {
      if (event.type !== 'list.sort') return {};
      const same = context.query.sort === event.field;
      const dir = same && context.query.dir === 'asc' ? 'desc' : 'asc';
      return requery(context, { ...context.query, sort: event.field, dir, page: 1 });
    }),
    setFilter: assign(({ context, event }) => {
      if (event.type !== 'list.filter') return {};
      const filters = withFilter(context.spec, context.query.filters, event.name, event.value);
      return requery(context, { ...context.query, filters, page: 1 });
    }),
    setRange: assign(({ context, event }) => {
      if (event.type !== 'list.range') return {};
      const k = rangeKeys(event.name);
      let filters = withFilter(context.spec, context.query.filters, k.from, '');
      filters = withFilter(context.spec, filters, k.to, event.to);
      filters = withFilter(context.spec, filters, k.from, event.from);
      return requery(context, { ...context.query, filters, page: 1 });
    }),
    clearQuery: assign(({ context }) => ({ ...requery(context, defaultQuery(context.spec)), searchText: '' })),
    clearSearch: assign(({ context }) => ({ ...requery(context, { ...context.query, search: '', page: 1 }), searchText: '' })),
    applySavedFilter: assign(({ context, event }) => {
      const saved = event.type === 'saved.apply' ? context.saved.find((f) => f.id === event.id) : undefined;
      if (!saved) return {};
      const query = applySaved(context.spec, saved.query, context.query);
      return { ...requery(context, query), searchText: query.search };
    }),
    followUrl: assign(({ context, event }) => {
      if (event.type !== 'list.urlChanged') return {};
      const query = parseListQuery(context.spec, event.search);
      return { ...requery(context, query), searchText: query.search };
    }),
    setSearchText: assign(({ event }) => (event.type === 'list.search.input' ? { searchText: event.text } : {})),
    /** Only a changed search goes back to page 1 (a delete on page 3 reloads page 3). */
    commitSearch: assign(({ context }) =>
      typedSearch(context) === context.query.search ? {} : requery(context, { ...context.query, search: typedSearch(context), page: 1 }),
    ),
    /** The server said the page is past the end (rows were deleted elsewhere): go to the last one. */
    lastPage: assign(({ context, event }) => ({ query: { ...context.query, page: Math.max(1, outputOf<ListResponse>(event).meta.last_page) } })),
    raiseSubmit: raise({ type: 'list.search.submit' }),
    forgetPending: assign({ pending: [], target: null }),
    toggleColumn: assign(({ context, event }) => {
      if (event.type !== 'columns.toggle') return {};
      const hidden = context.hidden.includes(event.name) ? context.hidden.filter((n) => n !== event.name) : [...context.hidden, event.name];
      return { hidden, columnsTouched: true };
    }),
  },
  guards: {
    canExport: ({ context }) => context.abilities.export,
    hasNoRows: ({ event }) => outputOf<ListResponse>(event).data.length === 0,
    startsLoaded: ({ context }) => context.startedWith.rows && context.rows.length > 0,
    startsEmpty: ({ context }) => context.startedWith.rows,
    startsWithSettings: ({ context }) => context.startedWith.settings,
    isPastLastPage: ({ event }) => {
      const r = outputOf<ListResponse>(event);
      // last_page 0 (no rows at all) still means page 1 is the last: never reload page 1 forever.
      return r.data.length === 0 && r.meta.page > Math.max(1, r.meta.last_page);
    },
    urlDiffers: ({ context, event }) =>
      event.type === 'list.urlChanged' && !sameQuery(parseListQuery(context.spec, event.search), context.query),
    searchChanged: ({ context }) => typedSearch(context) !== context.query.search,
    hasSearch: ({ context }) => context.query.search !== '' || context.searchText !== '',
    hasSelection: ({ context }) => selectionDeletable(context),
    hasSelectableRows: ({ context }) => context.rows.some(isChoosable(context)),
    // The server's `protected` flag is the one source of which rows cannot be deleted.
    isSelectable: ({ context, event }) => event.type === 'row.toggle' && context.rows.some((r) => r.id === event.id && isChoosable(context)(r)),
    isDeletable: ({ context, event }) =>
      event.type === 'row.delete' && context.abilities.delete && context.rows.some((r) => r.id === event.id && isSelectableRow(r)),
    /** The whole page is selected and more records match, no more than one delete may take. */
    canSelectAllMatching: ({ context }) => {
      const page = context.rows.filter(isChoosable(context)).map((r) => r.id);
      const total = context.meta?.total ?? 0;
      return (
        context.abilities.delete &&
        !context.allMatching &&
        page.length > 0 &&
        page.every((id) => context.selected.includes(id)) &&
        total > page.length &&
        total <= BULK_DELETE_MAX
      );
    },
    /** The shown rows answer another query than the list's now (it moved on while a delete was sent). */
    queryMoved: ({ context }) => context.shownQuery === null || !sameQuery(context.shownQuery, context.query),
    hasNotice: ({ context }) => context.notice !== null,
    canOpen: ({ context, event }) =>
      event.type === 'row.open' && context.abilities.edit && (context.rows.some((r) => r.id === event.id) || context.created?.id === event.id),
    isShownRow: ({ context, event }) => event.type === 'row.focus' && (context.rows.some((r) => r.id === event.id) || context.created?.id === event.id),
    canToggleColumn: ({ context, event }) => event.type === 'columns.toggle' && hideableColumns(context.spec).some((c) => c.name === event.name),
    isSavedFilter: ({ context, event }) => (event.type === 'saved.apply' || event.type === 'saved.remove') && context.saved.some((f) => f.id === event.id),
    isValidName: ({ event }) => event.type === 'saved.create' && savedFilterNameProblem(event.name) === null,
    settingsReady: stateIn('#list.settings.ready'),
  },
});

/** The first message of a name the saved filters refuse. */
export const nameProblem = (name: string) => savedFilterNameProblem(name);
