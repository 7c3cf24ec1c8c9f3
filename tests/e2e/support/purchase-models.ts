/**
 * The walks of issue 11's Chromium model test (tests/e2e/purchases.model.spec.ts): the purchase
 * form's line editor, and a purchase's lifecycle with its action panels, each one walk over the
 * REAL machine's graph (tests/model/walk.ts) that takes every edge. Shared with
 * tests/model/purchase-walks.model.test.ts, which replays them on real actors so a walk that
 * misses an edge, or whose key is not a function of the machine's state, fails in seconds.
 *
 * The graphs are the machines' own, with the events a person can send on the page (and the
 * server's answers), narrowed so that one walk can take them all: where a choice would leave
 * part of the graph for good (an order saved, a purchase received in full), the walk offers
 * it from one state only.
 */
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { LineProduct } from '../../../domain/documents/lines.ts';
import { allows } from '../../../domain/documents/lifecycle.ts';
import { purchaseLifecycle, type PurchaseStatus } from '../../../domain/documents/purchase.ts';
import { documentLifecycleMachine } from '../../../machines/document/lifecycle.machine.ts';
import { isDirty, lineEditorMachine } from '../../../machines/document/line-editor.machine.ts';
import { purchaseEditor } from '../../../machines/purchases/purchase.kind.ts';
import { testEnv } from '../../model/test-env.ts';
import { coveringWalk } from '../../model/walk.ts';

// ---------------------------------------------------------------- the line editor

/** Stand-ins for the walk's two products: Chromium's come from the server, with the same roles. */
export const PICKED: LineProduct = { id: 1, name: 'Picked', sku: 'PICK', barcode: null, cost_price: 250, sale_price: 500, tax_bps: 0, prices_include_tax: false, tracks_serials: false, unit_name: 'pcs', on_hand: 0, exact: false };
export const SCANNED: LineProduct = { id: 2, name: 'Scanned', sku: 'SCAN', barcode: 'scan-me', cost_price: 120, sale_price: 300, tax_bps: 0, prices_include_tax: false, tracks_serials: false, unit_name: 'pcs', on_hand: 0, exact: true };
/** A code no product has. */
export const UNKNOWN_CODE = '0000000000000';
export const OFFLINE = { status: 0, message: 'The server cannot be reached.' };

type EditorSnap = SnapshotFrom<typeof lineEditorMachine>;
export type EditorExtra = { supplier: boolean };

/** What a step changes is what the key tells apart: where each line is, which line holds a 0, which errors are shown. */
export const editorKey = (s: EditorSnap) => {
  const c = s.context;
  const errors = Object.keys(c.errors)
    .map((k) => k.replace(/^lines\.(\d+)\./, 'line$1.'))
    .sort()
    .join('+');
  const lines = c.lines.map((l) => `${l.product?.id === SCANNED.id ? 'S' : 'P'}${l.quantity === 0 ? '0' : ''}`).join(',');
  const scan = c.pendingScan === null ? '' : ` scan:${c.pendingScan === UNKNOWN_CODE ? 'unknown' : 'known'}`;
  return `${String(s.value)}${scan} supplier:${c.header.supplier_id !== null} lines:[${lines}] errors:[${errors}] form:${c.formError !== null} dirty:${isDirty(c)}`;
};

/**
 * The line editor's walk on the create form. The lines are the picked product first, then the
 * scanned one; a 0 is typed into the first line's quantity; a valid form is sent only with
 * both lines (the order the walk ends with), first to a server that does not answer, then
 * again (the same request).
 */
export const lineEditorWalk = (today = '2026-01-05') =>
  coveringWalk({
    machine: lineEditorMachine,
    input: { kind: purchaseEditor, header: purchaseEditor.emptyHeader(today) },
    extra: null,
    events: (s: EditorSnap) => {
      const c = s.context;
      const n = c.lines.length;
      const errors = Object.keys(c.errors);
      if (s.matches('scanning')) {
        return c.pendingScan === UNKNOWN_CODE
          ? [{ type: 'xstate.done.actor.lookupProduct', output: null }, { type: 'xstate.error.actor.lookupProduct', error: OFFLINE }]
          : [{ type: 'xstate.done.actor.lookupProduct', output: SCANNED }];
      }
      if (s.matches('submitting')) {
        // Saved once, from one state: sent again after an answer that never came. Saving leaves
        // the form for the purchase's page, so it is the walk's last step.
        return c.formError === null ? [{ type: 'xstate.error.actor.saveDocument', error: OFFLINE }] : [{ type: 'xstate.done.actor.saveDocument', output: { id: 1, message: 'Purchase ordered.' } }];
      }
      if (s.matches('saved')) return [];
      // The person chooses the supplier after a first try shows it is missing.
      if (c.header.supplier_id === null) return errors.length ? [{ type: 'header.change', field: 'supplier_id', value: 1 }] : [{ type: 'form.submit' }];
      const zero = n > 0 && c.lines[0]!.quantity === 0;
      const valid = n > 0 && !zero;
      const out: AnyEventObject[] = [];
      const change = zero ? { type: 'line.change', index: 0, field: 'quantity', value: 3 } : { type: 'line.change', index: 0, field: 'quantity', value: 0 };
      if (c.formError !== null) return [{ type: 'form.submit' }, ...(zero ? [] : [change])];
      if (c.errors.scan) return [{ type: 'line.scan', code: SCANNED.barcode }];
      if (n === 0) return [{ type: 'line.add', product: PICKED }, { type: 'form.submit' }];
      out.push(change, { type: 'line.remove', index: n - 1 });
      if (n === 1 && errors.length === 0) out.push({ type: 'line.scan', code: SCANNED.barcode });
      if (n === 1 && errors.length === 0 && !zero) out.push({ type: 'line.scan', code: UNKNOWN_CODE }, { type: 'walk.leave' });
      if (!valid ? errors.length === 0 : n === 2) out.push({ type: 'form.submit' });
      return out;
    },
    key: (s: EditorSnap) => editorKey(s),
  });

// ---------------------------------------------------------------- the lifecycle and its panels

type DocSnap = SnapshotFrom<typeof documentLifecycleMachine>;
export type PanelAction = 'receive' | 'cancel' | 'return' | 'pay';
export const PANELS: PanelAction[] = ['receive', 'cancel', 'return', 'pay'];

/**
 * What the page knows beside the lifecycle machine: which action's panel is open (the draft
 * machine's), and whether the lines' form holds an unsaved change.
 */
export interface DocExtra {
  panel: PanelAction | null;
}

/**
 * How the walk's purchase may move in each status: the actions whose panel the person opens,
 * each with the statuses the server may answer with ('offline': an answer that never comes;
 * none: the panel is opened and closed, nothing sent), and the statuses where the walk presses
 * each button the table refuses (disabled, and the server answers 409 when asked directly).
 * One way forward from each status, so one walk takes it all.
 */
export interface Plan {
  moves: Partial<Record<PurchaseStatus, Partial<Record<PanelAction, (PurchaseStatus | 'offline')[]>>>>;
  refusals: PurchaseStatus[];
}

/** Order (a change left unsaved), receive part (its first answer lost), the rest, return some, return the rest. */
export const THROUGH_RECEIVED: Plan = {
  moves: {
    ordered: { receive: ['partial', 'offline'], pay: ['ordered'], cancel: [] },
    partial: { receive: ['received'], return: ['partial'] },
    received: { return: ['received', 'returned'], pay: ['received'] },
    returned: { pay: [] },
  },
  refusals: ['ordered', 'partial', 'received', 'returned'],
};
/** Order, receive part, cancel the rest, then return some of what came and pay. */
export const CANCELLED: Plan = {
  moves: {
    ordered: { receive: ['partial'] },
    partial: { cancel: ['cancelled'] },
    cancelled: { return: ['cancelled'], pay: ['cancelled'] },
  },
  refusals: ['cancelled'],
};

export const docKey = (s: DocSnap, x: DocExtra) => {
  const c = s.context;
  if (s.matches('working')) return `working ${c.doc.status} ${c.pending?.action}`;
  const failure = c.failure ? (c.failure.code ?? String(c.failure.status)) : '-';
  return `ready ${c.doc.status} panel:${x.panel ?? '-'} failure:${failure} unsaved:${c.unsaved}`;
};

export const lifecycleWalk = (plan: Plan) =>
  coveringWalk({
    machine: documentLifecycleMachine,
    input: { lifecycle: purchaseLifecycle, doc: { id: 1, status: 'ordered' }, env: testEnv() },
    extra: { panel: null } as DocExtra,
    events: (s: DocSnap, x: DocExtra) => {
      const c = s.context;
      const status = c.doc.status as PurchaseStatus;
      const moves = plan.moves[status] ?? {};
      if (s.matches('working')) {
        return (moves[c.pending!.action as PanelAction] ?? []).map((to) =>
          to === 'offline' ? { type: 'xstate.error.actor.runAction', error: OFFLINE } : { type: 'xstate.done.actor.runAction', output: { data: { id: 1, status: to }, message: `Now ${to}.` } },
        );
      }
      const quiet = !c.failure && !c.unsaved;
      // Only an ordered purchase has its lines' form, so only then can a change be unsaved:
      // made with no panel open or with the receive panel open, and then saved or discarded.
      const edits = status === 'ordered' && 'receive' in moves;
      if (c.unsaved) {
        if (x.panel === null) return [{ type: 'doc.open', action: 'receive' }, { type: 'doc.unsaved', unsaved: false }];
        return [{ type: 'doc.act', action: x.panel }, { type: 'walk.close' }];
      }
      if (x.panel === null) {
        const open = (Object.keys(moves) as PanelAction[]).map((action) => ({ type: 'doc.open', action }));
        const refused = quiet && plan.refusals.includes(status) ? PANELS.filter((a) => !allows(purchaseLifecycle, a, status)).map((action) => ({ type: 'doc.open', action })) : [];
        return [...open, ...refused, ...(quiet && edits ? [{ type: 'doc.unsaved', unsaved: true }] : [])];
      }
      const out: AnyEventObject[] = [{ type: 'walk.close' }];
      // After a lost answer: Try again, or the panel sent again as it is (the same request either way).
      if (moves[x.panel]!.length) out.push({ type: 'doc.act', action: x.panel }, ...(c.failure?.status === 0 ? [{ type: 'doc.retry' }] : []));
      if (quiet && edits && x.panel === 'receive') out.push({ type: 'doc.unsaved', unsaved: true });
      return out;
    },
    nextExtra: (x, e, next) => {
      if (e.type === 'doc.open' && next.context.failure === null && allows(purchaseLifecycle, e.action, next.context.doc.status as PurchaseStatus)) return { panel: e.action };
      if (e.type === 'walk.close' || e.type === 'xstate.done.actor.runAction') return { panel: null };
      return x;
    },
    key: docKey,
  });
