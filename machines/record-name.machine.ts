import { assign, fromPromise, setup } from 'xstate';

/**
 * The name of a record a page is about but does not load itself: the attribute whose values a
 * list shows ("Values of Size"). Loaded once and told to whoever titles the page (provided:
 * the navigation machine's `page.named`). A page that loads its record (an edit form) names it
 * from there instead. Without a name the page keeps its plain title, and says nothing: the
 * page's own list or form shows any error that matters.
 */
export const recordNameMachine = setup({
  types: {
    context: {} as { id: string; name: string | null },
    input: {} as { id: string },
  },
  actors: {
    loadName: fromPromise<string | null, { id: string }>(async () => {
      throw new Error('loadName is provided by the app');
    }),
  },
  actions: {
    /** Tell whoever titles the page (provided: navigation). */
    tell: (_, _p: { name: string }) => {},
  },
  guards: {
    hasName: ({ event }) => {
      const name = (event as unknown as { output: unknown }).output;
      return typeof name === 'string' && name.trim() !== '';
    },
  },
}).createMachine({
  id: 'recordName',
  context: ({ input }) => ({ id: input.id, name: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The record is asked for its name.',
      invoke: {
        id: 'loadName',
        src: 'loadName',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: 'hasName',
            target: 'named',
            actions: [assign({ name: ({ event }) => event.output!.trim() }), { type: 'tell', params: ({ context }) => ({ name: context.name! }) }],
          },
          { target: 'unnamed' },
        ],
        onError: 'unnamed',
      },
    },
    named: { description: 'The page is titled with the name.', type: 'final' },
    unnamed: { description: 'No name (none stored, or it could not be loaded): the plain title stays.', type: 'final' },
  },
});
