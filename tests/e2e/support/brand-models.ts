/**
 * The brand models for tests/e2e/resource.model.spec.ts: which events of the REAL list, form
 * and navigation machines a person or the server can make happen in each state, and what of
 * a state the page can tell apart. No browser here: the paths are computed from these by
 * xstate/graph before a test starts. TAG, ORIG and UNIQUE stand for names made per test.
 */
import {
  initialTransition,
  transition,
  type ActorLogic,
  type AnyEventObject,
  type AnyStateMachine,
  type SnapshotFrom,
} from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { type Row } from '../../../domain/resource.ts';
import { listQueryString, type ListQuery, type ListResponse } from '../../../domain/list-query.ts';
import { brands } from '../../../domain/resources/products.ts';
import { formMachine, type FormSpec } from '../../../machines/form/form.machine.ts';
import { formSpecOf } from '../../../machines/form/form.spec.ts';
import { listMachine, type ListAbilities } from '../../../machines/list/list.machine.ts';
import { navigationMachine } from '../../../machines/navigation.machine.ts';
import { edgePaths } from '../../model/coverage.ts';

export const DEF = brands;
export type ListSnapshot = SnapshotFrom<typeof listMachine>;
export type FormSnapshot = SnapshotFrom<typeof formMachine>;
export type NavSnapshot = SnapshotFrom<typeof navigationMachine>;
export type AnySnapshot = ListSnapshot | FormSnapshot | NavSnapshot;
export type Path<S extends AnySnapshot> = StatePath<S, AnyEventObject>;

export const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
export const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });
export const isOutcome = (e: AnyEventObject, ...ids: string[]) => ids.some((id) => e.type === `xstate.done.actor.${id}` || e.type === `xstate.error.actor.${id}`);

// ================================================================ list models
/** Stands for the test's own tag in a model's search; each test puts its unique tag there. */
export const TAG = 'TAG';
export const NO_MATCH = 'zz no such brand';
export const NO_MATCH_MORE = 'zz no such brand at all';
export const AFTER_SEARCH = `xstate.after.searchDebounce.list.search.typing`;
export const AFTER_UNDO = 'xstate.after.undoWindow.list.data.loaded.undoing';
export const SERVER_ERROR = { status: 500, message: 'Server Error' };
export const OFFLINE = { status: 0, message: 'The server cannot be reached.' };
export const IN_USE = { status: 409, message: 'This brand cannot be deleted: it is used by 3 products.' };

export const meta = (q: Pick<ListQuery, 'page' | 'per_page'>, total: number, lastPage = Math.max(1, Math.ceil(total / q.per_page))) => ({
  page: q.page,
  per_page: q.per_page,
  total,
  last_page: lastPage,
});
export const answer = (data: Row[], m: ListResponse['meta']): ListResponse => ({ data, meta: m });
/** Rows the demo brands stand in for: the page only has to show some. */
export const SOME_ROWS: Row[] = [{ id: 901 }, { id: 902 }];
/** What the real server answers for a query of the demo brands (none is inactive, none matches NO_MATCH). */
export const demoAnswer = (q: ListQuery): ListResponse =>
  q.search || q.filters.status ? answer([], meta(q, 0)) : answer(SOME_ROWS, meta(q, 12));
/** An empty first page, mocked: the demo shop has brands. */
export const MOCKED_EMPTY = { ...answer([], { page: 1, per_page: 10, total: 0, last_page: 1 }), mocked: true };

export const RETRY = { type: 'list.retry' };
export const SUBMIT_SEARCH = { type: 'list.search.submit' };
export const urlChanged = (search: string) => ({ type: 'list.urlChanged', search });
export const typed = (text: string) => ({ type: 'list.search.input', text });

/** What a person can tell apart on the list, in the machine's terms. */
export const serializeList = (s: ListSnapshot): string =>
  JSON.stringify({
    value: s.value,
    query: listQueryString(DEF, s.context.query),
    searchText: s.context.searchText,
    rows: s.context.rows.map((r) => r.id),
    selected: [...s.context.selected].sort(),
    pending: s.context.pending,
    notice: s.context.notice !== null,
    error: s.context.error !== null,
  });

export const settledList = (s: ListSnapshot) =>
  (s.matches({ data: 'loaded' }) || s.matches({ data: 'empty' })) && s.matches({ search: 'idle' }) && s.matches({ export: 'idle' });

/**
 * Loading, failure and retry, paging, sorting, page size, filter, the search box (its pause
 * measured on the page's own clock) and export, on the demo brands. A person takes one step
 * away from the first page and comes back (menu link or "Clear search and filters").
 */
export function queryEvents(s: ListSnapshot): AnyEventObject[] {
  const q = s.context.query;
  const fresh = s.context.error === null;
  if (s.matches({ export: 'exporting' })) return [done('exportCsv', undefined), fail('exportCsv', SERVER_ERROR)];
  if (s.matches({ search: 'typing' })) {
    return s.matches({ data: 'reloading' }) || s.context.searchText !== NO_MATCH ? [{ type: AFTER_SEARCH }] : [{ type: AFTER_SEARCH }, SUBMIT_SEARCH, typed(NO_MATCH_MORE)];
  }
  const first = listQueryString(DEF, q) === '';
  if (s.matches({ data: 'loading' })) {
    return first && fresh
      ? [done('loadList', demoAnswer(q)), done('loadList', MOCKED_EMPTY), fail('loadList', SERVER_ERROR), fail('loadList', OFFLINE)]
      : [done('loadList', demoAnswer(q))];
  }
  if (s.matches({ data: 'reloading' })) {
    return q.page === 2 && fresh ? [done('reloadList', demoAnswer(q)), fail('reloadList', SERVER_ERROR)] : [done('reloadList', demoAnswer(q))];
  }
  if (s.matches({ data: 'failed' })) return [RETRY];
  if (!settledList(s)) return [];
  if (first) {
    return s.matches({ data: 'empty' })
      ? []
      : [
          { type: 'list.page', page: 2 },
          { type: 'list.sort', field: 'name' },
          { type: 'list.perPage', perPage: 25 },
          { type: 'list.filter', name: 'status', value: 'inactive' },
          typed(NO_MATCH),
          { type: 'list.export' },
        ];
  }
  // "Clear search and filters" on an empty filtered list; a menu link back to the list otherwise.
  if (q.filters.status && s.matches({ data: 'empty' })) return [{ type: 'list.clear' }];
  if (q.page === 2 || q.search || q.filters.status) return [urlChanged('')];
  if (q.dir === 'desc') return [{ type: 'list.sort', field: 'name' }];
  return [];
}

/** Page 99 of a list that fits on one page: the server says so and the list goes to the last page. */
export function pastEndEvents(s: ListSnapshot): AnyEventObject[] {
  const q = s.context.query;
  if (!s.matches({ data: 'loading' })) return [];
  return q.page === 99 ? [done('loadList', answer([], meta(q, 12, 1)))] : [done('loadList', answer(SOME_ROWS, meta(q, 12)))];
}

/** Three brands of the test's own (found by its tag): selecting, asking, cancelling, deleting, failing. */
export const ABC: Row[] = [
  { id: 1, name: 'A', status: 'active' },
  { id: 2, name: 'B', status: 'active' },
  { id: 3, name: 'C', status: 'active' },
];
export const deletedMessage = (n: number) => (n === 1 ? 'Brand deleted.' : `${n} brands deleted.`);

/** The rows of the test's own that the real server finds for a search (the tag stands for the test's). */
export const found = (rows: Row[], search: string) => rows.filter((r) => `${TAG} ${String(r.name)}`.toLowerCase().includes(search.toLowerCase()));
export const TYPED_DURING_DELETE = `${TAG} A`;

export function deleteEvents(s: ListSnapshot): AnyEventObject[] {
  const { rows, selected, pending, query, searchText, notice } = s.context;
  const page = (data: Row[]) => answer(data, meta(query, data.length));
  if (s.matches({ search: 'typing' })) return [{ type: AFTER_SEARCH }];
  if (s.matches({ data: 'loading' })) return [done('loadList', page(ABC))];
  if (s.matches({ data: 'reloading' })) return [done('reloadList', page(found(rows, query.search)))];
  if (rows.length < 3) return [];
  const sel = [...selected].sort().join(',');
  if (s.matches({ data: { loaded: 'idle' } })) {
    // A refused delete stays on screen until it is dismissed.
    if (notice !== null) return [{ type: 'notice.dismiss' }];
    if (sel === '') return [{ type: 'row.toggle', id: 1 }, { type: 'rows.toggleAll' }, { type: 'row.delete', id: 1 }];
    if (sel === '1') return [{ type: 'row.toggle', id: 1 }, { type: 'row.toggle', id: 2 }, { type: 'selection.clear' }];
    return [{ type: 'rows.toggleAll' }, { type: 'rows.deleteSelected' }];
  }
  if (s.matches({ data: { loaded: 'confirming' } })) {
    return pending.length === 3 ? [{ type: 'delete.confirm' }] : [{ type: 'delete.cancel' }, { type: 'delete.confirm' }];
  }
  // Confirmed: the undo window runs on the page's clock; Undo brings the rows back, sending nothing.
  if (s.matches({ data: { loaded: 'undoing' } })) return pending.length === 3 ? [{ type: AFTER_UNDO }] : [{ type: AFTER_UNDO }, { type: 'delete.undo' }];
  if (s.matches({ data: { loaded: 'deleting' } })) {
    const outcome = done('deleteRows', { message: deletedMessage(pending.length) });
    if (pending.length === 3) return [outcome];
    if (pending.length === 2) return [outcome, fail('deleteRows', IN_USE)];
    // A search typed while the delete is on its way waits for it, however it ends.
    if (searchText !== query.search) return [outcome, fail('deleteRows', IN_USE)];
    return [outcome, fail('deleteRows', IN_USE), typed(TYPED_DURING_DELETE)];
  }
  return [];
}

/**
 * While a delete is on its way the list stays as it is, whatever the person does. Each of
 * these is a self-loop of the graph (one path each); taken in a row they make one path, which
 * ends with the delete done and the address bar back to the list's query.
 */
export const IGNORED_WHILE_DELETING: AnyEventObject[] = [
  done('loadList', answer(ABC, meta({ page: 1, per_page: 10 }, 3))),
  { type: 'row.delete', id: 1 },
  { type: 'delete.confirm' },
  { type: AFTER_UNDO },
  { type: 'list.sort', field: 'name' },
  { type: 'list.perPage', perPage: 25 },
  { type: 'list.filter', name: 'status', value: 'inactive' },
  SUBMIT_SEARCH,
  urlChanged(''),
  done('deleteRows', { message: deletedMessage(1) }),
  done('reloadList', answer(ABC.slice(1), meta({ page: 1, per_page: 10 }, 2))),
];

/** Eleven brands of the test's own, on page 2 the last one: deleting it empties the page. */
export const ELEVEN: Row[] = Array.from({ length: 11 }, (_, i) => ({ id: i + 1, name: String(i + 1).padStart(2, '0'), status: 'active' }));

export function lastPageEvents(s: ListSnapshot): AnyEventObject[] {
  const { query, rows } = s.context;
  const total = query.page === 2 && rows.length === 1 ? 11 : 10;
  if (s.matches({ data: 'loading' })) return [done('loadList', answer(ELEVEN.slice(10), meta(query, 11)))];
  if (s.matches({ data: 'reloading' })) {
    return query.page === 2 ? [done('reloadList', answer([], meta(query, 10)))] : [done('reloadList', answer(ELEVEN.slice(0, 10), meta(query, total)))];
  }
  if (s.matches({ data: { loaded: 'idle' } }) && rows.some((r) => r.id === 11)) return [{ type: 'row.delete', id: 11 }];
  if (s.matches({ data: { loaded: 'confirming' } })) return [{ type: 'delete.confirm' }];
  if (s.matches({ data: { loaded: 'undoing' } })) return [{ type: AFTER_UNDO }];
  if (s.matches({ data: { loaded: 'deleting' } })) return [done('deleteRows', { message: deletedMessage(1) })];
  return [];
}

export type ListInput = { spec: typeof DEF; search: string; abilities: ListAbilities };
/** The admin the tests sign in as may do everything on the list. */
const ALL: ListAbilities = { create: true, edit: true, delete: true, export: true };
export interface ListModel {
  name: string;
  input: ListInput;
  /** Names the model's rows by (model name → suffix after the test's tag). */
  rows?: Row[];
  /** The page's clock is faked, so the search pause and the undo window are stepped, not waited for. */
  clock?: boolean;
  events(s: ListSnapshot): AnyEventObject[];
  /** Event sequences run as paths of their own, besides every edge of the graph. */
  sequences?: AnyEventObject[][];
}

export const LIST_MODELS: ListModel[] = [
  { name: 'query', input: { spec: DEF, search: '', abilities: ALL }, clock: true, events: queryEvents },
  { name: 'past the end', input: { spec: DEF, search: '?page=99&per_page=100', abilities: ALL }, events: pastEndEvents },
  { name: 'delete', input: { spec: DEF, search: `?search=${TAG}`, abilities: ALL }, rows: ABC, clock: true, events: deleteEvents, sequences: [IGNORED_WHILE_DELETING] },
  { name: 'delete the last page', input: { spec: DEF, search: `?search=${TAG}&page=2`, abilities: ALL }, rows: ELEVEN, clock: true, events: lastPageEvents },
];

// ================================================================ form models
export const FORM_SPEC: FormSpec = formSpecOf(DEF);
export type FormInput = { spec: FormSpec; mode: 'create' | 'edit'; id?: string };
/** Stand for names made per test; DUP is a demo brand, so the server refuses it. */
export const ORIG = 'ORIG';
export const UNIQUE = 'UNIQUE';
export const DUP = 'Voltix';
export const TAKEN = { status: 422, message: 'Another brand already has this name.', errors: { name: ['Another brand already has this name.'] } };
export const STALE = {
  status: 409,
  message: 'Someone else changed this brand while you were editing it. Reload to see their changes, then make yours again.',
  code: 'stale',
};
export const SUBMIT = { type: 'form.submit' };
export const change = (name: string, value: unknown) => ({ type: 'field.change', name, value });

export const serializeForm = (s: FormSnapshot): string =>
  JSON.stringify({
    value: s.value,
    name: s.context.values.name,
    errors: Object.keys(s.context.errors).sort(),
    formError: s.context.formError !== null,
    conflict: s.context.conflict !== null,
    loadError: s.context.loadError !== null,
  });

export function createEvents(s: FormSnapshot): AnyEventObject[] {
  const { values, errors, formError } = s.context;
  if (s.matches('submitting')) {
    return values.name === UNIQUE ? [done('saveRecord', { message: 'Brand created.' }), fail('saveRecord', SERVER_ERROR)] : [fail('saveRecord', TAKEN)];
  }
  if (!s.matches('editing')) return [];
  const out: AnyEventObject[] = [SUBMIT];
  const clean = values.name === '' && Object.keys(errors).length === 0 && formError === null;
  if (clean) out.push({ type: 'form.cancel' });
  // Typing a free name: from nothing, or to clear an error (the form's own or the server's).
  if (values.name === '' || errors.name) out.push(change('name', UNIQUE));
  if (clean) out.push(change('name', DUP));
  return out;
}

export function editEvents(s: FormSnapshot): AnyEventObject[] {
  const { values, errors, formError, loadError } = s.context;
  const loaded = { data: { id: 1, name: ORIG, description: '', status: 'active' }, version: 'v1' };
  if (s.matches('loading')) return loadError === null ? [done('loadRecord', loaded), fail('loadRecord', SERVER_ERROR)] : [done('loadRecord', loaded)];
  if (s.matches('loadFailed')) return [{ type: 'form.retry' }];
  if (s.matches('submitting')) {
    return values.name === UNIQUE ? [done('saveRecord', { message: 'Brand updated.' }), fail('saveRecord', STALE)] : [fail('saveRecord', TAKEN)];
  }
  // A lost update stays on screen: Reload brings the other changes in, Dismiss keeps what was typed.
  if (s.matches('editing') && s.context.conflict !== null) return [{ type: 'form.reload' }, { type: 'form.conflict.dismiss' }];
  if (!s.matches('editing') || formError !== null) return [];
  if (values.name === ORIG) return [change('name', UNIQUE), change('name', DUP)];
  if (values.name === DUP && errors.name) return [change('name', UNIQUE)];
  return [SUBMIT];
}

export interface FormModel {
  name: string;
  input: FormInput;
  events(s: FormSnapshot): AnyEventObject[];
}
export const FORM_MODELS: FormModel[] = [
  { name: 'create', input: { spec: FORM_SPEC, mode: 'create' }, events: createEvents },
  { name: 'edit', input: { spec: FORM_SPEC, mode: 'edit', id: '1' }, events: editEvents },
];

// ================================================================ the leave prompt
export const LIST_PATH = '/admin/brands';
export const CREATE_PATH = '/admin/brands/create';
export const DASHBOARD_PATH = '/admin/dashboard';
export const NAV_INPUT = { url: LIST_PATH };
export const BLOCK = { type: 'nav.block', blocked: true };
export const UNBLOCK = { type: 'nav.block', blocked: false };
/** The form saved: navigation goes back to the list, or where the person already asked to go. */
export const SAVED = { type: 'nav.done', to: LIST_PATH };
export const go = (to: string) => ({ type: 'nav.go', to });

export const serializeNav = (s: NavSnapshot): string =>
  JSON.stringify({ value: s.value, pathname: s.context.pathname, blocked: s.context.blocked, pendingTo: s.context.pendingTo, pendingLogout: s.context.pendingLogout });

/**
 * The list, "New brand", typing (blocks), clearing (unblocks), leaving by menu, Back, Cancel or
 * Logout. Confirming Logout ends the session: the page is the login page, and the path ends
 * there (the navigation machine's next news is the auth machine's).
 */
export function leaveEvents(s: NavSnapshot): AnyEventObject[] {
  const { pathname, blocked, pendingTo } = s.context;
  if (s.matches('waitingForAuth')) return [{ type: 'auth.changed', status: 'user', permissions: ['dashboard', 'brand list', 'brand create'] }];
  if (s.matches({ showing: 'confirmingLeave' })) {
    return pendingTo === DASHBOARD_PATH ? [{ type: 'leave.cancel' }, { type: 'leave.confirm' }, SAVED] : [{ type: 'leave.cancel' }, { type: 'leave.confirm' }];
  }
  if (!s.matches({ showing: 'idle' })) return [];
  if (pathname === LIST_PATH) return [go(CREATE_PATH)];
  if (pathname !== CREATE_PATH) return [];
  return blocked
    ? [UNBLOCK, go(DASHBOARD_PATH), { type: 'nav.popped', to: LIST_PATH }, go(LIST_PATH), { type: 'nav.logout' }]
    : [BLOCK, go(DASHBOARD_PATH)];
}

// ================================================================ paths
export function modelOf<S extends AnySnapshot, I>(machine: AnyStateMachine, input: I, events: (s: S) => AnyEventObject[], serialize: (s: S) => string) {
  return new TestModel(machine as unknown as ActorLogic<S, AnyEventObject, I>, {
    input,
    events: events as (s: S) => AnyEventObject[],
    serializeState: serialize,
  });
}

/** Every edge once; a path that is the beginning of another is dropped (the longer one takes its edges). */
export function pathsOf<S extends AnySnapshot>(model: TestModel<S, AnyEventObject, unknown>, serialize: (s: S) => string): Path<S>[] {
  const all = edgePaths(model, serialize);
  const key = (p: Path<S>) => p.steps.map((st) => JSON.stringify(st.event)).join(' > ');
  const keys = all.map(key);
  return all.filter((_, i) => !keys.some((k, j) => j !== i && k.length > keys[i]!.length && k.startsWith(`${keys[i]} > `)));
}

/** A path that takes these events in this order, each step computed by the real machine. */
export function sequencePath<S extends AnySnapshot>(machine: AnyStateMachine, input: unknown, events: AnyEventObject[]): Path<S> {
  let state = initialTransition(machine, input)[0] as S;
  const steps: Path<S>['steps'] = [{ event: { type: 'xstate.init' }, state }];
  for (const event of events) {
    state = transition(machine, state as never, event)[0] as S;
    steps.push({ event, state });
  }
  return { state, steps, weight: events.length };
}

export const describePath = (p: Path<AnySnapshot>) =>
  p.steps
    .slice(1)
    .map(({ event: e }) => {
      const error = e.error as { status?: number } | undefined;
      const out = e.output as { data?: unknown[]; mocked?: boolean; message?: string } | undefined;
      const detail =
        error !== undefined
          ? ` ${error.status}`
          : Array.isArray(out?.data)
            ? ` ${out.mocked ? 'mocked ' : ''}${out.data.length ? 'rows' : 'none'}`
            : e.type === 'field.change'
              ? ` ${String(e.value)}`
              : e.type === 'nav.block'
                ? ` ${e.blocked}`
                : e.type === 'nav.go' || e.type === 'nav.popped'
                  ? ` ${e.to}`
                  : e.type === 'list.urlChanged'
                    ? ` "${e.search}"`
                    : e.type === 'list.search.input'
                      ? ` "${e.text}"`
                      : '';
      return `${e.type.replace(/^xstate\./, '').replace(/^after\.searchDebounce.*/, 'search pause')}${detail}`;
    })
    .join(' → ');
