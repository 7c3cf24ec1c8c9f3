import { assign, fromPromise, setup } from 'xstate';

export interface RecordContext {
  id: string;
  data: Record<string, unknown> | null;
  error: string | null;
}

export type RecordEvent = { type: 'record.retry' } | { type: 'record.reload' };

/**
 * One record shown read-only (a product's own page): loading, shown, failed with a retry;
 * reloaded when something changed it (an adjustment). Names the page once loaded.
 */
export const recordMachine = setup({
  types: { context: {} as RecordContext, input: {} as { id: string }, events: {} as RecordEvent },
  actors: {
    loadRecord: fromPromise<Record<string, unknown>, { id: string }>(async () => {
      throw new Error('loadRecord is provided by the app');
    }),
  },
  actions: {
    /** The page's title says the record's name (provided: navigation's `page.named`). */
    nameRecord: (_, _p: { data: Record<string, unknown> }) => {},
  },
}).createMachine({
  id: 'record',
  context: ({ input }) => ({ id: input.id, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The record is on its way.',
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'shown',
          actions: [assign({ data: ({ event }) => event.output, error: null }), { type: 'nameRecord', params: ({ event }) => ({ data: event.output }) }],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => (event.error as { message?: string })?.message || 'It could not be loaded.' }) },
      },
    },
    shown: {
      description: 'The record is shown.',
      on: { 'record.reload': 'loading' },
    },
    failed: {
      description: 'Loading failed; the message and a retry button are shown.',
      tags: ['error'],
      on: { 'record.retry': 'loading' },
    },
  },
});

export type RecordSnapshot = import('xstate').SnapshotFrom<typeof recordMachine>;
export const selectRecord = (s: RecordSnapshot) => ({
  phase: s.matches('failed') ? ('failed' as const) : s.context.data ? ('shown' as const) : ('loading' as const),
  data: s.context.data,
  error: s.context.error,
  busy: s.hasTag('busy'),
});
