import { fromPromise } from 'xstate';
import { LINE_PRODUCTS_API, type LineProduct } from '../../domain/documents/lines.ts';
import { PURCHASES_API } from '../../domain/documents/purchase.facts.ts';
import { STOCK_COUNTS_API } from '../../domain/documents/stock-count.ts';
import type { DraftPanel } from '../../machines/document/action-draft.machine.ts';
import { actionDraftMachine } from '../../machines/document/action-draft.machine.ts';
import { documentLifecycleMachine, type DocState } from '../../machines/document/lifecycle.machine.ts';
import { lineEditorMachine } from '../../machines/document/line-editor.machine.ts';
import { optionsMachine, type OptionItem } from '../../machines/options.machine.ts';
import { recordMachine } from '../../machines/record.machine.ts';
import { stockCountMachine } from '../../machines/stock/stock-count.machine.ts';
import type { AppSystem } from '../app/system.ts';
import { purchaseHref } from './purchase-list-providers.ts';

/**
 * The real side effects of the document machines (purchases, the stock count): HTTP through the
 * API client with an Idempotency-Key on every posting, toasts, the address bar. One-liners; every
 * decision is the machines'. The purchase list's are apart (purchase-list-providers.ts), so the
 * list page does not load the document machines and their zod checks.
 */

export { purchaseHref };

/** A purchase for its page: GET /purchases/{id}; its reference titles the page. */
export function purchaseRecordMachine(system: Pick<AppSystem, 'api' | 'navigation'>) {
  return recordMachine.provide({
    actors: {
      // The ETag rides along, so a change to it is sent If-Match.
      loadRecord: fromPromise(async ({ input }) => {
        const res = await system.api.call<{ data: Record<string, unknown>; etag: string }>(`${PURCHASES_API}/${encodeURIComponent(input.id)}`);
        return { ...res.data, etag: res.etag };
      }),
    },
    actions: {
      nameRecord: (_, { data }) => system.navigation.send({ type: 'page.named', path: purchaseHref(String(data.id)), name: String(data.reference ?? '') }),
    },
  });
}

const lookup = (system: Pick<AppSystem, 'api'>, search: string) =>
  system.api.call<{ data: LineProduct[] }>(`${LINE_PRODUCTS_API}?${new URLSearchParams({ search })}`).then((r) => r.data);

/** A scanned code: the product whose barcode or SKU it is exactly, or null. */
const scanLookup = (system: Pick<AppSystem, 'api'>) => fromPromise<LineProduct | null, { code: string }>(async ({ input }) => (await lookup(system, input.code)).find((p) => p.exact) ?? null);

/** The "add a product" picker of a document's lines: products by name or SKU (the items carry the whole product). */
export function lineProductOptionsMachine(system: Pick<AppSystem, 'api'>) {
  return optionsMachine.provide({
    actors: {
      loadOptions: fromPromise(async ({ input }): Promise<OptionItem[]> => {
        if (!input.search?.trim()) return [];
        return (await lookup(system, input.search.trim())).map((p) => ({ ...p, label: `${p.name} · ${p.sku}` }));
      }),
    },
  });
}

/**
 * The purchase form's line editor. Creating POSTs with an Idempotency-Key made when the form
 * opened (a resent create after a lost answer cannot order twice); changing an ordered one
 * PUTs it with If-Match (its ETag) so a lost update is refused.
 */
export function purchaseEditorMachine(system: Pick<AppSystem, 'api'>, target: { id: number; etag: string | undefined } | null, key: string) {
  return lineEditorMachine.provide({
    actors: {
      lookupProduct: scanLookup(system),
      saveDocument: fromPromise(async ({ input }) => {
        const { receive, ...rest } = input.body;
        const res = target
          ? await system.api.call<{ data: { id: number }; message: string }>(`${PURCHASES_API}/${target.id}`, { method: 'PUT', body: rest, headers: { ...(target.etag ? { 'If-Match': target.etag } : {}), 'Idempotency-Key': key } })
          : await system.api.call<{ data: { id: number }; message: string }>(PURCHASES_API, { method: 'POST', body: { ...rest, receive }, headers: { 'Idempotency-Key': key } });
        return { id: res.data.id, message: res.message };
      }),
    },
  });
}

const ACTION_PATHS: Record<DraftPanel, string> = { receive: 'receive', return: 'return', cancel: 'cancel', pay: 'payments' };

/** A purchase's buttons: each action POSTs under the key the machine made when the person asked. */
export function purchaseLifecycleMachine(system: Pick<AppSystem, 'api' | 'notify' | 'stockAlerts'>, told: { open(action: DraftPanel, doc: DocState): void; done(action: string): void; refused(errors: Record<string, string[]>): void }) {
  return documentLifecycleMachine.provide({
    actors: {
      runAction: fromPromise(async ({ input }) => {
        const res = await system.api.call<{ data: DocState; message: string; etag: string }>(`${PURCHASES_API}/${input.id}/${ACTION_PATHS[input.action as DraftPanel]}`, {
          method: 'POST',
          body: input.body as Record<string, unknown>,
          headers: { 'Idempotency-Key': input.key },
        });
        return { data: { ...res.data, etag: res.etag }, message: res.message };
      }),
    },
    actions: {
      announce: (_, { action, message }) => {
        system.notify({ toastType: 'success', body: message });
        if (action !== 'pay') system.stockAlerts.send({ type: 'alerts.refresh' });
        told.done(action);
      },
      refused: (_, { failure }) => told.refused(failure.errors ?? {}),
      opened: (_, { action, doc }) => told.open(action as DraftPanel, doc),
    },
  });
}

/** The panel of an action: sending hands its body to the lifecycle machine. */
export function actionDraftWith(send: (action: DraftPanel, body: Record<string, unknown>) => void) {
  return actionDraftMachine.provide({ actions: { send: (_, { action, body }) => send(action, body) } });
}

/** The stock count: scans look products up; posting sends the differences once, under a key. */
export function stockCountWith(system: Pick<AppSystem, 'api' | 'navigation'>, counted: (message: string) => void) {
  return stockCountMachine.provide({
    actors: {
      lookupProduct: scanLookup(system),
      postCount: fromPromise(async ({ input }) => {
        const res = await system.api.call<{ message: string }>(STOCK_COUNTS_API, { method: 'POST', body: input.body, headers: { 'Idempotency-Key': input.key } });
        return { message: res.message };
      }),
    },
    actions: {
      counted: (_, { message }) => counted(message),
      setLeaveGuard: (_, { dirty }) => system.navigation.send({ type: 'nav.block', blocked: dirty }),
    },
  });
}
