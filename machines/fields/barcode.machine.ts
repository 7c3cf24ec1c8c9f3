import { assign, fromPromise, setup } from 'xstate';

export interface BarcodeContext {
  error: string | null;
}

export type BarcodeEvent = { type: 'barcode.generate' };

export const BARCODE_MESSAGES = { failed: 'No barcode could be made. Check the connection and try again.' } as const;

/**
 * "Generate barcode" beside a barcode field: the server makes a valid in-store EAN-13 no
 * product has yet (only it can know which are free); the answer becomes the field's value
 * through `commit`. One request at a time.
 */
export const barcodeMachine = setup({
  types: { context: {} as BarcodeContext, events: {} as BarcodeEvent },
  actors: {
    generateBarcode: fromPromise<string, void>(async () => {
      throw new Error('generateBarcode is provided by the app');
    }),
  },
  actions: {
    /** The field's new value (provided: the form's `field.change`). */
    commit: (_, _p: { barcode: string }) => {},
  },
}).createMachine({
  id: 'barcode',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The button can be pressed.',
      on: { 'barcode.generate': { target: 'generating', actions: assign({ error: null }) } },
    },
    generating: {
      description: 'Asking the server for a free barcode; the button is busy.',
      tags: ['busy'],
      invoke: {
        id: 'generateBarcode',
        src: 'generateBarcode',
        onDone: { target: 'idle', actions: { type: 'commit', params: ({ event }) => ({ barcode: event.output }) } },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => (event.error as { message?: string } | undefined)?.message || BARCODE_MESSAGES.failed }),
        },
      },
    },
  },
});

export type BarcodeSnapshot = import('xstate').SnapshotFrom<typeof barcodeMachine>;
export const selectBarcodeButton = (s: BarcodeSnapshot) => ({
  busy: s.hasTag('busy'),
  canGenerate: s.can({ type: 'barcode.generate' }),
  error: s.context.error,
});
