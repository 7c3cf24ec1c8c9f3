import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Layout } from '../domain/routes.ts';

/** SPEC §9: a page whose code has not arrived after 120 s counts as failed. */
export const SCREEN_TIMEOUT_MS = 120_000;
export const SCREEN_MESSAGES = { timeout: 'The page took too long to load.', failed: 'The page could not be loaded.' } as const;

/** The page to get ready: which screen, at which address, in which layout. */
export interface ScreenRequest {
  pathname: string;
  search: string;
  /** The route's screen key (`list:customers`), or `notFound`/`forbidden`. */
  screen: string;
  layout: Layout;
  params: Record<string, string>;
}

export interface ScreenContext {
  /** The page being made ready, or ready; null before the first. */
  request: ScreenRequest | null;
  /** What the page's loader returned (src/pages/index.ts), for its view; undefined while loading or for a page without one. */
  data: unknown;
  error: string | null;
}

/** A page that is ready already: the one the server drew, with the data it drew it with. */
export interface ShownScreen {
  request: ScreenRequest;
  data: unknown;
}

export type ScreenEvent =
  /** Navigation shows this page, or (a stored session being checked) expects to show it. */
  { type: 'screen.show' } & ScreenRequest;

/**
 * What the shown page needs before it can be drawn: its code (the screen's chunks and the
 * shell's) and what its loader gets from the API (src/pages/index.ts). Getting them is a state,
 * so the view draws only code that is here, with its data (no Suspense, no fallback throttle),
 * and shows a spinner only while a person really waits. The same page asked again (another
 * query of the same list, a stored session's page confirmed by /me) keeps what it has. A page
 * the server drew starts ready, with the data it was drawn with (input `shown`). Loading is
 * injected.
 */
export const screenMachine = setup({
  types: {
    context: {} as ScreenContext,
    events: {} as ScreenEvent,
    input: {} as { shown?: ShownScreen | undefined } | undefined,
  },
  actors: {
    /** Loads the page's code and runs its loader; answers the loader's data (provided: src/pages/screen-loader.ts). */
    loadScreen: fromPromise<unknown, ScreenRequest>(async () => {
      throw new Error('loadScreen is provided by the app');
    }),
  },
  delays: { screenTimeout: SCREEN_TIMEOUT_MS },
  guards: {
    /** The same page again, not failed: what it has stays (its list follows the address bar itself). */
    isSamePage: ({ context, event }) => context.request?.pathname === event.pathname && context.request.screen === event.screen,
    isShown: ({ context }) => context.request !== null,
  },
  actions: {
    take: assign(({ event }) => {
      const { type: _, ...request } = event;
      return { request, data: undefined, error: null };
    }),
  },
}).createMachine({
  id: 'screen',
  context: ({ input }) => ({ request: input?.shown?.request ?? null, data: input?.shown?.data, error: null }),
  initial: 'idle',
  on: {
    'screen.show': [
      { guard: 'isSamePage', target: undefined },
      { target: '.loading', reenter: true, actions: 'take' },
    ],
  },
  states: {
    idle: {
      description: 'No page asked for yet (the stored session is being checked, or nothing is stored).',
      always: { guard: 'isShown', target: 'ready' },
    },
    loading: {
      description: "The page's code is on its way (and a list's first page, asked at the same time).",
      tags: ['busy'],
      invoke: {
        id: 'loadScreen',
        src: 'loadScreen',
        input: ({ context }) => context.request!,
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: SCREEN_MESSAGES.failed }) },
      },
      after: { screenTimeout: { target: 'failed', actions: assign({ error: SCREEN_MESSAGES.timeout }) } },
    },
    ready: { description: "The page's code is here: the view draws it." },
    failed: {
      description: "The page's code did not come (lost connection, a new deploy): the page offers a reload.",
      tags: ['error'],
      on: {
        // Asking for the same page again is the way to retry it.
        'screen.show': { target: 'loading', reenter: true, actions: 'take' },
      },
    },
  },
});

export type ScreenActor = ActorRefFrom<typeof screenMachine>;
type ScreenSnapshot = SnapshotFrom<typeof screenMachine>;

export type ScreenPhase = 'ready' | 'loading' | 'failed';

/** How far the page at `pathname` is: drawn, on its way, or failed (with why). */
export const selectScreenPhase =
  (pathname: string) =>
  (s: ScreenSnapshot): ScreenPhase => {
    if (s.context.request?.pathname !== pathname || s.matches('idle')) return 'loading';
    return s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading';
  };
export const selectScreenError = (s: ScreenSnapshot) => s.context.error ?? SCREEN_MESSAGES.failed;
/** What the loader of the page at `pathname` returned, once it is ready. */
export const selectScreenData =
  (pathname: string) =>
  (s: ScreenSnapshot): unknown =>
    s.context.request?.pathname === pathname && s.matches('ready') ? s.context.data : undefined;
