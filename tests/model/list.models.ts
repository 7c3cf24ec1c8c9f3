/**
 * The list machine's test models (tests/model/list.model.test.ts): fixtures, the events each
 * model offers and what tells states apart. No vitest here, so their sizes can be measured on
 * their own: LIST_MODEL_SIZES=1 in the test prints each model's edge count.
 */
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { ListAbilities, ListFailure, ListFirst, listMachine } from '../../machines/list/list.machine.ts';
import { type Row } from '../../domain/resource.ts';
import { listQueryString, type ListResponse, type ListSettings, type SavedFilter } from '../../domain/list-query.ts';
import { customers } from '../../domain/resources/index.ts';

export type ListSnapshot = SnapshotFrom<typeof listMachine>;
export type ListInput = { spec: typeof customers; search: string; abilities: ListAbilities; created?: Row | null; first?: ListFirst };
export const SPEC = customers;
export const ALL: ListAbilities = { create: true, edit: true, delete: true, export: true };
export const INPUT: ListInput = { spec: SPEC, search: '', abilities: ALL };

// ---------------------------------------------------------------- fixtures
export const ROWS: Row[] = [
  { id: 1, name: 'Acme Ltd' },
  { id: 2, name: 'Bolt & Co' },
  { id: 3, name: 'Walk-in customer', protected: true, protected_reason: 'The POS setting uses it.' },
];
export const page = (data: Row[], meta: Partial<ListResponse['meta']> = {}): ListResponse => ({
  data,
  meta: { page: 1, per_page: 10, total: data.length, last_page: 1, ...meta },
});
export const PAGE = page(ROWS);
/** The same rows, the first page of 57 that match: every match can be selected at once. */
export const MANY = page(ROWS, { total: 57, last_page: 6 });
export const EMPTY = page([], { total: 0 });
/** Page 3 was asked for, but rows were deleted elsewhere: there are only two pages now. */
export const PAST_END = page([], { page: 3, total: 12, last_page: 2 });
export const SERVER_ERROR: ListFailure = { status: 500, message: 'Server Error' };
/** No message at all: the machine says something a person can act on. */
export const SILENT: ListFailure = { status: 0, message: '' };
export const DELETED = { message: 'Customer deleted.' };
export const IN_USE: ListFailure = { status: 409, message: 'This customer is still used by 2 sales, so it cannot be deleted.', code: 'in_use' };
export const SAVED: SavedFilter = { id: 7, name: 'Inactive', query: 'status=inactive' };
export const SETTINGS: ListSettings = { hidden_columns: ['phone'], saved_filters: [SAVED] };
export const NEW_FILTER: SavedFilter & { message: string } = { id: 8, name: 'Acme', query: 'search=acme', message: 'Filter “Acme” saved.' };
export const NAME_TAKEN: ListFailure = { status: 422, message: 'You already have a saved filter with this name.' };
export const CREATED: Row = { id: 99, name: 'Zed New' };

export const AFTER_SEARCH = 'xstate.after.searchDebounce.list.search.typing';
export const AFTER_UNDO = 'xstate.after.undoWindow.list.data.loaded.undoing';
export const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
export const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });
export const loadOutcomes = (id: string) => [done(id, PAGE), done(id, EMPTY), done(id, PAST_END), fail(id, SERVER_ERROR), fail(id, SILENT)];
export const ev = (type: string, rest: Record<string, unknown> = {}): AnyEventObject => ({ type, ...rest });

// ---------------------------------------------------------------- the models
export const inQuestion = (s: ListSnapshot) => s.matches({ data: { loaded: 'confirming' } });
export const inUndo = (s: ListSnapshot) => s.matches({ data: { loaded: 'undoing' } });
export const inRequest = (s: ListSnapshot) => s.matches({ data: { loaded: 'deleting' } });
export const inDelete = (s: ListSnapshot) => inQuestion(s) || inUndo(s) || inRequest(s);
/** Query changes: ignored while a delete is asked or sent; while it is undoable they send it now. */
export const QUERY_CHANGES: AnyEventObject[] = [
  ...[ev('list.page', { page: 2 }), ev('list.perPage', { perPage: 25 }), ev('list.sort', { field: 'email' })],
  ...[ev('list.filter', { name: 'status', value: 'inactive' }), ev('list.range', { name: 'created_at', from: '2026-01-01', to: '' })],
  ...[ev('list.search.submit'), ev('list.search.clear'), ev('list.reload'), ev('list.clear')],
];
export const duringDelete = (s: ListSnapshot, e: AnyEventObject) => QUERY_CHANGES.includes(e) || e.type === 'list.urlChanged' || e.type === 'list.search.input' || e.type === 'list.leave';

export interface Model {
  name: string;
  events: AnyEventObject[];
  input?: ListInput;
  offer?: (s: ListSnapshot, e: AnyEventObject) => boolean;
}

export const MODELS: Model[] = [
  {
    name: 'loading, paging, sorting and the address bar',
    events: [
      ...loadOutcomes('loadList'),
      ...loadOutcomes('reloadList').slice(0, 4),
      ...[ev('list.retry'), ev('list.reload'), ev('list.page', { page: 2 }), ev('list.sort', { field: 'email' })],
      ...[ev('list.urlChanged', { search: '' }), ev('list.urlChanged', { search: '?page=3' })],
    ],
    // The server only says "past the end" for page 3, and "none at all" for page 1.
    offer: (s, e) => (e.output === PAST_END ? s.context.query.page === 3 : e.output === EMPTY ? s.context.query.page === 1 : true),
  },
  {
    name: 'search box',
    events: [
      ...[ev('list.search.input', { text: 'acme' }), ev('list.search.input', { text: ' ' }), ev('list.search.submit'), ev(AFTER_SEARCH), ev('list.search.clear')],
      ...[done('loadList', PAGE), done('reloadList', PAGE), fail('reloadList', SERVER_ERROR), ev('list.retry')],
    ],
  },
  {
    name: 'filters, date ranges and page size',
    events: [
      ...[ev('list.filter', { name: 'status', value: 'inactive' }), ev('list.filter', { name: 'status', value: '' }), ev('list.perPage', { perPage: 25 }), ev('list.clear')],
      ...[ev('list.range', { name: 'created_at', from: '2026-05-01', to: '2026-05-31' }), ev('list.filter', { name: 'created_at_from', value: '2026-06-15' })],
      ...[ev('list.range', { name: 'created_at', from: '', to: '' })],
      ...[done('loadList', PAGE), done('reloadList', PAGE), fail('reloadList', SERVER_ERROR)],
    ],
  },
  {
    name: 'CSV export, undisturbed by paging and typing',
    events: [
      ...[ev('list.export'), done('exportCsv', undefined), fail('exportCsv', SERVER_ERROR), fail('exportCsv', SILENT)],
      ...[done('loadList', PAGE), fail('loadList', SERVER_ERROR), ev('list.page', { page: 2 }), ev('list.search.input', { text: 'acme' })],
    ],
  },
  {
    name: 'selecting and deleting, with undo',
    events: [
      ...[done('loadList', PAGE), done('reloadList', PAGE)],
      ...[ev('row.toggle', { id: 1 }), ev('row.toggle', { id: 3 }), ev('rows.toggleAll'), ev('selection.clear')],
      ...[ev('row.delete', { id: 1 }), ev('row.delete', { id: 3 }), ev('rows.deleteSelected'), ev('delete.confirm'), ev('delete.cancel')],
      ...[ev(AFTER_UNDO), ev('delete.undo'), done('deleteRows', DELETED), fail('deleteRows', IN_USE), fail('deleteRows', SILENT), ev('notice.dismiss')],
    ],
  },
  {
    name: 'every record that matches, on all pages',
    events: [
      ...[done('loadList', MANY), done('reloadList', MANY), ev('rows.toggleAll'), ev('selection.all'), ev('row.toggle', { id: 1 }), ev('selection.clear')],
      ...[ev('rows.deleteSelected'), ev('delete.confirm'), ev(AFTER_UNDO), ev('delete.undo'), done('deleteRows', { message: '57 customers deleted.' })],
      ...[fail('deleteRows', { status: 409, message: 'Nothing was deleted: 58 customers match now, not 57.', code: 'changed' })],
    ],
  },
  {
    name: 'a saved filter chosen while a delete is asked, undoable or sent',
    events: [
      ...[done('loadList', PAGE), done('loadSettings', SETTINGS), done('reloadList', PAGE), ev('row.delete', { id: 1 }), ev('delete.confirm')],
      ...[ev(AFTER_UNDO), ev('saved.apply', { id: 7 }), done('deleteRows', DELETED)],
    ],
    offer: (s, e) => e.type !== 'saved.apply' || inDelete(s),
  },
  {
    // The address bar, the search box, leaving and query changes while a delete is asked, undoable or sent.
    name: 'deleting while other things happen',
    events: [
      ...[done('loadList', PAGE), done('reloadList', PAGE), ev('row.delete', { id: 1 }), ev('delete.confirm'), ev('delete.cancel'), ev(AFTER_UNDO)],
      ...[done('deleteRows', DELETED), fail('deleteRows', IN_USE), ev('list.search.input', { text: 'acme' }), ev(AFTER_SEARCH), ev('list.leave')],
      ...[ev('list.urlChanged', { search: '?page=2' }), ...QUERY_CHANGES],
    ],
    // Each of these once, from the whole list: the query it moves to is checked, not every combination.
    offer: (s, e) => !duringDelete(s, e) || (inDelete(s) && (!QUERY_CHANGES.includes(e) && e.type !== 'list.urlChanged' ? true : listQueryString(SPEC, s.context.query) === '')),
  },
  {
    name: "the person's columns",
    events: [
      ...[done('loadSettings', SETTINGS), fail('loadSettings', SERVER_ERROR), ev('settings.retry')],
      ...[ev('columns.toggle', { name: 'phone' }), ev('columns.toggle', { name: 'email' }), ev('columns.toggle', { name: 'name' })],
      ...[done('saveColumns', undefined), fail('saveColumns', SERVER_ERROR)],
    ],
    // A second change while one is saved shows the restart; more say nothing new.
    offer: (s, e) => (e.type === 'columns.toggle' && e.name === 'email' ? s.matches({ columns: 'saving' }) && s.context.hidden.length < 2 : true),
  },
  {
    name: "the person's saved filters",
    events: [
      ...[done('loadSettings', SETTINGS), fail('loadSettings', SERVER_ERROR), ev('settings.retry'), done('loadList', PAGE), done('reloadList', PAGE)],
      ...[ev('saved.new'), ev('saved.cancel'), ev('saved.create', { name: ' ' }), ev('saved.create', { name: 'Acme' })],
      ...[done('createSavedFilter', NEW_FILTER), fail('createSavedFilter', NAME_TAKEN), ev('saved.apply', { id: 7 }), ev('saved.remove', { id: 7 })],
      ...[done('removeSavedFilter', { message: 'Filter “Inactive” deleted.' }), fail('removeSavedFilter', SERVER_ERROR)],
    ],
    // Applied once, from the whole list; saved once.
    offer: (s, e) =>
      e.type === 'saved.apply' ? listQueryString(SPEC, s.context.query) === '' : e.type === 'saved.new' ? s.context.saved.length < 2 : true,
  },
  {
    name: 'opening rows, and the record just created',
    input: { ...INPUT, created: CREATED },
    events: [
      ...[done('loadList', PAGE), done('loadList', EMPTY), done('reloadList', PAGE), ev('row.open', { id: 1 }), ev('row.open', { id: 99 }), ev('row.open', { id: 42 })],
      ...[ev('row.focus', { id: 2 }), ev('row.focus', { id: 42 }), ev('list.page', { page: 2 }), ev('row.delete', { id: 1 }), ev('delete.confirm')],
    ],
    offer: (s, e) => (e.output === EMPTY ? s.context.query.page === 1 : true),
  },
];

export const serialize = (s: ListSnapshot): string =>
  JSON.stringify({
    value: s.value,
    query: listQueryString(SPEC, s.context.query),
    searchText: s.context.searchText,
    rows: s.context.rows.map((r) => r.id),
    selected: s.context.selected,
    allMatching: s.context.allMatching,
    pending: s.context.pending,
    target: s.context.target,
    notice: s.context.notice !== null,
    created: s.context.created?.id ?? null,
    cursor: s.context.cursor,
    hidden: s.context.hidden,
    saved: s.context.saved.map((f) => f.id),
    savedError: s.context.savedError !== null,
    // Which message does not change what can happen next (the executors check the message).
    error: s.context.error !== null,
  });

