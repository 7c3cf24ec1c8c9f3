import { assign, fromPromise, setup } from 'xstate';
import { LABEL_SHEET, LABELS_PER_PRODUCT_MAX } from '../../domain/stock/labels.ts';

/** One product on the sheet: what its labels say, and how many of them. */
export interface LabelItem {
  id: number;
  name: string;
  /** Sale price, integer minor units. */
  price: number;
  barcode: string | null;
  count: number;
}

export interface LabelsContext {
  ids: number[];
  items: LabelItem[];
  error: string | null;
}

export type LabelsEvent =
  | { type: 'label.count'; id: number; count: number }
  | { type: 'labels.print' }
  | { type: 'labels.retry' };

/**
 * The label sheet: the chosen products load, each starts at one label, the person sets the
 * counts (0 to LABELS_PER_PRODUCT_MAX) and prints through the browser's print dialog.
 */
/** A chosen product starts with one label. */
const counted = (p: Omit<LabelItem, 'count'>): LabelItem => ({ ...p, count: 1 });

export const labelsMachine = setup({
  types: { context: {} as LabelsContext, input: {} as { ids: number[]; products?: Omit<LabelItem, 'count'>[] | undefined }, events: {} as LabelsEvent },
  actors: {
    loadProducts: fromPromise<Omit<LabelItem, 'count'>[], { ids: number[] }>(async () => {
      throw new Error('loadProducts is provided by the app');
    }),
  },
  actions: {
    /** Open the browser's print dialog (provided: window.print). */
    print: () => {},
  },
  guards: {
    hasProducts: ({ context }) => context.ids.length > 0,
    /** The page's loader got the chosen products (the server drew the page with them). */
    hasItems: ({ context }) => context.items.length > 0,
    hasLabels: ({ context }) => context.items.some((i) => i.count > 0),
    isCount: ({ event }) => event.type === 'label.count' && Number.isInteger(event.count) && event.count >= 0 && event.count <= LABELS_PER_PRODUCT_MAX,
  },
}).createMachine({
  id: 'labels',
  context: ({ input }) => ({ ids: input.ids, items: (input.products ?? []).map(counted), error: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasItems', target: 'ready' }, { guard: 'hasProducts', target: 'loading' }, { target: 'nothingChosen' }] },
    nothingChosen: { description: 'No product was chosen: the page says where to choose them.', type: 'final' },
    loading: {
      description: 'The chosen products are on their way.',
      tags: ['busy'],
      invoke: {
        id: 'loadProducts',
        src: 'loadProducts',
        input: ({ context }) => ({ ids: context.ids }),
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output.map(counted), error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => (event.error as { message?: string })?.message || 'The products could not be loaded.' }) },
      },
    },
    failed: { description: 'Loading failed; a retry is offered.', tags: ['error'], on: { 'labels.retry': 'loading' } },
    ready: {
      description: 'The counts can be set and the sheet printed.',
      on: {
        'label.count': {
          guard: 'isCount',
          actions: assign({ items: ({ context, event }) => context.items.map((i) => (i.id === event.id ? { ...i, count: event.count } : i)) }),
        },
        'labels.print': { guard: 'hasLabels', actions: 'print' },
      },
    },
  },
});

export type LabelsSnapshot = import('xstate').SnapshotFrom<typeof labelsMachine>;

/** What the page shows: its phase, the rows of counts, every label in print order, totals and whether Print can be pressed. */
export function selectLabels(s: LabelsSnapshot) {
  const items = s.context.items;
  const labels = items.flatMap((i) => Array.from({ length: i.count }, (_, n) => ({ key: `${i.id}-${n}`, item: i })));
  return {
    phase: s.matches('nothingChosen') ? 'none' : s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : 'loading',
    items,
    labels,
    total: labels.length,
    sheets: Math.ceil(labels.length / LABEL_SHEET.perSheet),
    canPrint: s.can({ type: 'labels.print' }),
    error: s.context.error,
  } as const;
}
