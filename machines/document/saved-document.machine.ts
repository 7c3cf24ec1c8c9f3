import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { DocState } from './kind.ts';

/** A saved document as GET {base}/{id} answers it, with its ETag (a change to it is sent If-Match). */
export type SavedDocument = DocState & { reference?: string; etag?: string };

export interface SavedDocumentContext {
  id: string;
  doc: SavedDocument | null;
  error: string | null;
}

export type SavedDocumentEvent = { type: 'record.retry' };

/**
 * A saved document for its page, until the page's lifecycle machine takes it over: shown at
 * once when the page's loader got it (input `data`: the server drew the page with it, and the
 * browser must not ask again), else loading; failed with a retry. Names the page (the title
 * says its reference) once it has the document, however it came. Kind-neutral: the kind's API
 * comes in by the provided `loadDocument`.
 *
 * The record machine's shape (machines/record.machine.ts), kept here because that one serves
 * other pages and is changed apart from the documents; when it takes its first data the same
 * way, this one can become its `.provide()` again.
 */
export const savedDocumentMachine = setup({
  types: {
    context: {} as SavedDocumentContext,
    input: {} as {
      id: string;
      /** The document as the page's loader got it: shown at once, without loading. */
      data?: SavedDocument | undefined;
    },
    events: {} as SavedDocumentEvent,
  },
  actors: {
    loadDocument: fromPromise<SavedDocument, { id: string }>(async () => {
      throw new Error('loadDocument is provided by the app');
    }),
  },
  actions: {
    /** The page's title says the document's reference (provided: navigation's `page.named`). */
    nameDocument: (_, _p: { doc: SavedDocument }) => {},
  },
  guards: {
    given: ({ context }) => context.doc !== null,
  },
}).createMachine({
  id: 'savedDocument',
  context: ({ input }) => ({ id: input.id, doc: input.data ?? null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'The page was loaded with the document, or it must be asked for.',
      always: [{ guard: 'given', target: 'shown' }, { target: 'loading' }],
    },
    loading: {
      description: 'The document is on its way.',
      tags: ['busy'],
      invoke: {
        id: 'loadDocument',
        src: 'loadDocument',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'shown', actions: assign({ doc: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => (event.error as { message?: string })?.message || 'It could not be loaded.' }) },
      },
    },
    shown: {
      description: 'The document is shown; its page machine holds it from here on.',
      entry: { type: 'nameDocument', params: ({ context }) => ({ doc: context.doc! }) },
    },
    failed: {
      description: 'Loading failed; the message and a retry button are shown.',
      tags: ['error'],
      on: { 'record.retry': 'loading' },
    },
  },
});

export type SavedDocumentSnapshot = SnapshotFrom<typeof savedDocumentMachine>;
export const selectSavedDocument = (s: SavedDocumentSnapshot) => ({
  phase: s.matches('failed') ? ('failed' as const) : s.matches('shown') ? ('shown' as const) : ('loading' as const),
  doc: s.context.doc,
  error: s.context.error,
});
