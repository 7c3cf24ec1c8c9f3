/**
 * Pages that load (issue 33): the form machine (edit forms, settings) and the record machine
 * (a product's own page) start from what their page's loader got, shown at once and named,
 * and never ask for it again; without it they load as before, and a retry or a reload still
 * loads. The loader and the machine's own load take the record in one way: both starts end
 * in the same context.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { toFormValues, fieldsFor, type FormMode } from '../../domain/form-values.ts';
import { customers, posSetting, roles } from '../../domain/resources/index.ts';
import { formMachine, type FormSpec, type LoadedRecord, type SaveInput } from '../../machines/form/form.machine.ts';
import { formSpecOf, singletonSpecOf } from '../../machines/form/form.spec.ts';
import { recordMachine, selectRecord, selectRecordCan } from '../../machines/record.machine.ts';
import { deferredCalls } from './coverage.ts';

const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

const CUSTOMER = { id: 7, name: 'Acme Ltd', email: 'ap@acme.test', phone: null, address: null, city: 'Leeds', country: null, tax_number: null, category_id: 2, status: 'active' };
const LOADED: LoadedRecord = { data: CUSTOMER, version: 'W/"3"' };
const SETTINGS = { default_customer_id: 12, default_tax_bps: 1250, payment_methods: ['cash'], receipt_header: 'Hello', receipt_footer: null, show_product_images: false, invoice_prefix: 'INV-' };
const PRODUCT = { id: 5, name: 'Trail shoe', sku: 'TS-1', on_hand: 4 };

/** A load that must not happen: any call is recorded and fails the test below. */
function forbiddenLoad<O, I>() {
  const calls: I[] = [];
  const actor = fromPromise<O, I>(async ({ input }) => {
    calls.push(input);
    throw new Error('loaded what the page already had');
  });
  return { actor, calls };
}

type FormInput = { spec: FormSpec; mode: FormMode; id?: string; record?: LoadedRecord };

function formHarness(input: FormInput, load: 'forbidden' | 'deferred') {
  const forbidden = forbiddenLoad<LoadedRecord, { id: string | undefined; mode: FormMode }>();
  const loads = deferredCalls<LoadedRecord>();
  const saves = deferredCalls<{ message: string }>();
  const nameRecord = vi.fn<(p: { id: string | undefined; name: string }) => void>();
  const machine = formMachine.provide({
    actors: {
      loadRecord: load === 'forbidden' ? forbidden.actor : fromPromise<LoadedRecord, { id: string | undefined; mode: FormMode }>((a) => loads.start(a)),
      saveRecord: fromPromise<{ message: string }, SaveInput>((a) => saves.start(a)),
    },
    actions: { nameRecord: (_, p) => nameRecord(p), setLeaveGuard: () => {}, notify: () => {}, finish: () => {}, focusField: () => {} },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, snap: () => actor.getSnapshot(), forbidden, loads, saves, nameRecord };
}

const formValues = (spec: FormSpec, mode: FormMode, record: Record<string, unknown>) => toFormValues(fieldsFor(spec.fields, mode), { ...spec.defaults, ...record });

describe('form machine given its page data', () => {
  const spec = formSpecOf(customers);

  it('an edit form starts editing the record it was given, clean, with its version, named at once, and loads nothing', async () => {
    const h = formHarness({ spec, mode: 'edit', id: '7', record: LOADED }, 'forbidden');
    await settled();
    expect(h.forbidden.calls).toEqual([]);
    expect(h.snap().value).toBe('editing');
    expect(h.snap().hasTag('busy')).toBe(false);
    expect(h.snap().context).toMatchObject({ values: formValues(spec, 'edit', CUSTOMER), version: 'W/"3"', recordName: 'Acme Ltd', locked: false, loadError: null });
    expect(h.snap().context.initial).toEqual(h.snap().context.values);
    expect(h.nameRecord.mock.calls).toEqual([[{ id: '7', name: 'Acme Ltd' }]]);
  });

  it('its version goes with the save (If-Match), as a loaded one does', async () => {
    const h = formHarness({ spec, mode: 'edit', id: '7', record: LOADED }, 'forbidden');
    h.actor.send({ type: 'field.change', name: 'name', value: 'Acme Group' });
    h.actor.send({ type: 'form.submit' });
    expect(h.saves.only().input).toMatchObject({ mode: 'edit', id: '7', version: 'W/"3"', body: { name: 'Acme Group' } });
    await settled();
    expect(h.forbidden.calls).toEqual([]);
  });

  it('a protected record given by the page is locked', () => {
    const h = formHarness({ spec: formSpecOf(roles), mode: 'edit', id: '1', record: { data: { id: 1, name: 'Super Admin', permission_ids: [], protected: true } } }, 'forbidden');
    expect(h.snap().context.locked).toBe(true);
    expect(h.forbidden.calls).toEqual([]);
  });

  it('settings start editing what they were given and load nothing', async () => {
    const settings = singletonSpecOf(posSetting);
    const h = formHarness({ spec: settings, mode: 'single', record: { data: SETTINGS } }, 'forbidden');
    await settled();
    expect(h.forbidden.calls).toEqual([]);
    expect(h.snap().value).toBe('editing');
    expect(h.snap().context).toMatchObject({ values: formValues(settings, 'single', SETTINGS), version: null });
    expect(h.snap().context.values).not.toEqual(formValues(settings, 'single', {}));
  });

  it('without data an edit form loads as before; the loaded record ends in the same form as the given one', async () => {
    const loaded = formHarness({ spec, mode: 'edit', id: '7' }, 'deferred');
    expect(loaded.snap().value).toBe('loading');
    expect(loaded.loads.only().input).toEqual({ id: '7', mode: 'edit' });
    expect(loaded.nameRecord).not.toHaveBeenCalled();
    loaded.loads.only().resolve(LOADED);
    await settled();
    const given = formHarness({ spec, mode: 'edit', id: '7', record: LOADED }, 'forbidden');
    expect(loaded.snap().value).toBe('editing');
    expect(loaded.snap().context).toEqual(given.snap().context);
    expect(loaded.nameRecord.mock.calls).toEqual(given.nameRecord.mock.calls);
  });

  it('without data settings load as before', () => {
    const h = formHarness({ spec: singletonSpecOf(posSetting), mode: 'single' }, 'deferred');
    expect(h.snap().value).toBe('loading');
    expect(h.loads.only().input).toEqual({ id: undefined, mode: 'single' });
  });

  it('a create form has nothing to load, with or without a page', () => {
    const h = formHarness({ spec, mode: 'create' }, 'forbidden');
    expect(h.snap().value).toBe('editing');
    expect(h.forbidden.calls).toEqual([]);
    expect(h.nameRecord).not.toHaveBeenCalled();
  });

  it('after a lost update, Reload still loads the record again', async () => {
    const h = formHarness({ spec, mode: 'edit', id: '7', record: LOADED }, 'deferred');
    h.actor.send({ type: 'field.change', name: 'name', value: 'Acme Group' });
    h.actor.send({ type: 'form.submit' });
    h.saves.only().reject({ status: 409, message: 'Someone else changed this customer meanwhile.', code: 'stale' });
    await settled();
    expect(h.loads.calls).toHaveLength(0);
    h.actor.send({ type: 'form.reload' });
    expect(h.snap().value).toBe('loading');
    h.loads.only().resolve({ data: { ...CUSTOMER, name: 'Acme Group Ltd' }, version: 'W/"4"' });
    await settled();
    expect(h.snap().context).toMatchObject({ version: 'W/"4"', recordName: 'Acme Group Ltd', conflict: null });
  });
});

describe('record machine given its page data (a product page)', () => {
  function recordHarness(input: { id: string; data?: Record<string, unknown> }, load: 'forbidden' | 'deferred') {
    const forbidden = forbiddenLoad<Record<string, unknown>, { id: string }>();
    const loads = deferredCalls<Record<string, unknown>>();
    const nameRecord = vi.fn<(p: { data: Record<string, unknown> }) => void>();
    const machine = recordMachine.provide({
      actors: { loadRecord: load === 'forbidden' ? forbidden.actor : fromPromise<Record<string, unknown>, { id: string }>((a) => loads.start(a)) },
      actions: { nameRecord: (_, p) => nameRecord(p) },
    });
    const actor = createActor(machine, { input }).start();
    return { actor, snap: () => actor.getSnapshot(), forbidden, loads, nameRecord };
  }

  it('is shown at once with what it was given, names the page, and loads nothing', async () => {
    const h = recordHarness({ id: '5', data: PRODUCT }, 'forbidden');
    await settled();
    expect(h.forbidden.calls).toEqual([]);
    expect(h.snap().matches('shown')).toBe(true);
    expect(selectRecord(h.snap())).toEqual({ phase: 'shown', data: PRODUCT, error: null, busy: false });
    expect(h.nameRecord.mock.calls).toEqual([[{ data: PRODUCT }]]);
  });

  it('without data it loads as before, and is named once loaded', async () => {
    const h = recordHarness({ id: '5' }, 'deferred');
    expect(selectRecord(h.snap()).phase).toBe('loading');
    expect(h.loads.only().input).toEqual({ id: '5' });
    expect(h.nameRecord).not.toHaveBeenCalled();
    h.loads.only().resolve(PRODUCT);
    await settled();
    expect(selectRecord(h.snap())).toEqual({ phase: 'shown', data: PRODUCT, error: null, busy: false });
    expect(h.nameRecord.mock.calls).toEqual([[{ data: PRODUCT }]]);
  });

  it('given data, a reload (after an adjustment) still loads it again', async () => {
    const h = recordHarness({ id: '5', data: PRODUCT }, 'deferred');
    expect(h.loads.calls).toHaveLength(0);
    h.actor.send({ type: 'record.reload' });
    expect(h.loads.only().input).toEqual({ id: '5' });
    h.loads.only().resolve({ ...PRODUCT, on_hand: 2 });
    await settled();
    expect(h.snap().context.data).toEqual({ ...PRODUCT, on_hand: 2 });
  });

  it('a failed load is retried by loading', async () => {
    const h = recordHarness({ id: '5' }, 'deferred');
    h.loads.only().reject({ message: 'The server cannot be reached.' });
    await settled();
    expect(selectRecord(h.snap())).toMatchObject({ phase: 'failed', error: 'The server cannot be reached.' });
    h.actor.send({ type: 'record.retry' });
    expect(h.loads.only().input).toEqual({ id: '5' });
  });

  it('a shown record (an invoice) prints, and downloads one file at a time; a failed download says so and may be tried again', async () => {
    const downloads = deferredCalls<void>();
    const print = vi.fn();
    const downloadFailed = vi.fn<(p: { error: unknown }) => void>();
    const machine = recordMachine.provide({
      actors: { loadRecord: fromPromise<Record<string, unknown>, { id: string }>(async () => PRODUCT), downloadRecord: fromPromise<void, { id: string }>((a) => downloads.start(a)) },
      actions: { print: () => print(), downloadFailed: (_, p) => downloadFailed(p) },
    });
    const actor = createActor(machine, { input: { id: '9' } }).start();
    expect(selectRecordCan(actor.getSnapshot())).toEqual({ print: false, download: false, downloading: false });
    await settled();
    expect(selectRecordCan(actor.getSnapshot())).toEqual({ print: true, download: true, downloading: false });
    actor.send({ type: 'record.print' });
    expect(print).toHaveBeenCalledTimes(1);
    actor.send({ type: 'record.download' });
    actor.send({ type: 'record.download' });
    expect(downloads.only().input).toEqual({ id: '9' });
    expect(selectRecordCan(actor.getSnapshot())).toEqual({ print: true, download: false, downloading: true });
    downloads.only().reject({ message: 'Offline' });
    await settled();
    expect(downloadFailed.mock.calls).toEqual([[{ error: { message: 'Offline' } }]]);
    expect(selectRecordCan(actor.getSnapshot())).toEqual({ print: true, download: true, downloading: false });
  });
});
