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
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { allows, type Lifecycle } from '../../domain/documents/lifecycle.ts';
import { orderLifecycle, ORDER_STATUS_NAMES, type OrderAction, type OrderStatus } from '../../domain/documents/order.facts.ts';
import { documentLifecycleMachine, type DocState } from '../../machines/document/lifecycle.machine.ts';
import { selectDocumentActions } from '../../machines/document/line-editor.selectors.ts';
import { orderKind } from '../../machines/orders/order.kind.ts';
import { docKey, OFFLINE } from '../e2e/support/purchase-models.ts';
import { twinOf } from '../e2e/support/product-stock-models.ts';
import { Coverage } from './coverage.ts';
import { testEnv } from './test-env.ts';
import { coveringWalk } from './walk.ts';

type Snap = SnapshotFrom<typeof documentLifecycleMachine>;
type Extra = { panel: OrderAction | null };
const ACTIONS = Object.keys(orderLifecycle.actions) as OrderAction[];
const INPUT = { lifecycle: orderLifecycle as unknown as Lifecycle, doc: { id: 1, status: 'pending' }, env: testEnv() };
/** Where the server says an action ends: the table's `to`, else (a payment) where it was. */
const endOf = (action: OrderAction, from: OrderStatus): OrderStatus => (orderLifecycle.actions[action] as { to?: OrderStatus }).to ?? from;

/**
 * A walk's plan: the one step that leaves each status (the table's ends are final, so a walk
 * through delivered and one to cancelled are two walks, as purchases' are); the other leaving
 * steps are opened and closed but not sent, payments are sent anywhere the table allows.
 */
type Plan = Partial<Record<OrderStatus, OrderAction>>;
const THROUGH_DELIVERED: Plan = { pending: 'process', processing: 'ship', shipped: 'deliver' };
const CANCELLED_IN_PROCESSING: Plan = { pending: 'process', processing: 'cancel' };
const CANCELLED_PENDING: Plan = { pending: 'cancel' };

const walkOf = (plan: Plan) =>
  coveringWalk({
    machine: documentLifecycleMachine,
    input: INPUT,
    extra: { panel: null } as Extra,
    events: (s: Snap, x: Extra): AnyEventObject[] => {
      const c = s.context;
      const status = c.doc.status as OrderStatus;
      if (s.matches('working')) {
        const action = c.pending!.action as OrderAction;
        return [{ type: 'xstate.done.actor.runAction', output: { data: { id: 1, status: endOf(action, status) }, message: 'Done.' } }, { type: 'xstate.error.actor.runAction', error: OFFLINE }];
      }
      if (x.panel === null) return ACTIONS.map((action) => ({ type: 'doc.open', action }));
      const sends = x.panel === 'pay' || plan[status] === x.panel;
      return [{ type: 'walk.close' }, ...(sends ? [{ type: 'doc.act', action: x.panel }] : []), ...(sends && c.failure?.status === 0 ? [{ type: 'doc.retry' }] : [])];
    },
    nextExtra: (x, e, next) => {
      if (e.type === 'doc.open' && next.context.failure === null && allows(orderLifecycle, e.action, next.context.doc.status as OrderStatus)) return { panel: e.action };
      if (e.type === 'walk.close' || e.type === 'xstate.done.actor.runAction') return { panel: null };
      return x;
    },
    key: (s, x) => docKey(s, x as never),
  });

const enabled = (s: Snap) => selectDocumentActions(s).buttons.filter((b) => b.enabled).map((b) => b.action);
const tableAllows = (s: Snap) => (s.matches('ready') ? ACTIONS.filter((a) => allows(orderLifecycle, a, s.context.doc.status as OrderStatus)) : []);

describe('the order lifecycle on the document machines', () => {
  it('covering walks (through delivered; cancelled in processing; cancelled pending): every button from every status, on a real actor, buttons exactly as the table allows', () => {
    const coverage = new Coverage('documentLifecycle', documentLifecycleMachine);
    const seen = new Set<string>();
    for (const plan of [THROUGH_DELIVERED, CANCELLED_IN_PROCESSING, CANCELLED_PENDING]) {
      const walk = walkOf(plan);
      const twin = twinOf(documentLifecycleMachine, coverage, INPUT);
      for (const step of walk.steps) {
        // The walk's own "close the panel" is the page's, not the machine's.
        if (step.event.type !== 'walk.close') twin.send(step.event);
        const s = twin.getSnapshot() as Snap;
        expect(walk.key(s, step.extra), JSON.stringify(step.event)).toBe(walk.key(step.state, step.extra));
        expect(enabled(s), `buttons in ${s.context.doc.status}`).toEqual(tableAllows(s));
        seen.add(s.context.doc.status);
      }
      twin.stop();
      console.log(`order lifecycle walk: ${walk.edges} edges, ${walk.steps.length} steps`);
      expect(walk.steps.length).toBeGreaterThanOrEqual(walk.edges);
    }
    expect([...seen].sort()).toEqual([...ORDER_STATUS_NAMES].sort());
  });

  const pathOf = async (actions: OrderAction[]) => {
    let status: OrderStatus = 'pending';
    const sent: string[] = [];
    const actor = createActor(
      documentLifecycleMachine.provide({
        actors: {
          runAction: fromPromise(async ({ input }: { input: { id: number; action: string; body: unknown; key: string } }) => {
            sent.push(input.action);
            status = endOf(input.action as OrderAction, status);
            return { data: { id: 1, status } as DocState, message: 'Done.' };
          }),
        },
      }),
      { input: { ...INPUT, kind: orderKind, may: {} } },
    ).start();
    const buttons: string[][] = [enabled(actor.getSnapshot())];
    for (const a of actions) {
      actor.send({ type: 'doc.act', action: a, body: a === 'pay' ? { paid_on: '2026-01-05', amount: 100, method: 'card' } : {} });
      // A double click sends one request.
      actor.send({ type: 'doc.act', action: a, body: {} });
      await new Promise<void>((r) => setImmediate(r));
      buttons.push(enabled(actor.getSnapshot()));
    }
    actor.stop();
    return { sent, buttons, status };
  };

  it('an order processed, shipped, delivered and paid: one request each, the buttons of each status', async () => {
    const { sent, buttons, status } = await pathOf(['process', 'ship', 'deliver', 'pay']);
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
    const { sent, buttons, status } = await pathOf(['process', 'cancel']);
    expect(sent).toEqual(['process', 'cancel']);
    expect(status).toBe('cancelled');
    expect(buttons.at(-1)).toEqual([]);
  });

  it('without "order update" no button is enabled, whatever the status', () => {
    const may = Object.fromEntries(ACTIONS.map((a) => [a, false]));
    const actor = createActor(documentLifecycleMachine, { input: { ...INPUT, kind: orderKind, may } }).start();
    expect(enabled(actor.getSnapshot())).toEqual([]);
    actor.stop();
  });
});
