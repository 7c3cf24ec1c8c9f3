import { assign } from 'xstate';
import { savedQueryString } from '../../domain/list-query.ts';
import { failureMessage, LIST_MESSAGES, listSetup, nameProblem } from './list.setup.ts';

/**
 * The person's own settings of this list, kept on the server per user (they follow the person
 * to any browser, and the next person on this one never sees them): which columns they hid, and
 * their named filters. They load beside the first page, never before it.
 */

export const settingsRegion = listSetup.createStateConfig({
  description: "The person's columns and saved filters of this list.",
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startsWithSettings', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            // Columns chosen while the settings were on their way win (they are being saved).
            hidden: context.columnsTouched ? context.hidden : event.output.hidden_columns,
            saved: event.output.saved_filters,
          })),
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The settings could not be loaded: every column shows, saved filters are not offered but to retry.',
      on: { 'settings.retry': 'loading' },
    },
    ready: { description: 'Columns and saved filters are the person’s.' },
  },
});

export const columnsRegion = listSetup.createStateConfig({
  description: 'The column chooser: each change is shown at once and saved for this person.',
  initial: 'idle',
  states: {
    idle: { on: { 'columns.toggle': { guard: 'canToggleColumn', target: 'saving', actions: 'toggleColumn' } } },
    saving: {
      // Another change meanwhile restarts the save with the newest choice; the older answer is dropped.
      on: { 'columns.toggle': { guard: 'canToggleColumn', target: 'saving', reenter: true, actions: 'toggleColumn' } },
      invoke: {
        id: 'saveColumns',
        src: 'saveColumns',
        input: ({ context }) => ({ hidden: context.hidden }),
        onDone: 'idle',
        onError: { target: 'idle', actions: { type: 'notify', params: { toastType: 'error', body: LIST_MESSAGES.columns } } },
      },
    },
  },
});

export const savedRegion = listSetup.createStateConfig({
  description: "Saving the list's search and filters under a name, and deleting a saved one.",
  initial: 'idle',
  states: {
    idle: {
      on: {
        'saved.new': { guard: 'settingsReady', target: 'naming', actions: assign({ savedError: null }) },
        'saved.remove': {
          guard: 'isSavedFilter',
          target: 'removing',
          actions: assign({ removing: ({ context, event }) => context.saved.find((f) => f.id === event.id) ?? null }),
        },
      },
    },
    naming: {
      description: '"Save this filter" asks for a name.',
      on: {
        'saved.cancel': { target: 'idle', actions: assign({ savedError: null }) },
        'saved.create': [
          { guard: 'isValidName', target: 'saving', actions: assign({ savedError: null }) },
          { actions: assign({ savedError: ({ event }) => nameProblem(event.name) }) },
        ],
      },
    },
    saving: {
      description: 'The named filter is being saved; the dialog waits.',
      tags: ['savingFilter'],
      invoke: {
        id: 'createSavedFilter',
        src: 'createSavedFilter',
        input: ({ context, event }) => ({
          name: event.type === 'saved.create' ? event.name.trim() : '',
          query: savedQueryString(context.spec, context.query),
        }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => {
              const { message: _m, ...saved } = event.output;
              return { saved: [...context.saved, saved].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id) };
            }),
            { type: 'notify', params: ({ event }) => ({ toastType: 'success', body: event.output.message }) },
          ],
        },
        // The name is taken, or the connection failed: the dialog stays open, saying why.
        onError: { target: 'naming', actions: assign({ savedError: ({ event }) => failureMessage(event.error, LIST_MESSAGES.saveFilter) }) },
      },
    },
    removing: {
      description: 'A saved filter is being deleted.',
      invoke: {
        id: 'removeSavedFilter',
        src: 'removeSavedFilter',
        input: ({ context }) => ({ id: context.removing?.id ?? 0 }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({ saved: context.saved.filter((f) => f.id !== context.removing?.id), removing: null })),
            { type: 'notify', params: ({ event }) => ({ toastType: 'success', body: event.output.message }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ removing: null }),
            { type: 'notify', params: ({ event }) => ({ toastType: 'error', body: failureMessage(event.error, LIST_MESSAGES.removeSaved) }) },
          ],
        },
      },
    },
  },
});
