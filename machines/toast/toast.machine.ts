import { assign, enqueueActions, sendParent, setup, type AnyActorRef } from 'xstate';
import {
  TOAST_ANIMATION_MS,
  TOAST_BODY_MAX,
  TOAST_TIMEOUT,
  TOAST_TITLE_MAX,
  defaultTimeout,
  truncate,
  type ToastType,
} from './toast.constants.ts';

export interface ToastInput {
  id: string;
  type: ToastType;
  body: string;
  title?: string;
  /** ms; 0 keeps the toast until it is answered or closed. Defaults by type (SPEC §9). */
  timeout?: number;
  /** Who hears the answer of a confirm or prompt toast. */
  replyTo?: AnyActorRef;
  now: () => number;
}

export interface ToastContext {
  id: string;
  type: ToastType;
  title: string | undefined;
  body: string;
  timeout: number;
  /** ms left on the clock; frozen while paused. */
  remaining: number;
  /** When the clock last (re)started. */
  startedAt: number;
  promptValue: string;
  replyTo: AnyActorRef | undefined;
  now: () => number;
}

export type ToastAnswer =
  | { type: 'toast.answer.confirmed'; id: string; value?: string }
  | { type: 'toast.answer.cancelled'; id: string };

export type ToastEvent =
  | { type: 'toast.pause' }
  | { type: 'toast.resume' }
  | { type: 'toast.close' }
  | { type: 'toast.confirm' }
  | { type: 'toast.cancel' }
  | { type: 'toast.input'; value: string }
  | { type: 'toast.update'; toastType: ToastType; body: string; title?: string; timeout?: number };

/**
 * One toast on screen: it counts down, pauses while hovered, closes on click or on its
 * answer, then fades out before it tells the toaster it is gone.
 */
export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    input: {} as ToastInput,
    events: {} as ToastEvent,
  },
  delays: {
    toastTimeout: ({ context }) => context.remaining,
    fadeOut: TOAST_ANIMATION_MS,
  },
  guards: {
    isTimed: ({ context }) => context.timeout > 0,
    isQuestion: ({ context }) => context.type === 'confirm' || context.type === 'prompt',
    isNotQuestion: ({ context }) => context.type !== 'confirm' && context.type !== 'prompt',
  },
  actions: {
    freezeClock: assign({
      remaining: ({ context }) => Math.max(0, context.remaining - (context.now() - context.startedAt)),
    }),
    restartClock: assign({ startedAt: ({ context }) => context.now() }),
    storeInput: assign({
      promptValue: ({ event }) => (event.type === 'toast.input' ? event.value : ''),
    }),
    applyUpdate: assign(({ context, event }) => {
      if (event.type !== 'toast.update') return {};
      const timeout = event.timeout ?? (event.toastType === 'async' ? 0 : TOAST_TIMEOUT);
      return {
        type: event.toastType,
        body: truncate(event.body, TOAST_BODY_MAX),
        title: event.title === undefined ? context.title : truncate(event.title, TOAST_TITLE_MAX),
        timeout,
        remaining: timeout,
        startedAt: context.now(),
      };
    }),
    replyConfirmed: enqueueActions(({ context, enqueue }) => {
      const answer: ToastAnswer = {
        type: 'toast.answer.confirmed',
        id: context.id,
        ...(context.type === 'prompt' ? { value: context.promptValue } : {}),
      };
      if (context.replyTo) enqueue.sendTo(context.replyTo, answer);
    }),
    replyCancelled: enqueueActions(({ context, enqueue }) => {
      const answer: ToastAnswer = { type: 'toast.answer.cancelled', id: context.id };
      if (context.replyTo) enqueue.sendTo(context.replyTo, answer);
    }),
    tellToasterClosed: sendParent(({ context }) => ({ type: 'toast.closed', id: context.id })),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => {
    const timeout = input.timeout ?? defaultTimeout(input.type);
    return {
      id: input.id,
      type: input.type,
      title: input.title === undefined ? undefined : truncate(input.title, TOAST_TITLE_MAX),
      body: truncate(input.body, TOAST_BODY_MAX),
      timeout,
      remaining: timeout,
      startedAt: input.now(),
      promptValue: '',
      replyTo: input.replyTo,
      now: input.now,
    };
  },
  initial: 'visible',
  states: {
    visible: {
      description: 'On screen. Timed toasts count down; the others wait for a click or an answer.',
      initial: 'deciding',
      on: {
        'toast.update': { target: '.deciding', actions: 'applyUpdate', reenter: true },
      },
      states: {
        deciding: {
          always: [{ guard: 'isTimed', target: 'running' }, { target: 'waiting' }],
        },
        running: {
          description: 'The clock runs; the progress bar shrinks.',
          entry: 'restartClock',
          after: { toastTimeout: '#toast.leaving' },
          on: {
            'toast.pause': { target: 'paused', actions: 'freezeClock' },
            'toast.close': '#toast.leaving',
          },
        },
        paused: {
          description: 'The pointer is over the toast: the clock stands still.',
          on: {
            'toast.resume': 'running',
            'toast.close': '#toast.leaving',
          },
        },
        waiting: {
          description: 'No timeout: a question, or an async toast waiting for its update.',
          on: {
            'toast.close': { guard: 'isNotQuestion', target: '#toast.leaving' },
            'toast.input': { guard: 'isQuestion', actions: 'storeInput' },
            'toast.confirm': { guard: 'isQuestion', target: '#toast.leaving', actions: 'replyConfirmed' },
            'toast.cancel': { guard: 'isQuestion', target: '#toast.leaving', actions: 'replyCancelled' },
          },
        },
      },
    },
    leaving: {
      description: 'Fading out (400 ms) before it is removed.',
      after: { fadeOut: 'closed' },
    },
    closed: { type: 'final', entry: 'tellToasterClosed' },
  },
});
