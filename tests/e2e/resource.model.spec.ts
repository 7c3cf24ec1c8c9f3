/**
 * The list and form machines' own graphs, run in Chromium on one resource: brands. Paths come
 * from the REAL machines/list/list.machine.ts, machines/form/form.machine.ts and the leave
 * prompt of machines/navigation.machine.ts (xstate/graph TestModel, every edge once, with the
 * machines' own xstate.done/error.actor.* and xstate.after.* events). Each step is made to
 * happen in the browser the way a person or the server would make it happen, and each state
 * is checked by what the page shows.
 *
 * Every call the app makes to /api/v1/admin/brands is held by a route until the outcome step
 * releases it: to the real server (a real list, a real delete, a real 422 for a taken name, a
 * real 409 after someone else saved) or with a mocked answer (a 500, a lost connection, an
 * empty first page, a 409 for a delete). A real answer is compared with the model's before
 * the page sees it. Each path is also replayed on a real actor of the machine (a twin whose
 * calls never settle); the twin's effects (the address it writes, the toasts it asks for,
 * the field it focuses) are what the page must show, and the twin measures coverage.
 *
 * Records are created per test with a unique tag and removed afterwards, so no test depends
 * on what another one did; the twelve demo brands are never changed.
 */
import { expect, test, type Page } from '@playwright/test';
import { SimulatedClock, createActor, fromPromise, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { type Row } from '../../domain/resource.ts';
import { listQueryString, type ListQuery, type ListResponse } from '../../domain/list-query.ts';
import { formMachine } from '../../machines/form/form.machine.ts';
import { selectDirty } from '../../machines/form/form.selectors.ts';
import { SEARCH_DEBOUNCE_MS, UNDO_WINDOW_MS, listMachine } from '../../machines/list/list.machine.ts';
import { navigationMachine } from '../../machines/navigation.machine.ts';
import { capitalise } from '../../domain/text.ts';
import { Coverage } from '../model/coverage.ts';
import {
  AFTER_SEARCH,
  AFTER_UNDO,
  CREATE_PATH,
  DASHBOARD_PATH,
  DEF,
  FORM_MODELS,
  LIST_MODELS,
  LIST_PATH,
  NAV_INPUT,
  ORIG,
  TAG,
  UNIQUE,
  describePath,
  isOutcome,
  leaveEvents,
  modelOf,
  pathsOf,
  sequencePath,
  serializeForm,
  serializeList,
  serializeNav,
  type AnySnapshot,
  type FormInput,
  type FormSnapshot,
  type ListInput,
  type ListSnapshot,
  type NavSnapshot,
  type Path,
} from './support/brand-models.ts';
import { HeldCalls, QUICK_POLL, type CallKind } from './support/held-calls.ts';
import { AdminApi, FormPage, LeaveDialog, ListPage, LoginPage, Shell, Toasts, USERS, apiLogin, seedSessionOnLoad, withoutAnimations } from './support/pages.ts';

// ================================================================ coverage (of twins replaying each path)
const UNIT_MODEL = 'tests/model/list.model.test.ts takes it on a real actor';
const POWER = 'tests/e2e/list-power.spec.ts shows it in Chromium on customers and expenses; tests/model/list.model.test.ts takes every edge';
const DRAWN = 'a page the server drew starts here: tests/e2e/server-drawn.spec.ts takes it in Chromium (a list), tests/api/server-page-loaders.test.ts draws it (a form), tests/model/list.model.test.ts and page-data.model.test.ts take it on a real actor';
const listCoverage = new Coverage(
  'list',
  listMachine,
  {
  'list.data.empty list.reload#0': 'nothing on the page sends list.reload',
  'list.data.loaded list.reload#0': 'nothing on the page sends list.reload',
  'list.data.loaded.deleting list.reload#0': 'nothing on the page sends list.reload',
  'list.data.loaded.confirming list.reload#0': 'nothing on the page sends list.reload',
  'list.data.loaded.confirming list.page#0': 'the confirmation is modal: nothing behind it can be clicked',
  'list.data.loaded.confirming list.perPage#0': 'the confirmation is modal: nothing behind it can be clicked',
  'list.data.loaded.confirming list.sort#0': 'the confirmation is modal: nothing behind it can be clicked',
  'list.data.loaded.confirming list.filter#0': 'the confirmation is modal: nothing behind it can be clicked',
  'list.data.loaded.confirming list.search.submit#0':
    'the confirmation is modal; only a search pause ending after Delete was clicked (within 300 ms of typing) sends it, too timing-bound for a browser test (tests/model/list.model.test.ts has it)',
  'list.data.loaded.deleting list.page#0': "the delete model's rows fit on one page, so Previous and Next are disabled (tests/model/list.model.test.ts has it)",
  'list.data.loaded.confirming list.clear#0': '"Clear search and filters" is only on an empty list, which has no rows to delete (tests/model/list.model.test.ts has it)',
  'list.data.loaded.deleting list.clear#0': '"Clear search and filters" is only on an empty list, which has no rows to delete (tests/model/list.model.test.ts has it)',
  'list.data.loaded.undoing list.reload#0': 'nothing on the page sends list.reload',
  'list.data.loaded.confirming list.range#0': 'brands have no date range filter',
  'list.data.loaded.undoing list.range#0': 'brands have no date range filter',
  'list.data.loaded.deleting list.range#0': 'brands have no date range filter',
  'list.data list.range#0': 'brands have no date range filter',
  'list.data.loaded.idle selection.all#0': "the brand models' rows fit on one page: there is no other page to select",
  },
  {
    // The person's settings of a list, and the power features, on the resources that have them.
    'list.settings': POWER,
    'list.columns': POWER,
    'list.saved': POWER,
    'list.data saved.apply#0': POWER,
    'list.data.loaded.confirming saved.apply#0': UNIT_MODEL,
    'list.data.loaded.undoing saved.apply#0': UNIT_MODEL,
    'list.data.loaded.deleting saved.apply#0': UNIT_MODEL,
    // A refused delete reloads (this branch) only when the query moved after Delete was confirmed,
    // and only moving on from the undo window moves it (see below). A search typed meanwhile is
    // held until the delete ends, so the 409 walked here takes the next branch: rows back, notice.
    'list.data.loaded.deleting xstate.error.actor.deleteRows#0': UNIT_MODEL,
    'list.data row.open#0': POWER,
    'list.data row.focus#0': POWER,
    'list.data.loaded.confirming list.search.clear#0': UNIT_MODEL,
    'list.data.loaded.deleting list.search.clear#0': UNIT_MODEL,
    'list.data list.search.clear#0': POWER,
    // Moving on while a delete is undoable sends it at once; the browser model waits the window out.
    'list.data.loaded.undoing list.leave#0': UNIT_MODEL,
    'list.data.loaded.undoing list.page#0': UNIT_MODEL,
    'list.data.loaded.undoing list.perPage#0': UNIT_MODEL,
    'list.data.loaded.undoing list.sort#0': UNIT_MODEL,
    'list.data.loaded.undoing list.filter#0': UNIT_MODEL,
    'list.data.loaded.undoing list.search.clear#0': UNIT_MODEL,
    'list.data.loaded.undoing list.clear#0': UNIT_MODEL,
    'list.data.loaded.undoing list.urlChanged#0': UNIT_MODEL,
    'list.data.loaded.undoing list.search.submit#0': UNIT_MODEL,
    // A list starts from its first page only on a page the server drew; these paths open pages
    // the browser draws (a session seeded in storage has no page cookie), so the list loads it.
    'list.data.starting always#0': DRAWN,
    'list.data.starting always#1': DRAWN,
  },
);
const formCoverage = new Coverage(
  'form',
  formMachine,
  {
    'form.submitting xstate.done.actor.saveRecord#0': 'a settings form stays on its page after saving; brands is a resource, its form goes back to the list',
  },
  {
    'form.submitting xstate.error.actor.saveRecord#2':
      'a brand save is refused with 409 only for a stale copy (the lost update, walked here); tests/model/form.model.test.ts takes the other 409 (a protected record) on a real actor',
    // A form is given its record only on a page the server drew; these paths open pages the
    // browser draws (a session seeded in storage has no page cookie), so the form loads it.
    'form.starting always#1': DRAWN,
  },
);
const navCoverage = new Coverage('navigation', navigationMachine);
/** The leave prompt's part of the navigation machine: what this file must take. */
const LEAVE_TRANSITIONS = [
  'navigation.showing nav.block#0',
  'navigation.showing nav.go#0',
  'navigation.showing nav.popped#0',
  'navigation.showing nav.logout#0',
  'navigation.showing.confirmingLeave leave.confirm#0',
  'navigation.showing.confirmingLeave leave.confirm#1',
  'navigation.showing.confirmingLeave leave.cancel#0',
  'navigation.showing.confirmingLeave nav.done#0',
  'navigation nav.go#1',
];

type Effect =
  | { type: 'writeUrl'; search?: string; url?: string; replace?: boolean }
  | { type: 'notify'; toastType: string; body: string }
  | { type: 'goToList' }
  | { type: 'finish' }
  | { type: 'openRecord'; id: number }
  | { type: 'deleteInBackground' }
  | { type: 'focusField'; name: string }
  | { type: 'setLeaveGuard'; dirty: boolean }
  | { type: 'nameRecord'; id?: string; name: string }
  | { type: 'signOut' };

const never = () => fromPromise(() => new Promise<never>(() => {}));
const record = (out: Effect[], type: Effect['type']) => (_: unknown, params: object | undefined) => out.push({ type, ...(params ?? {}) } as Effect);

/** A real actor of the machine whose calls never settle; a path's events are sent to it one by one. */
function twinOf(coverage: Coverage, input: unknown, serialize: (s: never) => string) {
  const local = new Coverage(coverage.name, coverage.machine);
  const effects: Effect[] = [];
  const fx = (type: Effect['type']) => record(effects, type);
  const logic =
    coverage.machine === listMachine
      ? listMachine.provide({
          actors: {
            loadList: never(),
            deleteRows: never(),
            exportCsv: never(),
            loadSettings: never(),
            saveColumns: never(),
            createSavedFilter: never(),
            removeSavedFilter: never(),
          } as never,
          actions: { writeUrl: fx('writeUrl'), notify: fx('notify'), openRecord: fx('openRecord'), deleteInBackground: fx('deleteInBackground') } as never,
        })
      : coverage.machine === formMachine
        ? formMachine.provide({
            actors: { loadRecord: never(), saveRecord: never() } as never,
            actions: {
              notify: fx('notify'),
              goToList: fx('goToList'),
              finish: fx('finish'),
              focusField: fx('focusField'),
              setLeaveGuard: fx('setLeaveGuard'),
              nameRecord: fx('nameRecord'),
            } as never,
          })
        : navigationMachine.provide({
            actions: { writeUrl: fx('writeUrl'), notify: fx('notify'), leaveApp: () => {}, announcePage: () => {}, retitle: () => {}, signOut: fx('signOut') } as never,
          });
  // A simulated clock: the search pause passes only when the path says so.
  const actor = createActor(logic as AnyStateMachine, { input, inspect: local.inspect, clock: new SimulatedClock() });
  return {
    start(expected: AnySnapshot): Effect[] {
      actor.start();
      expect(serialize(actor.getSnapshot() as never), 'the model and the real machine agree').toBe(serialize(expected as never));
      return effects.splice(0);
    },
    send(e: AnyEventObject, expected: AnySnapshot): Effect[] {
      actor.send(e);
      expect(serialize(actor.getSnapshot() as never), 'the model and the real machine agree').toBe(serialize(expected as never));
      return effects.splice(0);
    },
    keep() {
      local.states.forEach((s) => coverage.states.add(s));
      local.transitions.forEach((t) => coverage.transitions.add(t));
      actor.stop();
    },
    snapshot: (): AnySnapshot => actor.getSnapshot() as AnySnapshot,
    drop: () => actor.stop(),
  };
}

/**
 * The paths that take, together, every state and transition of the real machine that all of
 * `paths` take: each path is replayed here on a twin, then paths are picked greedily by what they
 * add. The model's graph is of serialized states (rows, selections, values), so most of its
 * edges are a transition of the machine already taken from another context; every edge is taken
 * on real actors in tests/model/*.model.test.ts, and in Chromium the page need show each state
 * and transition once. `keep` are always kept (sequences written for what the page must do).
 */
function coveringPaths<P extends Path<AnySnapshot>>(coverage: Coverage, paths: { path: P; input: unknown; serialize: (s: never) => string; keep?: boolean }[]): Set<P> {
  const taken = paths.map(({ path, input, serialize }) => {
    const scratch = new Coverage(coverage.name, coverage.machine);
    const twin = twinOf(scratch, input, serialize);
    path.steps.forEach((step, i) => (i ? twin.send(step.event, step.state) : twin.start(step.state)));
    twin.keep();
    return new Set([...[...scratch.states].map((k) => `state ${k}`), ...scratch.transitions]);
  });
  const covered = new Set<string>();
  const picked = new Set<P>();
  const add = (i: number) => {
    picked.add(paths[i]!.path);
    taken[i]!.forEach((k) => covered.add(k));
  };
  paths.forEach((p, i) => p.keep && add(i));
  for (;;) {
    let best = -1;
    let gain = 0;
    taken.forEach((keys, i) => {
      if (picked.has(paths[i]!.path)) return;
      const adds = [...keys].filter((k) => !covered.has(k)).length;
      if (adds > gain) [best, gain] = [i, adds];
    });
    if (best < 0) return picked;
    add(best);
  }
}

// ================================================================ the browser side
interface Ctx {
  page: Page;
  api: AdminApi;
  calls: HeldCalls;
  list: ListPage;
  toasts: Toasts;
  shell: Shell;
  leave: LeaveDialog;
  /** This test's own tag, in every record it makes. */
  tag: string;
  /** A model's row or name → what the page shows for it. */
  names: Map<string, string>;
  /** A model's row id → the real record's id. */
  ids: Map<number, number>;
  /** What the address bar should show (the list's query). */
  address: string;
  /** The events taken so far (init excluded) and the states reached (init included). */
  taken: AnyEventObject[];
  steps: AnySnapshot[];
  clock: boolean;
  /** The page may save records of its own (forms). */
  savesInPage: boolean;
  /** When the search box was last typed in (real time). */
  typedAt?: number;
  /** How far the page's clock has moved since the last delete was confirmed. */
  sinceConfirm: number;
}

/** A few frames, on the page's clock when it stands still, for a closed dialog to leave the page. */
const DIALOG_FRAMES_MS = 50;
async function closeDialog(c: Ctx): Promise<void> {
  if (!c.clock) return;
  await c.page.clock.runFor(DIALOG_FRAMES_MS);
  c.sinceConfirm += DIALOG_FRAMES_MS;
}

const real = (c: Ctx, text: string) => c.names.get(text) ?? text.replaceAll(TAG, c.tag);
const realQuery = (c: Ctx, q: ListQuery): ListQuery => ({ ...q, search: q.search.replaceAll(TAG, c.tag) });
const rowName = (c: Ctx, s: ListSnapshot, id: number) => real(c, String(s.context.rows.find((r) => r.id === id)?.name ?? `#${id}`));
const columnLabel = (field: string) => DEF.columns.find((col) => col.name === field)?.label ?? field;
const statusLabel = (value: string) => (value === '' ? 'Status: all' : (DEF.fields.find((f) => f.name === 'status')?.options?.find((o) => o.value === value)?.label ?? value));

/** Compares a real list answer with the model's, then lets the page have it. */
async function releaseList(c: Ctx, from: ListSnapshot, e: AnyEventObject): Promise<void> {
  const route = await c.calls.take('list');
  const want = e.output as ListResponse & { mocked?: boolean };
  // The machine asked for its own query, in full.
  const asked = new URLSearchParams(new URL(route.request().url()).search).toString();
  const query = from.context.query;
  expect(asked, 'the list call carries the list query').toBe(new URLSearchParams(listQueryString(DEF, realQuery(c, query), { full: true })).toString());
  if (want.mocked) {
    await route.fulfill({ status: 200, json: { data: want.data, meta: want.meta } });
    return;
  }
  const res = await route.fetch();
  const body = (await res.json()) as ListResponse;
  expect(res.status()).toBe(200);
  expect(body.meta.page, 'the real page').toBe(want.meta.page);
  expect(body.meta.last_page >= want.meta.page, 'past the end or not, as the model says').toBe(want.meta.last_page >= want.meta.page);
  if (want.data.every((r) => r.name !== undefined)) {
    expect(body.data.map((r) => r.name), 'the real rows').toEqual(want.data.map((r) => real(c, String(r.name))));
  } else {
    expect(body.data.length > 0, 'the real list has rows or not, as the model says').toBe(want.data.length > 0);
  }
  await route.fulfill({ response: res });
}

/** The delete request goes to exactly the rows being deleted. */
async function takeDelete(c: Ctx, from: ListSnapshot) {
  const route = await c.calls.take('delete', 'bulkDelete');
  const ids = from.context.pending.map((id) => c.ids.get(id));
  const req = route.request();
  if (ids.length === 1) {
    expect(req.method()).toBe('DELETE');
    expect(new URL(req.url()).pathname).toBe(`${DEF.api}/${ids[0]}`);
  } else {
    expect(new URL(req.url()).pathname).toBe(`${DEF.api}/bulk-delete`);
    expect(((req.postDataJSON() as { ids: number[] }).ids ?? []).sort()).toEqual([...ids].sort());
  }
  return route;
}

async function execList(c: Ctx, e: AnyEventObject, from: ListSnapshot): Promise<void> {
  const { page, list } = c;
  switch (e.type) {
    case 'xstate.done.actor.loadList':
    case 'xstate.done.actor.reloadList':
      return releaseList(c, from, e);
    case 'xstate.error.actor.loadList':
    case 'xstate.error.actor.reloadList': {
      const route = await c.calls.take('list');
      const error = e.error as { status: number; message: string };
      if (error.status === 0) await route.abort('connectionrefused');
      else await route.fulfill({ status: error.status, json: { message: error.message } });
      return;
    }
    case 'list.retry':
      return list.clickRetry();
    case 'list.page':
      expect(e.page).toBe(from.context.query.page + 1);
      return list.clickNextPage();
    case 'list.sort':
      return list.clickSort(columnLabel(e.field));
    case 'list.perPage':
      return list.choosePerPage(e.perPage);
    case 'list.filter':
      return list.chooseFilter(columnLabel(e.name), statusLabel(e.value));
    case 'list.search.input':
      c.typedAt = Date.now();
      return list.typeSearch(real(c, e.text));
    case 'list.search.submit':
      return list.submitSearch();
    case AFTER_SEARCH: {
      if (!c.clock) {
        // Real time: the pause passes by itself.
        await page.waitForTimeout(Math.max(0, (c.typedAt ?? 0) + SEARCH_DEBOUNCE_MS + 100 - Date.now()));
        return;
      }
      // The page's clock stands still: one millisecond short of the pause nothing is asked.
      const before = c.calls.count('list');
      await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
      await page.waitForTimeout(50);
      expect(c.calls.count('list'), 'no list call before the pause is over').toBe(before);
      await page.clock.runFor(1);
      return;
    }
    case 'list.urlChanged':
      // The address bar changes under the list: a menu link to it.
      c.address = e.search;
      return c.shell.menuLink(capitalise(DEF.label.many)).click();
    case 'list.clear':
      // The empty list's own button: the whole list again.
      c.address = '';
      return list.clickClearSearch();
    case 'row.toggle':
      return list.toggleRow(rowName(c, from, e.id));
    case 'rows.toggleAll':
      return list.toggleAll();
    case 'selection.clear':
      return list.clickClearSelection();
    case 'row.delete':
      return list.clickDelete(rowName(c, from, e.id));
    case 'rows.deleteSelected':
      return list.clickDeleteSelected();
    case 'delete.cancel':
      await list.clickCancelDelete();
      return closeDialog(c);
    case 'delete.confirm':
      await list.clickConfirmDelete();
      c.sinceConfirm = 0;
      return closeDialog(c);
    case 'delete.undo':
      return list.clickUndo();
    case 'notice.dismiss':
      return list.clickDismissNotice();
    case AFTER_UNDO: {
      // The page's clock stands still: one millisecond short of the window nothing is sent.
      const before = c.calls.count('delete', 'bulkDelete');
      await page.clock.runFor(UNDO_WINDOW_MS - c.sinceConfirm - 1);
      await page.waitForTimeout(50);
      expect(c.calls.count('delete', 'bulkDelete'), 'no delete call before the undo window has passed').toBe(before);
      await page.clock.runFor(1);
      return;
    }
    case 'xstate.done.actor.deleteRows': {
      const route = await takeDelete(c, from);
      const res = await route.fetch();
      expect(res.status()).toBe(200);
      expect(((await res.json()) as { message: string }).message).toBe((e.output as { message: string }).message);
      await route.fulfill({ response: res });
      return;
    }
    case 'xstate.error.actor.deleteRows': {
      const route = await takeDelete(c, from);
      const error = e.error as { status: number; message: string };
      await route.fulfill({ status: error.status, json: { message: error.message, code: 'in_use' } });
      return;
    }
    case 'list.export':
      return list.exportButton.click();
    case 'xstate.done.actor.exportCsv': {
      const route = await c.calls.take('export');
      const download = page.waitForEvent('download');
      await route.continue();
      expect((await download).suggestedFilename()).toMatch(/^brands-\d{4}-\d{2}-\d{2}\.csv$/);
      return;
    }
    case 'xstate.error.actor.exportCsv': {
      const route = await c.calls.take('export');
      await route.fulfill({ status: 500, json: { message: (e.error as { message: string }).message } });
      return;
    }
    default:
      throw new Error(`no way to make ${e.type} happen on the list`);
  }
}

const outcomes = (c: Ctx, ...ids: string[]) => c.taken.filter((e) => isOutcome(e, ...ids)).length;

async function checkList(c: Ctx, s: ListSnapshot, effects: Effect[]): Promise<void> {
  const { list, toasts, calls } = c;
  const q = realQuery(c, s.context.query);
  for (const fx of effects) {
    if (fx.type === 'writeUrl') c.address = real(c, fx.search ?? '');
    if (fx.type === 'notify') await toasts.seeToast(fx.body, fx.toastType === 'success' ? 'Success' : 'Error');
  }
  await list.seeAddress(c.address);

  // One list call per answer the model took, plus the one on its way; one delete call per undo window that passed.
  const loading = s.matches({ data: 'loading' }) || s.matches({ data: 'reloading' });
  await expect.poll(() => calls.count('list'), { message: 'list calls', intervals: QUICK_POLL }).toBe(outcomes(c, 'loadList', 'reloadList') + (loading ? 1 : 0));
  const sent = c.steps.filter((st, i) => (st as ListSnapshot).matches({ data: { loaded: 'undoing' } }) && (c.steps[i + 1] as ListSnapshot | undefined)?.matches({ data: { loaded: 'deleting' } })).length;
  await expect.poll(() => calls.count('delete', 'bulkDelete'), { message: 'delete calls', intervals: QUICK_POLL }).toBe(sent);
  await expect
    .poll(() => calls.count('export'), { message: 'export calls', intervals: QUICK_POLL })
    .toBe(outcomes(c, 'exportCsv') + (s.matches({ export: 'exporting' }) ? 1 : 0));

  if (s.matches({ data: { loaded: 'confirming' } })) {
    // The question is modal: the list behind it is hidden from assistive technology until it is answered.
    const pending = s.context.pending;
    await list.seeConfirm(pending.length === 1 ? `the ${DEF.label.one} “${rowName(c, s, pending[0]!)}”` : `${pending.length} ${DEF.label.many}`);
    return;
  }
  await expect(list.confirmDialog).toHaveCount(0);
  // A refused delete stays on screen until dismissed; the undo bar says what will go, with Undo while it can.
  await list.seeNotice(s.context.notice);
  await list.seeUndo(s.matches({ data: { loaded: 'undoing' } }) ? 'undo' : s.matches({ data: { loaded: 'deleting' } }) ? 'sending' : 'none');

  if (s.matches({ data: 'loading' })) await list.seeLoading();
  else if (s.matches({ data: 'failed' })) await list.seeFailed(s.context.error ?? '');
  else if (s.matches({ data: 'empty' })) await list.seeEmpty(q.search !== '' || Object.keys(q.filters).length > 0);
  else await list.seeBusy(s.hasTag('busy'));

  if (s.matches({ data: 'loaded' })) {
    const named = s.context.rows.every((r) => r.name !== undefined);
    if (named) await list.seeRows(s.context.rows.map((r) => real(c, String(r.name))));
    else await expect(list.rows().first()).toBeVisible();
    await list.seePage(q.page);
    await list.seeSorted(columnLabel(q.sort), q.dir === 'asc' ? 'ascending' : 'descending');
    await expect(list.perPageSelect()).toHaveValue(String(q.per_page));
    await list.seeSelected(s.context.selected.length);
    if (named) {
      for (const r of s.context.rows) {
        const name = real(c, String(r.name));
        if (s.context.selected.includes(r.id)) await expect(list.checkbox(name)).toBeChecked();
        else await expect(list.checkbox(name)).not.toBeChecked();
        const pending = s.context.pending.includes(r.id);
        await list.seeDeleting(name, !pending ? 'shown' : s.matches({ data: { loaded: 'undoing' } }) ? 'doomed' : 'deleting');
      }
    }
  }

  if (s.context.selected.length === 0) {
    await expect(list.searchBox).toHaveValue(real(c, s.context.searchText));
    await expect(list.filterSelect('Status')).toHaveValue(q.filters.status ?? '');
    if (s.matches({ export: 'exporting' })) await expect(list.exportButton).toHaveAttribute('aria-busy', 'true');
    else await expect(list.exportButton).not.toHaveAttribute('aria-busy', 'true');
  }
}

// ---------------------------------------------------------------- form
const FORM_TITLE = { create: `New ${DEF.label.one}`, edit: `Edit ${DEF.label.one}` } as const;
const fieldLabel = (name: string) => DEF.fields.find((f) => f.name === name)?.label ?? name;

async function execForm(c: Ctx, form: FormPage, e: AnyEventObject, from: FormSnapshot): Promise<void> {
  switch (e.type) {
    case 'field.change':
      return form.fill(fieldLabel(e.name), real(c, String(e.value)));
    case 'form.submit':
      return form.clickSave();
    case 'form.cancel':
      return form.clickCancel();
    case 'form.retry':
      return form.clickRetry(DEF.label.one);
    case 'form.reload':
      return form.conflictButton('Reload').click();
    case 'form.conflict.dismiss':
      return form.conflictButton('Dismiss').click();
    case 'xstate.done.actor.loadRecord': {
      const route = await c.calls.take('record');
      expect(new URL(route.request().url()).pathname).toBe(`${DEF.api}/${c.ids.get(1)}`);
      const res = await route.fetch();
      expect(((await res.json()) as { data: Row }).data.name).toBe(real(c, ORIG));
      await route.fulfill({ response: res });
      return;
    }
    case 'xstate.error.actor.loadRecord': {
      const route = await c.calls.take('record');
      const error = e.error as { status: number; message: string };
      await route.fulfill({ status: error.status, json: { message: error.message } });
      return;
    }
    case 'xstate.done.actor.saveRecord': {
      const route = await c.calls.take('create', 'update');
      expect(route.request().postDataJSON()).toMatchObject({ name: real(c, String(from.context.values.name)) });
      const res = await route.fetch();
      expect(res.status()).toBe(from.context.mode === 'create' ? 201 : 200);
      expect(((await res.json()) as { message: string }).message).toBe((e.output as { message: string }).message);
      await route.fulfill({ response: res });
      return;
    }
    case 'xstate.error.actor.saveRecord': {
      const route = await c.calls.take('create', 'update');
      const error = e.error as { status: number; message: string; errors?: Record<string, string[]> };
      if (error.status === 500) {
        await route.fulfill({ status: 500, json: { message: error.message } });
        return;
      }
      if (error.status === 409) {
        // Someone else saves the record after this form loaded it: the form's version is stale.
        await c.api.update(DEF.api, c.ids.get(1)!, { name: real(c, ORIG), description: 'Changed elsewhere.', status: 'active' });
      }
      const res = await route.fetch();
      const body = (await res.json()) as { message: string; errors?: Record<string, string[]> };
      expect(res.status(), 'the real server refuses it').toBe(error.status);
      if (error.errors) expect(body.errors).toEqual(error.errors);
      else expect(body.message).toBe(error.message);
      await route.fulfill({ response: res });
      return;
    }
    default:
      throw new Error(`no way to make ${e.type} happen on the form`);
  }
}

async function checkForm(c: Ctx, form: FormPage, s: FormSnapshot, event: AnyEventObject, effects: Effect[]): Promise<void> {
  const saves = c.taken.filter((e, i) => e.type === 'form.submit' && (c.steps[i + 1] as FormSnapshot | undefined)?.matches('submitting')).length;
  await expect.poll(() => c.calls.count('create', 'update'), { message: 'save calls: none for a form with errors', intervals: QUICK_POLL }).toBe(saves);
  for (const fx of effects) if (fx.type === 'notify') await c.toasts.seeToast(fx.body, fx.toastType === 'success' ? 'Success' : 'Error');

  const leaving = effects.some((fx) => fx.type === 'goToList' || fx.type === 'finish');
  if (leaving) {
    // The machine asked to go back to the list (or, saved, told navigation it is done); the form stays in its state until it is gone.
    await c.list.seeAddress('');
    await expect(c.list.heading).toBeVisible();
    if (s.matches('saved')) await expect(c.list.row(real(c, String(s.context.values.name)))).toBeVisible();
    return;
  }
  expect(event.type, 'Cancel goes back to the list').not.toBe('form.cancel');

  if (s.matches('loading')) return form.seeLoading(DEF.label.one);
  if (s.matches('loadFailed')) return form.seeLoadFailed(DEF.label.one, s.context.loadError ?? '');
  await form.seeForm();
  // The title names the record as it was loaded (what is typed changes it only once saved).
  if (s.context.recordName) await form.seeTitle(`${FORM_TITLE.edit} ${real(c, s.context.recordName)}`);
  await expect(form.field(fieldLabel('name'))).toHaveValue(real(c, String(s.context.values.name)));
  expect(await c.leave.reloadWouldAsk(), 'unsaved changes make reloading or closing the tab ask first').toBe(selectDirty(s));
  if (s.matches('submitting')) return form.seeSaving();
  await form.seeReady();
  // The shared schema's words for an empty name, as a person reads them under the field.
  if (s.context.values.name === '' && s.context.errors.name) expect(s.context.errors.name).toBe('Enter a name.');
  for (const f of DEF.fields.filter((x) => x.kind === 'text' || x.kind === 'textarea')) {
    const message = s.context.errors[f.name];
    if (message) await form.seeFieldError(f.label, message);
    else await form.seeNoFieldError(f.label);
  }
  await form.seeFormError(s.context.formError);
  await form.seeConflict(s.context.conflict);
  const focus = effects.find((fx): fx is Extract<Effect, { type: 'focusField' }> => fx.type === 'focusField');
  if (focus) await expect(form.field(fieldLabel(focus.name))).toBeFocused();
}

// ---------------------------------------------------------------- the leave prompt
const NAV_HEADING: Record<string, string> = { [LIST_PATH]: 'Brands', [CREATE_PATH]: FORM_TITLE.create, [DASHBOARD_PATH]: 'Dashboard' };
const typedName = (c: Ctx) => `0 ${c.tag} typed`;

async function execNav(c: Ctx, form: FormPage, e: AnyEventObject, from: NavSnapshot, next: AnyEventObject | undefined): Promise<void> {
  switch (e.type) {
    case 'auth.changed':
      // The stored session is confirmed by the server.
      await (await c.calls.take('me')).continue();
      return;
    case 'nav.go':
      if (e.to === CREATE_PATH) return c.page.getByRole('main').getByRole('link', { name: `New ${DEF.label.one}` }).click();
      if (e.to === LIST_PATH) return form.clickCancel();
      // Saving while the question is open: the save is on its way (held) when the menu link is clicked.
      if (next?.type === 'nav.done') await form.clickSave();
      return c.shell.menuLink('Dashboard').click();
    case 'nav.popped':
      await c.page.goBack();
      return;
    case 'nav.block':
      return form.fill('Name', e.blocked ? typedName(c) : '');
    case 'nav.done': {
      // The save finishes while "Leave this page?" is open.
      const route = await c.calls.take('create');
      await route.continue();
      return;
    }
    case 'nav.logout':
      // The test's session is shared by every test: the page's logout call is answered without ending it.
      await c.page.route('**/api/logout', (route) => route.fulfill({ status: 200, json: { message: 'Logged out.' } }));
      return c.shell.clickLogout();
    case 'leave.cancel':
      return c.leave.clickStay();
    case 'leave.confirm':
      return from.context.pendingLogout ? c.leave.clickLogOut() : c.leave.clickLeave();
    default:
      throw new Error(`no way to make ${e.type} happen in the browser`);
  }
}

async function checkNav(c: Ctx, form: FormPage, s: NavSnapshot, effects: Effect[]): Promise<void> {
  if (s.matches('waitingForAuth')) {
    await expect(c.page.getByRole('status', { name: 'Loading' })).toBeVisible();
    return;
  }
  if (effects.some((fx) => fx.type === 'signOut')) {
    // Logged out: the login page, and nothing asks any more.
    await new LoginPage(c.page).seeForm();
    await c.leave.seeClosed();
    expect(await c.leave.reloadWouldAsk()).toBe(false);
    return;
  }
  const { pathname, blocked } = s.context;
  await expect.poll(() => new URL(c.page.url()).pathname, { message: 'the address bar', intervals: QUICK_POLL }).toBe(pathname);
  if (s.matches({ showing: 'confirmingLeave' })) {
    // The question is modal: the page behind it is hidden from assistive technology until it is answered.
    await c.leave.seeOpen(s.context.pendingLogout ? 'logout' : 'page');
    return;
  }
  await c.leave.seeClosed();
  await c.shell.seeHeading(NAV_HEADING[pathname] ?? '');
  expect(await c.leave.reloadWouldAsk(), 'reloading or closing the tab asks first only while blocked').toBe(blocked);
  // Staying keeps what was typed.
  if (pathname === CREATE_PATH) await expect(form.field('Name')).toHaveValue(blocked ? typedName(c) : '');
}

// ================================================================ running a path
let session: { token: string; user: unknown } | undefined;

async function setUp(page: Page, request: import('@playwright/test').APIRequestContext, hold: CallKind[], clock = false): Promise<Ctx> {
  session ??= await apiLogin(request, USERS.admin);
  await seedSessionOnLoad(page, session.token, session.user);
  await withoutAnimations(page);
  if (clock) await page.clock.install();
  const calls = new HeldCalls(page, DEF.api, hold);
  await calls.install();
  return {
    page,
    api: new AdminApi(request, session.token),
    calls,
    list: new ListPage(page, DEF),
    toasts: new Toasts(page),
    shell: new Shell(page),
    leave: new LeaveDialog(page),
    tag: `e2e${Math.random().toString(36).slice(2, 10)}`,
    names: new Map(),
    ids: new Map(),
    address: '',
    taken: [],
    steps: [],
    clock,
    sinceConfirm: 0,
    savesInPage: hold.includes('create'),
  };
}

/** Removes every brand this test made (all carry its tag). */
async function cleanUp(c: Ctx): Promise<void> {
  await c.calls.releaseAll();
  // Records the page may have made are found by the tag; the test's own by their ids.
  const made = c.savesInPage ? (await c.api.list<Row>(DEF.api, { search: c.tag, per_page: '100' })).map((r) => r.id) : [];
  await c.api.bulkDelete(DEF.api, [...new Set([...c.ids.values(), ...made])]);
}

interface Runner<S extends AnySnapshot> {
  twin: ReturnType<typeof twinOf>;
  exec(e: AnyEventObject, from: S, next: AnyEventObject | undefined): Promise<void>;
  check(s: S, e: AnyEventObject, effects: Effect[]): Promise<void>;
}

async function runPath<S extends AnySnapshot>(c: Ctx, path: Path<S>, open: () => Promise<void>, r: Runner<S>): Promise<void> {
  try {
    for (let i = 0; i < path.steps.length; i++) {
      const step = path.steps[i]!;
      await test.step(`${step.event.type}`, async () => {
        // The twin's snapshot, not the model's: the model merges states the page cannot tell
        // apart, the twin has exactly what this path's events made.
        const from = i > 0 ? (r.twin.snapshot() as S) : undefined;
        const effects = from ? r.twin.send(step.event, step.state) : r.twin.start(step.state);
        const state = r.twin.snapshot() as S;
        if (from) {
          await r.exec(step.event, from, path.steps[i + 1]?.event);
          c.taken.push(step.event);
        } else {
          await open();
        }
        c.steps.push(state);
        await r.check(state, step.event, effects);
      });
    }
    r.twin.keep();
  } catch (e) {
    r.twin.drop();
    throw e;
  } finally {
    await cleanUp(c);
  }
}

// ================================================================ the tests
const counts = { list: { paths: 0, passed: 0 }, form: { paths: 0, passed: 0 }, nav: { paths: 0, passed: 0 } };

const listPaths = LIST_MODELS.map((m) => ({
  m,
  paths: [
    ...(pathsOf(modelOf<ListSnapshot, ListInput>(listMachine, m.input, m.events, serializeList) as never, serializeList) as Path<ListSnapshot>[]).map((path) => ({ path, keep: false })),
    ...(m.sequences ?? []).map((events) => ({ path: sequencePath<ListSnapshot>(listMachine, m.input, events), keep: true })),
  ],
}));
const listCovering = coveringPaths(
  listCoverage,
  listPaths.flatMap(({ m, paths }) => paths.map(({ path, keep }) => ({ path, keep, input: m.input, serialize: serializeList as never }))),
);

test.describe('list of brands: the list machine in the browser', () => {
  for (const { m, paths: all } of listPaths) {
    const paths = all.map(({ path }) => path).filter((p) => listCovering.has(p));
    counts.list.paths += paths.length;
    test.describe(m.name, () => {
      for (const path of paths) {
        test(describePath(path as Path<AnySnapshot>) || 'opens', async ({ page, request }) => {
          const c = await setUp(page, request, ['list', 'delete', 'bulkDelete', 'export'], m.clock);
          await Promise.all(
            (m.rows ?? []).map(async (row) => {
              const name = `${c.tag} ${String(row.name)}`;
              const made = await c.api.create<Row>(DEF.api, { name, description: '', status: 'active' });
              c.names.set(String(row.name), name);
              c.ids.set(row.id, made.id);
            }),
          );
          c.address = m.input.search.replaceAll(TAG, c.tag);
          const open = async () => {
            await c.list.open(c.address);
            // The clock flows until paused; once the list asked for its rows it moves only when a step moves it.
            if (!c.clock) return;
            await expect.poll(() => c.calls.count('list'), { message: 'the list asks for its rows', intervals: QUICK_POLL }).toBe(1);
            // A second ahead of the page's own time (under load it can be past the runner's Date.now()).
            await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
          };
          await runPath(c, path, open, {
            twin: twinOf(listCoverage, m.input, serializeList as never),
            exec: (e, from) => execList(c, e, from),
            check: (s, _e, effects) => checkList(c, s, effects),
          });
          counts.list.passed++;
        });
      }
    });
  }
});

const formPaths = FORM_MODELS.map((m) => ({ m, paths: pathsOf(modelOf<FormSnapshot, FormInput>(formMachine, m.input, m.events, serializeForm) as never, serializeForm) as Path<FormSnapshot>[] }));
const formCovering = coveringPaths(
  formCoverage,
  formPaths.flatMap(({ m, paths }) => paths.map((path) => ({ path, input: m.input, serialize: serializeForm as never }))),
);

test.describe('brand form: the form machine in the browser', () => {
  for (const { m, paths: all } of formPaths) {
    const paths = all.filter((p) => formCovering.has(p));
    counts.form.paths += paths.length;
    test.describe(m.name, () => {
      for (const path of paths) {
        test(describePath(path as Path<AnySnapshot>) || 'opens', async ({ page, request }) => {
          const c = await setUp(page, request, ['record', 'create', 'update']);
          c.names.set(UNIQUE, `0 ${c.tag} ${m.input.mode === 'create' ? 'new' : 'renamed'}`);
          let url = CREATE_PATH;
          if (m.input.mode === 'edit') {
            c.names.set(ORIG, `0 ${c.tag} before`);
            const made = await c.api.create<Row>(DEF.api, { name: real(c, ORIG), description: '', status: 'active' });
            c.ids.set(1, made.id);
            url = `${LIST_PATH}/edit/${made.id}`;
          }
          const form = new FormPage(page, FORM_TITLE[m.input.mode]);
          await runPath(c, path, () => page.goto(url).then(() => {}), {
            twin: twinOf(formCoverage, m.input, serializeForm as never),
            exec: (e, from) => execForm(c, form, e, from),
            check: (s, e, effects) => checkForm(c, form, s, e, effects),
          });
          counts.form.passed++;
        });
      }
    });
  }
});

test.describe('leaving a brand form with unsaved changes: the navigation machine in the browser', () => {
  const model = modelOf<NavSnapshot, typeof NAV_INPUT>(navigationMachine, NAV_INPUT, leaveEvents, serializeNav);
  const all = pathsOf(model as never, serializeNav) as Path<NavSnapshot>[];
  const covering = coveringPaths(navCoverage, all.map((path) => ({ path, input: NAV_INPUT, serialize: serializeNav as never })));
  const paths = all.filter((p) => covering.has(p));
  counts.nav.paths += paths.length;
  for (const path of paths) {
    test(describePath(path as Path<AnySnapshot>), async ({ page, request }) => {
      const c = await setUp(page, request, ['me', 'create']);
      const form = new FormPage(page, FORM_TITLE.create);
      await runPath(c, path, () => page.goto(LIST_PATH).then(() => {}), {
        twin: twinOf(navCoverage, NAV_INPUT, serializeNav as never),
        exec: (e, from, next) => execNav(c, form, e, from, next),
        check: (s, _e, effects) => checkNav(c, form, s, effects),
      });
      counts.nav.passed++;
    });
  }
});

test.afterAll(() => {
  // A failed test restarts the worker, so a partial tally would be printed once per restart.
  const ran = counts.list.passed + counts.form.passed + counts.nav.passed;
  if (ran < counts.list.paths + counts.form.paths + counts.nav.paths) {
    console.log(`[e2e coverage] partial run (${ran} paths passed in this worker): not measured`);
    return;
  }
  const list = listCoverage.report();
  const form = formCoverage.report();
  const nav = navCoverage.report();
  const leaveTaken = LEAVE_TRANSITIONS.filter((k) => navCoverage.transitions.has(k));
  console.log(list.line.replace('[coverage]', '[e2e coverage]'));
  console.log(form.line.replace('[coverage]', '[e2e coverage]'));
  console.log(
    `[e2e coverage] navigation, leave prompt: transitions ${leaveTaken.length}/${LEAVE_TRANSITIONS.length}` +
      ` (whole machine: states ${nav.statesCovered}/${nav.statesTotal}, transitions ${nav.transitionsCovered}/${nav.transitionsTotal};` +
      ' the rest is auth and routing, run by auth.model.spec.ts and tests/model/navigation.model.test.ts)',
  );
  // Only a full, green run can claim its coverage (a filtered or failing run leaves edges out).
  if (counts.list.passed === counts.list.paths && list.missingTransitions.length + list.missingStates.length > 0) {
    throw new Error(`list edges not taken in the browser: ${[...list.missingStates, ...list.missingTransitions].join(', ')}`);
  }
  if (counts.form.passed === counts.form.paths && form.missingTransitions.length + form.missingStates.length > 0) {
    throw new Error(`form edges not taken in the browser: ${[...form.missingStates, ...form.missingTransitions].join(', ')}`);
  }
  if (counts.nav.passed === counts.nav.paths && leaveTaken.length < LEAVE_TRANSITIONS.length) {
    throw new Error(`leave prompt edges not taken: ${LEAVE_TRANSITIONS.filter((k) => !leaveTaken.includes(k)).join(', ')}`);
  }
});
