import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { cartTotals, customerOf, discountAmount, paymentSums, quickAmounts, stockLeft, unitPrice } from './cart.ts';
import type { checkoutMachine, TillPanel } from './checkout.machine.ts';
import type { registerMachine } from './register.machine.ts';
import type { tillReturnMachine } from './till-return.machine.ts';
import type { CustomerOption } from './checkout.actors.ts';
import type { OptionsActor } from '../options.machine.ts';

/**
 * What the till's views show and may do, from the checkout's and the register's snapshots
 * (zag-style view models): amounts already added up, buttons from `snapshot.can`.
 */
type Snap = SnapshotFrom<typeof checkoutMachine>;
type RegisterSnap = SnapshotFrom<typeof registerMachine>;

const TILL_PANELS = ['help', 'held', 'outbox'] as const satisfies readonly TillPanel[];

/**
 * The till's unsynced sales: how many wait to be sent, and those the server refused, each with
 * when it was made, what was paid and the server's reason; one may be sent again while the
 * outbox is not already sending.
 */
export function selectOutbox(s: Snap) {
  const c = s.context;
  return {
    waiting: c.unsynced,
    attention: c.attention.map((e) => ({ key: e.key, made_at: e.made_at, reason: e.reason ?? '', paid: e.body.payments.reduce((sum, p) => sum + p.amount, 0), lines: e.body.lines.length })),
    sending: !s.matches({ sync: 'idle' }),
  };
}

export function selectCart(s: Snap) {
  const c = s.context;
  const totals = cartTotals(c.cart, c.terms);
  return {
    lines: c.cart.lines.map((l, i) => ({
      index: i,
      id: l.product.id,
      name: l.product.name,
      sku: l.product.sku,
      unitPrice: unitPrice(l),
      grams: l.label?.grams ?? null,
      quantity: l.quantity,
      discount: l.discount,
      discountTaken: discountAmount(l.discount, l.quantity * unitPrice(l)),
      serials: l.serials,
      tracked: l.product.tracks_serials,
      left: stockLeft(c.cart, l.product),
      total: totals.lines[i]!.total,
      errors: Object.fromEntries(Object.entries(c.errors).filter(([k]) => k.startsWith(`lines.${i}.`)).map(([k, v]) => [k.slice(`lines.${i}.`.length), v.join(' ')])),
    })),
    totals,
    discount: c.cart.discount,
    customer: customerOf(c.cart, c.terms),
    notice: c.notice,
    looking: c.looking,
    picking: c.picking,
    held: c.held.map((h) => ({ id: h.id, at: h.held_at, customer: customerOf(h, c.terms)?.name ?? 'Walk-in', total: cartTotals(h, c.terms).grandTotal, count: h.lines.reduce((n, l) => n + l.quantity, 0) })),
    unsynced: c.unsynced,
    attention: c.attention.length,
    canPay: s.can({ type: 'pay' }),
    canHold: s.can({ type: 'cart.hold' }),
    canReturn: s.can({ type: 'return.start' }),
    canReprint: s.can({ type: 'receipt.show' }),
    canPickCustomer: s.can({ type: 'customer.pick' }),
    canEdit: s.matches({ sale: 'cart' }),
    busy: s.hasTag('busy'),
    /** The line the keyboard works on (within the cart). */
    selected: Math.max(0, Math.min(c.selected, c.cart.lines.length - 1)),
    panel: TILL_PANELS.find((p) => s.matches({ panel: p })) ?? null,
    canOpenOutbox: s.can({ type: 'panel.open', panel: 'outbox' }),
    canResume: s.can({ type: 'panel.open', panel: 'held' }),
  };
}

export function selectPayment(s: Snap) {
  const c = s.context;
  const total = cartTotals(c.cart, c.terms).grandTotal;
  const sums = paymentSums(c.payments, total);
  return {
    open: s.matches({ sale: 'paying' }) || s.matches({ sale: 'submitting' }) || s.matches({ sale: 'failed' }) || s.matches({ sale: 'queueing' }),
    phase: s.matches({ sale: 'failed' }) ? ('failed' as const) : s.hasTag('busy') ? ('sending' as const) : ('paying' as const),
    total,
    payments: c.payments,
    methods: c.terms.payment_methods,
    quick: quickAmounts(total),
    ...sums,
    notice: c.notice,
    errors: Object.fromEntries(Object.entries(c.errors).map(([k, v]) => [k, v.join(' ')])),
    canConfirm: s.can({ type: 'pay.confirm' }),
    canRetry: s.can({ type: 'retry' }),
    canQueue: s.can({ type: 'failed.queue' }),
    canBack: s.can({ type: 'pay.back' }),
  };
}

export const selectReceipt = (s: Snap) => ({ shown: s.matches({ sale: 'receipt' }), receipt: s.context.receipt, terms: s.context.terms });

export function selectRegister(s: RegisterSnap) {
  const c = s.context;
  return {
    phase: s.matches('open') ? ('open' as const) : s.matches('closed') ? ('closed' as const) : s.matches('none') || s.matches('opening') ? ('none' as const) : s.matches('unavailable') ? ('unavailable' as const) : ('loading' as const),
    session: c.session,
    float: c.float,
    cash: c.cash,
    cashOpen: s.matches({ open: 'cash' }),
    closingOpen: s.matches({ open: 'closing' }),
    closingReading: s.matches({ open: { closing: 'reading' } }),
    counted: c.counted,
    waiting: c.waiting,
    notice: c.notice,
    errors: Object.fromEntries(Object.entries(c.errors).map(([k, v]) => [k, v.join(' ')])),
    busy: s.hasTag('busy') || s.matches({ open: { cash: 'sending' } }) || s.matches({ open: { closing: 'sending' } }),
    canOpen: s.can({ type: 'register.open' }),
    canCash: s.can({ type: 'cash.start', direction: 'in' }),
    canClose: s.can({ type: 'close.start' }),
  };
}

/** The checkout the register runs while its session is open (none otherwise). */
export const selectCheckout = (s: RegisterSnap) => s.children.checkout as ActorRefFrom<typeof checkoutMachine> | undefined;

type ReturnSnap = SnapshotFrom<typeof tillReturnMachine>;
export type TillReturn = ActorRefFrom<typeof tillReturnMachine>;

/** The return the checkout runs while it is returning (none otherwise). */
export const selectTillReturn = (s: Snap) => s.children.tillReturn as TillReturn | undefined;

const RETURN_PHASES = ['finding', 'loading', 'choosing', 'refunding', 'failed', 'done'] as const;

/** A till return as its dialog shows it: where it is, the sale found, the draft to fill in, the refusal or the result, and what may be pressed. */
export function selectReturn(s: ReturnSnap) {
  const c = s.context;
  const sale = c.sale;
  const returned = c.returned;
  const last = returned?.sale.returns.at(-1);
  return {
    phase: RETURN_PHASES.find((p) => s.matches(p)) ?? ('finding' as const),
    reference: c.reference,
    notice: c.notice,
    sale: sale && { reference: sale.reference, sold_on: sale.sold_on, customer: sale.customer_name ?? 'Walk-in customer', grand_total: sale.grand_total, paid: sale.paid },
    returned: returned && { message: returned.message, reference: last?.reference ?? null, refunded: last?.refunded ?? 0, refunds: last?.refunds ?? [] },
    draft: s.children.draft,
    busy: s.hasTag('busy'),
    canFind: s.can({ type: 'return.find', code: '?' }),
    canRetry: s.can({ type: 'return.retry' }),
    canOther: s.can({ type: 'return.other' }),
    canClose: s.can({ type: 'return.close' }),
  };
}
/** What the till says when the customers cannot be searched because the server cannot be reached. */
export const CUSTOMERS_OFFLINE = 'Customers cannot be searched while the till is offline: the sale stays with its customer (walk-in unless one was picked).';

/** The customer picker: open while the checkout is in it, its search (the child options machine), and the customer now. */
export const selectCustomerPicker = (s: Snap) => ({
  open: s.matches({ sale: { cart: 'customer' } }),
  options: s.children.customerOptions as OptionsActor | undefined,
  current: customerOf(s.context.cart, s.context.terms),
  canPick: s.can({ type: 'customer.pick' }),
});

/** The event that picks an option of the customers' search (null: walk-in). */
export const pickCustomer = (o: CustomerOption | null) => ({ type: 'customer.set' as const, customer: o && { id: o.id, name: o.label, discount_bps: o.discount_bps ?? 0 } });
