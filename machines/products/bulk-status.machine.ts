import { fromPromise, setup } from 'xstate';
import type { Notice } from '../toast/toast.constants.ts';

export type ProductStatus = 'active' | 'inactive';
export type BulkStatusEvent = { type: 'bulk.status'; ids: number[]; status: ProductStatus };

export const BULK_STATUS_MESSAGES = { failed: 'No product was changed. Check the connection and try again.' } as const;

/**
 * The products list's "Make active" / "Make inactive" for the selected rows: one request at a
 * time (at most 100 ids, as the server takes), then the list reloads and the selection clears.
 */
export const bulkStatusMachine = setup({
  types: { events: {} as BulkStatusEvent },
  actors: {
    setStatus: fromPromise<{ message: string }, { ids: number[]; status: ProductStatus }>(async () => {
      throw new Error('setStatus is provided by the app');
    }),
  },
  actions: {
    notify: (_, _n: Notice) => {},
    /** The list shows the new statuses (provided: the list's `selection.clear` and `list.reload`). */
    listChanged: () => {},
  },
  guards: {
    hasIds: ({ event }) => event.ids.length > 0 && event.ids.length <= 100,
  },
}).createMachine({
  id: 'bulkStatus',
  initial: 'idle',
  states: {
    idle: {
      description: 'The buttons can be pressed while rows are selected.',
      on: { 'bulk.status': { guard: 'hasIds', target: 'updating' } },
    },
    updating: {
      description: 'The change is on its way; the buttons are busy.',
      tags: ['busy'],
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ event }) => {
          const e = event as BulkStatusEvent;
          return { ids: e.ids, status: e.status };
        },
        onDone: { target: 'idle', actions: [{ type: 'notify', params: ({ event }) => ({ toastType: 'success', body: event.output.message }) }, 'listChanged'] },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => ({ toastType: 'error', body: (event.error as { message?: string })?.message || BULK_STATUS_MESSAGES.failed }) },
        },
      },
    },
  },
});
