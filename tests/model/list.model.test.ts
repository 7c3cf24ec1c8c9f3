/**
 * Model-based tests of machines/list/list.machine.ts on the customers resource. The machine's
 * own graph gives the paths (four smaller models, each over the events of one concern, so
 * the graph stays small); each path is replayed on a REAL actor whose HTTP calls are
 * deferred promises the test settles, whose search debounce runs on a SimulatedClock and
 * whose address bar is a fake (writeUrl writes it, list.urlChanged moves it like the back
 * button). Every step checks what a person sees: the address bar shows the list's query,
 * a delete is asked first and sends exactly the confirmed rows, nothing typed is dropped.
 */
import type { Notice } from '../../machines/toast/toast.constants.ts';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { LIST_MESSAGES, SEARCH_DEBOUNCE_MS, listMachine, type ListAbilities, type ListFailure } from '../../machines/list/list.machine.ts';
import { type Row } from '../../domain/resource.ts';
import { defaultQuery, listQueryString, parseListQuery, type ListQuery, type ListResponse, type PageSize } from '../../domain/list-query.ts';
import { customers } from '../../domain/resources/index.ts';
import { selectAllBox, selectCanExport, selectConfirmation, selectFocusAfterDelete, selectPagination, selectPhase, selectRows } from '../../machines/list/list.selectors.ts';
import { Coverage, deferredCalls, edgePaths, internalOnlyWhenEnabled } from './coverage.ts';

type ListSnapshot = SnapshotFrom<typeof listMachine>;
type ListInput = { spec: typeof customers; search: string; abilities: ListAbilities };
type Ev = { event: AnyEventObject };

const coverage = new Coverage('list', listMachine);
/** fromPromise answers on a microtask: one macrotask later every answer has arrived. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));
const SPEC = customers;
const INPUT: ListInput = { spec: SPEC, search: '', abilities: { create: true, edit: true, delete: true, export: true } };

// ---------------------------------------------------------------- fixtures
const ROWS: Row[] = [
  { id: 1, name: 'Acme Ltd' },
  { id: 2, name: 'Bolt & Co' },
  { id: 3, name: 'Walk-in customer', protected: true },
];
const page = (data: Row[], meta: Partial<ListResponse['meta']> = {}): ListResponse => ({
  data,
  meta: { page: 1, per_page: 10, total: data.length, last_page: 1, ...meta },
});
const PAGE = page(ROWS);
const EMPTY = page([], { total: 0 });
/** Page 3 was asked for, but rows were deleted elsewhere: there are only two pages now. */
const PAST_END = page([], { page: 3, total: 12, last_page: 2 });
const SERVER_ERROR: ListFailure = { status: 500, message: 'Server Error' };
/** No message at all: the machine says something a person can act on. */
const SILENT: ListFailure = { status: 0, message: '' };
const DELETED = { message: 'Customer deleted.' };
const IN_USE: ListFailure = { status: 409, message: 'This customer is still used by 2 sales, so it cannot be deleted.' };

const AFTER_SEARCH = 'xstate.after.searchDebounce.list.search.typing';
const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });
const loadOutcomes = (id: string) => [done(id, PAGE), done(id, EMPTY), done(id, PAST_END), fail(id, SERVER_ERROR), fail(id, SILENT)];

// ---------------------------------------------------------------- the four models
const inDelete = (s: ListSnapshot) => s.matches({ data: { loaded: 'confirming' } }) || s.matches({ data: { loaded: 'deleting' } });
/** Query changes the list ignores while a delete is asked or sent; offered only there in the delete model. */
const IGNORED_WHILE_DELETING: AnyEventObject[] = [
  ...[{ type: 'list.page', page: 2 }, { type: 'list.perPage', perPage: 25 }, { type: 'list.sort', field: 'email' }],
  ...[{ type: 'list.filter', name: 'status', value: 'inactive' }, { type: 'list.search.submit' }, { type: 'list.reload' }, { type: 'list.clear' }],
];

const confirmingOrDeleting = (_: ListSnapshot, e: AnyEventObject) => IGNORED_WHILE_DELETING.includes(e) || e.type === 'list.urlChanged' || e.type === 'list.search.input';

const ev = (type: string, rest: Record<string, unknown> = {}): AnyEventObject => ({ type, ...rest });
const MODELS: { name: string; events: AnyEventObject[]; offer?: (s: ListSnapshot, e: AnyEventObject) => boolean }[] = [
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
      ...[ev('list.search.input', { text: 'acme' }), ev('list.search.input', { text: ' ' }), ev('list.search.submit'), ev(AFTER_SEARCH)],
      ...[done('loadList', PAGE), done('reloadList', PAGE), fail('reloadList', SERVER_ERROR), ev('list.retry')],
    ],
  },
  {
    name: 'filters and page size',
    events: [
      ...[ev('list.filter', { name: 'status', value: 'inactive' }), ev('list.filter', { name: 'status', value: '' }), ev('list.perPage', { perPage: 25 }), ev('list.clear')],
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
    name: 'selecting and deleting',
    events: [
      ...[done('loadList', PAGE), done('reloadList', PAGE)],
      ...[ev('row.toggle', { id: 1 }), ev('row.toggle', { id: 3 }), ev('rows.toggleAll'), ev('selection.clear')],
      ...[ev('row.delete', { id: 1 }), ev('row.delete', { id: 3 }), ev('rows.deleteSelected'), ev('delete.confirm'), ev('delete.cancel')],
      ...[done('deleteRows', DELETED), fail('deleteRows', IN_USE), fail('deleteRows', SILENT)],
    ],
  },
  {
    // The address bar, the search box and query changes while a delete is asked or sent.
    name: 'deleting while other things happen',
    events: [
      ...[done('loadList', PAGE), done('reloadList', PAGE), ev('row.delete', { id: 1 }), ev('delete.confirm'), ev('delete.cancel')],
      ...[done('deleteRows', DELETED), fail('deleteRows', IN_USE), ev('list.search.input', { text: 'acme' }), ev(AFTER_SEARCH)],
      ...[ev('list.urlChanged', { search: '?page=2' }), ...IGNORED_WHILE_DELETING],
    ],
    offer: (s, e) => !confirmingOrDeleting(s, e) || inDelete(s),
  },
];

const serialize = (s: ListSnapshot): string =>
  JSON.stringify({
    value: s.value,
    query: listQueryString(SPEC, s.context.query),
    searchText: s.context.searchText,
    rows: s.context.rows.map((r) => r.id),
    selected: s.context.selected,
    pending: s.context.pending,
    deleting: s.context.deleting,
    // Which message does not change what can happen next (the executors check the message).
    error: s.context.error !== null,
  });

function modelFor(events: AnyEventObject[], offer: (s: ListSnapshot, e: AnyEventObject) => boolean = () => true) {
  return new TestModel(listMachine as unknown as ActorLogic<ListSnapshot, AnyEventObject, ListInput>, {
    input: INPUT,
    events,
    filterEvents: (s, e) => internalOnlyWhenEnabled(s, e) && offer(s, e),
    serializeState: serialize,
    stateMatcher: (s, key) => s.matches(key as never),
  });
}

// ---------------------------------------------------------------- the real actor
function harness(input: ListInput = INPUT) {
  const clock = new SimulatedClock();
  const loads = deferredCalls<ListResponse>();
  const deletes = deferredCalls<{ message: string }>();
  const exports = deferredCalls<void>();
  let addressBar = input.search;
  const spy = {
    writeUrl: vi.fn<(p: { search: string }) => void>(),
    notify: vi.fn<(p: Notice) => void>(),
  };
  const machine = listMachine.provide({
    actors: {
      loadList: fromPromise<ListResponse, { query: ListQuery; parentId: string | undefined }>((a) => loads.start(a)),
      deleteRows: fromPromise<{ message: string }, { ids: number[] }>((a) => deletes.start(a)),
      exportCsv: fromPromise<void, { query: ListQuery; parentId: string | undefined }>((a) => exports.start(a)),
    },
    actions: {
      writeUrl: (_, p) => (spy.writeUrl(p), (addressBar = p.search)),
      notify: (_, p) => spy.notify(p),
    },
  });
  const actor = createActor(machine, { input, clock, inspect: coverage.inspect }).start();
  const snap = () => actor.getSnapshot();
  /** Run something and report the side effects it had. */
  const effects = async (act: () => unknown, settle = false) => {
    const [w, t, l, d, x] = [spy.writeUrl.mock.calls.length, spy.notify.mock.calls.length, loads.calls.length, deletes.calls.length, exports.calls.length];
    act();
    // Settled promises reach the actor on a later tick.
    if (settle) await settled();
    return {
      writes: spy.writeUrl.mock.calls.slice(w).map((c) => c[0].search),
      toasts: spy.notify.mock.calls.slice(t).map((c) => c[0]),
      loads: loads.calls.slice(l).map((c) => c.input),
      deletes: deletes.calls.slice(d).map((c) => c.input),
      exports: exports.calls.slice(x).map((c) => c.input),
    };
  };
  return { actor, snap, clock, loads, deletes, exports, spy, effects, addressBar: () => addressBar, setAddressBar: (s: string) => (addressBar = s) };
}
type Harness = ReturnType<typeof harness>;

const qs = (q: ListQuery) => listQueryString(SPEC, q);
const selectable = (rows: Row[]) => rows.filter((r) => r.protected !== true).map((r) => r.id);
const typed = (s: ListSnapshot) => s.context.searchText.trim();

/** Executors: make the real thing happen, then check what the person would notice. */
function executors(h: Harness) {
  const { actor, snap } = h;
  const send = (event: AnyEventObject) => h.effects(() => actor.send(event as never));
  const nothing = { writes: [], toasts: [], loads: [], deletes: [], exports: [] };
  const expectIgnored = async (event: AnyEventObject) => {
    const before = serialize(snap());
    expect(await send(event)).toEqual(nothing);
    expect(serialize(snap())).toBe(before);
  };
  /** The query changed by the person: mirrored in the address bar once, one new request, selection cleared. */
  const expectRequery = (before: ListSnapshot, fx: Awaited<ReturnType<Harness['effects']>>, expected: ListQuery) => {
    expect(snap().context.query).toEqual(expected);
    // The search box's pause and a running export are not the query's business.
    expect(snap().context.searchText).toBe(before.context.searchText);
    expect(h.exports.live()).toHaveLength(before.matches({ export: 'exporting' }) ? 1 : 0);
    expect(fx).toEqual({ ...nothing, writes: [qs(expected)], loads: [{ query: expected, parentId: undefined }] });
    expect(snap()).toMatchObject({ value: { data: 'reloading' }, context: { selected: [] } });
  };
  const requery = (next: (q: ListQuery, e: AnyEventObject) => ListQuery) => async ({ event }: Ev) => {
    const before = snap();
    if (inDelete(before)) return expectIgnored(event);
    expectRequery(before, await send(event), next(before.context.query, event));
  };
  /** list.search.submit, or the pause after typing. */
  const submitSearch = async (before: ListSnapshot, fx: Awaited<ReturnType<Harness['effects']>>) => {
    if (typed(before) === before.context.query.search || inDelete(before)) {
      expect(fx.loads).toEqual([]);
      return expect(fx.writes).toEqual([]);
    }
    expectRequery(before, fx, { ...before.context.query, search: typed(before), page: 1 });
  };
  const settleLoad = async (settle: (c: ReturnType<Harness['loads']['only']>) => void) => {
    const before = snap();
    const call = h.loads.only();
    expect(call.input).toEqual({ query: before.context.query, parentId: undefined });
    return { before, fx: await h.effects(() => settle(call), true) };
  };
  const loadDone = async ({ event }: Ev) => {
    const output = event.output as ListResponse;
    const { before, fx } = await settleLoad((c) => c.resolve(output));
    if (output === PAST_END) {
      // Past the last page: the last page is asked for and shown in the address bar.
      const last = { ...before.context.query, page: 2 };
      expect(fx.writes).toEqual([qs(last)]);
      expect(fx.loads).toEqual([{ query: last, parentId: undefined }]);
      return;
    }
    expect(fx).toEqual(nothing);
    expect(snap().context.rows).toEqual(output.data);
    expect(snap().matches({ data: output.data.length ? 'loaded' : 'empty' })).toBe(true);
  };
  const loadFailed = async ({ event }: Ev) => {
    const { fx } = await settleLoad((c) => c.reject(event.error));
    // Shown in place with a retry button, not as a toast.
    expect(fx).toEqual(nothing);
    expect(snap().context.error).toBe((event.error as ListFailure).message || LIST_MESSAGES.load);
  };
  const load = { 'xstate.done.actor.loadList': loadDone, 'xstate.done.actor.reloadList': loadDone, 'xstate.error.actor.loadList': loadFailed, 'xstate.error.actor.reloadList': loadFailed };

  return {
    'xstate.init': () => {},
    ...load,
    'list.retry': async ({ event }: Ev) => {
      if (!snap().matches({ data: 'failed' })) return expectIgnored(event);
      expect(await send(event)).toEqual({ ...nothing, loads: [{ query: snap().context.query, parentId: undefined }] });
    },
    'list.reload': async ({ event }: Ev) => {
      if (!snap().matches({ data: 'empty' }) && !snap().matches({ data: { loaded: 'idle' } })) return expectIgnored(event);
      expect(await send(event)).toEqual({ ...nothing, loads: [{ query: snap().context.query, parentId: undefined }] });
      expect(snap().matches({ data: 'reloading' })).toBe(true);
    },
    'list.page': requery((q, e) => ({ ...q, page: e.page as number })),
    'list.perPage': requery((q, e) => ({ ...q, per_page: e.perPage as PageSize, page: 1 })),
    'list.sort': requery((q, e) => ({ ...q, sort: e.field as string, dir: q.sort === e.field && q.dir === 'asc' ? 'desc' : 'asc', page: 1 })),
    'list.filter': requery((q, e) => {
      const { [e.name as string]: _old, ...rest } = q.filters;
      return { ...q, filters: e.value ? { ...rest, [e.name as string]: e.value as string } : rest, page: 1 };
    }),
    'list.clear': async ({ event }: Ev) => {
      const before = snap();
      if (inDelete(before)) return expectIgnored(event);
      const fx = await send(event);
      // "Clear search and filters": the whole list again, as a bare link to it would show.
      const expected = defaultQuery(SPEC);
      expect(snap().context.query).toEqual(expected);
      expect(snap().context.searchText).toBe('');
      expect(fx).toEqual({ ...nothing, writes: [qs(expected)], loads: [{ query: expected, parentId: undefined }] });
      expect(snap()).toMatchObject({ value: { data: 'reloading' }, context: { selected: [] } });
    },
    'list.search.input': async ({ event }: Ev) => {
      const fx = await send(event);
      expect(fx.loads).toEqual([]);
      expect(snap().matches({ search: 'typing' })).toBe(true);
      expect(snap().context.searchText).toBe(event.text);
    },
    [AFTER_SEARCH]: async () => {
      const before = snap();
      h.clock.increment(SEARCH_DEBOUNCE_MS - 1);
      expect(serialize(snap())).toBe(serialize(before));
      await submitSearch(before, await h.effects(() => h.clock.increment(1)));
      expect(snap().matches({ search: 'idle' })).toBe(true);
    },
    'list.search.submit': async ({ event }: Ev) => {
      const before = snap();
      await submitSearch(before, await send(event));
    },
    'list.urlChanged': async ({ event }: Ev) => {
      const before = snap();
      const parsed = parseListQuery(SPEC, event.search as string);
      // The browser moved first; the list never writes back what the browser shows.
      const fx = await h.effects(() => (h.setAddressBar(event.search as string), actor.send(event as never)));
      expect(fx.writes).toEqual([]);
      expect(fx.deletes).toEqual([]);
      if (before.matches({ data: { loaded: 'deleting' } }) || qs(parsed) === qs(before.context.query)) {
        expect(fx.loads).toEqual([]);
        return expect(serialize(snap())).toBe(serialize(before));
      }
      expect(fx.loads).toEqual([{ query: parsed, parentId: undefined }]);
      expect(snap().context).toMatchObject({ query: parsed, searchText: parsed.search, selected: [], pending: [] });
    },
    'row.toggle': async ({ event }: Ev) => {
      const before = snap();
      if (!before.matches({ data: { loaded: 'idle' } }) || !selectable(before.context.rows).includes(event.id as number)) return expectIgnored(event);
      expect(await send(event)).toEqual(nothing);
      expect(snap().context.selected.includes(event.id as number)).toBe(!before.context.selected.includes(event.id as number));
    },
    'rows.toggleAll': async ({ event }: Ev) => {
      const before = snap();
      if (!before.matches({ data: { loaded: 'idle' } })) return expectIgnored(event);
      const all = selectable(before.context.rows);
      expect(await send(event)).toEqual(nothing);
      expect(snap().context.selected).toEqual(all.every((id) => before.context.selected.includes(id)) ? [] : all);
    },
    'selection.clear': async ({ event }: Ev) => {
      if (!snap().matches({ data: { loaded: 'idle' } })) return expectIgnored(event);
      expect(await send(event)).toEqual(nothing);
      expect(snap().context.selected).toEqual([]);
    },
    'row.delete': async ({ event }: Ev) => {
      const before = snap();
      if (!before.matches({ data: { loaded: 'idle' } }) || !selectable(before.context.rows).includes(event.id as number)) return expectIgnored(event);
      // Asked first: nothing is sent yet.
      expect(await send(event)).toEqual(nothing);
      expect(snap().context.pending).toEqual([event.id]);
    },
    'rows.deleteSelected': async ({ event }: Ev) => {
      const before = snap();
      if (!before.matches({ data: { loaded: 'idle' } }) || before.context.selected.length === 0) return expectIgnored(event);
      // One confirmation for the whole selection.
      expect(await send(event)).toEqual(nothing);
      expect(snap().matches({ data: { loaded: 'confirming' } })).toBe(true);
      expect(snap().context.pending).toEqual(before.context.selected);
    },
    'delete.confirm': async ({ event }: Ev) => {
      const before = snap();
      if (!before.matches({ data: { loaded: 'confirming' } })) return expectIgnored(event);
      const fx = await send(event);
      expect(fx.deletes).toEqual([{ ids: before.context.pending }]);
      expect(snap().context.deleting).toEqual(before.context.pending);
    },
    'delete.cancel': async ({ event }: Ev) => {
      const before = snap();
      if (!before.matches({ data: { loaded: 'confirming' } })) return expectIgnored(event);
      const fx = await send(event);
      // Cancelling sends nothing and keeps every row.
      expect(fx.deletes).toEqual([]);
      expect(snap().context.rows).toEqual(before.context.rows);
      expect(snap().context.pending).toEqual([]);
    },
    'xstate.done.actor.deleteRows': async ({ event }: Ev) => {
      const before = snap();
      const fx = await h.effects(() => h.deletes.only().resolve(event.output as { message: string }), true);
      expect(fx.toasts).toEqual([{ toastType: 'success', body: DELETED.message }]);
      const gone = before.context.deleting;
      expect(snap().context.rows.map((r) => r.id)).toEqual(before.context.rows.map((r) => r.id).filter((id) => !gone.includes(id)));
      expect(snap().context.selected.some((id) => gone.includes(id))).toBe(false);
      // Reloads the same page (page 1 only if a new search was typed meanwhile).
      const query = typed(before) === before.context.query.search ? before.context.query : { ...before.context.query, search: typed(before), page: 1 };
      expect(fx.loads).toEqual([{ query, parentId: undefined }]);
      expect(fx.writes).toEqual([qs(query)]);
    },
    'xstate.error.actor.deleteRows': async ({ event }: Ev) => {
      const before = snap();
      const fx = await h.effects(() => h.deletes.only().reject(event.error), true);
      expect(fx.toasts).toEqual([{ toastType: 'error', body: (event.error as ListFailure).message || LIST_MESSAGES.delete }]);
      // Nothing removed; the rows just stop saying "Deleting…"; the address bar shows the list again.
      expect(snap().context.rows).toEqual(before.context.rows);
      expect(snap().context.deleting).toEqual([]);
      expect(fx.writes[0]).toBe(qs(before.context.query));
    },
    'list.export': async ({ event }: Ev) => {
      if (snap().matches({ export: 'exporting' })) return expectIgnored(event);
      const fx = await send(event);
      expect(fx.exports).toEqual([{ query: snap().context.query, parentId: undefined }]);
    },
    'xstate.done.actor.exportCsv': async () => {
      expect((await h.effects(() => h.exports.only().resolve(), true)).toasts).toEqual([]);
    },
    'xstate.error.actor.exportCsv': async ({ event }: Ev) => {
      const fx = await h.effects(() => h.exports.only().reject(event.error), true);
      expect(fx.toasts).toEqual([{ toastType: 'error', body: (event.error as ListFailure).message || LIST_MESSAGES.export }]);
    },
  };
}

/** What must hold in each state, whichever path led there. */
function stateChecks(h: Harness) {
  const { snap } = h;
  const common = (model: ListSnapshot) => {
    const s = snap();
    expect(serialize(s)).toBe(serialize(model));
    const loading = s.matches({ data: 'loading' }) || s.matches({ data: 'reloading' });
    const deleting = s.matches({ data: { loaded: 'deleting' } });
    // Exactly one request per busy region, asking for what the list shows.
    expect(h.loads.live().map((c) => c.input)).toEqual(loading ? [{ query: s.context.query, parentId: undefined }] : []);
    expect(h.deletes.live().map((c) => c.input)).toEqual(deleting ? [{ ids: s.context.deleting }] : []);
    expect(h.exports.live()).toHaveLength(s.matches({ export: 'exporting' }) ? 1 : 0);
    expect(s.hasTag('busy')).toBe(loading || deleting);
    expect(selectable(s.context.rows)).toEqual(expect.arrayContaining(s.context.selected));
    if (!inDelete(s)) {
      // The address bar shows the list's query, so it can be shared and survives reload.
      expect(parseListQuery(SPEC, h.addressBar())).toEqual(s.context.query);
      expect(s.context).toMatchObject({ pending: [], deleting: [] });
      // Nothing typed in the search box is dropped: once the pause is over, it is the query.
      if (s.matches({ search: 'idle' })) expect(typed(s)).toBe(s.context.query.search);
    }
  };
  return {
    'data.loading': common,
    'data.reloading': common,
    'data.failed': (m: ListSnapshot) => (common(m), expect(snap().hasTag('error') && !!snap().context.error).toBe(true)),
    'data.empty': (m: ListSnapshot) => (common(m), expect(snap().context.rows).toEqual([])),
    'data.loaded': (m: ListSnapshot) => (common(m), expect(snap().context.rows.length).toBeGreaterThan(0)),
    'data.loaded.confirming': () => {
      const { pending, rows } = snap().context;
      expect(pending.length).toBeGreaterThan(0);
      expect(selectable(rows)).toEqual(expect.arrayContaining(pending));
    },
    'data.loaded.deleting': () => {
      // The rows being deleted are still shown, saying "Deleting…".
      const { deleting, rows } = snap().context;
      expect(deleting.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(deleting));
    },
  };
}

async function run(path: StatePath<ListSnapshot, AnyEventObject>, model: TestModel<ListSnapshot, AnyEventObject, ListInput>) {
  const h = harness();
  try {
    await model.testPath(path, { events: executors(h) as never, states: stateChecks(h) as never });
  } finally {
    h.actor.stop();
  }
}

const describeEvent = (e: AnyEventObject) => (e.type.startsWith('xstate.') ? `${e.type}${e.output === PAST_END ? ' (past end)' : e.output === EMPTY ? ' (empty)' : e.error ? ` (${(e.error as ListFailure).status})` : ''}` : JSON.stringify(e));

describe('list machine, model paths on a real actor', () => {
  for (const { name, events, offer } of MODELS) {
    const model = modelFor(events, offer);
    const edges = edgePaths(model, serialize);
    describe(`${name}: every edge`, () => {
      it('has paths', () => expect(edges.length).toBeGreaterThan(10));
      edges.forEach((path, i) => it(`edge ${i}: ${path.steps.slice(1).map((s) => describeEvent(s.event)).join(' → ')}`, () => run(path, model)));
    });
  }

  it('covers every state and transition of the list machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

describe('list machine, scenarios', () => {
  const loaded = async (search = '') => {
    const h = harness({ ...INPUT, search });
    await h.effects(() => h.loads.only().resolve(PAGE), true);
    return h;
  };

  it('the address bar echoing two filters back does not load the list again', async () => {
    const h = await loaded();
    h.actor.send({ type: 'list.filter', name: 'category_id', value: '4' });
    h.actor.send({ type: 'list.filter', name: 'status', value: 'inactive' });
    const fx = await h.effects(() => h.actor.send({ type: 'list.urlChanged', search: h.addressBar() }));
    expect(fx.loads).toEqual([]);
    expect(h.loads.live()).toHaveLength(1);
  });

  it('a delete on page 3 reloads page 3', async () => {
    const h = await loaded('?page=3');
    h.actor.send({ type: 'row.delete', id: 2 });
    h.actor.send({ type: 'delete.confirm' });
    const fx = await h.effects(() => h.deletes.only().resolve(DELETED), true);
    expect(fx.loads.map((c) => (c as { query: ListQuery }).query.page)).toEqual([3]);
    expect(h.addressBar()).toBe('?page=3');
  });

  it('without the delete permission nothing can be selected or deleted, whatever is sent', async () => {
    const h = harness({ ...INPUT, abilities: { create: true, edit: true, delete: false, export: true } });
    await h.effects(() => h.loads.only().resolve(PAGE), true);
    for (const event of [{ type: 'row.toggle', id: 1 }, { type: 'rows.toggleAll' }, { type: 'row.delete', id: 1 }, { type: 'rows.deleteSelected' }] as const) {
      const before = serialize(h.snap());
      expect(h.snap().can(event)).toBe(false);
      expect(await h.effects(() => h.actor.send(event))).toEqual({ writes: [], toasts: [], loads: [], deletes: [], exports: [] });
      expect(serialize(h.snap())).toBe(before);
    }
    expect(selectRows(h.snap()).every((r) => !r.selectable && !r.deletable && r.editable)).toBe(true);
    expect(selectAllBox(h.snap()).enabled).toBe(false);
  });

  it('without the export permission no CSV is made, whatever is sent', async () => {
    const h = harness({ ...INPUT, abilities: { create: true, edit: true, delete: true, export: false } });
    await h.effects(() => h.loads.only().resolve(PAGE), true);
    expect(selectCanExport(h.snap())).toBe(false);
    expect(h.snap().can({ type: 'list.export' })).toBe(false);
    expect(await h.effects(() => h.actor.send({ type: 'list.export' }))).toEqual({ writes: [], toasts: [], loads: [], deletes: [], exports: [] });
    expect(h.snap().matches({ export: 'idle' })).toBe(true);
  });

  it('the view model takes each row\'s rights from the machine: a protected row cannot be selected or deleted', async () => {
    const h = await loaded();
    const rows = selectRows(h.snap());
    expect(rows.map((r) => [r.title, r.selectable, r.deletable, r.protected])).toEqual([
      ['Acme Ltd', true, true, false],
      ['Bolt & Co', true, true, false],
      ['Walk-in customer', false, false, true],
    ]);
    expect(selectAllBox(h.snap())).toEqual({ checked: false, indeterminate: false, enabled: true });
    h.actor.send({ type: 'rows.toggleAll' });
    expect(selectAllBox(h.snap())).toEqual({ checked: true, indeterminate: false, enabled: true });
    h.actor.send({ type: 'row.delete', id: 2 });
    expect(selectConfirmation(h.snap())).toEqual({ open: true, title: 'Are you sure want to delete?', description: 'This deletes the customer “Bolt & Co”. It cannot be undone.' });
    // While the question is open no row can be deleted, selected or opened.
    expect(selectRows(h.snap()).some((r) => r.deletable || r.selectable || r.editable)).toBe(false);
    h.actor.send({ type: 'delete.cancel' });
    h.actor.send({ type: 'rows.deleteSelected' });
    expect(selectConfirmation(h.snap()).description).toBe('This deletes 2 customers. It cannot be undone.');
    expect(selectPhase(h.snap())).toBe('rows');
  });

  it('the view model says which row the keyboard carries on from after a delete: the next, else the one before', async () => {
    const h = await loaded();
    expect(selectFocusAfterDelete(h.snap())).toBeNull();
    h.actor.send({ type: 'row.delete', id: 1 });
    expect(selectFocusAfterDelete(h.snap())).toBe(2);
    h.actor.send({ type: 'delete.confirm' });
    // Still known while the request is on its way, when the confirmation closes.
    expect(selectFocusAfterDelete(h.snap())).toBe(2);
    await h.effects(() => h.deletes.only().reject(IN_USE), true);
    h.actor.send({ type: 'row.toggle', id: 1 });
    h.actor.send({ type: 'row.toggle', id: 2 });
    h.actor.send({ type: 'rows.deleteSelected' });
    expect(selectFocusAfterDelete(h.snap())).toBe(3);
    h.actor.send({ type: 'delete.cancel' });
    h.actor.send({ type: 'selection.clear' });
    h.actor.send({ type: 'row.toggle', id: 2 });
    h.actor.send({ type: 'rows.deleteSelected' });
    expect(selectFocusAfterDelete(h.snap())).toBe(3);
    // The last row: the one before it; nothing left: null (the list itself takes the focus).
    const two = harness();
    await two.effects(() => two.loads.only().resolve(page(ROWS.slice(0, 2))), true);
    two.actor.send({ type: 'row.delete', id: 2 });
    expect(selectFocusAfterDelete(two.snap())).toBe(1);
    two.actor.send({ type: 'delete.cancel' });
    two.actor.send({ type: 'rows.toggleAll' });
    two.actor.send({ type: 'rows.deleteSelected' });
    expect(selectFocusAfterDelete(two.snap())).toBeNull();
  });

  it('the view model says which phase the page is in and what the pager can do', async () => {
    const h = harness({ ...INPUT, search: '?page=2' });
    expect(selectPhase(h.snap())).toBe('loading');
    expect(selectPagination(h.snap())).toBeNull();
    await h.effects(() => h.loads.only().resolve(page(ROWS, { page: 2, total: 23, last_page: 3 })), true);
    expect(selectPagination(h.snap())).toEqual({ from: 11, to: 20, total: 23, page: 2, lastPage: 3, perPage: 10, canPrevious: true, canNext: true });
    h.actor.send({ type: 'list.page', page: 3 });
    expect(selectPhase(h.snap())).toBe('rows');
    await h.effects(() => h.loads.only().reject(SERVER_ERROR), true);
    expect(selectPhase(h.snap())).toBe('failed');
    h.actor.send({ type: 'list.retry' });
    await h.effects(() => h.loads.only().resolve(EMPTY), true);
    expect(selectPhase(h.snap())).toBe('empty');
  });

  it('a server saying last_page 0 for no rows at all shows the empty list (no reload loop)', async () => {
    const h = harness();
    const fx = await h.effects(() => h.loads.only().resolve(page([], { total: 0, last_page: 0 })), true);
    expect(fx.loads).toEqual([]);
    expect(h.snap().matches({ data: 'empty' })).toBe(true);
  });

  it('a search longer than the address bar keeps is cut the same way, once', async () => {
    const h = await loaded();
    h.actor.send({ type: 'list.search.input', text: 'x'.repeat(150) });
    const fx = await h.effects(() => h.clock.increment(SEARCH_DEBOUNCE_MS));
    expect(fx.writes).toEqual([`?search=${'x'.repeat(100)}`]);
    const echo = await h.effects(() => h.actor.send({ type: 'list.urlChanged', search: h.addressBar() }));
    expect(echo.loads).toEqual([]);
  });
});
