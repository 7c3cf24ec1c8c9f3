import { assign, fromPromise, setup } from 'xstate';

export interface RecordContext {
  id: string;
  data: Record<string, unknown> | null;
  error: string | null;
}

export type RecordEvent = { type: 'record.retry' } | { type: 'record.reload' } | { type: 'record.print' } | { type: 'record.download' };

/** The page is titled with the record's name. */
const nameTheRecord = { type: 'nameRecord', params: ({ context }: { context: RecordContext }) => ({ data: context.data ?? {} }) } as const;

/**
 * One record shown read-only (a product's own page): shown at once when its page's loader got
 * it (input `data`), else loading; failed with a retry; reloaded when something changed it (an
 * adjustment). Names the page once it has the record, however it came.
 */
export const recordMachine = setup({
  types: {
    context: {} as RecordContext,
    input: {} as {
      id: string;
      /** The record as the page's loader got it: shown at once, without loading. */
      data?: Record<string, unknown> | undefined;
    },
    events: {} as RecordEvent,
  },
  actors: {
    loadRecord: fromPromise<Record<string, unknown>, { id: string }>(async () => {
      throw new Error('loadRecord is provided by the app');
    }),
    /** Fetch the record as a file and hand it to the browser (an invoice's PDF); provided where a page offers it. */
    downloadRecord: fromPromise<void, { id: string }>(async () => {
      throw new Error('downloadRecord is provided by the app');
    }),
  },
  actions: {
    /** The page's title says the record's name (provided: navigation's `page.named`). */
    nameRecord: (_, _p: { data: Record<string, unknown> }) => {},
    /** Open the browser's print dialog on the shown record (provided: window.print; an invoice's page). */
    print: () => {},
    /** Say the download failed (provided: a toast). */
    downloadFailed: (_, _p: { error: unknown }) => {},
  },
  guards: {
    hasRecord: ({ context }) => context.data !== null,
  },
}).createMachine({
  id: 'record',
  context: ({ input }) => ({ id: input.id, data: input.data ?? null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'The page gave the record, or it must be loaded.',
      always: [{ guard: 'hasRecord', target: 'shown', actions: nameTheRecord }, { target: 'loading' }],
    },
    loading: {
      description: 'The record is on its way.',
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'shown',
          actions: [assign({ data: ({ event }) => event.output, error: null }), nameTheRecord],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => (event.error as { message?: string })?.message || 'It could not be loaded.' }) },
      },
    },
    shown: {
      description: 'The record is shown; it can be printed, and downloaded as a file one download at a time.',
      on: { 'record.reload': 'loading', 'record.print': { actions: 'print' } },
      initial: 'idle',
      states: {
        idle: { on: { 'record.download': 'downloading' } },
        downloading: {
          tags: ['downloading'],
          invoke: {
            src: 'downloadRecord',
            input: ({ context }) => ({ id: context.id }),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'downloadFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
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

/** What a printable record's buttons may do now: Print (it is shown), Download (shown, no download under way). */
export const selectRecordCan = (s: RecordSnapshot) => ({ print: s.can({ type: 'record.print' }), download: s.can({ type: 'record.download' }), downloading: s.hasTag('downloading') });
