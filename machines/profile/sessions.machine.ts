import { assign, fromPromise, setup } from 'xstate';
import type { SignedInSession } from '../../domain/sessions.ts';
import type { Notice } from '../toast/toast.constants.ts';

/**
 * The profile's list of the person's signed-in sessions: start from what the page loaded (or
 * load), sign out one other session at a time, or — after asking — every other one. A session
 * that has ended already (404) is simply gone from the list. After the password changes (which
 * ends the other sessions on the server) the parent sends `sessions.reload`. HTTP and toasts are
 * injected.
 */

interface Failure {
  status?: number;
  message?: string;
}

export interface SessionsContext {
  sessions: SignedInSession[];
  /** The session being signed out, while it is. */
  ending: number | null;
  /** Why the last load or sign-out failed; the next attempt clears it. */
  error: string | null;
}

export type SessionsEvent =
  | { type: 'session.signOut'; id: number }
  | { type: 'sessions.signOutOthers' }
  | { type: 'sessions.signOutOthers.confirm' }
  | { type: 'sessions.signOutOthers.cancel' }
  | { type: 'sessions.retry' }
  | { type: 'sessions.reload' };

const messageOf = (e: unknown) => (e as Failure | undefined)?.message || 'Something went wrong. Try again.';
const without = (list: SignedInSession[], id: number | null) => list.filter((s) => s.id !== id);

export const sessionsMachine = setup({
  types: {
    context: {} as SessionsContext,
    input: {} as { sessions?: SignedInSession[] | undefined },
    events: {} as SessionsEvent,
  },
  actors: {
    loadSessions: fromPromise<SignedInSession[]>(async () => {
      throw new Error('loadSessions is provided by the app');
    }),
    endSession: fromPromise<{ message: string }, { id: number }>(async () => {
      throw new Error('endSession is provided by the app');
    }),
    endOtherSessions: fromPromise<{ message: string }>(async () => {
      throw new Error('endOtherSessions is provided by the app');
    }),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    dropEnding: assign(({ context }) => ({ sessions: without(context.sessions, context.ending), ending: null })),
  },
  guards: {
    held: ({ context }) => context.sessions.length > 0,
    isOther: ({ context, event }) => event.type === 'session.signOut' && context.sessions.some((s) => s.id === event.id && !s.current),
    hasOthers: ({ context }) => context.sessions.some((s) => !s.current),
    isGone: ({ event }) => (event as { error?: Failure }).error?.status === 404,
  },
}).createMachine({
  id: 'sessions',
  context: ({ input }) => ({ sessions: input.sessions ?? [], ending: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'held', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      description: 'The sessions are on their way.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        onDone: { target: 'ready', actions: assign({ sessions: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    loadFailed: {
      description: 'The list could not be loaded; the message and a retry button are shown.',
      tags: ['error'],
      on: { 'sessions.retry': 'loading' },
    },
    ready: {
      description: 'The sessions are listed, this device first.',
      initial: 'idle',
      // Whatever was under way is answered by the fresh list.
      on: { 'sessions.reload': { target: '.reloading', actions: assign({ ending: null }) } },
      states: {
        idle: {
          description: 'Each other session offers Sign out; Sign out everywhere else when there is one.',
          on: {
            'session.signOut': { guard: 'isOther', target: 'signingOut', actions: assign({ ending: ({ event }) => event.id, error: null }) },
            'sessions.signOutOthers': { guard: 'hasOthers', target: 'confirmingOthers', actions: assign({ error: null }) },
          },
        },
        signingOut: {
          description: 'One session is being signed out; its row shows it, the others wait.',
          tags: ['busy'],
          invoke: {
            id: 'endSession',
            src: 'endSession',
            input: ({ context }) => ({ id: context.ending! }),
            onDone: { target: 'idle', actions: ['dropEnding', { type: 'notify', params: ({ event }) => ({ toastType: 'success', body: event.output.message }) }] },
            onError: [
              // Ended already (signed out elsewhere, expired): what the person wanted is so.
              { guard: 'isGone', target: 'idle', actions: 'dropEnding' },
              { target: 'idle', actions: assign({ ending: null, error: ({ event }) => messageOf(event.error) }) },
            ],
          },
        },
        confirmingOthers: {
          description: '"Sign out everywhere else?" is asked.',
          on: {
            'sessions.signOutOthers.confirm': 'signingOutOthers',
            'sessions.signOutOthers.cancel': 'idle',
          },
        },
        signingOutOthers: {
          description: 'Every other session is being signed out.',
          tags: ['busy'],
          invoke: {
            id: 'endOtherSessions',
            src: 'endOtherSessions',
            onDone: {
              target: 'idle',
              actions: [
                assign({ sessions: ({ context }) => context.sessions.filter((s) => s.current) }),
                { type: 'notify', params: ({ event }) => ({ toastType: 'success', body: event.output.message }) },
              ],
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
        reloading: {
          description: 'The list is read again (the password changed, which ended the other sessions); it stays shown meanwhile.',
          tags: ['busy'],
          invoke: {
            id: 'reloadSessions',
            src: 'loadSessions',
            onDone: { target: 'idle', actions: assign({ sessions: ({ event }) => event.output, ending: null }) },
            onError: { target: 'idle', actions: assign({ ending: null, error: ({ event }) => messageOf(event.error) }) },
          },
        },
      },
    },
  },
});
