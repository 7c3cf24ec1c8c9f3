import { assign, fromPromise, setup } from 'xstate';
import { firstMessages, omitErrors, shiftLineErrors } from '../../domain/field-path.ts';
import type { LineProduct } from '../../domain/documents/lines.ts';
import { stockCountBody } from '../../domain/documents/stock-count.ts';
import { serialsOf } from '../document/action-draft.machine.ts';
import type { DocumentEnv } from '../document/kind.ts';

/**
 * The stock count on /stock: a person finds products (by name, or scans them: a scan of a
 * product already counted adds one to it), types what is on the shelf, and names the serial
 * numbers found of serial-tracked products. Posting sends every line as ONE count document
 * (the server posts the differences through the ledger), once: it carries a key made when the
 * count began, kept for a resend after a lost answer. While it holds counts or a note,
 * leaving the page asks first, as every form does (`setLeaveGuard`).
 */

export interface CountLine {
  key: number;
  product: Pick<LineProduct, 'id' | 'name' | 'sku' | 'tracks_serials' | 'on_hand'>;
  counted: number;
  /** As typed: one serial number per row. */
  serials: string;
}

export interface StockCountContext {
  lines: CountLine[];
  note: string;
  nextKey: number;
  errors: Record<string, string>;
  formError: string | null;
  pendingScan: string | null;
  key: string;
  /** New keys (injected). */
  env: Pick<DocumentEnv, 'newKey'>;
}

export type StockCountEvent =
  | { type: 'count.add'; product: CountLine['product'] }
  | { type: 'count.change'; index: number; counted: number }
  | { type: 'count.serials'; index: number; text: string }
  | { type: 'count.remove'; index: number }
  | { type: 'count.scan'; code: string }
  | { type: 'count.note'; value: string }
  | { type: 'count.submit' };

export function countBody(c: Pick<StockCountContext, 'lines' | 'note'>) {
  return {
    note: c.note.trim() || null,
    lines: c.lines.map((l) => ({ product_id: l.product.id, counted: l.counted, ...(l.product.tracks_serials ? { serials: serialsOf(l.serials) } : {}) })),
  };
}

export const validateCount = (c: Pick<StockCountContext, 'lines' | 'note'>) => {
  const res = stockCountBody.safeParse(countBody(c));
  if (res.success) return {};
  // A serial's own error shows under its line's serials box.
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(firstMessages(res.error.issues))) out[k.replace(/^(lines\.\d+\.serials)\.\d+$/, '$1')] ??= v;
  return out;
};

/** Whether the count holds anything leaving would lose. */
export const hasCounts = (c: Pick<StockCountContext, 'lines' | 'note'>) => c.lines.length > 0 || c.note.trim() !== '';

const newLine = (product: CountLine['product'], key: number, counted: number): CountLine => ({ key, product, counted, serials: '' });


/** After every change: leaving asks first while the count holds anything. */
const guardLeave = { type: 'setLeaveGuard', params: ({ context }: { context: StockCountContext }) => ({ dirty: hasCounts(context) }) } as const;

export const stockCountMachine = setup({
  types: { context: {} as StockCountContext, events: {} as StockCountEvent, input: {} as { env: Pick<DocumentEnv, 'newKey'> } },
  actors: {
    lookupProduct: fromPromise<LineProduct | null, { code: string }>(async () => null),
    postCount: fromPromise<{ message: string }, { body: ReturnType<typeof countBody>; key: string }>(async () => {
      throw new Error('postCount not provided');
    }),
  },
  actions: {
    /** The count is posted (provided: a toast, the lists reload). */
    counted: (_, _p: { message: string }) => {},
    /** Whether leaving would lose counts (provided: navigation's `nav.block`). */
    setLeaveGuard: (_, _p: { dirty: boolean }) => {},
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateCount(context)).length === 0,
    validIndex: ({ context, event }) => 'index' in event && event.index >= 0 && event.index < context.lines.length,
    found: ({ event }) => (event as unknown as { output: LineProduct | null }).output !== null,
  },
}).createMachine({
  id: 'stockCount',
  context: ({ input }) => ({ lines: [], note: '', nextKey: 1, errors: {}, formError: null, pendingScan: null, key: input.env.newKey(), env: input.env }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The person adds products and types what was counted.',
      on: {
        'count.add': {
          actions: [assign(({ context, event }) => {
            const at = context.lines.findIndex((l) => l.product.id === event.product.id);
            if (at >= 0) return { errors: omitErrors(context.errors, 'lines', 'scan') };
            return { lines: [...context.lines, newLine(event.product, context.nextKey, event.product.tracks_serials ? 0 : event.product.on_hand)], nextKey: context.nextKey + 1, errors: omitErrors(context.errors, 'lines', 'scan') };
          }), guardLeave],
        },
        'count.change': { guard: 'validIndex', actions: [assign(({ context, event }) => ({ lines: context.lines.map((l, i) => (i === event.index ? { ...l, counted: event.counted } : l)), errors: omitErrors(context.errors, `lines.${event.index}.counted`, `lines.${event.index}.serials`) })), guardLeave] },
        'count.serials': {
          guard: 'validIndex',
          actions: [assign(({ context, event }) => ({
            // A serial-tracked product is counted by its serials: one per unit found.
            lines: context.lines.map((l, i) => (i === event.index ? { ...l, serials: event.text, counted: serialsOf(event.text).length } : l)),
            errors: omitErrors(context.errors, `lines.${event.index}.serials`, `lines.${event.index}.counted`),
          })), guardLeave],
        },
        'count.remove': { guard: 'validIndex', actions: [assign(({ context, event }) => ({ lines: context.lines.filter((_, i) => i !== event.index), errors: shiftLineErrors(context.errors, event.index) })), guardLeave] },
        'count.note': { actions: [assign({ note: ({ event }) => event.value }), guardLeave] },
        'count.scan': { target: 'scanning', actions: assign({ pendingScan: ({ event }) => event.code.trim() }) },
        'count.submit': [{ guard: 'isValid', target: 'posting' }, { actions: assign({ errors: ({ context }) => validateCount(context), formError: null }) }],
      },
    },
    scanning: {
      description: 'A scanned code is being looked up.',
      tags: ['busy'],
      invoke: {
        id: 'lookupProduct',
        src: 'lookupProduct',
        input: ({ context }) => ({ code: context.pendingScan ?? '' }),
        onDone: [
          {
            guard: 'found',
            target: 'editing',
            actions: [assign(({ context, event }) => {
              const p = event.output!;
              const at = context.lines.findIndex((l) => l.product.id === p.id);
              const errors = omitErrors(context.errors, 'scan', 'lines');
              // Scanning counts one unit each time (a serial-tracked one is counted by its serials).
              if (at >= 0) return { lines: context.lines.map((l, i) => (i === at && !p.tracks_serials ? { ...l, counted: l.counted + 1 } : l)), errors, pendingScan: null };
              return { lines: [...context.lines, newLine(p, context.nextKey, p.tracks_serials ? 0 : 1)], nextKey: context.nextKey + 1, errors, pendingScan: null };
            }), guardLeave],
          },
          { target: 'editing', actions: assign(({ context }) => ({ errors: { ...context.errors, scan: `No product has the barcode or SKU ${context.pendingScan}.` }, pendingScan: null })) },
        ],
        onError: { target: 'editing', actions: assign(({ context }) => ({ errors: { ...context.errors, scan: 'The product could not be looked up. Scan again.' }, pendingScan: null })) },
      },
    },
    posting: {
      description: 'Sent once: nothing changes until the answer comes.',
      tags: ['busy'],
      invoke: {
        id: 'postCount',
        src: 'postCount',
        input: ({ context }) => ({ body: countBody(context), key: context.key }),
        onDone: {
          target: 'editing',
          // Posted: nothing is left to lose (released before the screen is told, which closes the count).
          actions: [assign(({ context }) => ({ lines: [], note: '', errors: {}, formError: null, key: context.env.newKey() })), guardLeave, { type: 'counted', params: ({ event }) => ({ message: event.output.message }) }],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const f = event.error as { status?: number; message?: string; errors?: Record<string, string[]> };
            const errors: Record<string, string> = {};
            for (const [k, v] of Object.entries(f.errors ?? {})) errors[k.replace(/^(lines\.\d+\.serials)\.\d+$/, '$1')] ??= v[0] ?? '';
            return { errors, formError: Object.keys(errors).length ? null : (f.message ?? 'The count could not be posted.') };
          }),
        },
      },
    },
  },
});

export type StockCountSnapshot = import('xstate').SnapshotFrom<typeof stockCountMachine>;
export const selectStockCount = (s: StockCountSnapshot) => ({
  lines: s.context.lines.map((l, i) => ({
    ...l,
    difference: l.counted - l.product.on_hand,
    errors: { counted: s.context.errors[`lines.${i}.counted`] ?? s.context.errors[`lines.${i}.product_id`], serials: s.context.errors[`lines.${i}.serials`] },
  })),
  note: s.context.note,
  scanError: s.context.errors.scan,
  linesError: s.context.errors.lines,
  formError: s.context.formError,
  busy: s.hasTag('busy'),
  posting: s.matches('posting'),
  canSubmit: s.can({ type: 'count.submit' }) && s.context.lines.length > 0,
});
