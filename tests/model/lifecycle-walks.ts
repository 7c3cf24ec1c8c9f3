/**
 * A document kind's lifecycle walked on the REAL document lifecycle machine, for any kind (orders,
 * quotations; the next kind declares itself here too): covering walks of the graph its table
 * makes — every button pressed from every status, allowed or not, each panel sent, closed,
 * answered, or lost and sent again — replayed on a real actor, which must land where the walk
 * says after every step with each button enabled exactly when the shared table allows it; and
 * the path a person takes, one request per step however often the button is pressed.
 */
import { expect } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { allows, type Lifecycle } from '../../domain/documents/lifecycle.ts';
import { documentLifecycleMachine, type DocState } from '../../machines/document/lifecycle.machine.ts';
import { selectDocumentActions } from '../../machines/document/line-editor.selectors.ts';
import { docKey, OFFLINE } from '../e2e/support/purchase-models.ts';
import { twinOf } from '../e2e/support/product-stock-models.ts';
import type { Coverage } from './coverage.ts';
import { coveringWalk } from './walk.ts';

type Snap = SnapshotFrom<typeof documentLifecycleMachine>;
type Input = Parameters<typeof createActor<typeof documentLifecycleMachine>>[1] extends infer O ? (O extends { input?: infer I } ? I : never) : never;
type Extra = { panel: string | null };

/** A walk's plan: the one step sent from each status; the others are opened and closed, not sent. */
export type Plan = Readonly<Record<string, string>>;

export interface LifecycleWalks {
  lifecycle: Lifecycle;
  /** The machine's input with the document at `status`. */
  inputAt(status: string): Input;
  /** What the server answers an action sent from `from` (the document where the table ends it, or another one). */
  answerOf(action: string, from: string): DocState;
  /** Whether pressing the action's button opens a panel (else it is a link or is sent at once). */
  opensPanel?(action: string): boolean;
  /** Actions sent whenever their panel is open, whatever the plan (a payment). */
  alwaysSent?: readonly string[];
  /** Events a person may send from any status beside the buttons (Print). */
  more?: readonly AnyEventObject[];
}

export const enabledActions = (s: Snap) =>
  selectDocumentActions(s)
    .buttons.filter((b) => b.enabled)
    .map((b) => b.action);
const tableAllows = (k: LifecycleWalks, s: Snap) => (s.matches('ready') ? Object.keys(k.lifecycle.actions).filter((a) => allows(k.lifecycle, a, s.context.doc.status)) : []);

function walkOf(k: LifecycleWalks, plan: Plan, start: string) {
  const actions = Object.keys(k.lifecycle.actions);
  return coveringWalk({
    machine: documentLifecycleMachine,
    input: k.inputAt(start),
    extra: { panel: null } as Extra,
    events: (s: Snap, x: Extra): AnyEventObject[] => {
      const c = s.context;
      if (s.matches('working')) {
        return [{ type: 'xstate.done.actor.runAction', output: { data: k.answerOf(c.pending!.action, c.doc.status), message: 'Done.' } }, { type: 'xstate.error.actor.runAction', error: OFFLINE }];
      }
      if (x.panel === null) return [...actions.map((action) => ({ type: 'doc.open', action })), ...(k.more ?? [])];
      const sends = k.alwaysSent?.includes(x.panel) || plan[c.doc.status] === x.panel;
      return [{ type: 'walk.close' }, ...(sends ? [{ type: 'doc.act', action: x.panel }] : []), ...(sends && c.failure?.status === 0 ? [{ type: 'doc.retry' }] : [])];
    },
    nextExtra: (x, e, next) => {
      if (e.type === 'doc.open' && next.context.failure === null && (k.opensPanel?.(e.action) ?? true) && allows(k.lifecycle, e.action, next.context.doc.status)) return { panel: e.action };
      if (e.type === 'walk.close' || e.type === 'xstate.done.actor.runAction') return { panel: null };
      return x;
    },
    key: (s, x) => docKey(s, x as never),
  });
}

/** Replays each covering walk on a real actor (its transitions counted in `coverage`); answers the statuses the walks went through. */
export function replayWalks(k: LifecycleWalks, walks: readonly (readonly [Plan, string])[], coverage: Coverage): Set<string> {
  const seen = new Set<string>();
  for (const [plan, start] of walks) {
    const walk = walkOf(k, plan, start);
    const twin = twinOf(documentLifecycleMachine, coverage, k.inputAt(start));
    for (const step of walk.steps) {
      // The walk's own "close the panel" is the page's, not the machine's.
      if (step.event.type !== 'walk.close') twin.send(step.event);
      const s = twin.getSnapshot() as Snap;
      expect(walk.key(s, step.extra), JSON.stringify(step.event)).toBe(walk.key(step.state, step.extra));
      expect(enabledActions(s), `buttons in ${s.context.doc.status}`).toEqual(tableAllows(k, s));
      seen.add(s.context.doc.status);
    }
    twin.stop();
    expect(walk.steps.length).toBeGreaterThanOrEqual(walk.edges);
  }
  return seen;
}

/**
 * A person's path from `start`: each action pressed twice (a double click), answered as the
 * server would; what was sent, the enabled buttons before and after each step, where it ended,
 * and the pages an answer opened (a convert's sale).
 */
export async function walkPath(k: LifecycleWalks, start: string, steps: readonly (string | { action: string; body: Record<string, unknown> })[]) {
  let status = start;
  const sent: string[] = [];
  const opened: string[] = [];
  const actor = createActor(
    documentLifecycleMachine.provide({
      actors: {
        runAction: fromPromise(async ({ input }: { input: { id: number; action: string; body: unknown; key: string } }) => {
          sent.push(input.action);
          const answer = k.answerOf(input.action, status);
          if (answer.id === k.inputAt(start).doc.id) status = answer.status;
          return { data: answer, message: 'Done.' };
        }),
      },
      actions: { follow: (_, { href }: { href: string }) => void opened.push(href) },
    }),
    { input: { ...k.inputAt(start), may: {} } },
  ).start();
  const buttons: string[][] = [enabledActions(actor.getSnapshot())];
  for (const step of steps) {
    const [action, body] = typeof step === 'string' ? [step, {}] : [step.action, step.body];
    actor.send({ type: 'doc.act', action, body });
    actor.send({ type: 'doc.act', action, body });
    await new Promise<void>((r) => setImmediate(r));
    buttons.push(enabledActions(actor.getSnapshot()));
  }
  actor.stop();
  return { sent, buttons, status, opened };
}

/** With none of the kind's rights no button is enabled, whatever the status. */
export function noRightsNoButtons(k: LifecycleWalks, statuses: readonly string[]) {
  const may = Object.fromEntries(Object.keys(k.lifecycle.actions).map((a) => [a, false]));
  for (const status of statuses) {
    const actor = createActor(documentLifecycleMachine, { input: { ...k.inputAt(status), may } }).start();
    expect(enabledActions(actor.getSnapshot()), status).toEqual([]);
    actor.stop();
  }
}
