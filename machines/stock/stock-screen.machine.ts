import { assign, setup } from 'xstate';
import { ADJUSTMENT_DEFAULTS, ADJUSTMENT_FIELDS, adjustmentBody } from '../../domain/stock/adjustment.ts';
import type { FormSpec } from '../form/form.machine.ts';

export interface StockScreenContext {
  /** The product the adjustment form opens with (from "Adjust stock" on a product's page), if any. */
  productId: string | null;
  /** Bumped each time the form opens, so each opening is a fresh form. */
  opened: number;
}

export type StockScreenEvent =
  | { type: 'adjust.open'; productId?: string | undefined }
  | { type: 'adjust.close' }
  /** The form saved an adjustment. */
  | { type: 'adjust.saved' }
  | { type: 'count.open' }
  | { type: 'count.close' }
  /** The stock count posted its differences. */
  | { type: 'count.posted' };

/** The adjustment form's spec: the shared schema judges it in the browser and on the server. */
export const adjustmentSpec = (productId: string | null): FormSpec => ({
  label: 'adjustment',
  fields: ADJUSTMENT_FIELDS,
  schema: adjustmentBody,
  defaults: { ...ADJUSTMENT_DEFAULTS, product_id: productId ?? '' },
});

/**
 * The stock screen: the levels and the ledger are always shown; the adjustment form or the
 * stock count opens above them (one at a time) and closes when saved or cancelled. A saved
 * adjustment or a posted count changes the levels, the ledger and the bell, so all three are
 * told (`stockChanged`).
 */
export const stockScreenMachine = setup({
  types: {
    context: {} as StockScreenContext,
    input: {} as { adjust?: string | null | undefined },
    events: {} as StockScreenEvent,
  },
  actions: {
    /** Reload the levels, the ledger and the bell (provided). */
    stockChanged: () => {},
    /** A closed form no longer holds the page (provided: navigation's `nav.block` false). */
    releaseLeaveGuard: () => {},
  },
  guards: {
    opensWithForm: ({ context }) => context.productId !== null,
  },
}).createMachine({
  id: 'stockScreen',
  context: ({ input }) => ({ productId: input.adjust && /^\d{1,10}$/.test(input.adjust) ? input.adjust : null, opened: 0 }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'opensWithForm', target: 'adjusting' }, { target: 'browsing' }],
    },
    browsing: {
      description: 'The levels and the ledger; "Adjust stock" opens the form, "Count stock" the count.',
      on: {
        'adjust.open': {
          target: 'adjusting',
          actions: assign({ productId: ({ event }) => event.productId ?? null }),
        },
        'count.open': 'counting',
      },
    },
    counting: {
      description: 'The stock count is open above the lists.',
      entry: assign({ opened: ({ context }) => context.opened + 1 }),
      exit: 'releaseLeaveGuard',
      on: {
        'count.close': 'browsing',
        'count.posted': { target: 'browsing', actions: 'stockChanged' },
      },
    },
    adjusting: {
      description: 'The adjustment form is open above the lists.',
      entry: assign({ opened: ({ context }) => context.opened + 1 }),
      exit: 'releaseLeaveGuard',
      on: {
        'adjust.close': 'browsing',
        'adjust.saved': { target: 'browsing', actions: 'stockChanged' },
      },
    },
  },
});

export type StockScreenSnapshot = import('xstate').SnapshotFrom<typeof stockScreenMachine>;
export const selectAdjusting = (s: StockScreenSnapshot) => (s.matches('adjusting') ? { key: s.context.opened, productId: s.context.productId } : null);
export const selectCanOpenAdjust = (s: StockScreenSnapshot) => s.can({ type: 'adjust.open' });
export const selectCounting = (s: StockScreenSnapshot) => (s.matches('counting') ? s.context.opened : null);
export const selectCanOpenCount = (s: StockScreenSnapshot) => s.can({ type: 'count.open' });
