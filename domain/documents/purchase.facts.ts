import { rights } from '../permissions.ts';
import { defineLifecycle } from './lifecycle.ts';
import { PREFIXES } from './numbering.ts';

export { LINES_MAX } from './lines.facts.ts';

/**
 * A purchase from a supplier (PRODUCT §3): lines with ordered, received and returned
 * quantities; its status follows from them (DOMAIN: keep the per-line progress, derive the
 * header), payment status is separate. Read by the server's purchase routes, the lifecycle
 * and line-editor machines, and the screens.
 *
 * Three layers, as for resources (domain/resources/<group>.facts.ts): here the facts (address,
 * rights, lifecycle, statuses) that the list screen and a purchase's buttons read, without zod;
 * purchase.list.ts adds the list; purchase.ts the progress, totals and bodies the API checks.
 */
export const PURCHASES_API = '/api/v1/admin/purchases';
export const PURCHASE_PREFIX = PREFIXES.purchase;
export const PURCHASE_RIGHTS = rights('purchase');

export const purchaseLifecycle = defineLifecycle({
  noun: 'purchase',
  statuses: {
    ordered: { label: 'Ordered', tone: 'info' },
    partial: { label: 'Partially received', tone: 'warning' },
    received: { label: 'Received', tone: 'success' },
    cancelled: { label: 'Cancelled', tone: 'neutral' },
    returned: { label: 'Returned', tone: 'danger' },
  },
  actions: {
    edit: { label: 'Edit', from: ['ordered'], done: 'edited' },
    receive: { label: 'Receive', from: ['ordered', 'partial'], done: 'received' },
    cancel: { label: 'Cancel', from: ['ordered', 'partial'], done: 'cancelled' },
    return: { label: 'Return to supplier', from: ['partial', 'received', 'cancelled'], done: 'returned' },
    pay: { label: 'Add payment', from: ['ordered', 'partial', 'received', 'cancelled', 'returned'], done: 'paid' },
  },
});
export type PurchaseStatus = keyof typeof purchaseLifecycle.statuses;
/** The right each action needs (the server's routes and the screen's buttons read this): cancelling is the delete right, since a purchase is never deleted. */
export const PURCHASE_ACTION_RIGHTS = {
  edit: PURCHASE_RIGHTS.edit,
  receive: PURCHASE_RIGHTS.edit,
  cancel: PURCHASE_RIGHTS.delete,
  return: PURCHASE_RIGHTS.edit,
  pay: PURCHASE_RIGHTS.edit,
} as const;
export type PurchaseAction = keyof typeof purchaseLifecycle.actions;
export const PURCHASE_STATUS_NAMES = Object.keys(purchaseLifecycle.statuses) as PurchaseStatus[];
export const PURCHASE_STATUS_OPTIONS = PURCHASE_STATUS_NAMES.map((value) => ({ value, label: purchaseLifecycle.statuses[value].label }));
