/**
 * The quotation lifecycle (draft → sent → accepted | rejected; accepted → converted; a sent one
 * past its day expired) walked on the REAL document lifecycle machine with the quotation's kind
 * (machines/quotations/quotation.kind.ts, as its view page runs it: without its form): covering
 * walks of the graph its table makes — every button pressed from every status, allowed or not,
 * each panel sent, closed, answered, or lost and sent again, Print from every status — replayed
 * on a real actor, which must land where the walk says after every step, with each button
 * enabled exactly when the shared table allows it. The convert answers with the sale it made,
 * whose page opens instead of the quotation taking the answer. Then the path a person takes.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { allows } from '../../domain/documents/lifecycle.ts';
import { quotationLifecycle, QUOTATION_STATUS_NAMES, type QuotationAction, type QuotationStatus } from '../../domain/documents/quotation.facts.ts';
import { documentLifecycleMachine, type DocState } from '../../machines/document/lifecycle.machine.ts';
import { selectDocumentActions } from '../../machines/document/line-editor.selectors.ts';
import { quotationKind } from '../../machines/quotations/quotation.kind.ts';
import { docKey, OFFLINE } from '../e2e/support/purchase-models.ts';
import { twinOf } from '../e2e/support/product-stock-models.ts';
import { Coverage } from './coverage.ts';
import { QUOTATION_ONLY } from './quotation-only.ts';
import { testEnv } from './test-env.ts';
import { coveringWalk } from './walk.ts';

type Snap = SnapshotFrom<typeof documentLifecycleMachine>;
type Extra = { panel: QuotationAction | null };
const ACTIONS = Object.keys(quotationLifecycle.actions) as QuotationAction[];
/** The view page's kind: no form (its Edit links to the edit page). */
const VIEW_KIND = { ...quotationKind, editor: undefined };
const inputAt = (status: QuotationStatus) => ({ kind: VIEW_KIND, doc: { id: 1, status }, env: testEnv(), may: {} });
const SALE = { id: 99, status: 'pending' };
/** What the server answers: the convert, the sale it made; any other step, the quotation where the table ends it. */
const answerOf = (action: QuotationAction, from: QuotationStatus): DocState => (action === 'convert' ? SALE : { id: 1, status: quotationLifecycle.actions[action].to ?? from });

/** A walk's plan: the one step sent from each status; the others are opened and closed. */
type Plan = Partial<Record<QuotationStatus, QuotationAction>>;
const THROUGH_CONVERTED: Plan = { draft: 'send', sent: 'accept', accepted: 'convert' };
const REJECTED: Plan = { draft: 'send', sent: 'reject' };

const walkOf = (plan: Plan, start: QuotationStatus) =>
  coveringWalk({
    machine: documentLifecycleMachine,
    input: inputAt(start),
    extra: { panel: null } as Extra,
    events: (s: Snap, x: Extra): AnyEventObject[] => {
      const c = s.context;
      const status = c.doc.status as QuotationStatus;
      if (s.matches('working')) {
        const action = c.pending!.action as QuotationAction;
        return [{ type: 'xstate.done.actor.runAction', output: { data: answerOf(action, status), message: 'Done.' } }, { type: 'xstate.error.actor.runAction', error: OFFLINE }];
      }
      if (x.panel === null) return [...ACTIONS.map((action) => ({ type: 'doc.open', action })), { type: 'doc.print' }];
      const sends = plan[status] === x.panel;
      return [{ type: 'walk.close' }, ...(sends ? [{ type: 'doc.act', action: x.panel }] : []), ...(sends && c.failure?.status === 0 ? [{ type: 'doc.retry' }] : [])];
    },
    nextExtra: (x, e, next) => {
      if (e.type === 'doc.open' && next.context.failure === null && e.action in quotationKind.panels && allows(quotationLifecycle, e.action, next.context.doc.status as QuotationStatus)) return { panel: e.action };
      if (e.type === 'walk.close' || e.type === 'xstate.done.actor.runAction') return { panel: null };
      return x;
    },
    key: (s, x) => docKey(s, x as never),
  });

const enabled = (s: Snap) => selectDocumentActions(s).buttons.filter((b) => b.enabled).map((b) => b.action);
const tableAllows = (s: Snap) => (s.matches('ready') ? ACTIONS.filter((a) => allows(quotationLifecycle, a, s.context.doc.status as QuotationStatus)) : []);

describe('the quotation lifecycle on the document machines', () => {
  it('covering walks (through converted; rejected; from expired and converted): every button and Print from every status, on a real actor, buttons exactly as the table allows', () => {
    const coverage = new Coverage('documentLifecycle', documentLifecycleMachine);
    const seen = new Set<string>();
    const walks: [Plan, QuotationStatus][] = [[THROUGH_CONVERTED, 'draft'], [REJECTED, 'draft'], [{}, 'expired'], [{}, 'converted']];
    for (const [plan, start] of walks) {
      const walk = walkOf(plan, start);
      const twin = twinOf(documentLifecycleMachine, coverage, inputAt(start));
      for (const step of walk.steps) {
        if (step.event.type !== 'walk.close') twin.send(step.event);
        const s = twin.getSnapshot() as Snap;
        expect(walk.key(s, step.extra), JSON.stringify(step.event)).toBe(walk.key(step.state, step.extra));
        expect(enabled(s), `buttons in ${s.context.doc.status}`).toEqual(tableAllows(s));
        seen.add(s.context.doc.status);
      }
      twin.stop();
      expect(walk.steps.length).toBeGreaterThanOrEqual(walk.edges);
    }
    // A converted quotation is not shown by this machine after its convert (the sale's page opens): it is a walk's start.
    expect([...seen].sort()).toEqual([...QUOTATION_STATUS_NAMES].sort());
    // What only a quotation takes of the machine (the purchase tests leave it to this one).
    for (const key of Object.keys(QUOTATION_ONLY)) expect(coverage.transitions, key).toContain(key);
  });

  it('sent, accepted and converted: one request each, the buttons of each status, then the new sale’s page opens', async () => {
    let status: QuotationStatus = 'draft';
    const sent: string[] = [];
    const opened: string[] = [];
    const actor = createActor(
      documentLifecycleMachine.provide({
        actors: {
          runAction: fromPromise(async ({ input }: { input: { id: number; action: string; body: unknown; key: string } }) => {
            sent.push(input.action);
            const answer = answerOf(input.action as QuotationAction, status);
            if (input.action !== 'convert') status = answer.status as QuotationStatus;
            return { data: answer, message: 'Done.' };
          }),
        },
        actions: { follow: (_, { href }) => void opened.push(href) },
      }),
      { input: { ...inputAt('draft'), kind: VIEW_KIND } },
    ).start();
    const buttons: string[][] = [enabled(actor.getSnapshot())];
    for (const a of ['send', 'accept', 'convert'] as const) {
      actor.send({ type: 'doc.act', action: a, body: {} });
      // A double click sends one request.
      actor.send({ type: 'doc.act', action: a, body: {} });
      await new Promise<void>((r) => setImmediate(r));
      buttons.push(enabled(actor.getSnapshot()));
    }
    actor.stop();
    expect(sent).toEqual(['send', 'accept', 'convert']);
    expect(buttons.slice(0, 3)).toEqual([['edit', 'send'], ['accept', 'reject'], ['convert']]);
    expect(opened).toEqual(['/admin/sales/edit/99']);
  });

  it('without "quotation create" no button is enabled, whatever the status', () => {
    const may = Object.fromEntries(ACTIONS.map((a) => [a, false]));
    for (const status of QUOTATION_STATUS_NAMES) {
      const actor = createActor(documentLifecycleMachine, { input: { ...inputAt(status), may } }).start();
      expect(enabled(actor.getSnapshot())).toEqual([]);
      actor.stop();
    }
  });
});
