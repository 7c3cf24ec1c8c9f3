import { fromPromise } from 'xstate';
import { IDEMPOTENCY_HEADER } from '../../domain/idempotency.ts';
import { LINE_PRODUCTS_API, lineSerialsPath, type InStockSerial, type LineProduct } from '../../domain/documents/lines.ts';
import type { DocState, DocumentApi, DocumentEnv, DocumentKind } from '../../machines/document/kind.ts';
import { documentLifecycleMachine } from '../../machines/document/lifecycle.machine.ts';
import { lineEditorMachine, type Saved } from '../../machines/document/line-editor.machine.ts';
import { optionsMachine, type OptionItem } from '../../machines/options.machine.ts';
import { recordMachine } from '../../machines/record.machine.ts';
import type { AppSystem } from '../app/system.ts';
import { fetchDocument } from '../pages/loaders/document.ts';
import { fetchIssued } from '../pages/loaders/issued.ts';
import { ISSUED_KINDS, issuedHref, issuedPdfHref, type IssuedKind } from '../../domain/documents/invoice.ts';
import { saveFile } from './list-providers.ts';

/**
 * The real side effects of the document machines, for any kind (the kind's API addresses come
 * in as a DocumentApi): HTTP through the API client with an Idempotency-Key on every posting,
 * toasts, the stock bell, the leave guard, the address bar, the clock and new keys. One-liners;
 * every decision is the machines'.
 */

let made = 0;
/** The real clock (the person's own day) and keys. */
export const realEnv: DocumentEnv = {
  today: () => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  },
  newKey: () => {
    made += 1;
    return globalThis.crypto?.randomUUID?.() ?? `k-${Date.now().toString(36)}-${made}-${Math.random().toString(36).slice(2)}`;
  },
};

/** A document for its page, with its ETag (a change to it is sent If-Match); its reference titles the page. */
export function documentRecordMachine(system: Pick<AppSystem, 'api' | 'navigation'>, api: DocumentApi) {
  return recordMachine.provide({
    actors: {
      loadRecord: fromPromise(async ({ input }): Promise<Record<string, unknown>> => ({ ...(await fetchDocument(system.api, api.base, input.id)) })),
    },
    actions: {
      nameRecord: (_, { data }) => system.navigation.send({ type: 'page.named', path: api.href(String(data.id)), name: String(data.reference ?? '') }),
    },
  });
}

/** An invoice or a credit note for its page: its number titles the page; Print opens the browser's print dialog, Download saves the server's PDF. */
export function issuedRecordMachine(system: Pick<AppSystem, 'api' | 'navigation' | 'notify'>, kind: IssuedKind) {
  return recordMachine.provide({
    actors: {
      loadRecord: fromPromise(async ({ input }): Promise<Record<string, unknown>> => ({ ...(await fetchIssued(system.api, kind, input.id)) })),
      downloadRecord: fromPromise(async ({ input }) => {
        const { blob, filename } = await system.api.download(issuedPdfHref(kind, input.id));
        saveFile(blob, filename);
      }),
    },
    actions: {
      nameRecord: (_, { data }) => system.navigation.send({ type: 'page.named', path: issuedHref(kind, String(data.id)), name: `${ISSUED_KINDS[kind].title} ${String(data.number ?? '')}` }),
      print: () => window.print(),
      downloadFailed: (_, { error }) => system.notify({ toastType: 'error', body: (error as { message?: string } | null)?.message || 'The PDF could not be downloaded. Try again.' }),
    },
  });
}

const lookup = (system: Pick<AppSystem, 'api'>, search: string) =>
  system.api.call<{ data: LineProduct[] }>(`${LINE_PRODUCTS_API}?${new URLSearchParams({ search })}`).then((r) => r.data);

/** A scanned code: the product whose barcode or SKU it is exactly, or null. */
export const scanLookup = (system: Pick<AppSystem, 'api'>) => fromPromise<LineProduct | null, { code: string }>(async ({ input }) => (await lookup(system, input.code)).find((p) => p.exact) ?? null);

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

/** A selling line's serial picker: product `productId`'s serials in stock, narrowed by what is typed (each item's label is the serial). */
/** A product's serials in stock, an exact one (a scan) first. */
const serialsInStock = async (system: Pick<AppSystem, 'api'>, productId: number, search: string) =>
  (await system.api.call<{ data: InStockSerial[] }>(`${lineSerialsPath(productId)}?${new URLSearchParams({ search })}`)).data;

export function lineSerialOptionsMachine(system: Pick<AppSystem, 'api'>, productId: number) {
  return optionsMachine.provide({
    actors: {
      loadOptions: fromPromise(async ({ input }): Promise<OptionItem[]> =>
        (await serialsInStock(system, productId, input.search?.trim() ?? '')).map((s, i) => ({ id: i + 1, label: s.serial })),
      ),
    },
  });
}

/**
 * A document form's line editor. A new document is POSTed, a saved one PUT with If-Match (its
 * ETag) so a lost update is refused; either under the key the form was opened with, so a save
 * resent after a lost answer cannot save twice.
 */
export function documentEditorMachine(system: Pick<AppSystem, 'api' | 'navigation'>, api: DocumentApi) {
  return lineEditorMachine.provide({
    actors: {
      lookupProduct: scanLookup(system),
      serialInStock: fromPromise(async ({ input }) =>
        (await serialsInStock(system, input.productId, input.serial)).some((s) => s.exact),
      ),
      saveDocument: fromPromise(async ({ input }): Promise<Saved> => {
        const { body, target, key } = input;
        const res = target
          ? await system.api.call<{ data: DocState & Record<string, unknown>; message: string; etag: string }>(`${api.base}/${target.id}`, { method: 'PUT', body, headers: { ...(target.etag ? { 'If-Match': target.etag } : {}), [IDEMPOTENCY_HEADER]: key } })
          : await system.api.call<{ data: DocState & Record<string, unknown>; message: string; etag: string }>(api.base, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } });
        return { id: res.data.id, message: res.message, data: { ...res.data, etag: res.etag } };
      }),
    },
    actions: {
      setLeaveGuard: (_, { dirty }) => system.navigation.send({ type: 'nav.block', blocked: dirty }),
    },
  });
}

/** A new document's form: saved, it says so and its own page opens. */
export function newDocumentMachine(system: Pick<AppSystem, 'api' | 'navigation' | 'notify'>, api: DocumentApi) {
  return documentEditorMachine(system, api).provide({
    actions: {
      finished: (_, { id, message }) => {
        system.notify({ toastType: 'success', body: message });
        system.navigation.send({ type: 'nav.go', to: api.href(id) });
      },
    },
  });
}

/**
 * A saved document's page: its buttons post each action under the key the machine made when
 * the person asked; its form (while it may be edited) saves through the same API.
 */
export function documentPageMachine(system: Pick<AppSystem, 'api' | 'navigation' | 'notify' | 'stockAlerts'>, api: DocumentApi, kind: Pick<DocumentKind, 'stockActions'>) {
  return documentLifecycleMachine.provide({
    actors: {
      editor: documentEditorMachine(system, api),
      runAction: fromPromise(async ({ input }) => {
        const res = await system.api.call<{ data: DocState; message: string; etag: string }>(`${api.base}/${input.id}/${api.actionPaths[input.action] ?? input.action}`, {
          method: 'POST',
          body: input.body as Record<string, unknown>,
          headers: { [IDEMPOTENCY_HEADER]: input.key },
        });
        return { data: { ...res.data, etag: res.etag }, message: res.message };
      }),
    },
    actions: {
      announce: (_, { action, message }) => {
        system.notify({ toastType: 'success', body: message });
        if (kind.stockActions?.includes(action)) system.stockAlerts.send({ type: 'alerts.refresh' });
        // The panel and its button are gone: the focus goes to the document's facts, which say what changed.
        requestAnimationFrame(() => document.getElementById('document-facts')?.focus());
      },
      follow: (_, { href }) => system.navigation.send({ type: 'nav.go', to: href }),
      print: () => window.print(),
    },
  });
}
