import { assign, fromPromise, setup } from 'xstate';
import { arrange, type PaletteItem, type SearchAnswer, type SearchGroup } from '../../domain/search.ts';
import { isRequestFailure } from '../auth.machine.ts';

export interface SearchContext {
  /** What is typed. */
  q: string;
  /** The signed-in person's permissions: which actions and screens the palette offers. */
  held: readonly string[];
  /** The server's groups for `q` (none until they come). */
  groups: SearchGroup[];
  /** The one list the arrows walk: exact records first, then actions, screens and records (domain/search.ts). */
  items: PaletteItem[];
  active: number;
  /** Enter came before the answer (a scanner types and presses Enter at once): the first result is opened when it comes. */
  choosing: boolean;
  error: string | null;
}

export type SearchEvent =
  | { type: 'search.open' }
  | { type: 'search.close' }
  | { type: 'search.session'; permissions: readonly string[] }
  | { type: 'search.type'; q: string }
  | { type: 'search.move'; by: number }
  /** Enter or a click: the active item, or the one at `index`. */
  | { type: 'search.choose'; index?: number }
  | { type: 'search.retry' };

const OFFLINE = 'You are offline. Search again once the connection is back.';
const failureMessage = (e: unknown) => (isRequestFailure(e) && e.message) || 'The search did not answer. Try again.';
const isOfflineError = (e: unknown) => !isRequestFailure(e) || e.status === 0;

/**
 * The top bar's search and Ctrl+K (PRODUCT §4): a palette that asks the server once typing
 * pauses, lists the answer with the actions and screens the person may open, and opens what is
 * chosen (provided: `visit`, the navigation actor's `nav.go`). A scanner's Enter before the
 * answer opens the first result (an exact barcode) once it comes. The HTTP call is `runSearch`.
 */
export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as { held?: readonly string[] },
  },
  actors: {
    runSearch: fromPromise<SearchAnswer, { q: string }>(async () => {
      throw new Error('runSearch is provided by the app');
    }),
  },
  delays: { searchDebounce: 200 },
  actions: {
    /** Open an address (provided: navigation). */
    visit: (_, _p: { href: string }) => {},
    reset: assign(({ context }) => ({ q: '', groups: [], items: arrange('', context.held, []), active: 0, choosing: false, error: null })),
    setQ: assign(({ context, event }) => {
      const q = event.type === 'search.type' ? event.q : context.q;
      return { q, groups: [], items: arrange(q, context.held, []), active: 0, choosing: false, error: null };
    }),
    setHeld: assign(({ context, event }) => {
      const held = event.type === 'search.session' ? event.permissions : context.held;
      return { held, items: arrange(context.q, held, context.groups) };
    }),
    move: assign(({ context, event }) => {
      const n = context.items.length;
      const by = event.type === 'search.move' ? event.by : 0;
      return { active: n ? (context.active + by + n) % n : 0 };
    }),
    answer: assign(({ context }, groups: SearchGroup[]) => ({ groups, items: arrange(context.q, context.held, groups), active: 0, error: null })),
    fail: assign(({ event }) => {
      const error = (event as unknown as { error: unknown }).error;
      return { error: isOfflineError(error) ? OFFLINE : failureMessage(error), choosing: false };
    }),
    markChoosing: assign({ choosing: true }),
  },
  guards: {
    isBlank: ({ event }) => event.type === 'search.type' && event.q.trim() === '',
    isSameText: ({ context, event }) => event.type === 'search.type' && event.q.trim() === context.q.trim(),
    hasChoice: ({ context, event }) => event.type === 'search.choose' && !!context.items[event.index ?? context.active],
    isOffline: ({ event }) => isOfflineError((event as unknown as { error: unknown }).error),
    opensFirst: ({ context }, groups: SearchGroup[]) => context.choosing && arrange(context.q, context.held, groups).length > 0,
  },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({ q: '', held: input.held ?? [], groups: [], items: [], active: 0, choosing: false, error: null }),
  initial: 'closed',
  on: {
    'search.session': { actions: 'setHeld' },
  },
  states: {
    closed: {
      description: 'The palette is shut.',
      on: { 'search.open': { target: 'open', actions: 'reset' } },
    },
    open: {
      description: 'The palette is open: typing searches, arrows move, Enter opens, Esc shuts it.',
      initial: 'idle',
      on: {
        'search.close': 'closed',
        'search.type': [
          // A key that changes nothing searched (Shift, a trailing space): keep what is shown.
          { guard: 'isSameText', actions: assign({ q: ({ event }) => event.q }) },
          { guard: 'isBlank', target: '.idle', actions: 'setQ' },
          { target: '.debouncing', actions: 'setQ' },
        ],
        'search.move': { actions: 'move' },
        'search.choose': {
          guard: 'hasChoice',
          target: 'closed',
          actions: { type: 'visit', params: ({ context, event }) => ({ href: context.items[event.index ?? context.active]!.href }) },
        },
      },
      states: {
        idle: { description: 'Nothing typed: the actions the person may start.' },
        debouncing: {
          description: 'Typing: the search is sent once it pauses.',
          after: { searchDebounce: 'querying' },
          on: { 'search.choose': { target: 'querying', actions: 'markChoosing' } },
        },
        querying: {
          description: 'The server is asked; an Enter now opens the first result when it comes.',
          tags: ['busy'],
          invoke: {
            id: 'runSearch',
            src: 'runSearch',
            input: ({ context }) => ({ q: context.q.trim() }),
            onDone: [
              {
                guard: { type: 'opensFirst', params: ({ event }) => event.output.groups },
                target: '#search.closed',
                actions: [{ type: 'answer', params: ({ event }) => event.output.groups }, { type: 'visit', params: ({ context }) => ({ href: context.items[0]!.href }) }],
              },
              { target: 'results', actions: [{ type: 'answer', params: ({ event }) => event.output.groups }, assign({ choosing: false })] },
            ],
            onError: [
              { guard: 'isOffline', target: 'offline', actions: 'fail' },
              { target: 'failed', actions: 'fail' },
            ],
          },
          on: { 'search.choose': { actions: 'markChoosing' } },
        },
        results: { description: 'The answer is shown with the actions and screens that match.' },
        failed: {
          description: 'The server refused or failed: its message, and a retry.',
          tags: ['error'],
          on: { 'search.retry': 'querying' },
        },
        offline: {
          description: 'No connection: said so, with a retry; the actions and screens still work.',
          tags: ['error'],
          on: { 'search.retry': 'querying' },
        },
      },
    },
  },
});
