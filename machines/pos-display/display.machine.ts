import { assign, fromCallback, setup } from 'xstate';
import type { CustomerDisplayView, DisplayLink, DisplayMessage } from '../../src/pos/customer-display.ts';

/**
 * The customer display's machine: it says hello on the channel (so an open till posts its cart at
 * once), then shows each view the till posts. Until one comes it waits, saying so; a till that
 * closes leaves the last view on screen, as a display facing a customer should.
 */
export type DisplayEvent = { type: 'display.view'; view: CustomerDisplayView };

export const displayMachine = setup({
  types: {
    context: {} as { view: CustomerDisplayView | null; link: DisplayLink | undefined },
    events: {} as DisplayEvent,
    input: {} as { link: DisplayLink | undefined },
  },
  actors: {
    listen: fromCallback<DisplayEvent, { link: DisplayLink | undefined }>(({ input, sendBack }) => {
      const { link } = input;
      if (!link) return undefined;
      const stop = link.listen((m: DisplayMessage) => {
        if (m.type === 'view') sendBack({ type: 'display.view', view: m.view });
      });
      link.post({ type: 'hello' });
      return stop;
    }),
  },
}).createMachine({
  id: 'customerDisplay',
  context: ({ input }) => ({ view: null, link: input.link }),
  invoke: { src: 'listen', input: ({ context }) => ({ link: context.link }) },
  initial: 'waiting',
  states: {
    waiting: { on: { 'display.view': { target: 'showing', actions: assign({ view: ({ event }) => event.view }) } } },
    showing: { on: { 'display.view': { actions: assign({ view: ({ event }) => event.view }) } } },
  },
});

export const selectDisplayView = (s: { context: { view: CustomerDisplayView | null } }) => s.context.view;
