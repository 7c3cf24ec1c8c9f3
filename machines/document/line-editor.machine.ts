import { and, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { firstMessages, shiftLineErrors } from '../../domain/field-path.ts';
import type { LineProduct } from '../../domain/documents/lines.ts';
import { serialsNamed, type DocumentHeader, type EditorKind, type LineDraft, type LineField, type LineProductRef, type MethodOption, type PaymentDraft } from './kind.ts';
import { isRowOf, nextRows, type PaymentRowEvent } from './payment-rows.ts';

export type { DocumentHeader, LineDraft, LineField, PaymentDraft } from './kind.ts';

/**
 * The line editor of a document form, for any kind (purchases first; sales, quotations and the
 * till next): the kind comes in by `input` (its body schema, how its body is written, how a new
 * line is priced). Lines live in context as an array (ARCHITECTURE: they share totals, and
 * generated paths stay small). Adding, changing and removing lines, scanning a barcode (found:
 * a line for it, or one more on its line; not found: said under `scan`), errors keyed by each
 * value's full path in the kind's body (`lines.2.quantity`), a submit sent once under the key
 * it was given, payments taken with a new document when the kind has a payments section (rows of
 * method and amount, errors under `payments.N.amount`; the methods offered come in by `input`:
 * a sale's are the shop's), serials picked one by one for a serial-tracked line (from those in
 * stock, scanned or typed: the line's quantity follows the serials named; one named twice is
 * refused under its line), and the unsaved-changes guard: whenever the form turns dirty or clean
 * it says so (`setLeaveGuard`, and its parent, when it has one, hears `doc.unsaved`).
 */

export interface SaveFailure {
  status: number;
  message: string;
  errors?: Record<string, string[]>;
}

/** Where a save goes: a new document (null) or an existing one, sent If-Match its ETag. */
export type SaveTarget = { id: number; etag: string | undefined } | null;

export interface Saved {
  id: number;
  message: string;
  /** The document as it is now, when the answer carries it. */
  data?: unknown;
}

export interface LineEditorContext {
  kind: EditorKind;
  header: DocumentHeader;
  lines: LineDraft[];
  /** The payments section's rows (none when the kind takes no payments with the document). */
  payments: PaymentDraft[];
  /** The payment methods the payments section offers (a new row takes the first). */
  methods: readonly MethodOption[];
  nextKey: number;
  /** Full path → the message shown under that value. */
  errors: Record<string, string>;
  formError: string | null;
  /** What the form held when it was loaded or last saved, to tell whether anything changed. */
  baseline: string;
  pendingScan: string | null;
  /** A typed serial being asked of the stock, and its line. */
  pendingSerial: { index: number; serial: string } | null;
  saved: Saved | null;
  target: SaveTarget;
  /** The Idempotency-Key of this form's save, made by whoever opened it: a resent save cannot save twice. */
  key: string;
  /** Whether the form was dirty when it last said so. */
  reportedDirty: boolean;
}

export interface LineEditorInput {
  kind: EditorKind;
  header: DocumentHeader;
  lines?: LineDraft[];
  target?: SaveTarget;
  key?: string;
  /** The payment methods to offer (a sale's: the shop's); else the kind's own, if it declares them. */
  methods?: readonly MethodOption[];
}

export type LineEditorEvent =
  | { type: 'line.add'; product: LineProductRef }
  | { type: 'line.change'; index: number; field: LineField; value: number | string[] }
  | { type: 'line.remove'; index: number }
  /**
   * A serial picked from those in stock, scanned or typed, for a serial-tracked line: the quantity
   * follows. One typed or scanned (`typed`) on a kind that sells is asked of the stock first.
   */
  | { type: 'line.serial.add'; index: number; serial: string; typed?: boolean }
  | { type: 'line.serial.remove'; index: number; serial: string }
  | { type: 'line.scan'; code: string }
  | { type: 'header.change'; field: string; value: unknown }
  | PaymentRowEvent
  | { type: 'form.submit' }
  | { type: 'form.reset' };

const snapshotOf = (c: Pick<LineEditorContext, 'header' | 'lines'> & { payments?: PaymentDraft[] }) =>
  JSON.stringify({ header: c.header, lines: c.lines.map(({ key: _k, ...l }) => l), payments: (c.payments ?? []).map(({ key: _k, ...p }) => p) });

/** The request body the form stands for, in the kind's words. */
export const bodyOf = (c: Pick<LineEditorContext, 'kind' | 'header' | 'lines'> & { target?: SaveTarget; payments?: PaymentDraft[] }) => c.kind.toBody(c.header, c.lines, Boolean(c.target), c.target ? [] : (c.payments ?? []));

/** The same schema the server reads, then the kind's own rules: errors by full path, before anything is sent. */
export function validateLines(c: Pick<LineEditorContext, 'kind' | 'header' | 'lines'> & { target?: SaveTarget; payments?: PaymentDraft[] }): Record<string, string> {
  const res = c.kind.schema.safeParse(bodyOf(c));
  const errors = res.success ? {} : firstMessages(res.error.issues);
  for (const [k, v] of Object.entries(c.kind.check?.(c.header, c.lines) ?? {})) errors[k] ??= v;
  return errors;
}

/** A line's field as the body names it (the unit price is the kind's own word for it). */
export const bodyField = (kind: Pick<EditorKind, 'priceField'>, field: LineField) => (field === 'unit_price' ? kind.priceField : field);

const lineFor = (kind: EditorKind, product: LineProductRef, key: number): LineDraft => ({
  key,
  product,
  quantity: 1,
  unit_price: kind.priceOf(product),
  discount: 0,
  tax_bps: product.tax_bps,
  serials: [],
});

/** Where else serial `serial` of line `index`'s product is named already: the line's number, or null. */
function namedAt(lines: readonly LineDraft[], index: number, serial: string): number | null {
  const product = lines[index]?.product?.id;
  const key = serial.toLowerCase();
  const at = lines.findIndex((l) => l.product?.id === product && serialsNamed(l).some((s) => s.toLowerCase() === key));
  return at < 0 ? null : at;
}

/** A line whose serials are named one by one: the quantity is how many are named (at least 1). */
const withSerials = (l: LineDraft, serials: string[]): LineDraft => ({ ...l, serials, quantity: Math.max(1, serials.length) });

const without = (errors: Record<string, string>, key: string) => Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key && k !== 'form'));

/** Line `index` with `serial` named on it, or the error that says where it is named already. */
function namingSerial(c: Pick<LineEditorContext, 'lines' | 'errors'>, index: number, raw: string): Partial<LineEditorContext> {
  const serial = raw.trim();
  const key = `lines.${index}.serials`;
  if (!serial || !c.lines[index]) return {};
  const at = namedAt(c.lines, index, serial);
  if (at !== null) return { errors: { ...without(c.errors, key), [key]: at === index ? `Serial number ${serial} is already on this line.` : `Serial number ${serial} is already on line ${at + 1}.` } };
  const lines = c.lines.map((l, i) => (i === index ? withSerials(l, [...serialsNamed(l), serial]) : l));
  return { lines, errors: without(without(c.errors, key), `lines.${index}.quantity`) };
}

/** Whether leaving would lose something: the unsaved-changes guard asks this. */
export const isDirty = (c: Pick<LineEditorContext, 'header' | 'lines' | 'baseline'> & { payments?: PaymentDraft[] }) => snapshotOf(c) !== c.baseline;

export const lineEditorMachine = setup({
  types: {
    context: {} as LineEditorContext,
    events: {} as LineEditorEvent,
    input: {} as LineEditorInput,
  },
  actors: {
    /** Whether a product's serial is in stock now (a typed or scanned one, before the line takes it). */
    serialInStock: fromPromise<boolean, { productId: number; serial: string }>(async () => true),
    /** Finds a product by a scanned code: the exact match or null. */
    lookupProduct: fromPromise<LineProduct | null, { code: string }>(async () => null),
    /** Sends the body once under its key; resolves with the saved document, rejects with a SaveFailure. */
    saveDocument: fromPromise<Saved, { body: Record<string, unknown>; target: SaveTarget; key: string }>(async () => {
      throw new Error('saveDocument not provided');
    }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateLines(context)).length === 0,
    validIndex: ({ context, event }) => 'index' in event && event.index >= 0 && event.index < context.lines.length,
    serialLine: ({ context, event }) => 'index' in event && context.lines[event.index]?.product?.tracks_serials === true,
    validPayment: ({ context, event }) => event.type.startsWith('payment.') && isRowOf(context.payments, event as PaymentRowEvent),
    takesPayments: ({ context }) => Boolean(context.kind.payments) && context.target === null,
    found: ({ event }) => (event as unknown as { output: LineProduct | null }).output !== null,
    /** A serial typed or scanned on a kind that sells, not yet named: the stock is asked first. */
    checksSerial: ({ context, event }) =>
      event.type === 'line.serial.add' && event.typed === true && context.kind.picksSerials === true && event.serial.trim() !== '' && namedAt(context.lines, event.index, event.serial.trim()) === null,
    inStock: ({ event }) => (event as unknown as { output: boolean }).output,
  },
  actions: {
    addLine: assign(({ context, event }) => {
      if (event.type !== 'line.add') return {};
      return { lines: [...context.lines, lineFor(context.kind, event.product, context.nextKey)], nextKey: context.nextKey + 1, errors: without(context.errors, 'lines') };
    }),
    changeLine: assign(({ context, event }) => {
      if (event.type !== 'line.change') return {};
      const lines = context.lines.map((l, i) => (i === event.index ? { ...l, [event.field]: event.value } : l));
      return { lines, errors: without(context.errors, `lines.${event.index}.${bodyField(context.kind, event.field)}`) };
    }),
    removeLine: assign(({ context, event }) => {
      if (event.type !== 'line.remove') return {};
      return { lines: context.lines.filter((_, i) => i !== event.index), errors: shiftLineErrors(context.errors, event.index) };
    }),
    addSerial: assign(({ context, event }) => (event.type === 'line.serial.add' ? namingSerial(context, event.index, event.serial) : {})),
    rememberSerial: assign({ pendingSerial: ({ event }) => (event.type === 'line.serial.add' ? { index: event.index, serial: event.serial.trim() } : null) }),
    /** In stock (or the stock could not be asked: the server checks on save): the line takes it. */
    addCheckedSerial: assign(({ context }) => ({ ...(context.pendingSerial ? namingSerial(context, context.pendingSerial.index, context.pendingSerial.serial) : {}), pendingSerial: null })),
    serialNotInStock: assign(({ context }) => {
      const p = context.pendingSerial!;
      const name = context.lines[p.index]?.product?.name ?? 'this product';
      return { errors: { ...context.errors, [`lines.${p.index}.serials`]: `Serial number ${p.serial} of ${name} is not in stock.` }, pendingSerial: null };
    }),
    removeSerial: assign(({ context, event }) => {
      if (event.type !== 'line.serial.remove') return {};
      const lines = context.lines.map((l, i) => (i === event.index ? withSerials(l, serialsNamed(l).filter((s) => s !== event.serial)) : l));
      return { lines, errors: without(without(context.errors, `lines.${event.index}.serials`), `lines.${event.index}.quantity`) };
    }),
    changeHeader: assign(({ context, event }) => {
      if (event.type !== 'header.change') return {};
      return { header: { ...context.header, [event.field]: event.value }, errors: without(context.errors, event.field) };
    }),
    /** A payment row added, changed or removed (./payment-rows.ts, shared with a return's refunds), by the methods offered. */
    changePayments: assign(({ context, event }) => {
      const { rows, nextKey, errors } = nextRows('payments', { rows: context.payments, nextKey: context.nextKey, errors: context.errors }, event as PaymentRowEvent, context.methods[0]?.value ?? '');
      return { payments: rows, nextKey, errors };
    }),
    rememberScan: assign({ pendingScan: ({ event }) => (event.type === 'line.scan' ? event.code.trim() : null) }),
    addScanned: assign(({ context, event }) => {
      const product = (event as unknown as { output: LineProduct }).output;
      const at = context.lines.findIndex((l) => l.product?.id === product.id);
      const errors = without(without(context.errors, 'scan'), 'lines');
      if (at >= 0) return { lines: context.lines.map((l, i) => (i === at ? { ...l, quantity: l.quantity + 1 } : l)), errors, pendingScan: null };
      return { lines: [...context.lines, lineFor(context.kind, product, context.nextKey)], nextKey: context.nextKey + 1, errors, pendingScan: null };
    }),
    scanNotFound: assign(({ context }) => ({ errors: { ...context.errors, scan: `No product has the barcode or SKU ${context.pendingScan}.` }, pendingScan: null })),
    scanFailed: assign(({ context }) => ({ errors: { ...context.errors, scan: 'The product could not be looked up. Scan again.' }, pendingScan: null })),
    showErrors: assign({ errors: ({ context }) => validateLines(context), formError: null }),
    serverErrors: assign(({ event }) => {
      const f = (event as unknown as { error: SaveFailure }).error;
      const errors = Object.fromEntries(Object.entries(f.errors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
      return { errors, formError: f.status === 422 && Object.keys(errors).length ? null : (f.message ?? 'The document could not be saved.') };
    }),
    markSaved: assign(({ context, event }) => ({ saved: (event as unknown as { output: Saved }).output, baseline: snapshotOf(context), errors: {}, formError: null })),
    reset: assign(({ context }) => {
      const base = JSON.parse(context.baseline) as { header: DocumentHeader; lines: Omit<LineDraft, 'key'>[]; payments: Omit<PaymentDraft, 'key'>[] };
      return {
        header: base.header,
        lines: base.lines.map((l, i) => ({ ...l, key: context.nextKey + i })),
        payments: base.payments.map((p, i) => ({ ...p, key: context.nextKey + base.lines.length + i })),
        nextKey: context.nextKey + 100,
        errors: {},
        formError: null,
      };
    }),
    /** After every change: when the form turned dirty or clean, say so once. */
    trackDirty: enqueueActions(({ context, enqueue }) => {
      const dirty = isDirty(context);
      if (dirty === context.reportedDirty) return;
      enqueue.assign({ reportedDirty: dirty });
      // Named actions of this same setup (its typings cannot name them here), so a test can provide each.
      enqueue({ type: 'setLeaveGuard', params: { dirty } } as never);
      enqueue({ type: 'dirtyChanged', params: { dirty } } as never);
    }),
    /** The leave guard (provided: navigation asks before leaving a dirty form). */
    setLeaveGuard: (_, _p: { dirty: boolean }) => {},
    /** Its parent (a document page's lifecycle machine), when it has one, hears that the form is dirty or clean. */
    dirtyChanged: ({ self }, { dirty }: { dirty: boolean }) => self._parent?.send({ type: 'doc.unsaved', unsaved: dirty }),
    /** Saved: its parent hears `doc.saved` with the document as it is now; a new document's screen provides moving on. */
    finished: ({ self }, saved: Saved) => self._parent?.send({ type: 'doc.saved', ...saved }),
  },
}).createMachine({
  id: 'lineEditor',
  context: ({ input }) => {
    const lines = input.lines ?? [];
    return {
      kind: input.kind,
      header: input.header,
      lines,
      payments: [],
      methods: input.methods ?? input.kind.payments?.methods ?? [],
      nextKey: lines.length + 1,
      errors: {},
      formError: null,
      baseline: snapshotOf({ header: input.header, lines, payments: [] }),
      pendingScan: null,
      pendingSerial: null,
      saved: null,
      target: input.target ?? null,
      key: input.key ?? '',
      reportedDirty: false,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      description: 'The person edits the header and lines; errors show under the values they are about.',
      on: {
        'line.add': { actions: ['addLine', 'trackDirty'] },
        'line.change': { guard: 'validIndex', actions: ['changeLine', 'trackDirty'] },
        'line.remove': { guard: 'validIndex', actions: ['removeLine', 'trackDirty'] },
        'line.serial.add': [
          { guard: and(['serialLine', 'checksSerial']), target: 'checkingSerial', actions: 'rememberSerial' },
          { guard: 'serialLine', actions: ['addSerial', 'trackDirty'] },
        ],
        'line.serial.remove': { guard: 'serialLine', actions: ['removeSerial', 'trackDirty'] },
        'header.change': { actions: ['changeHeader', 'trackDirty'] },
        'payment.add': { guard: 'takesPayments', actions: ['changePayments', 'trackDirty'] },
        'payment.change': { guard: 'validPayment', actions: ['changePayments', 'trackDirty'] },
        'payment.remove': { guard: 'validPayment', actions: ['changePayments', 'trackDirty'] },
        'line.scan': { target: 'scanning', actions: 'rememberScan' },
        'form.reset': { actions: ['reset', 'trackDirty'] },
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
        onDone: [{ guard: 'found', target: 'editing', actions: ['addScanned', 'trackDirty'] }, { target: 'editing', actions: 'scanNotFound' }],
        onError: { target: 'editing', actions: 'scanFailed' },
      },
    },
    checkingSerial: {
      description: 'A typed or scanned serial is asked of the stock before its line takes it; the form stays as it is meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'serialInStock',
        src: 'serialInStock',
        input: ({ context }) => ({ productId: context.lines[context.pendingSerial!.index]!.product!.id, serial: context.pendingSerial!.serial }),
        onDone: [{ guard: 'inStock', target: 'editing', actions: ['addCheckedSerial', 'trackDirty'] }, { target: 'editing', actions: 'serialNotInStock' }],
        onError: { target: 'editing', actions: ['addCheckedSerial', 'trackDirty'] },
      },
    },
    submitting: {
      description: 'Sent once: another submit waits until the answer comes.',
      tags: ['busy'],
      invoke: {
        id: 'saveDocument',
        src: 'saveDocument',
        input: ({ context }) => ({ body: bodyOf(context), target: context.target, key: context.key }),
        onDone: { target: 'saved', actions: ['markSaved', 'trackDirty'] },
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
