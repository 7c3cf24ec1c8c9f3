import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { TOAST_MAX_ON_SCREEN, type ToastType } from './toast.constants.ts';
import { toastMachine, type ToastEvent } from './toast.machine.ts';

export interface ToastRequest {
  type: 'toast.show';
  toastType: ToastType;
  body: string;
  title?: string;
  timeout?: number;
  /** Give an id to update the toast later (async toasts). */
  id?: string;
  replyTo?: AnyActorRef;
}

type Forwarded = { [K in ToastEvent['type']]: Extract<ToastEvent, { type: K }> & { id: string } }[ToastEvent['type']];

export type ToasterEvent =
  | ToastRequest
  | Forwarded
  | { type: 'toast.closed'; id: string }
  | { type: 'toast.clear' };

type Pending = Omit<ToastRequest, 'type' | 'id'> & { id: string };

export interface ToasterContext {
  /** On screen, newest first, at most TOAST_MAX_ON_SCREEN. */
  visible: { id: string; ref: ActorRefFrom<typeof toastMachine> }[];
  /** Waiting for a free place, oldest first: nothing is dropped. */
  queue: Pending[];
  seq: number;
  now: () => number;
}

export interface ToasterInput {
  now?: () => number;
}

/**
 * The one toast queue of the app (SPEC §9): each toast is a child actor; the toaster keeps
 * at most eight on screen with the newest on top, and lets the rest wait their turn.
 */
export const toasterMachine = setup({
  types: {
    context: {} as ToasterContext,
    input: {} as ToasterInput,
    events: {} as ToasterEvent,
  },
  actors: { toast: toastMachine },
  actions: {
    enqueueToast: assign(({ context, event }) => {
      if (event.type !== 'toast.show') return {};
      const { type: _type, ...rest } = event;
      const id = event.id ?? `toast-${context.seq + 1}`;
      return { seq: context.seq + 1, queue: [...context.queue, { ...rest, id }] };
    }),
    removeClosed: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.closed') return;
      enqueue.stopChild(event.id);
      enqueue.assign({ visible: context.visible.filter((t) => t.id !== event.id) });
    }),
    /** The queue is only ever non-empty while the screen is full, so a new toast shows at once. */
    showNextWaiting: assign(({ context, spawn }) => {
      const [next, ...queue] = context.queue;
      if (!next || context.visible.length >= TOAST_MAX_ON_SCREEN) return {};
      const { toastType, ...rest } = next;
      const ref = spawn('toast', { id: next.id, input: { ...rest, type: toastType, now: context.now } });
      return { queue, visible: [{ id: next.id, ref }, ...context.visible] };
    }),
    forwardToToast: enqueueActions(({ context, event, enqueue }) => {
      if (!('id' in event) || event.type === 'toast.show' || event.type === 'toast.closed') return;
      const target = context.visible.find((t) => t.id === event.id);
      const { id: _id, ...toastEvent } = event;
      if (target) enqueue.sendTo(target.ref, toastEvent as ToastEvent);
      else if (event.type === 'toast.update') {
        // Still waiting in the queue: update what it will show.
        enqueue.assign({
          queue: context.queue.map((q) =>
            q.id === event.id ? { ...q, toastType: event.toastType, body: event.body, title: event.title ?? q.title, timeout: event.timeout } : q,
          ),
        });
      }
    }),
    closeAll: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ queue: [] });
      for (const t of context.visible) enqueue.sendTo(t.ref, { type: 'toast.close' });
    }),
  },
}).createMachine({
  id: 'toaster',
  context: ({ input }) => ({ visible: [], queue: [], seq: 0, now: input.now ?? (() => Date.now()) }),
  initial: 'active',
  states: {
    active: {
      description: 'Shows toasts as they come; over eight, they wait their turn.',
      on: {
        'toast.show': { actions: ['enqueueToast', 'showNextWaiting'] },
        'toast.closed': { actions: ['removeClosed', 'showNextWaiting'] },
        'toast.clear': { actions: 'closeAll' },
        'toast.pause': { actions: 'forwardToToast' },
        'toast.resume': { actions: 'forwardToToast' },
        'toast.close': { actions: 'forwardToToast' },
        'toast.confirm': { actions: 'forwardToToast' },
        'toast.cancel': { actions: 'forwardToToast' },
        'toast.input': { actions: 'forwardToToast' },
        'toast.update': { actions: 'forwardToToast' },
      },
    },
  },
});

export type ToasterActor = ActorRefFrom<typeof toasterMachine>;
