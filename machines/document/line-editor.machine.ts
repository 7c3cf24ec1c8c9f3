import { assign, fromPromise, setup } from 'xstate';
import { firstMessages, shiftLineErrors } from '../../domain/field-path.ts';
import type { LineProduct } from '../../domain/documents/lines.ts';
import { purchaseCreateBody } from '../../domain/documents/purchase.ts';

/**
 * The line editor of a document form (purchase first; the sale, quotation and till forms take
 * the same machine with their own schema): lines live in context as an array (ARCHITECTURE:
 * they share totals, and generated paths stay small). Adding, changing and removing lines,
 * scanning a barcode (found: a line for it, or one more on its line; not found: said under
 * `scan`), errors keyed by each value's full path (`lines.2.quantity`), a submit sent once,
 * and `dirty` for the unsaved-changes guard.
 */

export interface LineDraft {
  /** Stable across removals, so a view keys its rows by it. */
  key: number;
  product: Pick<LineProduct, 'id' | 'name' | 'sku' | 'cost_price' | 'tax_bps' | 'tracks_serials'> | null;
  quantity: number;
  unit_cost: number;
  discount: number;
  tax_bps: number;
  serials: string[];
}

export type LineField = 'quantity' | 'unit_cost' | 'discount' | 'tax_bps' | 'serials';

export interface DocumentHeader {
  supplier_id: number | null;
  purchased_on: string;
  note: string;
  prices_include_tax: boolean;
  rounding: 'line' | 'document';
  discount: number;
  tax_bps: number;
  shipping: number;
  receive: boolean;
}

export interface SaveFailure {
  status: number;
  message: string;
  errors?: Record<string, string[]>;
}

export interface LineEditorContext {
  header: DocumentHeader;
  lines: LineDraft[];
  nextKey: number;
  /** Full path → the message shown under that value. */
  errors: Record<string, string>;
  formError: string | null;
  /** What the form held when it was loaded or last saved, to tell whether anything changed. */
  baseline: string;
  pendingScan: string | null;
  saved: { id: number; message: string } | null;
}

export type LineEditorEvent =
  | { type: 'line.add'; product: NonNullable<LineDraft['product']> }
  | { type: 'line.change'; index: number; field: LineField; value: number | string[] }
  | { type: 'line.remove'; index: number }
  | { type: 'line.scan'; code: string }
  | { type: 'header.change'; field: keyof DocumentHeader; value: DocumentHeader[keyof DocumentHeader] }
  | { type: 'form.submit' }
  | { type: 'form.reset' };

export const emptyHeader = (today: string): DocumentHeader => ({
  supplier_id: null,
  purchased_on: today,
  note: '',
  prices_include_tax: false,
  rounding: 'line',
  discount: 0,
  tax_bps: 0,
  shipping: 0,
  receive: false,
});

const snapshotOf = (c: Pick<LineEditorContext, 'header' | 'lines'>) => JSON.stringify({ header: c.header, lines: c.lines.map(({ key: _k, ...l }) => l) });

/** The request body the form stands for (the server computes every total itself). */
export function toPurchaseBody(c: Pick<LineEditorContext, 'header' | 'lines'>): Record<string, unknown> {
  const { supplier_id, note, ...rest } = c.header;
  return {
    ...rest,
    supplier_id,
    note: note || null,
    lines: c.lines.map((l) => ({
      product_id: l.product?.id ?? null,
      quantity: l.quantity,
      unit_cost: l.unit_cost,
      discount: l.discount,
      tax_bps: l.tax_bps,
      // Blank rows of the serials box are ignored.
      ...(l.product?.tracks_serials && c.header.receive ? { serials: l.serials.map((s) => s.trim()).filter(Boolean) } : {}),
    })),
  };
}

/** The same schema the server reads: errors by full path, before anything is sent. */
export function validateLines(c: Pick<LineEditorContext, 'header' | 'lines'>): Record<string, string> {
  const res = purchaseCreateBody.safeParse(toPurchaseBody(c));
  const errors = res.success ? {} : firstMessages(res.error.issues);
  // Serial-tracked lines received now: one serial per unit.
  if (c.header.receive) {
    c.lines.forEach((l, i) => {
      const named = l.serials.filter((s) => s.trim()).length;
      if (l.product?.tracks_serials && named !== l.quantity && !errors[`lines.${i}.serials`]) {
        errors[`lines.${i}.serials`] = `Name one serial number per unit: ${l.quantity} ${l.quantity === 1 ? 'unit' : 'units'}, ${named} named.`;
      }
    });
  }
  return errors;
}

const lineFor = (product: NonNullable<LineDraft['product']>, key: number): LineDraft => ({
  key,
  product,
  quantity: 1,
  unit_cost: product.cost_price,
  discount: 0,
  tax_bps: product.tax_bps,
  serials: [],
});


const without = (errors: Record<string, string>, key: string) => Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key && k !== 'form'));

export const lineEditorMachine = setup({
  types: {
    context: {} as LineEditorContext,
    events: {} as LineEditorEvent,
    input: {} as { header: DocumentHeader; lines?: LineDraft[] },
  },
  actors: {
    /** Finds a product by a scanned code: the exact match or null. */
    lookupProduct: fromPromise<LineProduct | null, { code: string }>(async () => null),
    /** Sends the body once; resolves with the saved document, rejects with a SaveFailure. */
    saveDocument: fromPromise<{ id: number; message: string }, { body: Record<string, unknown> }>(async () => {
      throw new Error('saveDocument not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateLines(context)).length === 0,
    validIndex: ({ context, event }) => 'index' in event && event.index >= 0 && event.index < context.lines.length,
    found: ({ event }) => (event as unknown as { output: LineProduct | null }).output !== null,
  },
  actions: {
    addLine: assign(({ context, event }) => {
      if (event.type !== 'line.add') return {};
      return { lines: [...context.lines, lineFor(event.product, context.nextKey)], nextKey: context.nextKey + 1, errors: without(context.errors, 'lines') };
    }),
    changeLine: assign(({ context, event }) => {
      if (event.type !== 'line.change') return {};
      const lines = context.lines.map((l, i) => (i === event.index ? { ...l, [event.field]: event.value } : l));
      return { lines, errors: without(context.errors, `lines.${event.index}.${event.field}`) };
    }),
    removeLine: assign(({ context, event }) => {
      if (event.type !== 'line.remove') return {};
      return { lines: context.lines.filter((_, i) => i !== event.index), errors: shiftLineErrors(context.errors, event.index) };
    }),
    changeHeader: assign(({ context, event }) => {
      if (event.type !== 'header.change') return {};
      return { header: { ...context.header, [event.field]: event.value }, errors: without(context.errors, event.field) };
    }),
    rememberScan: assign({ pendingScan: ({ event }) => (event.type === 'line.scan' ? event.code.trim() : null) }),
    addScanned: assign(({ context, event }) => {
      const product = (event as unknown as { output: LineProduct }).output;
      const at = context.lines.findIndex((l) => l.product?.id === product.id);
      const errors = without(without(context.errors, 'scan'), 'lines');
      if (at >= 0) return { lines: context.lines.map((l, i) => (i === at ? { ...l, quantity: l.quantity + 1 } : l)), errors, pendingScan: null };
      return { lines: [...context.lines, lineFor(product, context.nextKey)], nextKey: context.nextKey + 1, errors, pendingScan: null };
    }),
    scanNotFound: assign(({ context }) => ({ errors: { ...context.errors, scan: `No product has the barcode or SKU ${context.pendingScan}.` }, pendingScan: null })),
    scanFailed: assign(({ context }) => ({ errors: { ...context.errors, scan: 'The product could not be looked up. Scan again.' }, pendingScan: null })),
    showErrors: assign({ errors: ({ context }) => validateLines(context), formError: null }),
    serverErrors: assign(({ event }) => {
      const f = (event as unknown as { error: SaveFailure }).error;
      const errors = Object.fromEntries(Object.entries(f.errors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
      return { errors, formError: f.status === 422 && Object.keys(errors).length ? null : (f.message ?? 'The document could not be saved.') };
    }),
    markSaved: assign(({ context, event }) => ({ saved: (event as unknown as { output: { id: number; message: string } }).output, baseline: snapshotOf(context), errors: {}, formError: null })),
    /** Saved: the screen moves on (provided: a toast and the purchase's own page). */
    finished: (_, _p: { id: number; message: string }) => {},
    reset: assign(({ context }) => ({ ...(JSON.parse(context.baseline) as Pick<LineEditorContext, 'header'>), lines: (JSON.parse(context.baseline).lines as Omit<LineDraft, 'key'>[]).map((l, i) => ({ ...l, key: context.nextKey + i })), nextKey: context.nextKey + 100, errors: {}, formError: null })),
  },
}).createMachine({
  id: 'lineEditor',
  context: ({ input }) => {
    const lines = input.lines ?? [];
    return { header: input.header, lines, nextKey: lines.length + 1, errors: {}, formError: null, baseline: snapshotOf({ header: input.header, lines }), pendingScan: null, saved: null };
  },
  initial: 'editing',
  states: {
    editing: {
      description: 'The person edits the header and lines; errors show under the values they are about.',
      on: {
        'line.add': { actions: 'addLine' },
        'line.change': { guard: 'validIndex', actions: 'changeLine' },
        'line.remove': { guard: 'validIndex', actions: 'removeLine' },
        'header.change': { actions: 'changeHeader' },
        'line.scan': { target: 'scanning', actions: 'rememberScan' },
        'form.reset': { actions: 'reset' },
        'form.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'showErrors' }],
      },
    },
    scanning: {
      description: 'A scanned code is being looked up; the form stays as it is meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'lookupProduct',
        src: 'lookupProduct',
        input: ({ context }) => ({ code: context.pendingScan ?? '' }),
        onDone: [{ guard: 'found', target: 'editing', actions: 'addScanned' }, { target: 'editing', actions: 'scanNotFound' }],
        onError: { target: 'editing', actions: 'scanFailed' },
      },
    },
    submitting: {
      description: 'Sent once: another submit waits until the answer comes.',
      tags: ['busy'],
      invoke: {
        id: 'saveDocument',
        src: 'saveDocument',
        input: ({ context }) => ({ body: toPurchaseBody(context) }),
        onDone: { target: 'saved', actions: 'markSaved' },
        onError: { target: 'editing', actions: 'serverErrors' },
      },
    },
    saved: {
      description: 'Saved: nothing is unsaved; the screen moves on.',
      type: 'final',
      entry: { type: 'finished', params: ({ context }) => context.saved! },
    },
  },
});

/** Whether leaving would lose something: the unsaved-changes guard asks this. */
export const isDirty = (c: Pick<LineEditorContext, 'header' | 'lines' | 'baseline'>) => snapshotOf(c) !== c.baseline;
