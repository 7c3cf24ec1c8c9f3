/**
 * The order lifecycle (pending → processing → shipped → delivered; cancelled from pending or
 * processing; paid in any but cancelled) walked on the REAL document lifecycle machine with the
 * order's table and panels (machines/orders/order.kind.ts): covering walks of the graph the
 * table makes (one per way to an end) — every button pressed from every status, allowed or not, each panel sent,
 * closed, answered, or lost and sent again — replayed on a real actor, which must land where
 * the walk says after every step, with each button enabled exactly when the shared table allows
 * it from the status the order is in. Two further walks are the paths a person takes: an order
 * processed, shipped and delivered, and one cancelled from processing.
 */
import { describe, expect, it } from 'vitest';
import type { Lifecycle } from '../../domain/documents/lifecycle.ts';
import { orderLifecycle, ORDER_STATUS_NAMES, type OrderAction, type OrderStatus } from '../../domain/documents/order.facts.ts';
import { documentLifecycleMachine } from '../../machines/document/lifecycle.machine.ts';
import { orderKind } from '../../machines/orders/order.kind.ts';
import { Coverage } from './coverage.ts';
import { noRightsNoButtons, replayWalks, walkPath, type LifecycleWalks, type Plan } from './lifecycle-walks.ts';
import { testEnv } from './test-env.ts';

const ORDERS: LifecycleWalks = {
  lifecycle: orderLifecycle as unknown as Lifecycle,
  // An order of no lines: its Process panel then names no serials.
  inputAt: (status) => ({ kind: orderKind, doc: { id: 1, status, lines: [] } as { id: number; status: string }, env: testEnv() }),
  /** Where the server says an action ends: the table's `to`, else (a payment) where it was. */
  answerOf: (action, from) => ({ id: 1, status: (orderLifecycle.actions[action as OrderAction] as { to?: OrderStatus }).to ?? from, lines: [] }) as { id: number; status: string },
  // A payment is sent wherever the table allows one.
  alwaysSent: ['pay'],
};

/**
 * A walk's plan: the one step that leaves each status (the table's ends are final, so a walk
 * through delivered and one to cancelled are two walks, as purchases' are); the other leaving
 * steps are opened and closed but not sent, payments are sent anywhere the table allows.
 */
const THROUGH_DELIVERED: Plan = { pending: 'process', processing: 'ship', shipped: 'deliver' };
const CANCELLED_IN_PROCESSING: Plan = { pending: 'process', processing: 'cancel' };
const CANCELLED_PENDING: Plan = { pending: 'cancel' };

describe('the order lifecycle on the document machines', () => {
  it('covering walks (through delivered; cancelled in processing; cancelled pending): every button from every status, on a real actor, buttons exactly as the table allows', () => {
    const coverage = new Coverage('documentLifecycle', documentLifecycleMachine);
    const seen = replayWalks(ORDERS, [THROUGH_DELIVERED, CANCELLED_IN_PROCESSING, CANCELLED_PENDING].map((plan) => [plan, 'pending'] as const), coverage);
    expect([...seen].sort()).toEqual([...ORDER_STATUS_NAMES].sort());
  });

  it('an order processed, shipped, delivered and paid: one request each, the buttons of each status', async () => {
    const { sent, buttons, status } = await walkPath(ORDERS, 'pending', ['process', 'ship', 'deliver', { action: 'pay', body: { paid_on: '2026-01-05', amount: 100, method: 'card' } }]);
    expect(sent).toEqual(['process', 'ship', 'deliver', 'pay']);
    expect(status).toBe('delivered');
    expect(buttons).toEqual([
      ['process', 'cancel', 'pay'],
      ['ship', 'cancel', 'pay'],
      ['deliver', 'pay'],
      ['pay'],
      ['pay'],
    ]);
  });

  it('an order cancelled from processing: nothing can be done to it after', async () => {
    const { sent, buttons, status } = await walkPath(ORDERS, 'pending', ['process', 'cancel']);
    expect(sent).toEqual(['process', 'cancel']);
    expect(status).toBe('cancelled');
    expect(buttons.at(-1)).toEqual([]);
  });

  it('without "order update" no button is enabled, whatever the status', () => {
    noRightsNoButtons(ORDERS, ORDER_STATUS_NAMES);
  });
});
