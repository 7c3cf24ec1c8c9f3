/**
 * Model-based tests of machines/list/list.machine.ts on the customers resource. The machine's
 * own graph gives the paths (smaller models, each over the events of one concern, so the graph
 * stays small); each path is replayed on a REAL actor whose HTTP calls are deferred promises the
 * test settles, whose search pause and undo window run on a SimulatedClock and whose address bar
 * is a fake (writeUrl writes it, list.urlChanged moves it like the back button). Every step
 * checks what a person sees: the address bar shows the list's query, a delete is asked first,
 * waits out its undo window (or goes at once when the person moves on) and sends exactly the
 * confirmed rows or filter, nothing typed is dropped, a failed delete stays on screen.
 */
import type { Notice } from '../../machines/toast/toast.constants.ts';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type ActorLogic, type AnyEventObject } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { LIST_MESSAGES, SEARCH_DEBOUNCE_MS, UNDO_WINDOW_MS, listMachine, type DeleteTarget, type ListFailure } from '../../machines/list/list.machine.ts';
import { type Row } from '../../domain/resource.ts';
import {
  applySaved,
  defaultQuery,
  listQueryString,
  parseListQuery,
  savedQueryString,
  withFilter,
  type ListQuery,
  type ListResponse,
  type ListSettings,
  type PageSize,
  type SavedFilter,
} from '../../domain/list-query.ts';
import {
  selectAllBox,
  selectCanChoose,
  selectChips,
  selectColumnChooser,
  selectColumns,
  selectCanExport,
  selectConfirmation,
  selectFocusAfterDelete,
  selectPagination,
  selectPhase,
  selectPinned,
  selectRows,
  selectSaved,
  selectSelection,
  selectFigures,
  selectTotals,
  selectUndo,
} from '../../machines/list/list.selectors.ts';
import { Coverage, deferredCalls, edgePaths, internalOnlyWhenEnabled } from './coverage.ts';
import {
  AFTER_SEARCH,
  ALL,
  AFTER_UNDO,
  CREATED,
  DELETED,
  EMPTY,
  IN_USE,
  INPUT,
  MANY,
  MODELS,
  PAGE,
  PAST_END,
  ROWS,
  SERVER_ERROR,
  SPEC,
  inDelete,
  inQuestion,
  inRequest,
  inUndo,
  page,
  serialize,
  type ListInput,
  type ListSnapshot,
  type Model,
} from './list.models.ts';

type Ev = { event: AnyEventObject };

const coverage = new Coverage('list', listMachine);
/** fromPromise answers on a microtask: one macrotask later every answer has arrived. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

function modelFor(m: Model) {
  return new TestModel(listMachine as unknown as ActorLogic<ListSnapshot, AnyEventObject, ListInput>, {
    input: m.input ?? INPUT,
    events: m.events,
    // The undo window (5 s) cannot pass while the search box's pause (0.3 s) is still running.
    filterEvents: (s, e) => internalOnlyWhenEnabled(s, e) && (e.type !== AFTER_UNDO || s.matches({ search: 'idle' })) && (m.offer ?? (() => true))(s, e),
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
  const settings = deferredCalls<ListSettings>();
  const columnSaves = deferredCalls<void>();
  const savedCreates = deferredCalls<SavedFilter & { message: string }>();
  const savedRemoves = deferredCalls<{ message: string }>();
  let addressBar = input.search;
  const spy = {
    writeUrl: vi.fn<(p: { search: string }) => void>(),
    notify: vi.fn<(p: Notice) => void>(),
    openRecord: vi.fn<(p: { id: number }) => void>(),
    deleteInBackground: vi.fn<(p: { target: DeleteTarget; failed: string }) => void>(),
  };
  const machine = listMachine.provide({
    actors: {
      loadList: fromPromise<ListResponse, { query: ListQuery; parentId: string | undefined }>((a) => loads.start(a)),
      deleteRows: fromPromise<{ message: string }, DeleteTarget>((a) => deletes.start(a)),
      exportCsv: fromPromise<void, { query: ListQuery; parentId: string | undefined }>((a) => exports.start(a)),
      loadSettings: fromPromise<ListSettings, void>((a) => settings.start(a)),
      saveColumns: fromPromise<void, { hidden: string[] }>((a) => columnSaves.start(a)),
      createSavedFilter: fromPromise<SavedFilter & { message: string }, { name: string; query: string }>((a) => savedCreates.start(a)),
      removeSavedFilter: fromPromise<{ message: string }, { id: number }>((a) => savedRemoves.start(a)),
    },
    actions: {
      writeUrl: (_, p) => (spy.writeUrl(p), (addressBar = p.search)),
      notify: (_, p) => spy.notify(p),
      openRecord: (_, p) => spy.openRecord(p),
      deleteInBackground: (_, p) => spy.deleteInBackground(p),
    },
  });
  const actor = createActor(machine, { input, clock, inspect: coverage.inspect }).start();
  const snap = () => actor.getSnapshot();
  const calls = { loads, deletes, exports, settings, columnSaves, savedCreates, savedRemoves };
  /** Run something and report the side effects it had. */
  const effects = async (act: () => unknown, settle = false) => {
    const counts = Object.fromEntries(Object.entries(calls).map(([k, c]) => [k, c.calls.length]));
    const [w, t, o, b] = [spy.writeUrl.mock.calls.length, spy.notify.mock.calls.length, spy.openRecord.mock.calls.length, spy.deleteInBackground.mock.calls.length];
    act();
    // Settled promises reach the actor on a later tick.
    if (settle) await settled();
    const since = (k: keyof typeof calls) => calls[k].calls.slice(counts[k]).map((c) => c.input);
    return {
      writes: spy.writeUrl.mock.calls.slice(w).map((c) => c[0].search),
      toasts: spy.notify.mock.calls.slice(t).map((c) => c[0]),
      opened: spy.openRecord.mock.calls.slice(o).map((c) => c[0].id),
      background: spy.deleteInBackground.mock.calls.slice(b).map((c) => c[0]),
      loads: since('loads'),
      deletes: since('deletes'),
      exports: since('exports'),
      settings: since('settings'),
      columnSaves: since('columnSaves'),
      savedCreates: since('savedCreates'),
      savedRemoves: since('savedRemoves'),
    };
  };
  return { actor, snap, clock, ...calls, spy, effects, addressBar: () => addressBar, setAddressBar: (s: string) => (addressBar = s) };
}
type Harness = ReturnType<typeof harness>;
type Effects = Awaited<ReturnType<Harness['effects']>>;

const NOTHING: Effects = {
  writes: [],
  toasts: [],
  opened: [],
  background: [],
  loads: [],
  deletes: [],
  exports: [],
  settings: [],
  columnSaves: [],
  savedCreates: [],
  savedRemoves: [],
};
const qs = (q: ListQuery) => listQueryString(SPEC, q);
const selectable = (rows: Row[]) => rows.filter((r) => r.protected !== true).map((r) => r.id);
const typed = (s: ListSnapshot) => s.context.searchText.trim();
const requested = (q: ListQuery) => ({ query: q, parentId: undefined });

/** Executors: make the real thing happen, then check what the person would notice. */
function executors(h: Harness) {
  const { actor, snap } = h;
  const send = (event: AnyEventObject) => h.effects(() => actor.send(event as never));
  const expectIgnored = async (event: AnyEventObject) => {
    const before = serialize(snap());
    expect(await send(event)).toEqual(NOTHING);
    expect(serialize(snap())).toBe(before);
  };
  /** The query changed by the person: mirrored in the address bar once, one new request, selection cleared. */
  const expectRequery = (before: ListSnapshot, fx: Effects, expected: ListQuery) => {
    expect(snap().context.query).toEqual(expected);
    // The search box's pause and a running export are not the query's business.
    expect(h.exports.live()).toHaveLength(before.matches({ export: 'exporting' }) ? 1 : 0);
    expect(fx).toEqual({ ...NOTHING, writes: [qs(expected)], loads: [requested(expected)] });
    expect(snap()).toMatchObject({ value: { data: 'reloading' }, context: { selected: [], allMatching: false, created: null } });
  };
  /**
   * While a delete is undoable, moving on sends it now (exactly what was confirmed) and shows
   * what was asked for once its answer is in; nothing is loaded before.
   */
  const expectSentByMovingOn = (before: ListSnapshot, fx: Effects, expected: ListQuery, write: boolean) => {
    expect(fx).toEqual({ ...NOTHING, deletes: [before.context.target], writes: write ? [qs(expected)] : [] });
    expect(snap().context.query).toEqual(expected);
    expect(inRequest(snap())).toBe(true);
  };
  const requery =
    (next: (q: ListQuery, e: AnyEventObject) => ListQuery, applies: (s: ListSnapshot) => boolean = () => true) =>
    async ({ event }: Ev) => {
      const before = snap();
      if (inQuestion(before) || inRequest(before)) return expectIgnored(event);
      if (!applies(before)) return expectIgnored(event);
      const fx = await send(event);
      const expected = next(before.context.query, event);
      if (inUndo(before)) return expectSentByMovingOn(before, fx, expected, true);
      expectRequery(before, fx, expected);
    };
  /** list.search.submit, or the pause after typing. */
  const submitSearch = async (before: ListSnapshot, fx: Effects) => {
    if (typed(before) === before.context.query.search || inDelete(before)) {
      expect(fx.loads).toEqual([]);
      expect(fx.deletes).toEqual([]);
      return expect(fx.writes).toEqual([]);
    }
    expectRequery(before, fx, { ...before.context.query, search: typed(before), page: 1 });
  };
  const settleLoad = async (settle: (c: ReturnType<Harness['loads']['only']>) => void) => {
    const before = snap();
    const call = h.loads.only();
    expect(call.input).toEqual(requested(before.context.query));
    return { before, fx: await h.effects(() => settle(call), true) };
  };
  const loadDone = async ({ event }: Ev) => {
    const output = event.output as ListResponse;
    const { before, fx } = await settleLoad((c) => c.resolve(output));
    if (output === PAST_END) {
      // Past the last page: the last page is asked for and shown in the address bar.
      const last = { ...before.context.query, page: 2 };
      expect(fx).toEqual({ ...NOTHING, writes: [qs(last)], loads: [requested(last)] });
      return;
    }
    expect(fx).toEqual(NOTHING);
    expect(snap().context.rows).toEqual(output.data);
    expect(snap().context.meta).toEqual(output.meta);
    expect(snap().matches({ data: output.data.length ? 'loaded' : 'empty' })).toBe(true);
  };
  const loadFailed = async ({ event }: Ev) => {
    const { fx } = await settleLoad((c) => c.reject(event.error));
    // Shown in place with a retry button, not as a toast.
    expect(fx).toEqual(NOTHING);
    expect(snap().context.error).toBe((event.error as ListFailure).message || LIST_MESSAGES.load);
  };
  const load = { 'xstate.done.actor.loadList': loadDone, 'xstate.done.actor.reloadList': loadDone, 'xstate.error.actor.loadList': loadFailed, 'xstate.error.actor.reloadList': loadFailed };
  const idle = (s: ListSnapshot) => s.matches({ data: { loaded: 'idle' } });
  /** When the search box was last typed in and when the undo window opened (on the simulated clock). */
  const at = { typed: 0, confirmed: 0 };
  /**
   * A search that came due while a delete was asked, undoable or sent waited: back to the rows,
   * it is applied at once (one reload, in the address bar). What that adds to a step's effects.
   */
  const heldSearch = (before: ListSnapshot): Partial<Effects> => {
    if (typed(before) === before.context.query.search || !before.matches({ search: 'idle' })) return {};
    const q = { ...before.context.query, search: typed(before), page: 1 };
    return { writes: [qs(q)], loads: [requested(q)] };
  };

  return {
    'xstate.init': () => {},
    ...load,
    'list.retry': async ({ event }: Ev) => {
      if (!snap().matches({ data: 'failed' })) return expectIgnored(event);
      expect(await send(event)).toEqual({ ...NOTHING, loads: [requested(snap().context.query)] });
    },
    'list.reload': async ({ event }: Ev) => {
      const before = snap();
      if (inUndo(before)) return expectSentByMovingOn(before, await send(event), before.context.query, false);
      if (!before.matches({ data: 'empty' }) && !idle(before)) return expectIgnored(event);
      expect(await send(event)).toEqual({ ...NOTHING, loads: [requested(before.context.query)] });
      expect(snap().matches({ data: 'reloading' })).toBe(true);
    },
    'list.page': requery((q, e) => ({ ...q, page: e.page as number })),
    'list.perPage': requery((q, e) => ({ ...q, per_page: e.perPage as PageSize, page: 1 })),
    'list.sort': requery((q, e) => ({ ...q, sort: e.field as string, dir: q.sort === e.field && q.dir === 'asc' ? 'desc' : 'asc', page: 1 })),
    'list.filter': requery((q, e) => ({ ...q, filters: withFilter(SPEC, q.filters, e.name as string, e.value as string), page: 1 })),
    'list.range': requery((q, e) => {
      // Both ends at once; an end left empty is open.
      const filters = { ...q.filters };
      delete filters.created_at_from;
      delete filters.created_at_to;
      if (e.from) filters.created_at_from = e.from as string;
      if (e.to) filters.created_at_to = e.to as string;
      return { ...q, filters, page: 1 };
    }),
    'list.clear': requery(() => defaultQuery(SPEC)),
    'list.search.clear': requery(
      (q) => ({ ...q, search: '', page: 1 }),
      (s) => s.context.query.search !== '' || s.context.searchText !== '',
    ),
    'list.search.input': async ({ event }: Ev) => {
      at.typed = h.clock.now();
      const fx = await send(event);
      expect(fx.loads).toEqual([]);
      expect(fx.deletes).toEqual([]);
      expect(snap().matches({ search: 'typing' })).toBe(true);
      expect(snap().context.searchText).toBe(event.text);
    },
    [AFTER_SEARCH]: async () => {
      const before = snap();
      h.clock.increment(at.typed + SEARCH_DEBOUNCE_MS - 1 - h.clock.now());
      expect(serialize(snap())).toBe(serialize(before));
      await submitSearch(before, await h.effects(() => h.clock.increment(1)));
      expect(snap().matches({ search: 'idle' })).toBe(true);
    },
    'list.search.submit': async ({ event }: Ev) => submitSearch(snap(), await send(event)),
    'list.urlChanged': async ({ event }: Ev) => {
      const before = snap();
      const parsed = parseListQuery(SPEC, event.search as string);
      // The browser moved first; the list never writes back what the browser shows.
      const fx = await h.effects(() => (h.setAddressBar(event.search as string), actor.send(event as never)));
      expect(fx.writes).toEqual([]);
      if (inRequest(before) || qs(parsed) === qs(before.context.query)) {
        expect(fx).toEqual(NOTHING);
        return expect(serialize(snap())).toBe(serialize(before));
      }
      if (inUndo(before)) return expectSentByMovingOn(before, fx, parsed, false);
      expect(fx).toEqual({ ...NOTHING, loads: [requested(parsed)] });
      // An open question closes; the list shows what the address says.
      expect(snap().context).toMatchObject({ query: parsed, searchText: parsed.search, selected: [], pending: [], target: null, created: null });
    },
    'list.leave': async ({ event }: Ev) => {
      const before = snap();
      if (!inUndo(before)) return expectIgnored(event);
      // Leaving does not wait for the undo window: the confirmed delete goes now, on its own.
      expect(await send(event)).toEqual({ ...NOTHING, ...heldSearch(before), background: [{ target: before.context.target, failed: LIST_MESSAGES.delete }] });
      expect(snap().context).toMatchObject({ pending: [], target: null });
    },
    'row.toggle': async ({ event }: Ev) => {
      const before = snap();
      if (!idle(before) || !selectable(before.context.rows).includes(event.id as number)) return expectIgnored(event);
      expect(await send(event)).toEqual(NOTHING);
      expect(snap().context.selected.includes(event.id as number)).toBe(!before.context.selected.includes(event.id as number));
      expect(snap().context.allMatching).toBe(false);
    },
    'rows.toggleAll': async ({ event }: Ev) => {
      const before = snap();
      if (!idle(before)) return expectIgnored(event);
      const all = selectable(before.context.rows);
      expect(await send(event)).toEqual(NOTHING);
      expect(snap().context.selected).toEqual(all.every((id) => before.context.selected.includes(id)) ? [] : all);
      expect(snap().context.allMatching).toBe(false);
    },
    'selection.all': async ({ event }: Ev) => {
      const before = snap();
      const page = selectable(before.context.rows);
      const wholePage = page.length > 0 && page.every((id) => before.context.selected.includes(id));
      if (!idle(before) || before.context.allMatching || !wholePage || (before.context.meta?.total ?? 0) <= page.length) return expectIgnored(event);
      expect(await send(event)).toEqual(NOTHING);
      expect(selectSelection(snap())).toMatchObject({ allMatching: true, count: before.context.meta!.total });
    },
    'selection.clear': async ({ event }: Ev) => {
      if (!idle(snap())) return expectIgnored(event);
      expect(await send(event)).toEqual(NOTHING);
      expect(snap().context).toMatchObject({ selected: [], allMatching: false });
    },
    'row.delete': async ({ event }: Ev) => {
      const before = snap();
      if (!idle(before) || !selectable(before.context.rows).includes(event.id as number)) return expectIgnored(event);
      // Asked first: nothing is sent yet.
      expect(await send(event)).toEqual(NOTHING);
      expect(snap().context).toMatchObject({ pending: [event.id], target: { ids: [event.id] } });
    },
    'rows.deleteSelected': async ({ event }: Ev) => {
      const before = snap();
      if (!idle(before) || before.context.selected.length === 0) return expectIgnored(event);
      // One question for the whole selection; with every match selected, for every match.
      expect(await send(event)).toEqual(NOTHING);
      expect(inQuestion(snap())).toBe(true);
      const { query, meta } = before.context;
      expect(snap().context.target).toEqual(
        before.context.allMatching ? { matching: { search: query.search, filters: query.filters }, count: meta!.total } : { ids: before.context.selected },
      );
    },
    'delete.confirm': async ({ event }: Ev) => {
      const before = snap();
      if (!inQuestion(before)) return expectIgnored(event);
      // Confirmed, and still nothing sent: the rows say they will be deleted, with Undo.
      at.confirmed = h.clock.now();
      expect(await send(event)).toEqual(NOTHING);
      expect(inUndo(snap())).toBe(true);
      expect(snap().context).toMatchObject({ pending: before.context.pending, target: before.context.target, notice: null });
      expect(selectUndo(snap())?.canUndo).toBe(true);
    },
    'delete.cancel': async ({ event }: Ev) => {
      const before = snap();
      if (!inQuestion(before)) return expectIgnored(event);
      // Cancelling sends nothing and keeps every row.
      expect(await send(event)).toEqual({ ...NOTHING, ...heldSearch(before) });
      expect(snap().context.rows).toEqual(before.context.rows);
      expect(snap().context).toMatchObject({ pending: [], target: null });
    },
    'delete.undo': async ({ event }: Ev) => {
      const before = snap();
      if (!inUndo(before)) return expectIgnored(event);
      // Undone: nothing was sent, nothing will be; the rows are as they were, selection kept.
      expect(await send(event)).toEqual({ ...NOTHING, ...heldSearch(before) });
      expect(snap().context).toMatchObject({ rows: before.context.rows, pending: [], target: null });
      if (!heldSearch(before).loads) expect(snap().context.selected).toEqual(before.context.selected);
    },
    [AFTER_UNDO]: async () => {
      const before = snap();
      h.clock.increment(at.confirmed + UNDO_WINDOW_MS - 1 - h.clock.now());
      expect(serialize(snap())).toBe(serialize(before));
      // The window has passed: exactly what was confirmed is sent.
      expect(await h.effects(() => h.clock.increment(1))).toEqual({ ...NOTHING, deletes: [before.context.target] });
      expect(inRequest(snap())).toBe(true);
    },
    'notice.dismiss': async ({ event }: Ev) => {
      if (snap().context.notice === null) return expectIgnored(event);
      expect(await send(event)).toEqual(NOTHING);
      expect(snap().context.notice).toBeNull();
    },
    'xstate.done.actor.deleteRows': async ({ event }: Ev) => {
      const before = snap();
      const fx = await h.effects(() => h.deletes.only().resolve(event.output as { message: string }), true);
      // Reloads the query the list shows now (page 1 only if a new search was typed meanwhile).
      const query = typed(before) === before.context.query.search ? before.context.query : { ...before.context.query, search: typed(before), page: 1 };
      expect(fx).toEqual({ ...NOTHING, toasts: [{ toastType: 'success', body: (event.output as { message: string }).message }], loads: [requested(query)], writes: [qs(query)] });
      expect(snap().context.rows.map((r) => r.id)).toEqual(before.context.rows.map((r) => r.id).filter((id) => !before.context.pending.includes(id)));
      expect(snap().context).toMatchObject({ selected: [], allMatching: false, pending: [], target: null });
    },
    'xstate.error.actor.deleteRows': async ({ event }: Ev) => {
      const before = snap();
      const fx = await h.effects(() => h.deletes.only().reject(event.error), true);
      // Why stays on screen until dismissed (not a toast that is gone before it is read).
      expect(fx.toasts).toEqual([]);
      expect(snap().context.notice).toBe((event.error as ListFailure).message || LIST_MESSAGES.delete);
      expect(snap().context).toMatchObject({ pending: [], target: null });
      const moved = qs(before.context.shownQuery!) !== qs(before.context.query);
      if (moved) {
        // Nothing removed; the list shows the query it moved on to (with a search typed meanwhile).
        const query = typed(before) === before.context.query.search ? before.context.query : { ...before.context.query, search: typed(before), page: 1 };
        expect(fx.writes).toEqual([qs(query)]);
        expect(fx.loads).toEqual([requested(query)]);
      } else {
        // Nothing removed: the rows stop saying "Deleting…"; a search typed meanwhile is applied now.
        const held = heldSearch(before);
        expect(fx.writes).toEqual([qs(before.context.query), ...(held.writes ?? [])]);
        expect(fx.loads).toEqual(held.loads ?? []);
      }
      expect(snap().context.rows).toEqual(before.context.rows);
    },
    'list.export': async ({ event }: Ev) => {
      if (snap().matches({ export: 'exporting' })) return expectIgnored(event);
      expect(await send(event)).toEqual({ ...NOTHING, exports: [requested(snap().context.query)] });
    },
    'xstate.done.actor.exportCsv': async () => {
      expect((await h.effects(() => h.exports.only().resolve(), true)).toasts).toEqual([]);
    },
    'xstate.error.actor.exportCsv': async ({ event }: Ev) => {
      const fx = await h.effects(() => h.exports.only().reject(event.error), true);
      expect(fx.toasts).toEqual([{ toastType: 'error', body: (event.error as ListFailure).message || LIST_MESSAGES.export }]);
    },
    'row.open': async ({ event }: Ev) => {
      const before = snap();
      const known = before.context.rows.some((r) => r.id === event.id) || before.context.created?.id === event.id;
      const browsing = idle(before) || before.matches({ data: 'empty' });
      if (!known || !browsing) return expectIgnored(event);
      // Its edit page opens; the list decides nothing else.
      expect(await send(event)).toEqual({ ...NOTHING, opened: [event.id] });
    },
    'row.focus': async ({ event }: Ev) => {
      const before = snap();
      const known = before.context.rows.some((r) => r.id === event.id) || before.context.created?.id === event.id;
      if (!known || before.context.cursor === event.id) return expectIgnored(event);
      expect(await send(event)).toEqual(NOTHING);
      // That row is the one the keyboard comes back to.
      expect(selectRows(snap()).filter((r) => r.focusable).map((r) => r.row.id)).toEqual([event.id]);
    },
    'xstate.done.actor.loadSettings': async ({ event }: Ev) => {
      const before = snap();
      const fx = await h.effects(() => h.settings.only().resolve(event.output as ListSettings), true);
      expect(fx).toEqual(NOTHING);
      const settings = event.output as ListSettings;
      // The person's own choices, unless they chose columns while these were on their way.
      expect(snap().context.hidden).toEqual(before.context.columnsTouched ? before.context.hidden : settings.hidden_columns);
      expect(selectSaved(snap()).items.map((f) => f.name)).toEqual(settings.saved_filters.map((f) => f.name));
    },
    'xstate.error.actor.loadSettings': async () => {
      // Every column stays; saved filters offer a retry. Nothing else is disturbed.
      expect(await h.effects(() => h.settings.only().reject(SERVER_ERROR), true)).toEqual(NOTHING);
      expect(selectSaved(snap())).toMatchObject({ failed: true, canSave: false });
    },
    'settings.retry': async ({ event }: Ev) => {
      if (!snap().matches({ settings: 'failed' })) return expectIgnored(event);
      expect(await send(event)).toEqual({ ...NOTHING, settings: [undefined] });
    },
    'columns.toggle': async ({ event }: Ev) => {
      const before = snap();
      if (event.name === SPEC.titleField) return expectIgnored(event);
      const hidden = before.context.hidden.includes(event.name as string) ? before.context.hidden.filter((n) => n !== event.name) : [...before.context.hidden, event.name as string];
      // Shown at once, and saved for this person (a save on its way restarts with the newest choice).
      expect(await send(event)).toEqual({ ...NOTHING, columnSaves: [{ hidden }] });
      expect(h.columnSaves.live().map((c) => c.input)).toEqual([{ hidden }]);
      expect(selectColumns(snap()).some((c) => c.name === event.name)).toBe(!hidden.includes(event.name as string));
    },
    'xstate.done.actor.saveColumns': async () => {
      expect(await h.effects(() => h.columnSaves.only().resolve(), true)).toEqual(NOTHING);
    },
    'xstate.error.actor.saveColumns': async ({ event }: Ev) => {
      const before = snap();
      const fx = await h.effects(() => h.columnSaves.only().reject(event.error), true);
      // The choice still applies here; the person is told it was not kept.
      expect(fx).toEqual({ ...NOTHING, toasts: [{ toastType: 'error', body: LIST_MESSAGES.columns }] });
      expect(snap().context.hidden).toEqual(before.context.hidden);
    },
    'saved.new': async ({ event }: Ev) => {
      const before = snap();
      if (!before.matches({ settings: 'ready' }) || !before.matches({ saved: 'idle' })) return expectIgnored(event);
      expect(await send(event)).toEqual(NOTHING);
      expect(selectSaved(snap())).toMatchObject({ naming: true, error: null });
    },
    'saved.cancel': async ({ event }: Ev) => {
      if (!snap().matches({ saved: 'naming' })) return expectIgnored(event);
      expect(await send(event)).toEqual(NOTHING);
      expect(selectSaved(snap()).naming).toBe(false);
    },
    'saved.create': async ({ event }: Ev) => {
      const before = snap();
      if (!before.matches({ saved: 'naming' })) return expectIgnored(event);
      const fx = await send(event);
      if ((event.name as string).trim() === '') {
        // Refused before anything is sent, saying why, in the dialog.
        expect(fx).toEqual(NOTHING);
        return expect(selectSaved(snap())).toMatchObject({ naming: true, error: 'Enter a name for this filter.' });
      }
      expect(fx).toEqual({ ...NOTHING, savedCreates: [{ name: (event.name as string).trim(), query: savedQueryString(SPEC, before.context.query) }] });
      expect(selectSaved(snap())).toMatchObject({ naming: true, saving: true });
    },
    'xstate.done.actor.createSavedFilter': async ({ event }: Ev) => {
      const before = snap();
      const out = event.output as SavedFilter & { message: string };
      const fx = await h.effects(() => h.savedCreates.only().resolve(out), true);
      expect(fx).toEqual({ ...NOTHING, toasts: [{ toastType: 'success', body: out.message }] });
      expect(selectSaved(snap()).items.map((f) => f.id)).toEqual([...before.context.saved, out].sort((a, b) => a.name.localeCompare(b.name)).map((f) => f.id));
      expect(selectSaved(snap()).naming).toBe(false);
    },
    'xstate.error.actor.createSavedFilter': async ({ event }: Ev) => {
      const fx = await h.effects(() => h.savedCreates.only().reject(event.error), true);
      // The dialog stays open with the server's reason, so the name can be changed.
      expect(fx).toEqual(NOTHING);
      expect(selectSaved(snap())).toMatchObject({ naming: true, saving: false, error: (event.error as ListFailure).message });
    },
    'saved.apply': async ({ event }: Ev) => {
      const before = snap();
      const saved = before.context.saved.find((f) => f.id === event.id);
      if (!saved || inQuestion(before) || inRequest(before)) return expectIgnored(event);
      const expected = applySaved(SPEC, saved.query, before.context.query);
      const fx = await send(event);
      if (inUndo(before)) return expectSentByMovingOn(before, fx, expected, true);
      expectRequery(before, fx, expected);
      expect(selectSaved(snap()).items.find((f) => f.id === event.id)?.active).toBe(true);
    },
    'saved.remove': async ({ event }: Ev) => {
      const before = snap();
      if (!before.context.saved.some((f) => f.id === event.id) || !before.matches({ saved: 'idle' })) return expectIgnored(event);
      expect(await send(event)).toEqual({ ...NOTHING, savedRemoves: [{ id: event.id }] });
    },
    'xstate.done.actor.removeSavedFilter': async ({ event }: Ev) => {
      const before = snap();
      const fx = await h.effects(() => h.savedRemoves.only().resolve(event.output as { message: string }), true);
      expect(fx).toEqual({ ...NOTHING, toasts: [{ toastType: 'success', body: (event.output as { message: string }).message }] });
      expect(snap().context.saved).toEqual(before.context.saved.filter((f) => f.id !== before.context.removing?.id));
    },
    'xstate.error.actor.removeSavedFilter': async ({ event }: Ev) => {
      const before = snap();
      const fx = await h.effects(() => h.savedRemoves.only().reject(event.error), true);
      expect(fx).toEqual({ ...NOTHING, toasts: [{ toastType: 'error', body: (event.error as ListFailure).message }] });
      expect(snap().context.saved).toEqual(before.context.saved);
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
    // Exactly one request per busy region, asking for what the list shows; a delete only once it is sent.
    expect(h.loads.live().map((c) => c.input)).toEqual(loading ? [requested(s.context.query)] : []);
    expect(h.deletes.live().map((c) => c.input)).toEqual(inRequest(s) ? [s.context.target] : []);
    expect(h.exports.live()).toHaveLength(s.matches({ export: 'exporting' }) ? 1 : 0);
    expect(h.settings.live()).toHaveLength(s.matches({ settings: 'loading' }) ? 1 : 0);
    expect(h.columnSaves.live()).toHaveLength(s.matches({ columns: 'saving' }) ? 1 : 0);
    expect(s.hasTag('busy')).toBe(loading || inRequest(s));
    expect(selectable(s.context.rows)).toEqual(expect.arrayContaining(s.context.selected));
    // The record just created is highlighted where it is, or pinned on top when this page is another.
    const created = s.context.created;
    const hidden = !created || s.matches({ data: 'loading' }) || s.matches({ data: 'failed' }) || s.context.rows.some((r) => r.id === created.id);
    expect(selectPinned(s)?.row.id ?? null).toBe(hidden ? null : created.id);
    if (!inDelete(s)) {
      // The address bar shows the list's query, so it can be shared and survives reload.
      expect(parseListQuery(SPEC, h.addressBar())).toEqual(s.context.query);
      expect(s.context).toMatchObject({ pending: [], target: null });
      expect(selectUndo(s)).toBeNull();
      // Nothing typed in the search box is dropped: once the pause is over, it is the query.
      if (s.matches({ search: 'idle' })) expect(typed(s)).toBe(s.context.query.search);
    }
  };
  const withRows = (m: ListSnapshot) => {
    common(m);
    const s = snap();
    expect(s.context.rows.length).toBeGreaterThan(0);
    // Every row says where it is in a delete.
    for (const r of selectRows(s)) expect(r.delete).toBe(!s.context.pending.includes(r.row.id) ? 'shown' : inUndo(s) ? 'doomed' : inRequest(s) ? 'deleting' : 'shown');
  };
  return {
    'data.loading': common,
    'data.reloading': common,
    'data.failed': (m: ListSnapshot) => (common(m), expect(snap().hasTag('error') && !!snap().context.error).toBe(true)),
    'data.empty': (m: ListSnapshot) => (common(m), expect(snap().context.rows).toEqual([])),
    'data.loaded': withRows,
    'data.loaded.confirming': () => {
      const { pending, rows } = snap().context;
      expect(pending.length).toBeGreaterThan(0);
      expect(selectable(rows)).toEqual(expect.arrayContaining(pending));
      expect(selectConfirmation(snap()).open).toBe(true);
    },
    'data.loaded.undoing': () => {
      // Nothing sent yet; the rows say they will go; Undo is offered.
      const { pending, rows } = snap().context;
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(pending));
      expect(h.deletes.live()).toEqual([]);
      expect(selectUndo(snap())?.canUndo).toBe(true);
    },
    'data.loaded.deleting': () => {
      // The rows being deleted are still shown, saying "Deleting…".
      const { pending, rows } = snap().context;
      expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(pending));
      expect(selectUndo(snap())?.canUndo).toBe(false);
    },
  };
}

async function run(path: StatePath<ListSnapshot, AnyEventObject>, model: TestModel<ListSnapshot, AnyEventObject, ListInput>, input: ListInput) {
  const h = harness(input);
  try {
    await model.testPath(path, { events: executors(h) as never, states: stateChecks(h) as never });
  } finally {
    h.actor.stop();
  }
}

const describeEvent = (e: AnyEventObject) =>
  e.type.startsWith('xstate.')
    ? `${e.type}${e.output === PAST_END ? ' (past end)' : e.output === EMPTY ? ' (empty)' : e.output === MANY ? ' (57 match)' : e.error ? ` (${(e.error as ListFailure).status})` : ''}`
    : JSON.stringify(e);

describe('list machine, model paths on a real actor', () => {
  for (const m of MODELS) {
    const model = modelFor(m);
    const t0 = performance.now();
    const edges = edgePaths(model, serialize);
    if (process.env.LIST_MODEL_SIZES) console.log(`[model] ${m.name}: ${edges.length} edges in ${Math.round(performance.now() - t0)} ms`);
    describe(`${m.name}: every edge`, () => {
      it('has paths', () => expect(edges.length).toBeGreaterThan(10));
      edges.forEach((path, i) => it(`edge ${i}: ${path.steps.slice(1).map((s) => describeEvent(s.event)).join(' → ')}`, () => run(path, model, m.input ?? INPUT)));
    });
  }

  it('a list drawn by the server starts from its first page and settings, asking for neither; an empty one starts empty; a page past the end asks again', () => {
    const settings: ListSettings = { hidden_columns: ['email'], saved_filters: [] };
    const drawn = harness({ ...INPUT, first: { page: PAGE, settings } });
    expect(drawn.snap().matches({ data: { loaded: 'idle' } })).toBe(true);
    expect(drawn.snap().matches({ settings: 'ready' })).toBe(true);
    expect(drawn.snap().context.rows).toEqual(PAGE.data);
    expect(drawn.snap().context.hidden).toEqual(['email']);
    expect(drawn.loads.calls).toHaveLength(0);
    expect(drawn.settings.calls).toHaveLength(0);
    const empty = harness({ ...INPUT, first: { page: EMPTY, settings: null } });
    expect(empty.snap().matches({ data: 'empty' })).toBe(true);
    expect(empty.loads.calls).toHaveLength(0);
    // Settings the server could not get are asked for here.
    expect(empty.settings.calls).toHaveLength(1);
    const past = harness({ ...INPUT, first: { page: PAST_END, settings } });
    expect(past.snap().matches({ data: 'loading' })).toBe(true);
    expect(past.loads.calls).toHaveLength(1);
  });

  it('covers every state and transition of the list machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

describe('list machine, scenarios', () => {
  const loaded = async (search = '', output: ListResponse = PAGE, input: Partial<ListInput> = {}) => {
    const h = harness({ ...INPUT, search, ...input });
    await h.effects(() => h.loads.only().resolve(output), true);
    return h;
  };
  const confirmDelete = async (h: Harness, id: number) => {
    h.actor.send({ type: 'row.delete', id });
    h.actor.send({ type: 'delete.confirm' });
  };

  it('the address bar echoing two filters back does not load the list again', async () => {
    const h = await loaded();
    h.actor.send({ type: 'list.filter', name: 'category_id', value: '4' });
    h.actor.send({ type: 'list.filter', name: 'status', value: 'inactive' });
    const fx = await h.effects(() => h.actor.send({ type: 'list.urlChanged', search: h.addressBar() }));
    expect(fx.loads).toEqual([]);
    expect(h.loads.live()).toHaveLength(1);
  });

  it('a delete on page 3 reloads page 3, once its undo window has passed', async () => {
    const h = await loaded('?page=3');
    await confirmDelete(h, 2);
    expect(h.deletes.live()).toEqual([]);
    h.clock.increment(UNDO_WINDOW_MS);
    const fx = await h.effects(() => h.deletes.only().resolve(DELETED), true);
    expect(fx.loads.map((c) => (c as { query: ListQuery }).query.page)).toEqual([3]);
    expect(h.addressBar()).toBe('?page=3');
  });

  it('moving to the next page while a delete is undoable sends it, then shows the next page', async () => {
    const h = await loaded();
    await confirmDelete(h, 1);
    const fx = await h.effects(() => h.actor.send({ type: 'list.page', page: 2 }));
    expect(fx.deletes).toEqual([{ ids: [1] }]);
    expect(fx.loads).toEqual([]);
    expect(h.addressBar()).toBe('?page=2');
    const after = await h.effects(() => h.deletes.only().resolve(DELETED), true);
    expect(after.loads).toEqual([requested({ ...defaultQuery(SPEC), page: 2 })]);
  });

  it('leaving the list while a delete is undoable sends it on its own; undoing sends nothing, ever', async () => {
    const h = await loaded();
    await confirmDelete(h, 1);
    h.actor.send({ type: 'delete.undo' });
    h.clock.increment(UNDO_WINDOW_MS * 2);
    expect(h.deletes.calls).toHaveLength(0);
    await confirmDelete(h, 2);
    const fx = await h.effects(() => h.actor.send({ type: 'list.leave' }));
    expect(fx.background).toEqual([{ target: { ids: [2] }, failed: LIST_MESSAGES.delete }]);
    h.clock.increment(UNDO_WINDOW_MS);
    expect(h.deletes.calls).toHaveLength(0);
  });

  it('without the delete permission nothing can be selected or deleted, whatever is sent', async () => {
    const h = await loaded('', PAGE, { abilities: { create: true, edit: true, delete: false, export: true } });
    for (const event of [{ type: 'row.toggle', id: 1 }, { type: 'rows.toggleAll' }, { type: 'row.delete', id: 1 }, { type: 'rows.deleteSelected' }, { type: 'selection.all' }] as const) {
      const before = serialize(h.snap());
      expect(h.snap().can(event)).toBe(false);
      expect(await h.effects(() => h.actor.send(event))).toEqual(NOTHING);
      expect(serialize(h.snap())).toBe(before);
    }
    expect(selectRows(h.snap()).every((r) => !r.selectable && !r.deletable && r.editable && r.openable)).toBe(true);
    expect(selectAllBox(h.snap()).enabled).toBe(false);
    expect(selectCanChoose(h.snap())).toBe(false);
  });

  it('with another bulk action (labels) but no delete right, every row can be ticked, a protected one too, and nothing is deleted', async () => {
    const h = await loaded('', MANY, { abilities: { create: false, edit: false, delete: false, export: false, bulk: true } });
    expect(selectCanChoose(h.snap())).toBe(true);
    expect(selectRows(h.snap()).map((r) => [r.selectable, r.deletable])).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
    h.actor.send({ type: 'row.toggle', id: 3 });
    expect(h.snap().context.selected).toEqual([3]);
    h.actor.send({ type: 'rows.toggleAll' });
    expect(h.snap().context.selected).toEqual([1, 2, 3]);
    expect(selectAllBox(h.snap())).toMatchObject({ checked: true, enabled: true });
    // The whole page is ticked and 57 match, but only a delete takes every match: not offered.
    expect(selectSelection(h.snap())).toMatchObject({ count: 3, offerAll: false, canSelectAll: false });
    for (const event of [{ type: 'rows.deleteSelected' }, { type: 'row.delete', id: 1 }, { type: 'selection.all' }] as const) {
      expect(h.snap().can(event)).toBe(false);
      expect(await h.effects(() => h.actor.send(event))).toEqual(NOTHING);
    }
    expect(h.snap().matches({ data: { loaded: 'idle' } })).toBe(true);
  });

  it('with the delete right and another bulk action, a protected row can be ticked, but a selection holding it is not deleted', async () => {
    const h = await loaded('', PAGE, { abilities: { ...ALL, bulk: true } });
    h.actor.send({ type: 'row.toggle', id: 3 });
    expect(h.snap().context.selected).toEqual([3]);
    expect(h.snap().can({ type: 'rows.deleteSelected' })).toBe(false);
    h.actor.send({ type: 'row.toggle', id: 1 });
    expect(h.snap().can({ type: 'rows.deleteSelected' })).toBe(false);
    h.actor.send({ type: 'row.toggle', id: 3 });
    expect(h.snap().context.selected).toEqual([1]);
    expect(h.snap().can({ type: 'rows.deleteSelected' })).toBe(true);
    h.actor.send({ type: 'rows.deleteSelected' });
    expect(h.snap().matches({ data: { loaded: 'confirming' } })).toBe(true);
    expect(h.snap().context.target).toEqual({ ids: [1] });
  });

  it('without the edit permission rows do not open', async () => {
    const h = await loaded('', PAGE, { abilities: { create: false, edit: false, delete: true, export: true } });
    expect(await h.effects(() => h.actor.send({ type: 'row.open', id: 1 }))).toEqual(NOTHING);
    expect(selectRows(h.snap()).some((r) => r.openable || r.editable)).toBe(false);
  });

  it('without the export permission no CSV is made, whatever is sent', async () => {
    const h = harness({ ...INPUT, abilities: { create: true, edit: true, delete: true, export: false } });
    await h.effects(() => h.loads.only().resolve(PAGE), true);
    expect(selectCanExport(h.snap())).toBe(false);
    expect(h.snap().can({ type: 'list.export' })).toBe(false);
    expect(await h.effects(() => h.actor.send({ type: 'list.export' }))).toEqual(NOTHING);
    expect(h.snap().matches({ export: 'idle' })).toBe(true);
  });

  it("the view model takes each row's rights from the machine: a protected row cannot be selected or deleted, and says why", async () => {
    const h = await loaded();
    const rows = selectRows(h.snap(), 'General hint');
    expect(rows.map((r) => [r.title, r.selectable, r.deletable, r.protected, r.protectedReason])).toEqual([
      ['Acme Ltd', true, true, false, undefined],
      ['Bolt & Co', true, true, false, undefined],
      ['Walk-in customer', false, false, true, 'The POS setting uses it.'],
    ]);
    expect(selectAllBox(h.snap())).toEqual({ checked: false, indeterminate: false, enabled: true });
    h.actor.send({ type: 'rows.toggleAll' });
    expect(selectAllBox(h.snap())).toEqual({ checked: true, indeterminate: false, enabled: true });
    h.actor.send({ type: 'row.delete', id: 2 });
    expect(selectConfirmation(h.snap())).toEqual({
      open: true,
      title: 'Are you sure want to delete?',
      description: 'This deletes the customer “Bolt & Co”. You can undo it for a few seconds.',
    });
    // While the question is open no row can be deleted, selected or opened.
    expect(selectRows(h.snap()).some((r) => r.deletable || r.selectable || r.editable || r.openable)).toBe(false);
    h.actor.send({ type: 'delete.cancel' });
    h.actor.send({ type: 'rows.deleteSelected' });
    expect(selectConfirmation(h.snap()).description).toBe('This deletes 2 customers. You can undo it for a few seconds.');
    h.actor.send({ type: 'delete.confirm' });
    expect(selectUndo(h.snap())).toEqual({ text: '2 customers will be deleted.', canUndo: true });
    expect(selectRows(h.snap()).map((r) => r.delete)).toEqual(['doomed', 'doomed', 'shown']);
    h.clock.increment(UNDO_WINDOW_MS);
    expect(selectUndo(h.snap())).toEqual({ text: 'Deleting 2 customers…', canUndo: false });
    expect(selectRows(h.snap()).map((r) => r.delete)).toEqual(['deleting', 'deleting', 'shown']);
    expect(selectPhase(h.snap())).toBe('rows');
  });

  it('every record that matches can be selected and deleted at once, as counted', async () => {
    const h = await loaded('?status=active', MANY);
    h.actor.send({ type: 'rows.toggleAll' });
    expect(selectSelection(h.snap())).toMatchObject({ count: 2, offerAll: true, canSelectAll: true, allLimit: null });
    h.actor.send({ type: 'selection.all' });
    expect(selectSelection(h.snap())).toMatchObject({ count: 57, allMatching: true, offerAll: false });
    h.actor.send({ type: 'rows.deleteSelected' });
    expect(selectConfirmation(h.snap()).description).toBe('This deletes all 57 customers that match this search and filters. You can undo it for a few seconds.');
    h.actor.send({ type: 'delete.confirm' });
    const fx = await h.effects(() => h.clock.increment(UNDO_WINDOW_MS));
    expect(fx.deletes).toEqual([{ matching: { search: '', filters: { status: 'active' } }, count: 57 }]);
  });

  it('more matches than one delete may take are not offered, and the view says why', async () => {
    const h = await loaded('', page(ROWS, { total: 1500, last_page: 150 }));
    h.actor.send({ type: 'rows.toggleAll' });
    expect(h.snap().can({ type: 'selection.all' })).toBe(false);
    expect(selectSelection(h.snap()).allLimit).toBe('At most 1,000 can be deleted at a time; narrow the search or filters.');
  });

  it('a refused delete stays on screen until dismissed', async () => {
    const h = await loaded();
    await confirmDelete(h, 1);
    h.clock.increment(UNDO_WINDOW_MS);
    await h.effects(() => h.deletes.only().reject(IN_USE), true);
    h.clock.increment(60_000);
    expect(h.snap().context.notice).toBe(IN_USE.message);
    h.actor.send({ type: 'notice.dismiss' });
    expect(h.snap().context.notice).toBeNull();
  });

  it('the record just created is pinned on top until the query changes, and highlighted where its page holds it', async () => {
    const pinnedAt = await loaded('', PAGE, { created: CREATED });
    expect(selectPinned(pinnedAt.snap())).toMatchObject({ row: CREATED, created: true, selectable: false, deletable: false, openable: true });
    pinnedAt.actor.send({ type: 'list.sort', field: 'email' });
    expect(selectPinned(pinnedAt.snap())).toBeNull();
    const inPlace = await loaded('', PAGE, { created: ROWS[1]! });
    expect(selectPinned(inPlace.snap())).toBeNull();
    expect(selectRows(inPlace.snap()).map((r) => r.created)).toEqual([false, true, false]);
  });

  it('totals cover the shown money columns over the whole filter', async () => {
    const h = harness({ ...INPUT });
    await h.effects(() => h.loads.only().resolve({ ...MANY, totals: { amount: 123456 } }), true);
    // Customers have no money column: nothing to total.
    expect(selectTotals(h.snap())).toBeNull();
  });

  it('totals show a count column the server sums (units on hand) beside money, and no column it did not sum', async () => {
    const columns = [
      { name: 'name', label: 'Name' },
      { name: 'on_hand', label: 'On hand', kind: 'number' },
      { name: 'avg_cost', label: 'Average cost', kind: 'money' },
      { name: 'stock_value', label: 'Value', kind: 'money' },
    ] as const;
    const h = harness({ ...INPUT, spec: { ...SPEC, columns } as unknown as typeof SPEC });
    await h.effects(() => h.loads.only().resolve({ ...MANY, totals: { on_hand: 42, stock_value: 123456 } }), true);
    expect(selectTotals(h.snap())).toEqual({ count: 57, values: { on_hand: 42, stock_value: 123456 } });
  });

  it("a figure the server adds to the totals (the sale list's Sales) comes with its caption; none when the server left it out", async () => {
    const columns = [{ name: 'reference', label: 'Reference' }, { name: 'grand_total', label: 'Total', kind: 'money' }] as const;
    const figures = [{ name: 'sales', label: 'Sales', kind: 'money', caption: 'Completed sales less refunds.' }] as const;
    const h = harness({ ...INPUT, spec: { ...SPEC, columns, figures } as unknown as typeof SPEC });
    await h.effects(() => h.loads.only().resolve({ ...MANY, totals: { grand_total: 5000, sales: 4200 } }), true);
    expect(selectFigures(h.snap())).toEqual([{ ...figures[0], value: 4200 }]);
    const bare = harness({ ...INPUT, spec: { ...SPEC, columns, figures } as unknown as typeof SPEC });
    await bare.effects(() => bare.loads.only().resolve({ ...MANY, totals: { grand_total: 5000 } }), true);
    expect(selectFigures(bare.snap())).toEqual([]);
  });

  it('filters become chips, a date range one chip for both ends', async () => {
    const h = await loaded('?search=acme&status=inactive&created_at_from=2026-05-01&created_at_to=2026-05-31');
    expect(selectChips(h.snap()).map((c) => [c.key, c.value])).toEqual([
      ['search', 'acme'],
      ['status', 'inactive'],
      ['created_at', '2026-05-01–2026-05-31'],
    ]);
    h.actor.send(selectChips(h.snap())[2]!.remove);
    expect(h.addressBar()).toBe('?search=acme&status=inactive');
  });

  it('a range end that crosses the other end drops it; a day that does not exist is not taken', async () => {
    const h = await loaded('?created_at_from=2026-05-01&created_at_to=2026-05-31&created_at_from=2026-02-30');
    expect(h.snap().context.query.filters).toEqual({ created_at_from: '2026-05-01', created_at_to: '2026-05-31' });
    h.actor.send({ type: 'list.filter', name: 'created_at_from', value: '2026-06-15' });
    expect(h.snap().context.query.filters).toEqual({ created_at_from: '2026-06-15' });
    h.actor.send({ type: 'list.range', name: 'created_at', from: '2026-07-01', to: '2026-06-01' });
    expect(h.snap().context.query.filters).toEqual({ created_at_from: '2026-07-01' });
  });

  it('a list that opens filtered (orders: pending) keeps "every status" in the address once that filter is cleared, and a link can ask for it', async () => {
    const pending = { ...INPUT, spec: { ...SPEC, defaultFilters: { status: 'active' } } };
    const h = harness(pending);
    await h.effects(() => h.loads.only().resolve(PAGE), true);
    expect(h.snap().context.query.filters).toEqual({ status: 'active' });
    h.actor.send({ type: 'list.filter', name: 'status', value: '' });
    expect(h.addressBar()).toBe('?status=');
    // The address read again (a reload, a link from a customer's page) is the same query.
    expect(parseListQuery(pending.spec, h.addressBar())).toEqual(h.snap().context.query);
    expect(parseListQuery(pending.spec, '?status=&search=bolt').filters).toEqual({});
    expect(parseListQuery(pending.spec, '').filters).toEqual({ status: 'active' });
  });

  it('the column chooser never offers the column that names the record', async () => {
    const h = await loaded();
    expect(selectColumnChooser(h.snap()).map((c) => c.name)).not.toContain('name');
    h.actor.send({ type: 'columns.toggle', name: 'email' });
    expect(selectColumns(h.snap()).map((c) => c.name)).not.toContain('email');
  });

  it('the view model says which row the keyboard carries on from after a delete: the next, else the one before', async () => {
    const h = await loaded();
    expect(selectFocusAfterDelete(h.snap())).toBeNull();
    h.actor.send({ type: 'row.delete', id: 1 });
    expect(selectFocusAfterDelete(h.snap())).toBe(2);
    h.actor.send({ type: 'delete.confirm' });
    // Still known while the delete is undoable and while its request is on its way.
    expect(selectFocusAfterDelete(h.snap())).toBe(2);
    h.clock.increment(UNDO_WINDOW_MS);
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
