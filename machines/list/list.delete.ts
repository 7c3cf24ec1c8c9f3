import { and, assign, stateIn } from 'xstate';
import { isChoosable, LIST_MESSAGES, failureMessage, listSetup, syncUrl, type ListContext, type DeleteTarget } from './list.setup.ts';

/**
 * Rows shown: selecting them (on this page, or every record the query matches), and deleting
 * with a question first, then a few seconds to undo, then the request. A delete is only sent
 * when the undo window has passed, or at once when the person moves on (another page of the
 * list, another order or filter, another screen).
 */

/** What deleting the selection removes: the selected rows, or everything the query matches (as counted). */
const selectionTarget = (c: ListContext): DeleteTarget =>
  c.allMatching ? { matching: { search: c.query.search, filters: c.query.filters }, count: c.meta?.total ?? 0 } : { ids: c.selected };

/** While a delete is asked or sent the list stays as it is. */
const IGNORED_WHILE_DELETING = {
  'list.page': {},
  'list.perPage': {},
  'list.sort': {},
  'list.filter': {},
  'list.range': {},
  'list.search.submit': {},
  'list.search.clear': {},
  'list.reload': {},
  'list.clear': {},
  'saved.apply': {},
} as const;

/**
 * While a delete waits for its undo window, moving on sends it now and then shows what was asked
 * for: the request's answer reloads the list with the new query (see `deleting`). A search typed
 * meanwhile waits instead (typing is not moving on): idle applies it.
 */
const SENT_BY_MOVING_ON = {
  'list.page': { target: 'deleting', actions: ['setPage', syncUrl] },
  'list.perPage': { target: 'deleting', actions: ['setPerPage', syncUrl] },
  'list.sort': { target: 'deleting', actions: ['toggleSort', syncUrl] },
  'list.filter': { target: 'deleting', actions: ['setFilter', syncUrl] },
  'list.range': { target: 'deleting', actions: ['setRange', syncUrl] },
  'list.search.clear': { guard: 'hasSearch', target: 'deleting', actions: ['clearSearch', syncUrl] },
  'list.reload': { target: 'deleting' },
  'list.clear': { target: 'deleting', actions: ['clearQuery', syncUrl] },
  'saved.apply': { guard: 'isSavedFilter', target: 'deleting', actions: ['applySavedFilter', syncUrl] },
  // The browser already shows the new address.
  'list.urlChanged': { guard: 'urlDiffers', target: 'deleting', actions: 'followUrl' },
  'list.search.submit': {},
} as const;

export const loadedStates = listSetup.createStateConfig({
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
            allMatching: false,
          }),
        },
        'rows.toggleAll': {
          guard: 'hasSelectableRows',
          actions: assign({
            selected: ({ context }) => {
              const ids = context.rows.filter(isChoosable(context)).map((r) => r.id);
              return ids.every((id) => context.selected.includes(id)) ? [] : ids;
            },
            allMatching: false,
          }),
        },
        'selection.all': { guard: 'canSelectAllMatching', actions: assign({ allMatching: true }) },
        'selection.clear': { actions: 'clearSelection' },
        'row.delete': {
          guard: 'isDeletable',
          target: 'confirming',
          actions: assign({ pending: ({ event }) => [event.id], target: ({ event }) => ({ ids: [event.id] }) }),
        },
        'rows.deleteSelected': {
          guard: 'hasSelection',
          target: 'confirming',
          actions: assign({ pending: ({ context }) => context.selected, target: ({ context }) => selectionTarget(context) }),
        },
      },
    },
    confirming: {
      description: '"Are you sure want to delete?" is open. Cancelling sends nothing.',
      on: {
        'delete.cancel': { target: 'idle', actions: 'forgetPending' },
        'delete.confirm': { target: 'undoing', actions: assign({ notice: null }) },
        ...IGNORED_WHILE_DELETING,
      },
    },
    undoing: {
      description: 'Confirmed: the rows say they will be deleted, with Undo; nothing is sent until the window passes or the person moves on.',
      after: { undoWindow: 'deleting' },
      on: {
        'delete.undo': { target: 'idle', actions: 'forgetPending' },
        'list.leave': {
          target: 'idle',
          actions: [{ type: 'deleteInBackground', params: ({ context }) => ({ target: context.target!, failed: LIST_MESSAGES.delete }) }, 'forgetPending'],
        },
        ...SENT_BY_MOVING_ON,
      },
    },
    deleting: {
      description: 'The delete request is on its way; its rows show "Deleting…".',
      tags: ['busy'],
      // The request is on its way: a back button meanwhile is undone when it ends (syncUrl).
      on: { ...IGNORED_WHILE_DELETING, 'list.urlChanged': {} },
      invoke: {
        id: 'deleteRows',
        src: 'deleteRows',
        input: ({ context }) => context.target!,
        onDone: {
          target: '#list.data.reloading',
          actions: [
            { type: 'notify', params: ({ event }) => ({ toastType: 'success', body: event.output.message }) },
            assign(({ context }) => ({
              rows: context.rows.filter((r) => !context.pending.includes(r.id)),
              selected: [],
              allMatching: false,
              pending: [],
              target: null,
            })),
            // Whatever was typed in the search box meanwhile is applied with the reload.
            'commitSearch',
            syncUrl,
          ],
        },
        onError: [
          {
            // The list moved on while the delete was sent: show what it asks for now (a search typed meanwhile too).
            guard: 'queryMoved',
            target: '#list.data.reloading',
            actions: [assign({ notice: ({ event }) => failureMessage(event.error, LIST_MESSAGES.delete) }), 'forgetPending', 'commitSearch', syncUrl],
          },
          {
            // The rows were never taken away: they simply stop saying "Deleting…"; why stays on screen.
            target: 'idle',
            actions: [assign({ notice: ({ event }) => failureMessage(event.error, LIST_MESSAGES.delete) }), 'forgetPending', syncUrl],
          },
        ],
      },
    },
  },
});
