import type { Lifecycle } from '../../domain/documents/lifecycle.ts';
import type { LineProduct } from '../../domain/documents/lines.ts';
import type { Rounding } from '../../domain/documents/totals.ts';

/**
 * What the document machines (line editor, action drafts, lifecycle) are told of a kind, by
 * `input`: the machines here import no kind. A kind (machines/purchases/purchase.kind.ts first;
 * sales, quotations and the till next) declares these once, beside its own view selectors.
 */

/** Anything with zod's `safeParse`: the kind's request body schema, the one the server reads. */
export interface BodySchema {
  safeParse(v: unknown): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** The terms every document's totals are computed from (domain/documents/totals.ts), plus a note. */
export interface DocumentTerms {
  note: string;
  prices_include_tax: boolean;
  rounding: Rounding;
  discount: number;
  tax_bps: number;
  shipping: number;
}

/** A new document's terms: no note, no discount, tax or shipping, prices before tax, rounded per line. */
export const EMPTY_TERMS: Readonly<DocumentTerms> = { note: '', prices_include_tax: false, rounding: 'line', discount: 0, tax_bps: 0, shipping: 0 };

/** A document form's header: the shared terms and the kind's own fields (a supplier and a date, a customer…). */
export type DocumentHeader = DocumentTerms & Record<string, unknown>;

/** The product a line is for, as much as a line needs of it. */
export type LineProductRef = Pick<LineProduct, 'id' | 'name' | 'sku' | 'tax_bps' | 'tracks_serials'> & Partial<Pick<LineProduct, 'cost_price' | 'sale_price'>>;

export interface LineDraft {
  /** Stable across removals, so a view keys its rows by it. */
  key: number;
  product: LineProductRef | null;
  quantity: number;
  /** The unit price the kind trades at (a purchase's unit cost, a sale's price). */
  unit_price: number;
  discount: number;
  tax_bps: number;
  serials: string[];
}

export type LineField = 'quantity' | 'unit_price' | 'discount' | 'tax_bps' | 'serials';

/** A payment taken with the document (a sale's split over cash and card): a row of the form's payments section. */
export interface PaymentDraft {
  /** Stable across removals, so a view keys its rows by it. */
  key: number;
  method: string;
  /** Minor units. */
  amount: number;
}
export type PaymentField = 'method' | 'amount';

/** A payment method as a form offers it. */
export interface MethodOption {
  value: string;
  label: string;
}

/** The line editor's kind: how a form becomes the kind's request body, and how a new line is priced. */
export interface EditorKind {
  /** A new document's header on `today` (YYYY-MM-DD). */
  emptyHeader(today: string): DocumentHeader;
  /** The request body the form stands for (the server computes every total itself); `existing`: a change to a saved one; `payments`: the payments section's rows, when the kind has one. */
  toBody(header: DocumentHeader, lines: readonly LineDraft[], existing: boolean, payments: readonly PaymentDraft[]): Record<string, unknown>;
  /** The body's schema, so errors show by full path before anything is sent. */
  schema: BodySchema;
  /** The body's name for a line's unit price (`unit_cost` on a purchase): errors and fields are keyed by it. */
  priceField: string;
  /** A new line's unit price: cost for purchases, sale price for sales. */
  priceOf(product: LineProductRef): number;
  /**
   * The form takes payments with the document (a sale's, split over several methods): which
   * method gives change, and the methods it offers when none come in by the editor's input (the
   * first is a new row's); errors under `payments.N.…`. Only a new document takes them (a saved
   * one is paid by its `pay` action).
   */
  payments?: { methods?: readonly MethodOption[]; changeMethod?: string };
  /**
   * The kind sells: a serial-tracked line's serials are picked from those in stock (or scanned,
   * or typed), one by one, and its quantity follows them. Else they are typed one per row (goods
   * coming in). `namesSerials`: whether the document as it stands names serials at all (a sale
   * sold completed does; a pending one does not).
   */
  picksSerials?: boolean;
  namesSerials?(header: DocumentHeader, existing: boolean): boolean;
  /** Rules the schema cannot see (one serial per unit when goods come in now), by full path. */
  check?(header: DocumentHeader, lines: readonly LineDraft[]): Record<string, string>;
}

/** One action's panel (receive, return, pay, cancel…): what it asks for and how it is checked. */
export interface PanelDef {
  /** `lines`: how many of each line (and their serials); `payment`: a payment; `note`: a note to confirm. */
  shape: 'lines' | 'payment' | 'note';
  schema: BodySchema;
  /** The verb in "Enter how many to receive on at least one line." */
  verb: string;
  /** Said under a line asked for more than it has left. */
  tooMany?(max: number): string;
  /** A line's quantity box, labelled short ("Receive (of 3 to come)"); else "Receive (of 3)". */
  short?(max: number): string;
  /** The panel's heading and its send button ("Receive goods", "Receive"). */
  title: string;
  submit: string;
  /** What the panel tells before it is sent, if anything ("What has not come will not be expected…"). */
  hint?: string;
  /** The button that closes the panel ("Close"; "Keep it" for a cancel). */
  close?: string;
  /** A destructive action's send button is drawn as one. */
  destructive?: boolean;
  /**
   * A lines panel that takes every line whole (a pending sale's complete, a website order's
   * process): no quantities to enter; a serial-tracked line names one serial per unit, picked
   * from those in stock or scanned (the sale line's picker); every line is sent, in the
   * document's order, as `{ line_id, serials }`, so the server's `lines.N` is the draft's line N.
   */
  whole?: boolean;
  /** A lines panel that is dated too (a sale return's `returned_on`): the body's field and its label; it opens on the day `draftFor` gives. */
  date?: { field: string; label: string };
  /**
   * A lines panel that gives money back too (a sale return's refunds): rows of method and amount
   * under `<field>.N.…`, the same rows as a sale form's payments (./payment-rows.ts); the first
   * method is a new row's.
   */
  refunds?: { field: string; title: string; noun: string; methods: readonly { value: string; label: string }[] };
}

export interface DraftLine {
  line_id: number;
  product_id: number;
  name: string;
  tracks_serials: boolean;
  /** The most this action may take from the line (still to come, or still returnable). */
  max: number;
  quantity: number;
  /** As typed: one serial number per row. */
  serials: string;
  /** The serial numbers it may name, picked rather than typed (those a sale line sold and has not taken back). */
  choices?: string[];
}

/** A document line as a lines panel starts with it: what it may take at most, how many it starts at, the serials to pick from. */
export const draftLine = (l: ShownDocLine, max: number, quantity: number, choices?: string[]): DraftLine => ({
  line_id: l.id,
  product_id: l.product_id,
  name: l.product_name,
  tracks_serials: l.tracks_serials,
  max,
  quantity,
  serials: '',
  ...(choices && l.tracks_serials ? { choices } : {}),
});

/** A panel of whole lines (PanelDef `whole`) opens with every line of the document, at its quantity, no serials named yet. */
export const wholeLines = (lines: readonly ShownDocLine[]): DraftOpening => ({ lines: lines.map((l) => draftLine(l, l.quantity, l.quantity)) });

/**
 * What a panel's lines are worth as the person types (a return's value by the one totals
 * function, and the refund it makes due), from how many of each line it takes: the kind makes
 * it from the document when the panel opens (`draftFor`).
 */
export type DraftWorth = (taking: readonly number[]) => { value: number; owed: number };

export interface DraftPayment {
  paid_on: string;
  amount: string;
  method: string;
  note: string;
}

export interface DraftOpening {
  lines?: DraftLine[];
  payment?: DraftPayment;
  /** A dated panel's day (today). */
  date?: string;
  worth?: DraftWorth;
}

export interface DocState {
  id: number;
  status: string;
}

/**
 * What every paid-for document's answer carries beside its own fields (server/documents/
 * payments.ts paidDocumentShown and the engine's stored totals): its terms, the totals the one
 * totals function gave, what is paid and due, its version and ETag.
 */
export interface PaidDocument {
  payment_status: 'due' | 'partial' | 'paid';
  prices_include_tax: boolean;
  discount: number;
  tax_bps: number;
  shipping: number;
  subtotal: number;
  line_tax: number;
  lines_total: number;
  discount_total: number;
  document_tax: number;
  shipping_total: number;
  grand_total: number;
  paid: number;
  due: number;
  version: number;
  /** The record's ETag, sent If-Match with a change. */
  etag?: string;
}

/** One transition of a document as its answer's history has it (server/documents/engine.ts historyJson): who, when, from and to. */
export interface ShownStep {
  id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  note: string | null;
  created_at: string;
  user_name: string | null;
}

/** A document line as every kind's answer has it (server/documents/lines.ts linesJson): the line's product as much as a page shows. */
export interface ShownDocLine {
  id: number;
  product_id: number;
  product_name: string;
  sku: string;
  barcode: string | null;
  tracks_serials: boolean;
  unit_name: string;
  quantity: number;
  discount: number;
  tax_bps: number;
  total: number;
}

/** A posted document's kind, as its page's lifecycle machine needs it. */
export interface DocumentKind<D extends DocState = DocState> {
  lifecycle: Lifecycle;
  panels: Readonly<Record<string, PanelDef>>;
  /** What an action's panel starts with, from the document as it is (everything still to come…). */
  draftFor(action: string, doc: D, today: string): DraftOpening;
  /** The action that changes the header and lines in place, when the kind has one (`edit`). */
  editAction?: string;
  /** The line editor's input for that, from the document. */
  editorInput?(doc: D): { header: DocumentHeader; lines: LineDraft[] };
  editor?: EditorKind;
  /** The actions that move stock (the stock bell is asked again after them). */
  stockActions?: readonly string[];
  /** Actions answered with another document (a quotation's convert: the sale it made), and that document's page, which opens. */
  follows?: Readonly<Record<string, (answer: DocState) => string>>;
  /** The right each action needs; the person's rights become the machine's `may`. */
  rights?: Readonly<Record<string, string>>;
  /** Paid only by the methods the shop takes (the POS setting's, on a seller's session): its form's payments and its pay panel offer those. */
  paidByShopMethods?: boolean;
}

/** The actions a person with `held` rights may do, for the lifecycle machine's `may`. */
export const mayFrom = (rights: Readonly<Record<string, string>> | undefined, held: ReadonlySet<string>): Record<string, boolean> =>
  Object.fromEntries(Object.entries(rights ?? {}).map(([action, right]) => [action, held.has(right)]));

/** Where a kind's documents are: its API address, each action's path under a document, its page. */
export interface DocumentApi {
  base: string;
  /** An action posted at another path than its name (`pay` at …/payments). */
  actionPaths: Readonly<Record<string, string>>;
  href(id: number | string): string;
}

/** Side effects a machine must not make itself (ARCHITECTURE: injected): the clock and new keys. */
export interface DocumentEnv {
  /** Today as YYYY-MM-DD, in the person's own time zone. */
  today(): string;
  /** A new idempotency key (a UUID where the platform has one). */
  newKey(): string;
}

/** A saved document's lines as its line editor holds them, each at `price` (a purchase's unit cost, a sale's price), its product priced so too (`as`). */
export const editorLines = <L extends ShownDocLine>(lines: readonly L[], price: (l: L) => number, as: 'cost_price' | 'sale_price'): LineDraft[] =>
  lines.map((l, i) => ({
    key: i + 1,
    product: { id: l.product_id, name: l.product_name, sku: l.sku, [as]: price(l), tax_bps: l.tax_bps, tracks_serials: l.tracks_serials },
    quantity: l.quantity,
    unit_price: price(l),
    discount: l.discount,
    tax_bps: l.tax_bps,
    serials: [],
  }));

/** A line's serial numbers as named (blank rows of the serials box are ignored). */
export const serialsNamed = (l: LineDraft) => l.serials.map((s) => s.trim()).filter(Boolean);

/** Goods that move now (received, sold completed) name one serial per unit of serial-tracked lines: else an error under `lines.N.serials`. */
export function oneSerialPerUnit(lines: readonly LineDraft[]): Record<string, string> {
  const errors: Record<string, string> = {};
  lines.forEach((l, i) => {
    const named = serialsNamed(l).length;
    if (l.product?.tracks_serials && named !== l.quantity) errors[`lines.${i}.serials`] = `Name one serial number per unit: ${l.quantity} ${l.quantity === 1 ? 'unit' : 'units'}, ${named} named.`;
  });
  return errors;
}
