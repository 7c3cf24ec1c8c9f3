import { ORDER_RIGHTS, ORDERS_API, orderLifecycle, type OrderAction } from '../../domain/documents/order.facts.ts';
import { orderStepBody, processBody } from '../../domain/documents/order.ts';
import type { Lifecycle } from '../../domain/documents/lifecycle.ts';
import { paymentBody, PAYMENTS_PATH } from '../../domain/documents/payments.ts';
import type { DocumentApi, DocumentKind, PanelDef } from '../document/kind.ts';
import { draftFor, orderHref, type OrderDoc } from './order-view.selectors.ts';

/**
 * A website order, as the document machines take it (machines/document/kind.ts): no form (the
 * website places it; staff only move it along), a panel per step of its lifecycle (a note to
 * confirm; cancelling is drawn destructive) and one for a payment. Its buttons are the page
 * machine's `snapshot.can`: what the lifecycle table and the person's rights allow now.
 */

/** A status step's panel: what it does, said before it is sent. */
const step = (verb: string, title: string, submit: string, hint: string, extra: Partial<PanelDef> = {}): PanelDef => ({ shape: 'note', schema: orderStepBody, verb, title, submit, hint, ...extra });

export const orderPanels: Record<OrderAction, PanelDef> = {
  process: step('process', 'Start processing', 'Start processing', 'The ordered goods leave stock now, to be packed.', { shape: 'lines', whole: true, schema: processBody }),
  ship: step('ship', 'Mark as shipped', 'Mark shipped', 'The parcel has left; the order’s invoice is issued.'),
  deliver: step('deliver', 'Mark as delivered', 'Mark delivered', 'The customer has the parcel.'),
  cancel: step('cancel', 'Cancel the order', 'Cancel order', 'Goods that left stock for it come back at the cost they left at. The order keeps its number.', { close: 'Keep it', destructive: true }),
  pay: { shape: 'payment', schema: paymentBody, verb: 'pay', title: 'Add a payment', submit: 'Record payment' },
};

export const orderKind: DocumentKind<OrderDoc> = {
  lifecycle: orderLifecycle as unknown as Lifecycle,
  panels: orderPanels,
  draftFor,
  stockActions: ['process', 'cancel'],
  rights: { process: ORDER_RIGHTS.update, ship: ORDER_RIGHTS.update, deliver: ORDER_RIGHTS.update, cancel: ORDER_RIGHTS.update, pay: ORDER_RIGHTS.update },
};

export const orderApi: DocumentApi = {
  base: ORDERS_API,
  actionPaths: { pay: PAYMENTS_PATH },
  href: orderHref,
};
