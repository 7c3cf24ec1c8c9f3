import { assign, setup, type SnapshotFrom } from 'xstate';

export type AlertEvent =
  | { type: 'alert.success'; message: string }
  | { type: 'alert.danger'; message: string }
  | { type: 'alert.clear' };

/** SPEC §4: the page alert is success, danger or none, with a message. */
export const alertMachine = setup({
  types: { context: {} as { message: string }, events: {} as AlertEvent },
  actions: {
    setMessage: assign({ message: ({ event }) => ('message' in event ? event.message : '') }),
    clearMessage: assign({ message: '' }),
  },
}).createMachine({
  id: 'alert',
  context: { message: '' },
  initial: 'none',
  on: {
    'alert.success': { target: '.success', actions: 'setMessage' },
    'alert.danger': { target: '.danger', actions: 'setMessage' },
    'alert.clear': { target: '.none', actions: 'clearMessage' },
  },
  states: {
    none: { description: 'No alert shown.' },
    success: { description: 'A success message is shown.' },
    danger: { description: 'An error message is shown.' },
  },
});

/** The alert to show, or null. */
export const selectAlert = (s: SnapshotFrom<typeof alertMachine>) =>
  s.matches('none') ? null : { kind: s.matches('danger') ? ('danger' as const) : ('success' as const), message: s.context.message };
