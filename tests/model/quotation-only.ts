/** A purchase prints no sheet and no action of it answers with another document: the quotation walks take those. */
export const QUOTATION_ONLY = {
  'documentLifecycle.ready doc.print#0': 'tests/model/quotation-walks.model.test.ts: a quotation printed from its page',
  'documentLifecycle.working xstate.done.actor.runAction#0': 'tests/model/quotation-walks.model.test.ts: a convert answered with its sale, whose page opens',
};
