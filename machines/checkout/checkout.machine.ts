import { assign, enqueueActions, raise, sendTo, setup } from 'xstate';
import { shopMethodOptions, type PaymentMethod } from '../../domain/documents/payments.facts.ts';
import type { DocumentTotals } from '../../domain/documents/totals.ts';
import type { CatalogueProduct, PosTerms } from '../../domain/pos/till.facts.ts';
import type { LocalCatalogue, Outbox, OutboxEntry, TillStore } from '../../src/pos/ports.ts';
import { isRequestFailure } from '../auth.machine.ts';
import { addProduct, cartTotals, customerOf, discountRefusal, emptyCart, paymentSums, saleBody, scanLabel, setQuantity, unitPrice, type Cart, type CartChange, type CartLine, type Customer, type Discount, type HeldCart, type PaymentRow } from './cart.ts';
import { checkoutActors, failureKind, type SoldSale, type TillServer } from './checkout.actors.ts';
import { displayViewOf } from './display-view.ts';
import { tillReturnMachine } from './till-return.machine.ts';
import type { DisplayLink } from '../../src/pos/customer-display.ts';

/**
 * The till's checkout (the design card's POS checkout): a cart is filled by scans and picks,
 * paid by one or several methods, and submitted once under an idempotency key made when it
 * starts paying and kept across every retry, reload and replay (a second Pay while it is being
 * sent is not heard). The server unreachable: the sale goes to the outbox under that key and the
 * receipt says it is unsynced; refused (4xx): the cart stays with the refusal; failed (5xx, no
 * answer): Retry sends the same key. The cart, the held carts, the payment under way and the
 * last receipt are saved on every change (the `store` port) and restored on start.
 */

export type Phase = 'cart' | 'paying' | 'submitting';
export interface Receipt {
  key: string;
  /** The sale's number; null while it waits in the outbox. */
  number: string | null;
  lines: CartLine[];
  totals: DocumentTotals;
  payments: PaymentRow[];
  change: number;
  customer: Customer | null;
  cashier: string;
  at: string;
  synced: boolean;
}
/** What the till keeps across a reload. */
export interface TillSaved {
  cart: Cart;
  held: HeldCart[];
  phase: Phase;
  payments: PaymentRow[];
  receipt: Receipt | null;
}
export interface CheckoutInput {
  terms: PosTerms;
  sessionId: number;
  cashier: string;
  catalogue: LocalCatalogue;
  outbox: Outbox;
  store: TillStore<TillSaved>;
  server: TillServer;
  newKey(): string;
  /** ISO time now. */
  now(): string;
  /** The customer display's channel (src/pos/customer-display.ts); none where there is no browser. */
  display?: DisplayLink | undefined;
}
export interface CheckoutContext extends CheckoutInput, TillSaved {
  notice: string | null;
  errors: Record<string, string[]>;
  /** A tracked product waiting for its serial, and the serials it has in stock. */
  picking: { product: CatalogueProduct; serials: string[] } | null;
  looking: string | null;
  unsynced: number;
  attention: OutboxEntry[];
  /** The cart line the keyboard works on (quantity, discount, remove): the last one scanned or picked, or moved to. */
  selected: number;
}
/** The panels the till opens over the sale (help, held sales, the unsynced sales): one at a time. */
export type TillPanel = 'help' | 'held' | 'outbox';
export type CheckoutEvent =
  | { type: 'scan'; code: string }
  | { type: 'product.add'; productId: number }
  | { type: 'serial.pick'; serial: string }
  | { type: 'serial.cancel' }
  | { type: 'line.quantity'; index: number; quantity: number }
  | { type: 'line.discount'; index: number; discount: Discount }
  | { type: 'line.remove'; index: number }
  | { type: 'cart.discount'; discount: Discount }
  | { type: 'customer.set'; customer: Customer | null }
  | { type: 'customer.pick' }
  | { type: 'customer.cancel' }
  | { type: 'cart.hold' }
  | { type: 'cart.resume'; id: string }
  | { type: 'cart.clear' }
  | { type: 'pay' }
  | { type: 'pay.back' }
  | { type: 'payment.add'; method: PaymentMethod }
  | { type: 'payment.change'; index: number; amount: number }
  | { type: 'payment.remove'; index: number }
  | { type: 'payment.quick'; amount: number }
  | { type: 'pay.confirm' }
  | { type: 'retry' }
  | { type: 'failed.queue' }
  | { type: 'sale.new' }
  /** A return at the till (./till-return.machine.ts): scans go to it until it is closed. */
  | { type: 'return.start' }
  /** The last sale's receipt again (reprint). */
  | { type: 'receipt.show' }
  | { type: 'notice.dismiss' }
  | { type: 'outbox.replay' }
  /** Send again a sale kept for attention (its reason dealt with). */
  | { type: 'outbox.resend'; key: string }
  | { type: 'display.hello' }
  | { type: 'outbox.changed'; waiting: number; attention: OutboxEntry[] }
  | { type: 'line.select'; index: number }
  | { type: 'line.step'; by: 1 | -1 }
  | { type: 'panel.open'; panel: TillPanel }
  | { type: 'panel.close' };

const today = (c: CheckoutContext) => c.now().slice(0, 10);
const total = (c: CheckoutContext) => cartTotals(c.cart, c.terms).grandTotal;
const body = (c: CheckoutContext) => saleBody(c.cart, c.terms, c.payments, c.sessionId, today(c));
const changed = (c: CheckoutContext, change: CartChange) => ('cart' in change ? { cart: change.cart, notice: null, errors: {} } : { notice: change.refused });
const lineDiscountRefusal = (c: CheckoutContext, index: number, d: Discount) => {
  const l = c.cart.lines[index];
  return l ? discountRefusal(d, l.quantity * unitPrice(l)) : 'There is no such line.';
};
const labelOf = (c: CheckoutContext, code: string) => scanLabel(code.trim(), c.terms, (k) => c.catalogue.byCode(k));
/** A label the local catalogue does not know, read again with the product the server found for its base code. */
const lookedLabel = (c: CheckoutContext, product: CatalogueProduct | null) => (c.looking && product && product.barcode !== c.looking && product.sku !== c.looking ? scanLabel(c.looking, c.terms, (k) => (k === product.barcode || k === product.sku ? product : undefined)) : null);
/** What the server is asked for a code the catalogue does not know: the code (a product's own, say one made since the last sync), then a scale label's base code. */
const askedFor = (c: CheckoutContext) => {
  const read = c.looking ? scanLabel(c.looking, c.terms, () => undefined) : null;
  return read && 'missing' in read && read.missing !== c.looking ? [c.looking!, read.missing] : [c.looking!];
};
/** A label's product and price joins the cart, or its refusal is said. */
const labelChange = (c: CheckoutContext, read: ReturnType<typeof scanLabel>) =>
  !read || 'missing' in read ? {} : 'refused' in read ? { notice: read.refused } : changed(c, addProduct(c.cart, read.product, undefined, read.label));
const receiptOf = (c: CheckoutContext, sold: SoldSale | null): Receipt => ({
  key: c.cart.key!,
  number: sold?.number ?? null,
  lines: c.cart.lines,
  totals: cartTotals(c.cart, c.terms),
  payments: c.payments.filter((p) => p.amount > 0),
  change: sold?.change ?? paymentSums(c.payments, total(c)).change,
  customer: customerOf(c.cart, c.terms),
  cashier: c.cashier,
  at: c.now(),
  synced: sold !== null,
});

/** How often the till asks the server what changed in the catalogue (prices, stock, products). */
export const CATALOGUE_SYNC_MS = 60_000;

export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent, input: {} as CheckoutInput },
  actors: { ...checkoutActors, tillReturn: tillReturnMachine },
  actions: {
    /** After every change: saved for a reload, and shown on the customer display. */
    persist: ({ context: c }) => {
      c.store.save({ cart: c.cart, held: c.held, phase: c.phase, payments: c.payments, receipt: c.receipt });
      c.display?.post({ type: 'view', view: displayViewOf(c) });
    },
    setPhase: assign((_, phase: Phase) => ({ phase })),
    addKnown: assign(({ context: c }, p: { product: CatalogueProduct; serial?: string }) => {
      const change = addProduct(c.cart, p.product, p.serial);
      // The keyboard goes on with the line the product went to (F3 sets its quantity).
      return 'cart' in change ? { ...changed(c, change), selected: change.cart.lines.findLastIndex((l) => l.product.id === p.product.id) } : changed(c, change);
    }),
    /** A scale label: its product joins the cart at the label's price, or the till says in words why not (misread, unknown). */
    addLabel: assign(({ context: c, event }) => labelChange(c, event.type === 'scan' ? labelOf(c, event.code) : null)),
    /** A label whose product the server found: priced by the label as a local one. */
    addLookedLabel: assign(({ context: c }, product: CatalogueProduct) => ({ ...labelChange(c, lookedLabel(c, product)), looking: null })),
    setQuantity: assign(({ context: c, event }) => (event.type === 'line.quantity' ? changed(c, setQuantity(c.cart, event.index, event.quantity)) : {})),
    // The selection stays on its line, or goes to the one before the line removed.
    removeLine: assign(({ context: c, event }) => (event.type === 'line.remove' ? { ...changed(c, setQuantity(c.cart, event.index, 0)), selected: Math.max(0, c.selected >= event.index ? c.selected - 1 : c.selected) } : {})),
    setLineDiscount: assign(({ context: c, event }) => {
      if (event.type !== 'line.discount') return {};
      const refused = lineDiscountRefusal(c, event.index, event.discount);
      if (refused) return { notice: refused };
      return { notice: null, cart: { ...c.cart, lines: c.cart.lines.map((l, k) => (k === event.index ? { ...l, discount: event.discount } : l)) } };
    }),
    setCartDiscount: assign(({ context: c, event }) => {
      if (event.type !== 'cart.discount') return {};
      const refused = discountRefusal(event.discount, cartTotals({ ...c.cart, discount: { kind: 'amount', value: 0 } }, c.terms).linesTotal);
      return refused ? { notice: refused } : { notice: null, cart: { ...c.cart, discount: event.discount } };
    }),
    setCustomer: assign(({ context: c, event }) => (event.type === 'customer.set' ? { cart: { ...c.cart, customer: event.customer } } : {})),
    hold: assign(({ context: c }) => ({ held: [...c.held, { ...c.cart, key: null, held_at: c.now() }], cart: emptyCart(c.newKey(), c.now()), notice: null })),
    resume: assign(({ context: c, event }) => {
      if (event.type !== 'cart.resume') return {};
      const found = c.held.find((h) => h.id === event.id);
      if (!found) return { notice: 'That held sale is no longer there.' };
      const { held_at: _at, ...cart } = found;
      const rest = c.held.filter((h) => h.id !== event.id);
      return { cart, held: c.cart.lines.length ? [...rest, { ...c.cart, key: null, held_at: c.now() }] : rest, notice: null };
    }),
    clearCart: assign(({ context: c }) => ({ cart: emptyCart(c.newKey(), c.now()), payments: [], errors: {}, notice: null })),
    startPaying: assign(({ context: c }) => ({
      // The key is made once: a cart that comes back to paying (a reload, a refusal fixed) keeps it until the server refuses it.
      cart: { ...c.cart, key: c.cart.key ?? c.newKey() },
      payments: c.payments.length ? c.payments : [{ method: (c.terms.payment_methods[0] ?? 'cash') as PaymentMethod, amount: total(c) }],
      // Pay pressed while a serial was being asked for: that product waits for another scan.
      picking: null,
      looking: null,
    })),
    addPayment: assign(({ context: c, event }) => {
      if (event.type !== 'payment.add') return {};
      const due = paymentSums(c.payments, total(c)).due;
      return { payments: [...c.payments, { method: event.method, amount: due }] };
    }),
    changePayment: assign(({ context: c, event }) =>
      event.type === 'payment.change' && Number.isSafeInteger(event.amount) && event.amount >= 0 ? { payments: c.payments.map((p, k) => (k === event.index ? { ...p, amount: event.amount } : p)) } : {},
    ),
    removePayment: assign(({ context: c, event }) => (event.type === 'payment.remove' ? { payments: c.payments.filter((_, k) => k !== event.index) } : {})),
    quickCash: assign(({ context: c, event }) => {
      if (event.type !== 'payment.quick') return {};
      const others = c.payments.filter((p) => p.method !== 'cash');
      return { payments: [...others, { method: 'cash', amount: event.amount }] };
    }),
    refused: assign(({ context: c, event }) => {
      const e = (event as unknown as { error: unknown }).error;
      // Nothing was recorded: the cart changes before it is paid again, so its next body gets a new key.
      return { cart: { ...c.cart, key: null }, notice: isRequestFailure(e) ? e.message : 'The server refused the sale.', errors: isRequestFailure(e) ? (e.errors ?? {}) : {} };
    }),
    recorded: enqueueActions(({ context: c, enqueue }, sold: SoldSale | null) => {
      enqueue.assign({ receipt: receiptOf(c, sold), cart: emptyCart(c.newKey(), c.now()), payments: [], errors: {}, notice: null });
      // The sale took stock: the catalogue's on-hand figures are asked again.
      enqueue.sendTo('keepCatalogue', { type: 'catalogue.sync' });
    }),
  },
  delays: { replayEvery: 15_000 },
  guards: {
    hasWaiting: ({ context }) => context.unsynced > 0,
    hasLines: ({ context }) => context.cart.lines.length > 0,
    isEmpty: ({ context }) => context.cart.lines.length === 0,
    covered: ({ context: c }) => paymentSums(c.payments, total(c)).covered && c.cart.lines.length > 0,
    savedPaying: ({ context }) => context.phase === 'paying' && context.cart.key !== null,
    savedSubmitting: ({ context }) => context.phase === 'submitting' && context.cart.key !== null,
    scaleLabel: ({ context, event }) => {
      const read = event.type === 'scan' ? labelOf(context, event.code) : null;
      return read !== null && !('missing' in read);
    },
    knownCode: ({ context, event }) => event.type === 'scan' && context.catalogue.byCode(event.code.trim()) !== undefined,
    scannedTracked: ({ context, event }) => event.type === 'scan' && !!context.catalogue.byCode(event.code.trim())?.tracks_serials,
    knownId: ({ context, event }) => event.type === 'product.add' && context.catalogue.byId(event.productId) !== undefined,
    pickedTracked: ({ context, event }) => event.type === 'product.add' && !!context.catalogue.byId(event.productId)?.tracks_serials,
    unreachable: ({ event }) => failureKind((event as unknown as { error: unknown }).error) === 'unreachable',
    failedOutcome: ({ event }) => failureKind((event as unknown as { error: unknown }).error) === 'failed',
    pickable: ({ context, event }) => event.type === 'serial.pick' && !!context.picking?.serials.includes(event.serial),
    scannedSerial: ({ context, event }) => event.type === 'scan' && !!context.picking?.serials.includes(event.code.trim()),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => {
    const saved = input.store.load();
    return {
      ...input,
      cart: saved?.cart ?? emptyCart(input.newKey(), input.now()),
      held: saved?.held ?? [],
      phase: saved?.phase ?? 'cart',
      payments: saved?.payments ?? [],
      receipt: saved?.receipt ?? null,
      notice: null,
      errors: {},
      picking: null,
      looking: null,
      unsynced: 0,
      attention: [],
      selected: 0,
    };
  },
  invoke: [
    { id: 'watchOutbox', src: 'watchOutbox', input: ({ context }) => ({ outbox: context.outbox }) },
    { id: 'keepCatalogue', src: 'keepCatalogue', input: ({ context }) => ({ catalogue: context.catalogue, every: CATALOGUE_SYNC_MS }) },
    { id: 'listenScans', src: 'listenScans' },
    { id: 'hearDisplays', src: 'hearDisplays', input: ({ context }) => ({ display: context.display }) },
    { id: 'hearNetwork', src: 'hearNetwork' },
  ],
  on: {
    'outbox.changed': { actions: assign(({ event }) => ({ unsynced: event.waiting, attention: event.attention })) },
    'notice.dismiss': { actions: assign({ notice: null }) },
    // Kept within the cart (a removed line moves the selection to the one before).
    'line.select': { actions: assign(({ context: c, event }) => ({ selected: Math.max(0, Math.min(c.cart.lines.length - 1, event.index)) })) },
    'line.step': { actions: assign(({ context: c, event }) => ({ selected: Math.max(0, Math.min(c.cart.lines.length - 1, Math.min(c.selected, c.cart.lines.length - 1) + event.by)) })) },
    // A customer display opened (or reloaded) mid-sale: it is shown the sale as it stands.
    'display.hello': { actions: ({ context: c }) => c.display?.post({ type: 'view', view: displayViewOf(c) }) },
  },
  type: 'parallel',
  states: {
    sale: {
      initial: 'restoring',
      states: {
        restoring: {
          description: 'The saved till decides where it opens: a payment under way, a sale whose answer was lost (retry it), or the cart.',
          always: [{ target: 'paying', guard: 'savedPaying' }, { target: 'failed', guard: 'savedSubmitting' }, { target: 'cart' }],
        },
        cart: {
          description: 'Filling the cart: scans, picks, quantities, discounts, the customer; hold and resume.',
          entry: [{ type: 'setPhase', params: 'cart' }, 'persist'],
          initial: 'ready',
          on: {
            'line.quantity': { actions: ['setQuantity', 'persist'] },
            'line.remove': { actions: ['removeLine', 'persist'] },
            'line.discount': { actions: ['setLineDiscount', 'persist'] },
            'cart.discount': { actions: ['setCartDiscount', 'persist'] },
            'customer.set': { actions: ['setCustomer', 'persist'] },
            'cart.resume': { target: '.ready', actions: ['resume', 'persist'] },
            'cart.clear': { target: '.ready', actions: ['clearCart', 'persist'] },
            'cart.hold': { guard: 'hasLines', target: '.ready', actions: ['hold', 'persist'] },
            pay: { guard: 'hasLines', target: 'paying', actions: assign({ errors: {} }) },
            'return.start': 'returning',
            // The last receipt shown again, to print it again; New sale comes back to this cart as it is.
            'receipt.show': { guard: ({ context }) => context.receipt !== null, target: 'receipt' },
          },
          states: {
            ready: {
              description: 'Waiting for a scan or a pick.',
              entry: assign({ picking: null, looking: null }),
              on: {
                'customer.pick': 'customer',
                scan: [
                  { guard: 'scannedTracked', target: 'serial', actions: assign(({ context: c, event }) => ({ picking: { product: c.catalogue.byCode(event.code.trim())!, serials: [] }, notice: null })) },
                  { guard: 'knownCode', actions: [{ type: 'addKnown', params: ({ context: c, event }) => ({ product: c.catalogue.byCode(event.code.trim())! }) }, 'persist'] },
                  // A product's own code first: only a code no product has is read as a scale label.
                  { guard: 'scaleLabel', actions: ['addLabel', 'persist'] },
                  { target: 'looking', actions: assign(({ event }) => ({ looking: event.code.trim(), notice: null })) },
                ],
                'product.add': [
                  { guard: 'pickedTracked', target: 'serial', actions: assign(({ context: c, event }) => ({ picking: { product: c.catalogue.byId(event.productId)!, serials: [] }, notice: null })) },
                  { guard: 'knownId', actions: [{ type: 'addKnown', params: ({ context: c, event }) => ({ product: c.catalogue.byId(event.productId)! }) }, 'persist'] },
                ],
              },
            },
            customer: {
              description:
                'The customer picker: customers searched on the server as the sale form searches them (a child options machine); one picked, or Walk-in, sets the cart’s customer and its category discount. Offline the search cannot run and the customer stays as it was.',
              invoke: { id: 'customerOptions', src: 'customerOptions', input: { ids: [], eager: true } },
              on: { 'customer.set': { target: 'ready', actions: ['setCustomer', 'persist'] }, 'customer.cancel': 'ready' },
            },
            looking: {
              description: 'A code the local catalogue does not know, asked of the server.',
              invoke: {
                id: 'lookupCode',
                src: 'lookupCode',
                input: ({ context }) => ({ server: context.server, codes: askedFor(context) }),
                onDone: [
                  { guard: ({ event }) => event.output === null, target: 'ready', actions: assign(({ context }) => ({ notice: `No product has the code “${context.looking}”.`, looking: null })) },
                  { guard: ({ context, event }) => lookedLabel(context, event.output) !== null, target: 'ready', actions: [{ type: 'addLookedLabel', params: ({ event }) => event.output! }, 'persist'] },
                  { guard: ({ event }) => !!event.output?.tracks_serials, target: 'serial', actions: assign(({ event }) => ({ looking: null, picking: { product: event.output!, serials: [] } })) },
                  { target: 'ready', actions: [assign({ looking: null }), { type: 'addKnown', params: ({ event }) => ({ product: event.output! }) }, 'persist'] },
                ],
                onError: { target: 'ready', actions: assign(({ context }) => ({ notice: `“${context.looking}” is not in the till’s catalogue and the server cannot be asked now.`, looking: null })) },
              },
            },
            serial: {
              description: 'A tracked product waits for its serial: its serials in stock are loaded, then one is scanned or picked.',
              initial: 'loading',
              on: { 'serial.cancel': { target: 'ready', actions: assign({ picking: null }) } },
              states: {
                loading: {
                  invoke: {
                    id: 'loadSerials',
                    src: 'loadSerials',
                    input: ({ context }) => ({ server: context.server, productId: context.picking!.product.id }),
                    onDone: { target: 'picking', actions: assign(({ context, event }) => ({ picking: { product: context.picking!.product, serials: event.output.filter((s) => !context.cart.lines.some((l) => l.serials.includes(s))) } })) },
                    onError: { target: '#checkout.sale.cart.ready', actions: assign({ picking: null, notice: 'The serial numbers cannot be loaded now; try again.' }) },
                  },
                },
                picking: {
                  on: {
                    'serial.pick': { guard: 'pickable', target: '#checkout.sale.cart.ready', actions: [{ type: 'addKnown', params: ({ context, event }) => ({ product: context.picking!.product, serial: event.serial }) }, assign({ picking: null }), 'persist'] },
                    scan: { guard: 'scannedSerial', target: '#checkout.sale.cart.ready', actions: [{ type: 'addKnown', params: ({ context, event }) => ({ product: context.picking!.product, serial: event.code.trim() }) }, assign({ picking: null }), 'persist'] },
                  },
                },
              },
            },
          },
        },
        paying: {
          description: 'Taking the payment: methods, amounts, quick cash; the key is made on the way in.',
          entry: ['startPaying', { type: 'setPhase', params: 'paying' }, 'persist'],
          on: {
            'payment.add': { actions: ['addPayment', 'persist'] },
            'payment.change': { actions: ['changePayment', 'persist'] },
            'payment.remove': { actions: ['removePayment', 'persist'] },
            'payment.quick': { actions: ['quickCash', 'persist'] },
            'pay.back': { target: 'cart', actions: assign({ payments: [], errors: {} }) },
            'pay.confirm': { guard: 'covered', target: 'submitting' },
            // The key that opened the payment (F9) completes it, as Complete sale does.
            pay: { guard: 'covered', target: 'submitting' },
          },
        },
        submitting: {
          description: 'The sale is on its way under its key; a second Pay is not heard.',
          tags: ['busy'],
          entry: [{ type: 'setPhase', params: 'submitting' }, 'persist'],
          invoke: {
            id: 'submitSale',
            src: 'submitSale',
            input: ({ context }) => ({ server: context.server, key: context.cart.key!, body: body(context) }),
            onDone: { target: 'receipt', actions: { type: 'recorded', params: ({ event }) => event.output } },
            onError: [
              { guard: 'unreachable', target: 'queueing' },
              { guard: 'failedOutcome', target: 'failed', actions: assign(({ event }) => ({ notice: isRequestFailure(event.error) ? event.error.message : 'The sale may not have been recorded.' })) },
              { target: 'paying', actions: 'refused' },
            ],
          },
        },
        failed: {
          description: 'No answer to trust: Retry sends the same key (the server answers a replay with the first sale), or the outbox keeps it.',
          on: { retry: 'submitting', 'failed.queue': 'queueing' },
        },
        queueing: {
          description: 'The server cannot be reached: the sale goes to the outbox under its key.',
          tags: ['busy'],
          invoke: {
            id: 'queueSale',
            src: 'queueSale',
            input: ({ context }) => ({ outbox: context.outbox, entry: { key: context.cart.key!, body: body(context), made_at: context.now(), state: 'waiting' as const, tries: 0 } }),
            onDone: { target: 'receipt', actions: { type: 'recorded', params: null } },
            onError: { target: 'failed', actions: assign({ notice: 'The sale could not be kept on this till either. Retry.' }) },
          },
        },
        receipt: {
          description: 'The receipt of the sale just made (unsynced while it waits in the outbox), or the last one shown again to reprint it.',
          entry: [{ type: 'setPhase', params: 'cart' }, 'persist'],
          // A scan on the receipt starts the next sale with that product.
          on: { 'sale.new': 'cart', scan: { target: 'cart', actions: raise(({ event }) => event) }, 'return.start': 'returning' },
        },
        returning: {
          description: 'A return at the till runs over the cart (kept as it is): a scan is the receipt it waits for.',
          invoke: {
            id: 'tillReturn',
            src: 'tillReturn',
            input: ({ context: c }) => ({ server: c.server, sessionId: c.sessionId, methods: shopMethodOptions(c.terms.payment_methods), newKey: c.newKey, today: () => today(c) }),
            // Goods came back: the catalogue's on-hand figures are asked again.
            onDone: { target: 'cart', actions: sendTo('keepCatalogue', { type: 'catalogue.sync' }) },
          },
          on: { scan: { actions: sendTo('tillReturn', ({ event }) => ({ type: 'return.find' as const, code: event.code })) } },
        },
      },
    },
    panel: {
      description: 'What the till shows over the sale: nothing, the shortcuts, or the held sales (to resume one).',
      initial: 'closed',
      states: {
        closed: {
          on: {
            'panel.open': [
              { guard: ({ event }) => event.panel === 'help', target: 'help' },
              { guard: ({ event, context }) => event.panel === 'held' && context.held.length > 0, target: 'held' },
              { guard: ({ event, context }) => event.panel === 'outbox' && context.unsynced + context.attention.length > 0, target: 'outbox' },
            ],
          },
        },
        help: { on: { 'panel.close': 'closed' } },
        // Resuming a held sale closes the list.
        held: { on: { 'panel.close': 'closed', 'cart.resume': 'closed' } },
        // What waits to be sent and what the server refused, with its reason; a refused one is sent again from here.
        outbox: { on: { 'panel.close': 'closed' } },
      },
    },
    sync: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'outbox.replay': 'replaying', 'outbox.resend': { guard: ({ context, event }) => context.attention.some((e) => e.key === event.key), target: 'resending' } },
          // What waits is tried again every while (and at once when the page hears the network come back).
          after: { replayEvery: [{ guard: 'hasWaiting', target: 'replaying' }, { target: 'idle', reenter: true }] },
        },
        replaying: {
          description: 'The outbox sends what waits, in order, under each sale’s own key.',
          invoke: { id: 'replayOutbox', src: 'replayOutbox', input: ({ context }) => ({ outbox: context.outbox, server: context.server }), onDone: 'idle', onError: 'idle' },
        },
        resending: {
          description: 'A sale kept for attention is sent again under its own key; refused again, it goes back to attention with the new reason.',
          invoke: {
            src: 'resendEntry',
            input: ({ context, event }) => ({ outbox: context.outbox, server: context.server, key: event.type === 'outbox.resend' ? event.key : '' }),
            onDone: 'idle',
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type CheckoutSnapshot = ReturnType<typeof checkoutMachine.getInitialSnapshot>;
