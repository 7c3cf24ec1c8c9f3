/**
 * The loaders of the form pages and the product page (issue 33) ask for what the page shows at
 * the same address the page's machine asks when it loads on its own, and give it in the shape
 * the machine starts from (an edit form keeps its ETag).
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { matchRoute } from '../../domain/routes.ts';
import { resourceByKey, SINGLETONS } from '../../domain/resources/index.ts';
import { formSpecOf, singletonSpecOf } from '../../machines/form/form.spec.ts';
import type { AppSystem } from '../../src/app/system.ts';
import { loadProduct } from '../../src/pages/loaders/product.ts';
import { loadResourceForm } from '../../src/pages/loaders/resource-form.ts';
import { loadSetting } from '../../src/pages/loaders/setting.ts';
import { resourceFormMachine, singletonFormMachine } from '../../src/resources/providers.ts';
import { productRecordMachine } from '../../src/resources/stock-providers.ts';
import { loadIssued } from '../../src/pages/loaders/issued.ts';
import { issuedRecordMachine } from '../../src/resources/document-providers.ts';

/** An API client that answers every GET with `body` (and an ETag) and records the paths asked. */
function fakeApi(body: Record<string, unknown>) {
  const asked: string[] = [];
  const api = {
    call: async <T>(path: string) => (asked.push(path), { data: body } as T),
    callWithHeaders: async <T>(path: string) => (asked.push(path), { data: { data: body } as T, headers: new Headers({ etag: 'W/"9"' }) }),
  };
  const system = { api, navigation: { send: () => {} }, notify: () => {} } as unknown as AppSystem;
  return { system, asked };
}

/** The request a page's loader gets for an address. */
const requestFor = (pathname: string) => ({ pathname, search: '', params: matchRoute(pathname)?.params ?? {}, screen: matchRoute(pathname)?.route.screen ?? '' });

const CUSTOMER = { id: 7, name: 'Acme Ltd' };

describe('page loaders', () => {
  it('an edit form: GET the record, with its ETag as the version', async () => {
    const { system, asked } = fakeApi(CUSTOMER);
    expect(await loadResourceForm(system, requestFor('/admin/customers/edit/7'))).toEqual({ data: CUSTOMER, version: 'W/"9"' });
    expect(asked).toEqual(['/api/v1/admin/customers/7']);
  });

  it('a child edit form and the product form read their resource from the route', async () => {
    const { system, asked } = fakeApi({ id: 3 });
    await loadResourceForm(system, requestFor('/admin/attribute/value/4/edit/3'));
    await loadResourceForm(system, requestFor('/admin/product/edit/5'));
    expect(asked).toEqual(['/api/v1/admin/attribute-values/3', '/api/v1/admin/products/5']);
  });

  it('a create form has nothing to load', async () => {
    const { system, asked } = fakeApi(CUSTOMER);
    expect(await loadResourceForm(system, requestFor('/admin/customers/create'))).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('settings: GET the settings record', async () => {
    const { system, asked } = fakeApi({ invoice_prefix: 'SL-' });
    expect(await loadSetting(system, requestFor('/admin/pos/setting'))).toEqual({ data: { invoice_prefix: 'SL-' } });
    await loadSetting(system, requestFor('/admin/website/setting'));
    expect(asked).toEqual(['/api/v1/admin/settings/pos', '/api/v1/admin/settings/website']);
  });

  it('a page of another kind is refused, not loaded as something else', async () => {
    const { system, asked } = fakeApi(CUSTOMER);
    await expect(loadSetting(system, requestFor('/admin/customers/edit/7'))).rejects.toThrow('Unknown setting customers');
    await expect(loadResourceForm(system, requestFor('/admin/pos/setting'))).rejects.toThrow(/posSetting/);
    expect(asked).toEqual([]);
  });

  it('the product page: GET the product', async () => {
    const { system, asked } = fakeApi({ id: 5, name: 'Trail shoe' });
    expect(await loadProduct(system, requestFor('/admin/product/view/5'))).toEqual({ id: 5, name: 'Trail shoe' });
    expect(asked).toEqual(['/api/v1/admin/products/5']);
  });

  it('an invoice and a credit note: GET each from its own API, as the route names it', async () => {
    const { system, asked } = fakeApi({ id: 3, number: 'INV-000003' });
    expect(await loadIssued(system, requestFor('/admin/invoice/3'))).toEqual({ id: 3, number: 'INV-000003' });
    await loadIssued(system, requestFor('/admin/credit-note/4'));
    expect(asked).toEqual(['/api/v1/admin/invoices/3', '/api/v1/admin/credit-notes/4']);
  });
});

describe('a machine that loads on its own asks what its page loader asks', () => {
  it('an edit form', async () => {
    const loader = fakeApi(CUSTOMER);
    const own = fakeApi(CUSTOMER);
    const given = await loadResourceForm(loader.system, requestFor('/admin/customers/edit/7'));
    const def = resourceByKey('customers');
    const actor = createActor(resourceFormMachine(own.system, def, undefined), { input: { spec: formSpecOf(def), mode: 'edit', id: '7' } }).start();
    const loaded = await waitFor(actor, (s) => s.matches('editing'));
    expect(own.asked).toEqual(loader.asked);
    expect(loaded.context.version).toBe(given?.version);
    actor.stop();
  });

  it('settings', async () => {
    const loader = fakeApi({ invoice_prefix: 'SL-' });
    const own = fakeApi({ invoice_prefix: 'SL-' });
    await loadSetting(loader.system, requestFor('/admin/pos/setting'));
    const def = SINGLETONS.posSetting!;
    const actor = createActor(singletonFormMachine(own.system, def), { input: { spec: singletonSpecOf(def), mode: 'single' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(own.asked).toEqual(loader.asked);
    actor.stop();
  });

  it('the product page', async () => {
    const loader = fakeApi({ id: 5 });
    const own = fakeApi({ id: 5 });
    await loadProduct(loader.system, requestFor('/admin/product/view/5'));
    const actor = createActor(productRecordMachine(own.system), { input: { id: '5' } }).start();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(own.asked).toEqual(loader.asked);
    actor.stop();
  });

  it('the credit note page', async () => {
    const loader = fakeApi({ id: 4 });
    const own = fakeApi({ id: 4 });
    await loadIssued(loader.system, requestFor('/admin/credit-note/4'));
    const actor = createActor(issuedRecordMachine(own.system, 'creditNote'), { input: { id: '4' } }).start();
    await waitFor(actor, (s) => s.matches('shown'));
    expect(own.asked).toEqual(loader.asked);
    actor.stop();
  });
});
