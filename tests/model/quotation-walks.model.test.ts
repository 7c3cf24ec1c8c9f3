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
import type { Lifecycle } from '../../domain/documents/lifecycle.ts';
import { quotationLifecycle, QUOTATION_STATUS_NAMES, type QuotationAction } from '../../domain/documents/quotation.facts.ts';
import { documentLifecycleMachine } from '../../machines/document/lifecycle.machine.ts';
import { quotationKind } from '../../machines/quotations/quotation.kind.ts';
import { Coverage } from './coverage.ts';
import { noRightsNoButtons, replayWalks, walkPath, type LifecycleWalks, type Plan } from './lifecycle-walks.ts';
import { QUOTATION_ONLY } from './quotation-only.ts';
import { testEnv } from './test-env.ts';

/** The view page's kind: no form (its Edit links to the edit page). */
const VIEW_KIND = { ...quotationKind, editor: undefined };
const SALE = { id: 99, status: 'pending' };
const QUOTATIONS: LifecycleWalks = {
  lifecycle: quotationLifecycle as unknown as Lifecycle,
  inputAt: (status) => ({ kind: VIEW_KIND, doc: { id: 1, status }, env: testEnv(), may: {} }),
  /** What the server answers: the convert, the sale it made; any other step, the quotation where the table ends it. */
  answerOf: (action, from) => (action === 'convert' ? SALE : { id: 1, status: quotationLifecycle.actions[action as QuotationAction].to ?? from }),
  opensPanel: (action) => action in quotationKind.panels,
  more: [{ type: 'doc.print' }],
};

const THROUGH_CONVERTED: Plan = { draft: 'send', sent: 'accept', accepted: 'convert' };
const REJECTED: Plan = { draft: 'send', sent: 'reject' };

describe('the quotation lifecycle on the document machines', () => {
  it('covering walks (through converted; rejected; from expired and converted): every button and Print from every status, on a real actor, buttons exactly as the table allows', () => {
    const coverage = new Coverage('documentLifecycle', documentLifecycleMachine);
    const seen = replayWalks(QUOTATIONS, [[THROUGH_CONVERTED, 'draft'], [REJECTED, 'draft'], [{}, 'expired'], [{}, 'converted']], coverage);
    // A converted quotation is not shown by this machine after its convert (the sale's page opens): it is a walk's start.
    expect([...seen].sort()).toEqual([...QUOTATION_STATUS_NAMES].sort());
    // What only a quotation takes of the machine (the purchase tests leave it to this one).
    for (const key of Object.keys(QUOTATION_ONLY)) expect(coverage.transitions, key).toContain(key);
  });

  it('sent, accepted and converted: one request each, the buttons of each status, then the new sale’s page opens', async () => {
    const { sent, buttons, opened } = await walkPath(QUOTATIONS, 'draft', ['send', 'accept', 'convert']);
    expect(sent).toEqual(['send', 'accept', 'convert']);
    expect(buttons.slice(0, 3)).toEqual([['edit', 'send'], ['accept', 'reject'], ['convert']]);
    expect(opened).toEqual(['/admin/sales/edit/99']);
  });

  it('without "quotation create" no button is enabled, whatever the status', () => {
    noRightsNoButtons(QUOTATIONS, QUOTATION_STATUS_NAMES);
  });
});
