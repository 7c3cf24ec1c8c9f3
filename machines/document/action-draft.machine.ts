import { assign, setup } from 'xstate';
import { firstMessages, omitErrors } from '../../domain/field-path.ts';
import { parseMoney } from '../../domain/format.ts';
import { PAYMENT_METHOD_OPTIONS } from '../../domain/documents/payments.facts.ts';
import type { DraftLine, DraftOpening, DraftPayment, DraftWorth, MethodOption, PanelDef, PaymentDraft } from './kind.ts';
import { isRowOf, nextRows, rowsBody, type PaymentRowEvent } from './payment-rows.ts';

export type { DraftLine, DraftPayment } from './kind.ts';

/**
 * What a person fills in before a posted document's action is sent (receive, return, pay,
 * cancel; the kind declares its panels by `input`): how many of each line, one serial number
 * per unit for serial-tracked products (typed or scanned, one per row), a payment's date,
 * amount, method (of those offered: every one, or the shop's, by `input`) and note; a return of
 * goods sold (the panel declares `date` and `refunds`) is dated, picks its serials from those the
 * line sold, gives refunds by method in the same rows as a sale's payments, and is worth what its
 * kind says as the person types. It checks with the panel's own schema (the server's) and refuses a
 * serial named twice under its line, naming it; sending hands the body to its parent (the
 * document's lifecycle machine), which sends the request once and tells this machine how it went.
 */

export type DraftPanel = string;

export interface ActionDraftContext {
  panels: Readonly<Record<string, PanelDef>>;
  panel: DraftPanel | null;
  /** The payment methods a payment panel offers; one it opens with that is not among them gives way to the first. */
  methods: readonly MethodOption[];
  lines: DraftLine[];
  payment: DraftPayment;
  note: string;
  /** A dated panel's day (YYYY-MM-DD). */
  date: string;
  /** A panel with refunds: its rows of method and amount. */
  refunds: PaymentDraft[];
  nextKey: number;
  /** What the lines taken are worth, when the kind says (a return's value and the refund due). */
  worth: DraftWorth | null;
  /** Full path → message (`lines.2.serials`, `amount`). */
  errors: Record<string, string>;
  /** Which draft line each line of the request body came from, so the server's errors land under the right line. */
  sent: number[];
}

export type ActionDraftEvent =
  | ({ type: 'draft.open'; panel: DraftPanel } & DraftOpening)
  | { type: 'draft.close' }
  | { type: 'draft.quantity'; index: number; value: number }
  | { type: 'draft.serials'; index: number; text: string }
  /** Serial numbers picked from a line's choices: the line takes one unit per serial picked. */
  | { type: 'draft.pick'; index: number; serials: string[] }
  /** A whole line's serial picked from those in stock, scanned or typed; or taken off again. */
  | { type: 'draft.serial.add'; index: number; serial: string }
  | { type: 'draft.serial.remove'; index: number; serial: string }
  | { type: 'draft.date'; value: string }
  /** A refund row added, changed or removed (./payment-rows.ts). */
  | PaymentRowEvent
  | { type: 'draft.payment'; field: keyof DraftPayment; value: string }
  | { type: 'draft.note'; value: string }
  | { type: 'draft.submit' }
  /** The lifecycle machine's answer: done closes the panel, failed shows the server's errors. */
  | { type: 'draft.done' }
  | { type: 'draft.failed'; errors: Record<string, string[]> };

/** How many of each line the draft takes, as the server will count them (whole, within what may be taken). */
export const taking = (lines: readonly { quantity: number; max: number }[]) => lines.map((l) => Math.min(l.max, Math.max(0, Math.trunc(l.quantity) || 0)));

/** One serial number per row (commas too), blanks ignored. */
export const serialsOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

const EMPTY_PAYMENT: DraftPayment = { paid_on: '', amount: '', method: 'cash', note: '' };

/** The request body the draft stands for, and which draft line each body line is. */
type DraftView = Pick<ActionDraftContext, 'panels' | 'panel' | 'lines' | 'payment' | 'note' | 'date' | 'refunds'>;
const shapeOf = (c: Pick<ActionDraftContext, 'panels' | 'panel'>) => (c.panel ? c.panels[c.panel]?.shape : undefined);

export function draftBody(c: DraftView): { body: Record<string, unknown>; sent: number[] } {
  const note = c.note.trim() || null;
  const shape = shapeOf(c);
  if (shape === 'payment') {
    const amount = parseMoney(c.payment.amount);
    return { body: { paid_on: c.payment.paid_on, amount: amount ?? Number.NaN, method: c.payment.method, note: c.payment.note.trim() || null }, sent: [] };
  }
  if (shape !== 'lines') return { body: { note }, sent: [] };
  const def = c.panels[c.panel!]!;
  const sent: number[] = [];
  const extra = { ...(def.date ? { [def.date.field]: c.date } : {}), ...(def.refunds ? { [def.refunds.field]: rowsBody(c.refunds) } : {}) };
  // Every line whole, in the document's order: only the serials of serial-tracked ones.
  if (def.whole) return { body: { ...extra, lines: c.lines.map((l) => ({ line_id: l.line_id, serials: l.tracks_serials ? serialsOf(l.serials) : [] })), note }, sent: c.lines.map((_, i) => i) };
  const lines = c.lines.flatMap((l, i) => {
    if (!(l.quantity > 0) && !(Number.isNaN(l.quantity) && l.max > 0)) return [];
    sent.push(i);
    return [{ line_id: l.line_id, quantity: l.quantity, serials: l.tracks_serials ? serialsOf(l.serials) : [] }];
  });
  return { body: { ...extra, lines, note }, sent };
}

/** The server's schema, then what only the draft knows: at most what is left, one serial per unit, none named twice. */
export function validateDraft(c: DraftView): Record<string, string> {
  const def = c.panel ? c.panels[c.panel] : undefined;
  if (!def) return { form: 'This action is not offered here.' };
  const { body, sent } = draftBody(c);
  const res = def.schema.safeParse(body);
  const raw = res.success ? {} : firstMessages(res.error.issues);
  const errors: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const m = /^lines\.(\d+)(\..*)?$/.exec(k);
    errors[m ? `lines.${sent[Number(m[1])]}${m[2] ?? ''}` : k] = v;
  }
  if (def.shape === 'payment' && c.payment.amount.trim() && parseMoney(c.payment.amount) === undefined) errors.amount = 'Enter an amount like 12.50.';
  if (def.shape !== 'lines') return errors;
  if (sent.length === 0 && !errors.lines && !def.whole) errors.lines = `Enter how many to ${def.verb} on at least one line.`;
  const seen = new Map<string, number>();
  c.lines.forEach((l, i) => {
    if (!def.whole && l.quantity > l.max && !errors[`lines.${i}.quantity`]) {
      errors[`lines.${i}.quantity`] = def.tooMany?.(l.max) ?? `Only ${l.max} can be taken.`;
    }
    if (!l.tracks_serials || !(l.quantity > 0)) return;
    const serials = serialsOf(l.serials);
    serials.forEach((s) => {
      const key = `${l.product_id}|${s.toLowerCase()}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else if (!errors[`lines.${i}.serials`]) errors[`lines.${i}.serials`] = first === i ? `Serial number ${s} is named twice.` : `Serial number ${s} is already named on line ${first + 1}.`;
    });
    if (!errors[`lines.${i}.serials`] && serials.length !== l.quantity) {
      errors[`lines.${i}.serials`] = l.choices
        ? `Pick one serial number per unit: ${l.quantity} ${l.quantity === 1 ? 'unit' : 'units'}, ${serials.length} picked.`
        : `Name one serial number per unit: ${l.quantity} ${l.quantity === 1 ? 'unit' : 'units'}, ${serials.length} named.`;
    }
  });
  return errors;
}

/** Errors under a serial (`lines.0.serials.2`) show under the line's serials box. */
const collapse = (errors: Record<string, string>) => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) {
    const key = k.replace(/^(lines\.\d+\.serials)\.\d+$/, '$1');
    out[key] ??= v;
  }
  return out;
};

export const actionDraftMachine = setup({
  types: {
    context: {} as ActionDraftContext,
    events: {} as ActionDraftEvent,
    input: {} as { panels: Readonly<Record<string, PanelDef>>; methods?: readonly MethodOption[] | undefined },
  },
  actions: {
    clear: assign({ panel: null, lines: [], refunds: [], worth: null, errors: {} }),
    changeRefunds: assign(({ context, event }) => {
      const def = context.panels[context.panel!]!.refunds!;
      const { rows, nextKey, errors } = nextRows(def.field, { rows: context.refunds, nextKey: context.nextKey, errors: context.errors }, event as PaymentRowEvent, context.methods[0]?.value ?? '');
      if (event.type !== 'payment.add' || !context.worth) return { refunds: rows, nextKey, errors };
      // A new refund row offers what is still owed back (the refund due less the rows before it), to be changed or split.
      const owed = context.worth(taking(context.lines)).owed - context.refunds.reduce((sum, r) => sum + Math.max(0, r.amount || 0), 0);
      return { refunds: rows.map((r, i) => (i === rows.length - 1 ? { ...r, amount: Math.max(0, owed) } : r)), nextKey, errors };
    }),
    /** Hands the body to its parent, the document's lifecycle machine, which runs the action once. */
    send: ({ self }, { action, body }: { action: DraftPanel; body: Record<string, unknown> }) => self._parent?.send({ type: 'doc.act', action, body }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateDraft(context)).length === 0,
    validIndex: ({ context, event }) => 'index' in event && event.index >= 0 && event.index < context.lines.length,
    /** A row event about a refund there is (or a new one), on a panel that gives refunds. */
    refundRow: ({ context, event }) => Boolean(context.panel && context.panels[context.panel]?.refunds) && isRowOf(context.refunds, event as PaymentRowEvent),
  },
}).createMachine({
  id: 'actionDraft',
  context: ({ input }) => ({ panels: input.panels, methods: input.methods ?? PAYMENT_METHOD_OPTIONS, panel: null, lines: [], payment: EMPTY_PAYMENT, note: '', date: '', refunds: [], nextKey: 1, worth: null, errors: {}, sent: [] }),
  initial: 'closed',
  states: {
    closed: {
      description: 'No action is being filled in; the document shows its buttons.',
      on: {
        'draft.open': {
          guard: ({ context, event }) => event.panel in context.panels,
          target: 'open',
          actions: assign(({ context, event }) => {
            const payment = event.payment ?? EMPTY_PAYMENT;
            const offered = context.methods.some((m) => m.value === payment.method);
            return { panel: event.panel, lines: event.lines ?? [], payment: offered ? payment : { ...payment, method: context.methods[0]?.value ?? '' }, note: '', date: event.date ?? '', refunds: [], worth: event.worth ?? null, errors: {}, sent: [] };
          }),
        },
      },
    },
    open: {
      description: 'The person fills in the action; errors show under the values they are about.',
      on: {
        'draft.close': { target: 'closed', actions: 'clear' },
        'draft.quantity': {
          guard: 'validIndex',
          actions: assign(({ context, event }) => ({
            lines: context.lines.map((l, i) => (i === event.index ? { ...l, quantity: event.value } : l)),
            errors: omitErrors(context.errors, `lines.${event.index}.quantity`, 'lines'),
          })),
        },
        'draft.serials': {
          guard: 'validIndex',
          actions: assign(({ context, event }) => ({
            lines: context.lines.map((l, i) => (i === event.index ? { ...l, serials: event.text } : l)),
            errors: omitErrors(context.errors, `lines.${event.index}.serials`),
          })),
        },
        'draft.pick': {
          guard: 'validIndex',
          actions: assign(({ context, event }) => ({
            lines: context.lines.map((l, i) => (i === event.index ? { ...l, quantity: event.serials.length, serials: event.serials.join('\n') } : l)),
            errors: omitErrors(context.errors, `lines.${event.index}.serials`, `lines.${event.index}.quantity`, 'lines'),
          })),
        },
        'draft.serial.add': {
          guard: 'validIndex',
          actions: assign(({ context, event }) => {
            const serial = event.serial.trim();
            const line = context.lines[event.index]!;
            const named = serialsOf(line.serials);
            const key = `lines.${event.index}.serials`;
            if (!serial) return {};
            if (named.some((s) => s.toLowerCase() === serial.toLowerCase())) return { errors: { ...context.errors, [key]: `Serial number ${serial} is already on this line.` } };
            return { lines: context.lines.map((l, i) => (i === event.index ? { ...l, serials: [...named, serial].join('\n') } : l)), errors: omitErrors(context.errors, key) };
          }),
        },
        'draft.serial.remove': {
          guard: 'validIndex',
          actions: assign(({ context, event }) => ({
            lines: context.lines.map((l, i) => (i === event.index ? { ...l, serials: serialsOf(l.serials).filter((s) => s !== event.serial).join('\n') } : l)),
            errors: omitErrors(context.errors, `lines.${event.index}.serials`),
          })),
        },
        'draft.date': { actions: assign(({ context, event }) => ({ date: event.value, errors: omitErrors(context.errors, context.panels[context.panel!]?.date?.field ?? '') })) },
        'payment.add': { guard: 'refundRow', actions: 'changeRefunds' },
        'payment.change': { guard: 'refundRow', actions: 'changeRefunds' },
        'payment.remove': { guard: 'refundRow', actions: 'changeRefunds' },
        'draft.payment': { actions: assign(({ context, event }) => ({ payment: { ...context.payment, [event.field]: event.value }, errors: omitErrors(context.errors, event.field) })) },
        'draft.note': { actions: assign({ note: ({ event }) => event.value }) },
        'draft.submit': [
          {
            guard: 'isValid',
            actions: [
              assign(({ context }) => ({ errors: {}, sent: draftBody(context).sent })),
              { type: 'send', params: ({ context }) => ({ action: context.panel!, body: draftBody(context).body }) },
            ],
          },
          { actions: assign({ errors: ({ context }) => collapse(validateDraft(context)) }) },
        ],
        'draft.done': { target: 'closed', actions: 'clear' },
        'draft.failed': {
          actions: assign(({ context, event }) => {
            const errors: Record<string, string> = {};
            for (const [k, v] of Object.entries(event.errors)) {
              const m = /^lines\.(\d+)(\..*)?$/.exec(k);
              errors[m && context.sent[Number(m[1])] !== undefined ? `lines.${context.sent[Number(m[1])]}${m[2] ?? ''}` : k] = v[0] ?? '';
            }
            return { errors: collapse(errors) };
          }),
        },
      },
    },
  },
});

