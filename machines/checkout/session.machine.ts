import { assign, fromPromise, setup } from 'xstate';
import type { PaymentMethod } from '../../domain/documents/payments.facts.ts';
import type { RegisterSession } from '../../domain/pos/till.facts.ts';
import type { RegisterCloseBody } from '../../domain/pos/till.ts';
import { isRequestFailure } from '../auth.machine.ts';
import { closeBody, startCounting, type Counted } from './closing.ts';

/**
 * A register session's own page (/pos/sessions/:id): its report, printed on A4; and, for a
 * manager (`pos setting`), Close on a session its cashier left open, counting each method as the
 * till does (./closing.ts). The server decides who may close; `manager` only says whether the
 * page offers it. Loaded by the page's loader (input `session`), else asked here.
 */
export interface SessionServer {
  session(id: string): Promise<RegisterSession>;
  closeSession(id: number, body: RegisterCloseBody): Promise<RegisterSession>;
}
export interface SessionPageInput {
  id: string;
  session?: RegisterSession | undefined;
  manager: boolean;
  server: SessionServer;
}
export interface SessionPageContext extends Omit<SessionPageInput, 'session'> {
  session: RegisterSession | null;
  counted: Counted;
  notice: string | null;
  errors: Record<string, string[]>;
}
export type SessionPageEvent =
  | { type: 'session.retry' }
  | { type: 'session.print' }
  | { type: 'close.start' }
  | { type: 'close.count'; method: PaymentMethod; amount: number }
  | { type: 'close.submit' }
  | { type: 'close.cancel' };

const failed = (e: unknown) => ({ notice: isRequestFailure(e) ? e.message : 'The server cannot be reached.', errors: isRequestFailure(e) ? (e.errors ?? {}) : {} });
const CLEAN = { notice: null, errors: {} };

export const sessionPageMachine = setup({
  types: { context: {} as SessionPageContext, events: {} as SessionPageEvent, input: {} as SessionPageInput },
  actors: {
    loadSession: fromPromise(async ({ input }: { input: { server: SessionServer; id: string } }) => input.server.session(input.id)),
    closeSession: fromPromise(async ({ input }: { input: { server: SessionServer; id: number; body: RegisterCloseBody } }) => input.server.closeSession(input.id, input.body)),
  },
  actions: {
    /** Open the browser's print dialog on the report (provided: window.print). */
    print: () => {},
  },
  guards: {
    hasSession: ({ context }) => context.session !== null,
    closable: ({ context }) => context.manager && !!context.session?.actions.includes('close'),
  },
}).createMachine({
  id: 'sessionPage',
  context: ({ input: { session, ...input } }) => ({ ...input, session: session ?? null, counted: {}, ...CLEAN }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasSession', target: 'shown' }, { target: 'loading' }] },
    loading: {
      description: 'Asking for the session.',
      tags: ['busy'],
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        input: ({ context }) => ({ server: context.server, id: context.id }),
        onDone: { target: 'shown', actions: assign(({ event }) => ({ session: event.output, ...CLEAN })) },
        onError: { target: 'unavailable', actions: assign(({ event }) => failed(event.error)) },
      },
    },
    unavailable: { description: 'The session could not be read: try again.', on: { 'session.retry': 'loading' } },
    shown: {
      description: 'The report: open so far, or as closed.',
      on: {
        'session.print': { actions: 'print' },
        'close.start': { guard: 'closable', target: 'closing', actions: assign(({ context }) => ({ counted: startCounting(context.session!), ...CLEAN })) },
      },
    },
    closing: {
      description: 'A manager counts each method of a session left open.',
      initial: 'counting',
      on: { 'close.cancel': { target: 'shown', actions: assign(CLEAN) } },
      states: {
        counting: {
          on: {
            'close.count': { actions: assign(({ context, event }) => ({ counted: { ...context.counted, [event.method]: event.amount } })) },
            'close.submit': 'sending',
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'closeSession',
            src: 'closeSession',
            input: ({ context }) => ({ server: context.server, id: context.session!.id, body: closeBody(context.counted) }),
            onDone: { target: '#sessionPage.shown', actions: assign(({ event }) => ({ session: event.output, ...CLEAN })) },
            onError: { target: 'counting', actions: assign(({ event }) => failed(event.error)) },
          },
        },
      },
    },
  },
});

export function selectSessionPage(s: ReturnType<typeof sessionPageMachine.getInitialSnapshot>) {
  const c = s.context;
  return {
    phase: s.matches('unavailable') ? ('unavailable' as const) : c.session ? ('shown' as const) : ('loading' as const),
    session: c.session,
    closingOpen: s.matches('closing'),
    notice: c.notice,
    errors: Object.fromEntries(Object.entries(c.errors).map(([k, v]) => [k, v.join(' ')])),
    busy: s.hasTag('busy'),
    canClose: s.can({ type: 'close.start' }),
    canPrint: s.can({ type: 'session.print' }),
  };
}
