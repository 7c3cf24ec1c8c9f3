import { fromPromise } from 'xstate';
import { ADJUSTMENTS_API } from '../../domain/stock/adjustment.ts';
import { formMachine } from '../../machines/form/form.machine.ts';
import { fieldId } from './dom-ids.ts';
import { type ListResponse, type ListSettings } from '../../domain/list-query.ts';
import type { ResourceList } from '../../domain/resource.ts';
import { productViewHref } from '../../domain/stock/labels.ts';
import { listMachine } from '../../machines/list/list.machine.ts';
import { labelsMachine } from '../../machines/products/labels.machine.ts';
import { recordMachine } from '../../machines/record.machine.ts';
import { products } from '../../domain/resources/product.ts';
import { IMAGE_UPLOAD_API, type UploadedImage } from '../../domain/stock/image.ts';
import { bulkStatusMachine } from '../../machines/products/bulk-status.machine.ts';
import { barcodeMachine } from '../../machines/fields/barcode.machine.ts';
import { imageUploadMachine } from '../../machines/fields/image-upload.machine.ts';
import type { AppSystem } from '../app/system.ts';
import { listPath } from '../pages/loaders/list.ts';
import { fetchLabelProducts } from '../pages/loaders/labels.ts';
import { fetchProduct } from '../pages/loaders/product.ts';

/**
 * The real side effects of the product and stock machines: HTTP through the API client and
 * the form's `field.change` (passed in as `commit`). One-liners; every decision is the machines'.
 */

/** An image field's uploader: the file goes as the request body, its type as the content type. */
export function imageUploaderMachine(system: Pick<AppSystem, 'api'>, commit: (image: UploadedImage | null) => void) {
  return imageUploadMachine.provide({
    actors: {
      uploadImage: fromPromise(async ({ input }) => {
        const file = input.file as File;
        const res = await system.api.call<{ data: UploadedImage }>(IMAGE_UPLOAD_API, { method: 'POST', body: file, headers: { 'Content-Type': file.type } });
        return res.data;
      }),
    },
    actions: { commit: (_, { image }) => commit(image) },
  });
}

/** "Generate barcode": GET {products.api}/barcode. */
export function barcodeGeneratorMachine(system: Pick<AppSystem, 'api'>, commit: (barcode: string) => void) {
  return barcodeMachine.provide({
    actors: {
      generateBarcode: fromPromise(async () => (await system.api.call<{ data: { barcode: string } }>(`${products.api}/barcode`)).data.barcode),
    },
    actions: { commit: (_, { barcode }) => commit(barcode) },
  });
}

/** The products list's bulk status change; `listChanged` tells the list. */
export function productBulkStatusMachine(system: Pick<AppSystem, 'api' | 'notify'>, listChanged: () => void) {
  return bulkStatusMachine.provide({
    actors: {
      setStatus: fromPromise(({ input }) => system.api.call<{ message: string }>(`${products.api}/bulk-status`, { method: 'POST', body: input })),
    },
    actions: { notify: (_, n) => system.notify(n), listChanged },
  });
}

/**
 * A list inside a page (the stock screen's levels and ledger, a product's history): it loads
 * from its own API path and leaves the address bar alone, since a page may hold several; it
 * deletes nothing, exports nothing and keeps no settings.
 */
export function embeddedListMachine(system: Pick<AppSystem, 'api' | 'notify'>, def: ResourceList) {
  return listMachine.provide({
    actors: {
      // The address its page's loader asks for first (src/pages/loaders/stock.ts).
      loadList: fromPromise(({ input }) => system.api.call<ListResponse>(listPath(def, input.query, undefined))),
      // No columns or saved filters are kept for a list inside a page: it shows all its columns.
      loadSettings: fromPromise(async (): Promise<ListSettings> => ({ hidden_columns: [], saved_filters: [] })),
    },
    actions: { writeUrl: () => {}, notify: (_, n) => system.notify(n) },
  });
}

/** A product for its own page: GET {products.api}/{id}; its name titles the page. */
export function productRecordMachine(system: Pick<AppSystem, 'api' | 'navigation'>) {
  return recordMachine.provide({
    actors: {
      loadRecord: fromPromise(({ input }) => fetchProduct(system.api, input.id)),
    },
    actions: {
      nameRecord: (_, { data }) => system.navigation.send({ type: 'page.named', path: productViewHref(String(data.id)), name: String(data.name ?? '') }),
    },
  });
}

/** The label sheet's products (GET each record; at most LABEL_PRODUCTS_MAX) and the browser's print dialog. */
export function productLabelsMachine(system: Pick<AppSystem, 'api'>) {
  return labelsMachine.provide({
    actors: {
      loadProducts: fromPromise(({ input }) => fetchLabelProducts(system.api, input.ids)),
    },
    actions: { print: () => window.print() },
  });
}

/**
 * The stock screen's adjustment form: the generic form machine saving to POST
 * /stock/adjustments; saved and cancelled tell the stock screen's machine, which closes it.
 */
export function adjustmentFormMachine(system: Pick<AppSystem, 'api' | 'notify' | 'navigation'>, screen: { saved: () => void; closed: () => void }) {
  return formMachine.provide({
    actors: {
      saveRecord: fromPromise(async ({ input }) => ({ message: (await system.api.call<{ message: string }>(ADJUSTMENTS_API, { method: 'POST', body: input.body })).message })),
    },
    actions: {
      notify: (_, n) => system.notify(n),
      goToList: () => screen.closed(),
      finish: () => screen.saved(),
      setLeaveGuard: (_, { dirty }) => system.navigation.send({ type: 'nav.block', blocked: dirty }),
      focusField: (_, { name }) => requestAnimationFrame(() => document.getElementById(fieldId(name))?.focus()),
    },
  });
}
