import { assign, fromPromise, setup } from 'xstate';
import type { PaymentMethod } from '../../domain/documents/payments.facts.ts';
import type { CashDirection, PosTerms, RegisterSession } from '../../domain/pos/till.facts.ts';
import { isRequestFailure, unreachable } from '../auth.machine.ts';
import type { TillStore } from '../../src/pos/ports.ts';
import { checkoutActors } from './checkout.actors.ts';
import { closeBody, startCounting, type Counted } from './closing.ts';
import { checkoutMachine, type CheckoutInput } from './checkout.machine.ts';
import type { CashMovementBody, RegisterCloseBody, RegisterOpenBody } from '../../domain/pos/till.ts';

/**
 * The register session around the till: found open on the server or opened with a counted
 * float; cash in and out with a reason while selling; closed by counting each method against
 * what the server expects (refused while the outbox holds a sale), then its report. While the
 * session is open the register runs the checkout (./checkout.machine.ts) for it: selling needs
 * an open session, and the checkout names it on every sale.
 */
export interface TillOpening {
  terms: PosTerms;
  session: RegisterSession | null;
}
/**
 * The ports and clock; `opening`: the terms and session the page's loader got (none: the register
 * asks); `keep`: where the open session is kept on this device, for a start without the network.
 */
export type RegisterInput = Omit<CheckoutInput, 'sessionId' | 'terms'> & { opening?: TillOpening | undefined; keep?: TillStore<TillOpening | null> | undefined };
export interface CashForm {
  direction: CashDirection;
  amount: number;
  reason: string;
}
export interface RegisterContext extends Omit<RegisterInput, 'opening'> {
  /** What this device kept when last online (read once, at start): the till opens from it when the server cannot be reached. */
  kept: TillOpening | null;
  /** Started from what was kept, the server not reached: its sales wait in the outbox. */
  offline: boolean;
  terms: PosTerms | null;
  session: RegisterSession | null;
  float: number;
  cash: CashForm;
  counted: Counted;
  notice: string | null;
  errors: Record<string, string[]>;
  waiting: number;
}
export type RegisterEvent =
  | { type: 'register.reload' }
  | { type: 'float.change'; amount: number }
  | { type: 'register.open' }
  | { type: 'cash.start'; direction: CashDirection }
  | { type: 'cash.change'; amount?: number; reason?: string }
  | { type: 'cash.submit' }
  | { type: 'cash.cancel' }
  | { type: 'close.start' }
  | { type: 'close.count'; method: PaymentMethod; amount: number }
  | { type: 'close.submit' }
  | { type: 'close.cancel' }
  | { type: 'register.next' }
  | { type: 'outbox.changed'; waiting: number; attention: unknown[] };

const failed = (e: unknown) => ({ notice: isRequestFailure(e) ? e.message : 'The server cannot be reached.', errors: isRequestFailure(e) ? (e.errors ?? {}) : {} });
const CLEAN = { notice: null, errors: {} };

export const registerMachine = setup({
  types: { context: {} as RegisterContext, events: {} as RegisterEvent, input: {} as RegisterInput },
  actors: {
    checkout: checkoutMachine,
    watchOutbox: checkoutActors.watchOutbox,
    loadSession: fromPromise(async ({ input }: { input: RegisterContext }): Promise<TillOpening> => {
      const [terms, session] = await Promise.all([input.server.terms(), input.server.currentSession()]);
      return { terms, session };
    }),
    /** The session as the server has it now: the sales made since the page opened are in what closing expects. */
    readSession: fromPromise(async ({ input }: { input: RegisterContext }) => input.server.currentSession()),
    openSession: fromPromise(async ({ input }: { input: { c: RegisterContext; body: RegisterOpenBody } }) => input.c.server.openSession(input.body)),
    moveCash: fromPromise(async ({ input }: { input: { c: RegisterContext; body: CashMovementBody } }) => input.c.server.moveCash(input.c.session!.id, input.body)),
    closeSession: fromPromise(async ({ input }: { input: { c: RegisterContext; body: RegisterCloseBody } }) => input.c.server.closeSession(input.c.session!.id, input.body)),
  },
  guards: {
    isOpen: ({ event }) => (event as unknown as { output: TillOpening }).output.session?.status === 'open',
    openedOpen: ({ context }) => context.terms !== null && context.session?.status === 'open',
    opened: ({ context }) => context.terms !== null,
    outboxEmpty: ({ context }) => context.waiting === 0,
    validFloat: ({ context }) => Number.isSafeInteger(context.float) && context.float >= 0,
    validCash: ({ context }) => context.cash.amount > 0 && context.cash.reason.trim() !== '',
    /** The server did not answer, and this device kept an open session to sell into (the outbox). */
    mayOpenKept: ({ context }, params: { error: unknown }) => unreachable(params.error) && context.kept?.session?.status === 'open',
  },
  actions: {
    /** What the till starts from next time without the network: the open session and its terms, or nothing. */
    keep: ({ context }) => context.keep?.save(context.terms && context.session?.status === 'open' ? { terms: context.terms, session: context.session } : null),
  },
}).createMachine({
  id: 'register',
  context: ({ input: { opening, ...input } }) => ({ ...input, kept: input.keep?.load() ?? null, offline: false, terms: opening?.terms ?? null, session: opening?.session ?? null, float: 0, cash: { direction: 'in', amount: 0, reason: '' }, counted: {}, notice: null, errors: {}, waiting: 0 }),
  invoke: { id: 'watchOutbox', src: 'watchOutbox', input: ({ context }) => ({ outbox: context.outbox }) },
  on: { 'outbox.changed': { actions: assign(({ event }) => ({ waiting: event.waiting + event.attention.length })) } },
  initial: 'start',
  states: {
    start: {
      description: 'What the page brought decides: the session open, none open, or nothing yet (ask).',
      always: [{ guard: 'openedOpen', target: 'open' }, { guard: 'opened', target: 'none' }, { target: 'loading' }],
    },
    loading: {
      description: 'Asking the server for this person’s open session.',
      tags: ['busy'],
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        input: ({ context }) => context,
        onDone: [
          { guard: 'isOpen', target: 'open', actions: assign(({ event }) => ({ terms: event.output.terms, session: event.output.session })) },
          { target: 'none', actions: assign(({ event }) => ({ terms: event.output.terms, session: null })) },
        ],
        onError: [
          { guard: { type: 'mayOpenKept', params: ({ event }) => ({ error: event.error }) }, target: 'open', actions: assign(({ context }) => ({ terms: context.kept!.terms, session: context.kept!.session, offline: true })) },
          { target: 'unavailable', actions: assign(({ event }) => failed(event.error)) },
        ],
      },
    },
    unavailable: { description: 'The session could not be read: try again.', on: { 'register.reload': { target: 'loading', actions: assign(CLEAN) } } },
    none: {
      description: 'No open session: the float is counted and the register opened.',
      entry: 'keep',
      on: {
        'float.change': { actions: assign(({ event }) => ({ float: event.amount })) },
        'register.open': { guard: 'validFloat', target: 'opening' },
      },
    },
    opening: {
      tags: ['busy'],
      invoke: {
        id: 'openSession',
        src: 'openSession',
        input: ({ context }) => ({ c: context, body: { opening_float: context.float } }),
        onDone: { target: 'open', actions: assign(({ event }) => ({ session: event.output, ...CLEAN })) },
        onError: { target: 'none', actions: assign(({ event }) => failed(event.error)) },
      },
    },
    open: {
      description: 'Selling: the checkout runs for this session (kept on this device for a start without the network).',
      entry: 'keep',
      invoke: { id: 'checkout', src: 'checkout', input: ({ context: c }) => ({ terms: c.terms!, cashier: c.cashier, catalogue: c.catalogue, outbox: c.outbox, store: c.store, server: c.server, newKey: c.newKey, now: c.now, display: c.display, sessionId: c.session!.id }) },
      initial: 'selling',
      states: {
        selling: {
          on: {
            'cash.start': { target: 'cash', actions: assign(({ event }) => ({ cash: { direction: event.direction, amount: 0, reason: '' }, ...CLEAN })) },
            'close.start': { target: 'closing', actions: assign(CLEAN) },
          },
        },
        cash: {
          description: 'Cash in or out, with its reason.',
          initial: 'editing',
          on: { 'cash.cancel': { target: 'selling', actions: assign(CLEAN) } },
          states: {
            editing: {
              on: {
                'cash.change': { actions: assign(({ context, event }) => ({ cash: { ...context.cash, ...(event.amount !== undefined ? { amount: event.amount } : {}), ...(event.reason !== undefined ? { reason: event.reason } : {}) } })) },
                'cash.submit': [{ guard: 'validCash', target: 'sending' }, { actions: assign({ notice: 'Enter an amount more than 0 and a reason.' }) }],
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'moveCash',
                src: 'moveCash',
                input: ({ context }) => ({ c: context, body: { direction: context.cash.direction, amount: context.cash.amount, reason: context.cash.reason.trim() } }),
                onDone: { target: '#register.open.selling', actions: [assign(({ event }) => ({ session: event.output, ...CLEAN })), 'keep'] },
                onError: { target: 'editing', actions: assign(({ event }) => failed(event.error)) },
              },
            },
          },
        },
        closing: {
          description: 'Counting each method against what is expected; refused while a sale waits in the outbox.',
          initial: 'reading',
          on: { 'close.cancel': { target: 'selling', actions: assign(CLEAN) } },
          states: {
            reading: {
              description: 'What each method is expected to hold is read again: the page may have opened hours and many sales ago.',
              tags: ['busy'],
              invoke: {
                id: 'readSession',
                src: 'readSession',
                input: ({ context }) => context,
                onDone: { target: 'counting', actions: assign(({ context, event }) => { const session = event.output?.status === 'open' ? event.output : context.session!; return { session, counted: startCounting(session) }; }) },
                // Unreadable (offline): counted against what the till knows, the close itself then asks the server.
                onError: { target: 'counting', actions: assign(({ context, event }) => ({ counted: startCounting(context.session!), ...failed(event.error) })) },
              },
            },
            counting: {
              on: {
                'close.count': { actions: assign(({ context, event }) => ({ counted: { ...context.counted, [event.method]: event.amount } })) },
                'close.submit': [
                  { guard: 'outboxEmpty', target: 'sending' },
                  { actions: assign(({ context }) => ({ notice: `${context.waiting} sale${context.waiting === 1 ? '' : 's'} of this till ${context.waiting === 1 ? 'has' : 'have'} not reached the server: sync or resolve ${context.waiting === 1 ? 'it' : 'them'} before closing.` })) },
                ],
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'closeSession',
                src: 'closeSession',
                input: ({ context }) => ({ c: context, body: closeBody(context.counted) }),
                onDone: { target: '#register.closed', actions: assign(({ event }) => ({ session: event.output, ...CLEAN })) },
                onError: { target: 'counting', actions: assign(({ event }) => failed(event.error)) },
              },
            },
          },
        },
      },
    },
    closed: {
      description: 'The session is closed: its report (counted, expected, difference per method) is shown and can be printed.',
      entry: 'keep',
      on: { 'register.next': { target: 'none', actions: assign({ session: null, float: 0, counted: {} }) } },
    },
  },
});
