import type { SnapshotFrom } from 'xstate';
import type { toastMachine } from './toast.machine.ts';
import type { toasterMachine } from './toaster.machine.ts';

export type ToastSnapshot = SnapshotFrom<typeof toastMachine>;

export const selectVisibleToasts = (s: SnapshotFrom<typeof toasterMachine>) => s.context.visible;
export const selectWaitingCount = (s: SnapshotFrom<typeof toasterMachine>) => s.context.queue.length;

/** What a toast view needs, derived from one toast's snapshot. */
export function toastView(s: ToastSnapshot) {
  const { id, type, title, body, timeout, remaining, promptValue } = s.context;
  return {
    id,
    type,
    title,
    body,
    timeout,
    remaining,
    promptValue,
    paused: s.matches({ visible: 'paused' }),
    running: s.matches({ visible: 'running' }),
    leaving: s.matches('leaving') || s.matches('closed'),
  };
}
