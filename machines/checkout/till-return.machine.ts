import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { isRequestFailure, type RequestFailure } from '../auth.machine.ts';
import { actionDraftMachine } from '../document/action-draft.machine.ts';
import type { MethodOption } from '../document/kind.ts';
import { salePanels } from '../sales/sale.kind.ts';
import { draftFor, type SaleDoc } from '../sales/sale-view.selectors.ts';
import { failureKind, type ReturnedSale, type TillServer } from './checkout.actors.ts';

/**
 * A return at the till: the receipt's barcode scanned (or its reference typed) finds the sale;
 * its lines that can still come back open in the sale page's own return draft (the action draft
 * machine with the sale kind's return panel: how many of each line, the serials picked from
 * those it sold, refunds by the shop's methods, worth as typed what the server will say); sent,
 * the return goes to the sale's returns endpoint with the till's register session, so the
 * session's expected cash counts a cash refund, under an Idempotency-Key made when the refund
 * starts and kept across a retry. A refusal (4xx) puts the server's errors under the lines they
 * name and keeps the draft; no answer to trust (unreachable, 5xx) waits on Retry with the same
 * key. Not found, a pending sale, nothing left to return, and no connection are said in words,
 * and the reference typed is kept. The checkout invokes it (machines/checkout/checkout.machine.ts)
 * and forwards scans to it; it ends when the person closes it.
 */

export interface TillReturnInput {
  server: TillServer;
  sessionId: number;
  /** The methods the shop takes (the POS setting's): refunds are given by these. */
  methods: readonly MethodOption[];
  newKey(): string;
  /** Today, YYYY-MM-DD. */
  today(): string;
}
export interface TillReturnContext extends TillReturnInput {
  /** The receipt's reference as scanned or typed. */
  reference: string;
  sale: SaleDoc | null;
  /** The return being sent, under its key (kept for a retry). */
  pending: { key: string; body: Record<string, unknown> } | null;
  notice: string | null;
  /** The return recorded: the sale as it is now and the server's words. */
  returned: { sale: SaleDoc; message: string } | null;
}
export type TillReturnEvent =
  | { type: 'return.find'; code: string }
  | { type: 'return.other' }
  | { type: 'return.retry' }
  | { type: 'return.close' }
  /** The return draft sent its body (machines/document/action-draft.machine.ts `send`). */
  | { type: 'doc.act'; action: string; body?: unknown };

/** The return panel: the sale page's own (its refunds offered by the methods the draft is given). */
export const TILL_RETURN_PANELS = { return: salePanels.return! };

/** No answer to trust (unreachable, the server failed, a request still running): the same key is sent again, as a till sale's. */
const unsure = (e: unknown) => failureKind(e) !== 'refused';
const unreachable = (e: unknown) => failureKind(e) === 'unreachable';
const NEEDS_NETWORK = 'A return needs the connection to the server, and it cannot be reached now. Nothing is lost: try again when the connection is back.';

/** Why a sale found cannot be returned at all, or null when some of it can. */
export function notReturnable(sale: SaleDoc): string | null {
  if (sale.status !== 'completed') return `${sale.reference} is ${sale.status}: its goods have not left the shop, so nothing can come back.`;
  if (!sale.lines.some((l) => l.returnable > 0)) return `Everything sold on ${sale.reference} has come back already: nothing is left to return.`;
  return null;
}

export const tillReturnMachine = setup({
  types: {
    context: {} as TillReturnContext,
    events: {} as TillReturnEvent,
    input: {} as TillReturnInput,
    output: {} as { returned: boolean },
  },
  actors: {
    draft: actionDraftMachine,
    findSale: fromPromise(async ({ input }: { input: { server: TillServer; reference: string } }) => input.server.saleByReference(input.reference)),
    postReturn: fromPromise(
      async ({
        input,
      }: {
        input: {
          server: TillServer;
          saleId: number;
          key: string;
          body: Record<string, unknown>;
        };
      }): Promise<ReturnedSale> => input.server.returnSale(input.saleId, input.key, input.body),
    ),
  },
  actions: {
    /** The draft opens with what the sale can still give back, dated today. */
    openDraft: enqueueActions(({ context, enqueue }) =>
      enqueue.sendTo('draft', {
        type: 'draft.open',
        panel: 'return',
        ...draftFor('return', context.sale!, context.today()),
      }),
    ),
    closeDraft: enqueueActions(({ enqueue }) => enqueue.sendTo('draft', { type: 'draft.close' })),
    start: assign(({ context, event }) => {
      if (event.type !== 'doc.act') return {};
      const body = {
        ...(event.body as Record<string, unknown>),
        register_session_id: context.sessionId,
      };
      // The same return sent again after an answer that never came keeps its key: it cannot be recorded twice.
      const same = context.pending !== null && JSON.stringify(context.pending.body) === JSON.stringify(body);
      return {
        pending: { key: same ? context.pending!.key : context.newKey(), body },
        notice: null,
      };
    }),
  },
  guards: {
    hasCode: ({ event }) => event.type === 'return.find' && event.code.trim() !== '',
    isReturn: ({ event }) => event.type === 'doc.act' && event.action === 'return',
  },
}).createMachine({
  id: 'tillReturn',
  context: ({ input }) => ({
    ...input,
    reference: '',
    sale: null,
    pending: null,
    notice: null,
    returned: null,
  }),
  invoke: {
    id: 'draft',
    src: 'draft',
    input: ({ context }) => ({
      panels: TILL_RETURN_PANELS,
      methods: context.methods,
    }),
  },
  initial: 'finding',
  states: {
    finding: {
      description: 'Waiting for the receipt: its barcode scanned, or its reference typed.',
      on: {
        'return.find': {
          guard: 'hasCode',
          target: 'loading',
          actions: assign(({ event }) => ({
            reference: event.code.trim(),
            notice: null,
          })),
        },
        'return.close': 'closed',
      },
    },
    loading: {
      description: 'The sale is asked of the server by its reference.',
      tags: ['busy'],
      invoke: {
        id: 'findSale',
        src: 'findSale',
        input: ({ context }) => ({
          server: context.server,
          reference: context.reference,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output === null,
            target: 'finding',
            actions: assign(({ context }) => ({
              notice: `No sale has the reference “${context.reference}”. Check the receipt and scan or type it again.`,
            })),
          },
          {
            guard: ({ event }) => notReturnable(event.output!) !== null,
            target: 'finding',
            actions: assign(({ event }) => ({
              notice: notReturnable(event.output!),
            })),
          },
          {
            target: 'choosing',
            actions: [assign(({ event }) => ({ sale: event.output, pending: null })), 'openDraft'],
          },
        ],
        onError: {
          target: 'finding',
          actions: assign(({ event }) => ({
            notice: unreachable(event.error) ? NEEDS_NETWORK : isRequestFailure(event.error) ? event.error.message : 'The sale cannot be found now; try again.',
          })),
        },
      },
    },
    choosing: {
      description: 'The sale’s lines that can still come back: how many, which serials, and the refunds by method.',
      on: {
        'doc.act': { guard: 'isReturn', target: 'refunding', actions: 'start' },
        'return.other': {
          target: 'finding',
          actions: ['closeDraft', assign({ sale: null, pending: null, notice: null })],
        },
        'return.close': 'closed',
      },
    },
    refunding: {
      description: 'The return is on its way under its key; nothing else is accepted until it answers.',
      tags: ['busy'],
      invoke: {
        id: 'postReturn',
        src: 'postReturn',
        input: ({ context }) => ({
          server: context.server,
          saleId: context.sale!.id,
          key: context.pending!.key,
          body: context.pending!.body,
        }),
        onDone: {
          target: 'done',
          actions: [assign(({ event }) => ({ returned: event.output, pending: null })), 'closeDraft'],
        },
        onError: [
          {
            guard: ({ event }) => unsure(event.error),
            target: 'failed',
            actions: assign(({ event }) => ({
              notice: unreachable(event.error) ? NEEDS_NETWORK : (event.error as RequestFailure).message,
            })),
          },
          {
            target: 'choosing',
            actions: enqueueActions(({ enqueue, event }) => {
              const e = event.error as RequestFailure;
              // The errors go under the lines and refunds they name.
              // Refused: nothing was recorded, and the server keeps its answer under that key; sent again, it is a new request.
              enqueue.assign({ notice: e.message, pending: null });
              enqueue.sendTo('draft', {
                type: 'draft.failed',
                errors: e.errors ?? {},
              });
            }),
          },
        ],
      },
    },
    failed: {
      description: 'No answer to trust: Retry sends the same return under the same key (the server answers a replay with the first).',
      // Closed without an answer, the return may or may not be recorded: the sale, found again, shows what came back.
      on: { 'return.retry': 'refunding', 'return.close': 'closed' },
    },
    done: {
      description: 'The return is recorded: its number and the refund given; another can be found.',
      on: {
        'return.other': {
          target: 'finding',
          actions: assign({
            sale: null,
            returned: null,
            reference: '',
            notice: null,
          }),
        },
        'return.close': 'closed',
      },
    },
    closed: {
      type: 'final',
      description: 'The person closed the return: the checkout takes over again.',
    },
  },
  output: ({ context }) => ({ returned: context.returned !== null }),
});
