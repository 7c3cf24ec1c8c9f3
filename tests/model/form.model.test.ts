/**
 * Model-based tests of machines/form/form.machine.ts: a customer created, a customer edited
 * and the POS settings (a single record edited in place). The machine's own graph gives the
 * paths; each is replayed on a REAL actor whose load and save are deferred promises the test
 * settles and whose navigation, leave guard, focus and toasts are spies. Every step checks
 * what a person relies on: invalid input never reaches the server (judged by the same zod
 * schema the server uses), a submit is sent once, errors land where they can be read,
 * nothing typed is lost, and leaving asks first exactly while there are unsaved changes.
 */
import type { Notice } from '../../machines/toast/toast.constants.ts';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type ActorLogic, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { TestModel, type StatePath } from 'xstate/graph';
import { formMachine, type FormFailure, type FormSpec, type LoadedRecord, type SaveInput } from '../../machines/form/form.machine.ts';
import { fieldsFor, toBody, toFormValues, validate, type FormMode } from '../../domain/form-values.ts';
import { formSpecOf, singletonSpecOf } from '../../machines/form/form.spec.ts';
import { errorsUnder, selectFormStatus, selectRecordFigures, selectRecordName } from '../../machines/form/form.selectors.ts';
import { z } from 'zod';
import { attributeValues, customers, posSetting, products, roles } from '../../domain/resources/index.ts';
import { inStoreEan13 } from '../../domain/stock/barcode.ts';
import { adjustmentSpec } from '../../machines/stock/stock-screen.machine.ts';
import { navigationMachine } from '../../machines/navigation.machine.ts';
import { PERMISSIONS } from '../../domain/permissions.ts';
import { Coverage, deferredCalls, edgePaths, internalOnlyWhenEnabled } from './coverage.ts';

type FormSnapshot = SnapshotFrom<typeof formMachine>;
type FormInput = { spec: FormSpec; mode: FormMode; id?: string; parentId?: string; record?: LoadedRecord };
type Saved = { message: string; data?: Record<string, unknown>; version?: string | null };
type Ev = { event: AnyEventObject };

const coverage = new Coverage('form', formMachine);
/** fromPromise answers on a microtask: one macrotask later every answer has arrived. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));


// ---------------------------------------------------------------- fixtures
const CUSTOMER = { id: 7, name: 'Acme Ltd', email: 'ap@acme.test', phone: null, address: null, city: 'Leeds', country: null, tax_number: null, category_id: 2, status: 'active' };
const LOADED: LoadedRecord = { data: CUSTOMER, version: 'W/"3"' };
const SETTINGS = { default_customer_id: null, default_tax_bps: 1250, payment_methods: ['cash'], receipt_header: null, receipt_footer: null, show_product_images: true, invoice_prefix: 'SL-' };
const failure = (status: number, message: string, errors?: Record<string, string[]>, code?: string): FormFailure => ({
  status,
  message,
  ...(errors ? { errors } : {}),
  ...(code ? { code } : {}),
});
const TAKEN = failure(422, 'The given data was invalid.', { email: ['This email is already used by another customer.'] });
/** A 422 about a field this form does not show: it must still be read somewhere. */
const NOT_A_FIELD = failure(422, 'The given data was invalid.', { company_code: ['Company codes must be unique.'] });
const DUPLICATE = failure(422, 'This customer would duplicate another one.');
/** A lost update: someone else saved after this form loaded the record. */
const CONFLICT = failure(409, 'Someone else changed this customer meanwhile. Reload to see their changes, then save again.', undefined, 'stale');
/** Another refusal (not a lost update): reloading would not help, so it is the form's message. */
const REFUSED = failure(409, 'The Super Admin role always holds every permission, so it cannot be renamed.', undefined, 'protected');
const OFFLINE = failure(0, 'The server cannot be reached.');
const GONE = failure(404, 'This customer no longer exists.');

const change = (name: string, value: unknown) => ({ type: 'field.change' as const, name, value });
const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error });
const SUBMIT = { type: 'form.submit' } as const;
const USER_EVENTS: AnyEventObject[] = [SUBMIT, { type: 'form.cancel' }, { type: 'form.retry' }, { type: 'form.reload' }, { type: 'form.conflict.dismiss' }];
const CREATED_ROW = { id: 42, name: 'Acme Ltd', email: null, status: 'active' };

// The product form (issue 10): an uploaded image's id and a barcode, typed wrong or generated.
const IMAGE = 'a'.repeat(64);
const GOOD_BARCODE = inStoreEan13(() => 0.5);
const BAD_BARCODE = GOOD_BARCODE.slice(0, -1) + String((Number(GOOD_BARCODE.at(-1)) + 1) % 10);
const PRODUCT_FILLED = { ...products.defaults, name: 'Trail shoe', sku: 'TS-1', unit_id: '1', sale_price: '49.90' };
const IMAGE_GONE = failure(422, 'The given data was invalid.', { image: ['Upload the image again.'] });
const BARCODE_TAKEN = failure(422, 'The given data was invalid.', { barcode: ['This barcode is already used by Trail boot.'] });
// The stock screen's adjustment: a loss of two serial-tracked units.
const NOT_ENOUGH = failure(409, 'Not enough stock of Pixelon 8: 1 available.');
const SERIAL_GONE = failure(422, 'The given data was invalid.', { serials: ['Serial SN-2 is not in stock.'] });

const MODELS: { name: string; input: FormInput; events: AnyEventObject[]; offer?: (s: FormSnapshot, e: AnyEventObject) => boolean }[] = [
  {
    name: 'creating a customer',
    input: { spec: formSpecOf(customers), mode: 'create' },
    events: [
      ...[change('name', 'Acme Ltd'), change('name', ' '), change('email', 'not-an-email'), change('email', ''), ...USER_EVENTS],
      ...[done('saveRecord', { message: 'Customer created.', data: CREATED_ROW }), ...[TAKEN, NOT_A_FIELD, DUPLICATE, OFFLINE].map((e) => fail('saveRecord', e))],
    ],
  },
  {
    name: 'editing a customer',
    input: { spec: formSpecOf(customers), mode: 'edit', id: '7' },
    events: [
      ...[done('loadRecord', LOADED), fail('loadRecord', GONE), change('name', 'Acme Group'), change('name', ''), change('name', 'Acme Ltd'), ...USER_EVENTS],
      ...[done('saveRecord', { message: 'Customer updated.', version: 'W/"4"' }), fail('saveRecord', CONFLICT), fail('saveRecord', REFUSED), fail('saveRecord', TAKEN)],
    ],
  },
  {
    // The page's loader got the record (issue 33): the form starts from it; only Reload loads.
    name: 'editing a customer its page loaded',
    input: { spec: formSpecOf(customers), mode: 'edit', id: '7', record: LOADED },
    events: [
      ...[change('name', 'Acme Group'), change('name', ''), ...USER_EVENTS, done('loadRecord', { data: { ...CUSTOMER, name: 'Acme Group' }, version: 'W/"5"' })],
      ...[done('saveRecord', { message: 'Customer updated.', version: 'W/"4"' }), fail('saveRecord', CONFLICT), fail('saveRecord', TAKEN)],
    ],
  },
  {
    name: 'POS settings, saved in place',
    input: { spec: singletonSpecOf(posSetting), mode: 'single' },
    events: [
      ...[done('loadRecord', { data: SETTINGS }), fail('loadRecord', OFFLINE), change('invoice_prefix', 'INV-'), change('invoice_prefix', 'INV 1')],
      ...[...USER_EVENTS, done('saveRecord', { message: 'POS settings saved.', data: { ...SETTINGS, invoice_prefix: 'INV-' } }), fail('saveRecord', OFFLINE)],
    ],
    // The server answers with what was saved.
    offer: (s, e) => e.type !== 'xstate.done.actor.saveRecord' || s.context.values.invoice_prefix === 'INV-',
  },
  {
    name: 'creating a product with an image and a barcode',
    input: { spec: { ...formSpecOf(products), defaults: PRODUCT_FILLED }, mode: 'create' },
    events: [
      ...[change('image', IMAGE), change('image', ''), change('barcode', BAD_BARCODE), change('barcode', GOOD_BARCODE), SUBMIT, { type: 'form.cancel' }],
      ...[done('saveRecord', { message: 'Product created.' }), fail('saveRecord', IMAGE_GONE), fail('saveRecord', BARCODE_TAKEN)],
    ],
  },
  {
    name: 'adjusting stock (a loss of serial-tracked units)',
    input: { spec: adjustmentSpec('5'), mode: 'create' },
    events: [
      ...[change('reason', 'loss'), change('quantity', '-2'), change('quantity', '2'), change('serials', 'SN-1\nSN-2'), SUBMIT],
      ...[done('saveRecord', { message: 'Stock adjusted.' }), fail('saveRecord', NOT_ENOUGH), fail('saveRecord', SERIAL_GONE)],
    ],
  },
];

const serialize = (s: FormSnapshot): string =>
  JSON.stringify({
    value: s.value,
    values: s.context.values,
    dirty: JSON.stringify(s.context.values) !== JSON.stringify(s.context.initial),
    errors: s.context.errors,
    formError: s.context.formError,
    conflict: s.context.conflict,
    loadError: s.context.loadError,
    version: s.context.version,
  });

function modelFor(input: FormInput, events: AnyEventObject[], offer: (s: FormSnapshot, e: AnyEventObject) => boolean = () => true) {
  return new TestModel(formMachine as unknown as ActorLogic<FormSnapshot, AnyEventObject, FormInput>, {
    input,
    events,
    // A saved form is done: its screen is gone, nothing more is sent to it.
    filterEvents: (s, e) => s.status === 'active' && internalOnlyWhenEnabled(s, e) && offer(s, e),
    serializeState: serialize,
    stateMatcher: (s, key) => s.matches(key as never),
  });
}

// ---------------------------------------------------------------- the real actor
function harness(input: FormInput) {
  const loads = deferredCalls<LoadedRecord>();
  const saves = deferredCalls<Saved>();
  const spy = {
    notify: vi.fn<(p: Notice) => void>(),
    goToList: vi.fn<() => void>(),
    finish: vi.fn<(p: { created?: unknown }) => void>(),
    setLeaveGuard: vi.fn<(p: { dirty: boolean }) => void>(),
    focusField: vi.fn<(p: { name: string }) => void>(),
    nameRecord: vi.fn<(p: { id: string | undefined; name: string }) => void>(),
  };
  const machine = formMachine.provide({
    actors: {
      loadRecord: fromPromise<LoadedRecord, { id: string | undefined; mode: FormMode }>((a) => loads.start(a)),
      saveRecord: fromPromise<Saved, SaveInput>((a) => saves.start(a)),
    },
    actions: {
      notify: (_, p) => spy.notify(p),
      goToList: () => spy.goToList(),
      finish: (_, p) => spy.finish(p),
      setLeaveGuard: (_, p) => spy.setLeaveGuard(p),
      focusField: (_, p) => spy.focusField(p),
      nameRecord: (_, p) => spy.nameRecord(p),
    },
  });
  const actor = createActor(machine, { input, inspect: coverage.inspect }).start();
  const snap = () => actor.getSnapshot();
  const calls = () => ({ saves: saves.calls.length, loads: loads.calls.length, ...Object.fromEntries(Object.entries(spy).map(([k, f]) => [k, f.mock.calls.length])) });
  /** What navigation believes: the last leave guard set (none yet: not blocked); finishing unblocks. */
  const blocked = () => {
    const lastGuard = spy.setLeaveGuard.mock.invocationCallOrder.at(-1) ?? -1;
    const finished = spy.finish.mock.invocationCallOrder.at(-1) ?? -1;
    return finished > lastGuard ? false : (spy.setLeaveGuard.mock.calls.at(-1)?.[0].dirty ?? false);
  };
  return { actor, snap, loads, saves, spy, calls, blocked };
}
type Harness = ReturnType<typeof harness>;

const lastCall = <A extends unknown[]>(f: { mock: { calls: A[] } }): A[0] | undefined => f.mock.calls.at(-1)?.[0];
const dirty = (s: FormSnapshot) => JSON.stringify(s.context.values) !== JSON.stringify(s.context.initial);
/** The shared schema's verdict on what the form holds: the same function the server runs. */
function verdict(s: FormSnapshot) {
  const { spec, mode, values, parentId } = s.context;
  const body = toBody(fieldsFor(spec.fields, mode), values, spec.parentField && parentId ? { [spec.parentField]: Number(parentId) } : {});
  return { body, errors: validate(mode === 'create' ? spec.schema : (spec.updateSchema ?? spec.schema), body) };
}
const valuesOf = (s: FormSnapshot, record: Record<string, unknown>) =>
  toFormValues(fieldsFor(s.context.spec.fields, s.context.mode), { ...s.context.spec.defaults, ...record });

/** Executors: make the real thing happen, then check what the person would notice. */
function executors(h: Harness) {
  const { actor, snap, spy } = h;
  const expectIgnored = async (event: AnyEventObject) => {
    const [before, calls] = [serialize(snap()), h.calls()];
    actor.send(event as never);
    await settled();
    expect(serialize(snap())).toBe(before);
    expect(h.calls()).toEqual(calls);
  };
  const settle = async (call: () => void) => {
    const before = snap();
    call();
    await settled();
    return before;
  };
  const toasts = () => spy.notify.mock.calls.length;
  return {
    'xstate.init': () => {},
    'field.change': async ({ event }: Ev) => {
      if (!snap().matches('editing')) return expectIgnored(event);
      actor.send(event as never);
      expect(snap().context.values[event.name as string]).toBe(event.value);
      expect(snap().context.errors[event.name as string]).toBeUndefined();
      expect(snap().context.formError).toBeNull();
      // Navigation is told at once whether leaving must ask.
      expect(lastCall(spy.setLeaveGuard)).toEqual({ dirty: dirty(snap()) });
    },
    'form.submit': async ({ event }: Ev) => {
      const before = snap();
      expect(before.can(SUBMIT)).toBe(before.matches('editing'));
      if (!before.matches('editing')) return expectIgnored(event);
      const { body, errors } = verdict(before);
      const saves = h.saves.calls.length;
      actor.send(event as never);
      if (Object.keys(errors).length) {
        // Judged in the browser by the shared schema: nothing is sent, each message under its field.
        expect(h.saves.calls).toHaveLength(saves);
        expect(snap().matches('editing')).toBe(true);
        expect(snap().context.errors).toEqual(errors);
        const first = before.context.spec.fields.find((f) => errors[f.name])?.name;
        expect(lastCall(spy.focusField)).toEqual({ name: first });
        return;
      }
      expect(h.saves.calls.slice(saves).map((c) => c.input)).toEqual([
        { mode: before.context.mode, id: before.context.id, body, version: before.context.version },
      ]);
      // A second submit while this one is on its way is impossible and sends nothing.
      expect(snap().can(SUBMIT)).toBe(false);
      actor.send(event as never);
      expect(h.saves.calls).toHaveLength(saves + 1);
    },
    'form.cancel': async ({ event }: Ev) => {
      if (!snap().matches('editing')) return expectIgnored(event);
      const gone = spy.goToList.mock.calls.length;
      actor.send(event as never);
      expect(spy.goToList).toHaveBeenCalledTimes(gone + 1);
      expect(h.saves.live()).toHaveLength(0);
    },
    'form.reload': async ({ event }: Ev) => {
      const before = snap();
      if (!before.matches('editing') || before.context.conflict === null) return expectIgnored(event);
      actor.send(event as never);
      // The record is loaded again; the person's edits go, so leaving no longer asks.
      expect(h.loads.only().input).toEqual({ id: before.context.id, mode: before.context.mode });
      expect(lastCall(spy.setLeaveGuard)).toEqual({ dirty: false });
      expect(snap().matches('loading')).toBe(true);
    },
    'form.conflict.dismiss': async ({ event }: Ev) => {
      const before = snap();
      if (!before.matches('editing') || before.context.conflict === null) return expectIgnored(event);
      actor.send(event as never);
      expect(snap().context.conflict).toBeNull();
      expect(snap().context.values).toEqual(before.context.values);
    },
    'form.retry': async ({ event }: Ev) => {
      if (!snap().matches('loadFailed')) return expectIgnored(event);
      actor.send(event as never);
      expect(h.loads.only().input).toEqual({ id: snap().context.id, mode: snap().context.mode });
    },
    'xstate.done.actor.loadRecord': async ({ event }: Ev) => {
      const output = event.output as LoadedRecord;
      const guards = spy.setLeaveGuard.mock.calls.length;
      const before = await settle(() => h.loads.only().resolve(output));
      expect(snap().context.values).toEqual(valuesOf(before, output.data));
      expect(snap().context.version).toBe(output.version ?? null);
      // A loaded record is clean: nothing to tell navigation (a reload already said so).
      expect(spy.setLeaveGuard).toHaveBeenCalledTimes(guards);
      expect(snap().context.conflict).toBeNull();
      // The page's title names the loaded record ("Edit customer Acme Ltd"); settings have no name.
      const title = before.context.spec.titleField ? output.data[before.context.spec.titleField] : undefined;
      const name = typeof title === 'string' && title.trim() ? title.trim() : null;
      expect(selectRecordName(snap())).toBe(name);
      expect(lastCall(spy.nameRecord)).toEqual({ id: before.context.id, name: name ?? '' });
    },
    'xstate.error.actor.loadRecord': async ({ event }: Ev) => {
      await settle(() => h.loads.only().reject(event.error));
      expect(snap().context.loadError).toBe((event.error as FormFailure).message);
    },
    'xstate.done.actor.saveRecord': async ({ event }: Ev) => {
      const output = event.output as Saved;
      const before = await settle(() => h.saves.only().resolve(output));
      expect(lastCall(spy.notify)).toEqual({ toastType: 'success', body: output.message });
      if (before.context.mode === 'single') {
        // Settings stay: what the server saved is the new clean state.
        expect(lastCall(spy.setLeaveGuard)).toEqual({ dirty: false });
        expect(snap().context.values).toEqual(valuesOf(before, output.data ?? {}));
        expect(spy.goToList).not.toHaveBeenCalled();
        expect(spy.finish).not.toHaveBeenCalled();
        return;
      }
      // Done: navigation is told once, and it decides where to go (the list, or where the
      // person already asked to go); the form itself does not go anywhere. A new record goes
      // with it, for the list to show.
      expect(spy.finish).toHaveBeenCalledTimes(1);
      expect(lastCall(spy.finish)).toEqual({ created: before.context.mode === 'create' ? output.data : undefined });
      expect(spy.goToList).not.toHaveBeenCalled();
    },
    'xstate.error.actor.saveRecord': async ({ event }: Ev) => {
      const error = event.error as FormFailure;
      const shown = toasts();
      const before = await settle(() => h.saves.only().reject(error));
      const { errors, formError } = snap().context;
      // Whatever went wrong, nothing typed is lost.
      expect(snap().context.values).toEqual(before.context.values);
      expect(snap().context.version).toBe(before.context.version);
      const shownField = Object.keys(error.errors ?? {}).find((k) => before.context.spec.fields.some((f) => f.name === k));
      if (error.status === 422 && shownField) {
        // About a field the form shows (an email taken, an image gone, a serial not in stock): under it, focused.
        expect(errors).toEqual({ [shownField]: error.errors![shownField]![0] });
        expect(formError).toBeNull();
        expect(lastCall(spy.focusField)).toEqual({ name: shownField });
      } else if (error.status === 422) {
        // Not about a field the form shows: said above the form, never swallowed.
        expect(errors).toEqual({});
        expect(formError).toBe(error.errors ? Object.values(error.errors)[0]![0] : error.message);
      } else if (error.code === 'stale') {
        // A lost update stays on screen, with Reload, until reloaded or dismissed; no toast.
        expect(errors).toEqual({});
        expect(formError).toBeNull();
        expect(snap().context.conflict).toBe(error.message);
        expect(snap().can({ type: 'form.reload' })).toBe(true);
        expect(toasts()).toBe(shown);
      } else {
        // A refusal is explained in the form; a lost connection is also a toast.
        expect(errors).toEqual({});
        expect(formError).toBe(error.message);
        if (error.status === 409) expect(toasts()).toBe(shown);
        else expect(lastCall(spy.notify)).toEqual({ toastType: 'error', body: error.message });
      }
    },
  };
}

/** What must hold in each state, whichever path led there. */
function stateChecks(h: Harness) {
  const { snap } = h;
  const common = (model: FormSnapshot) => {
    expect(serialize(snap())).toBe(serialize(model));
    expect(h.loads.live()).toHaveLength(snap().matches('loading') ? 1 : 0);
    expect(h.saves.live()).toHaveLength(snap().matches('submitting') ? 1 : 0);
    expect(snap().hasTag('busy')).toBe(snap().matches('loading') || snap().matches('submitting'));
    // Leaving asks first exactly while there are unsaved changes.
    expect(h.blocked()).toBe(snap().status === 'active' && dirty(snap()));
    // No error is invisible: each is at or under a field the form shows.
    const shown = fieldsFor(snap().context.spec.fields, snap().context.mode).map((f) => f.name);
    expect(shown).toEqual(expect.arrayContaining(Object.keys(snap().context.errors).map((k) => k.split('.')[0])));
  };
  return {
    loading: common,
    loadFailed: (m: FormSnapshot) => {
      common(m);
      expect(snap().hasTag('error')).toBe(true);
      expect(snap().context.loadError).toBeTruthy();
    },
    editing: (m: FormSnapshot) => {
      common(m);
      expect(snap().can(SUBMIT)).toBe(true);
    },
    submitting: (m: FormSnapshot) => {
      common(m);
      expect(snap().can(SUBMIT)).toBe(false);
    },
    saved: (m: FormSnapshot) => {
      common(m);
      expect(snap().status).toBe('done');
      expect(h.spy.finish).toHaveBeenCalledTimes(1);
    },
  };
}

async function run(path: StatePath<FormSnapshot, AnyEventObject>, model: TestModel<FormSnapshot, AnyEventObject, FormInput>, input: FormInput) {
  const h = harness(input);
  try {
    await model.testPath(path, { events: executors(h) as never, states: stateChecks(h) as never });
  } finally {
    h.actor.stop();
  }
}

const describeEvent = (e: AnyEventObject) =>
  e.type.startsWith('xstate.error') ? `${e.type} (${(e.error as FormFailure).status})` : e.type.startsWith('xstate.') ? e.type : JSON.stringify(e);

describe('form machine, model paths on a real actor', () => {
  for (const { name, input, events, offer } of MODELS) {
    const model = modelFor(input, events, offer);
    const edges = edgePaths(model, serialize);
    describe(`${name}: every edge`, () => {
      it('has paths', () => expect(edges.length).toBeGreaterThan(10));
      edges.forEach((path, i) => it(`edge ${i}: ${path.steps.slice(1).map((s) => describeEvent(s.event)).join(' → ')}`, () => run(path, model, input)));
    });
  }

  it('covers every state and transition of the form machine', () => {
    const r = coverage.report();
    console.log(r.line);
    expect(r.missingStates).toEqual([]);
    expect(r.missingTransitions).toEqual([]);
  });
});

describe('form machine, scenarios', () => {
  it('a product form never sends on hand, and a wrong check digit is refused in the browser with the digit it should be', () => {
    const h = harness({ spec: { ...formSpecOf(products), defaults: PRODUCT_FILLED }, mode: 'create' });
    h.actor.send(change('barcode', BAD_BARCODE));
    h.actor.send(SUBMIT);
    expect(h.saves.calls).toHaveLength(0);
    expect(h.snap().context.errors.barcode).toMatch(`should end in ${GOOD_BARCODE.at(-1)}`);
    h.actor.send(change('barcode', GOOD_BARCODE));
    h.actor.send(change('image', IMAGE));
    h.actor.send(SUBMIT);
    const body = (h.saves.only().input as SaveInput).body;
    expect(body).toMatchObject({ barcode: GOOD_BARCODE, image: IMAGE, unit_id: 1, sale_price: 4990 });
    expect(body).not.toHaveProperty('on_hand');
  });

  it('an adjustment sends the signed quantity and one serial a line, and a reason that goes the other way is refused before sending', () => {
    const h = harness({ spec: adjustmentSpec('5'), mode: 'create' });
    h.actor.send(change('reason', 'loss'));
    h.actor.send(change('quantity', '2'));
    h.actor.send(SUBMIT);
    expect(h.saves.calls).toHaveLength(0);
    expect(h.snap().context.errors.quantity).toMatch('Loss takes stock out');
    h.actor.send(change('quantity', '-2'));
    h.actor.send(change('serials', ' SN-1 \n\nSN-2\n'));
    h.actor.send(SUBMIT);
    expect((h.saves.only().input as SaveInput).body).toEqual({ product_id: 5, reason: 'loss', quantity: -2, unit_cost: undefined, serials: ['SN-1', 'SN-2'], note: '' });
  });

  it('an error the form has no field for (a hand-edited parent id) is shown above the form, and nothing is sent', () => {
    const h = harness({ spec: formSpecOf(attributeValues), mode: 'create', parentId: 'abc' });
    h.actor.send(change('name', 'XL'));
    h.actor.send(SUBMIT);
    expect(h.saves.calls).toHaveLength(0);
    expect(h.snap().context).toMatchObject({ errors: {}, formError: 'Choose an attribute.' });
  });

  it('a child record is sent with its parent from the route', () => {
    const h = harness({ spec: formSpecOf(attributeValues), mode: 'create', parentId: '4' });
    h.actor.send(change('name', 'XL'));
    h.actor.send(SUBMIT);
    expect(h.saves.only().input).toMatchObject({ mode: 'create', body: { name: 'XL', attribute_id: 4 } });
  });

  it('a dirty form makes navigation ask before leaving; saving lets the form go back to the list', async () => {
    const writes: string[] = [];
    const nav = createActor(navigationMachine.provide({ actions: { writeUrl: (_, p) => void writes.push(p.url) } }), { input: { url: '/admin/customers/edit/7' } }).start();
    nav.send({ type: 'auth.changed', status: 'user', permissions: [...PERMISSIONS] });
    const form = createActor(
      formMachine.provide({
        actors: {
          loadRecord: fromPromise(async () => LOADED),
          saveRecord: fromPromise(async () => ({ message: 'Customer updated.' })),
        },
        actions: {
          setLeaveGuard: (_, { dirty: blocked }) => nav.send({ type: 'nav.block', blocked }),
          goToList: () => nav.send({ type: 'nav.go', to: '/admin/customers', resume: true }),
          finish: () => nav.send({ type: 'nav.done', to: '/admin/customers' }),
        },
      }),
      { input: { spec: formSpecOf(customers), mode: 'edit', id: '7' } },
    ).start();
    await settled();
    form.send(change('name', 'Acme Group'));
    nav.send({ type: 'nav.go', to: '/admin/dashboard' });
    expect(nav.getSnapshot().value).toEqual({ showing: 'confirmingLeave' });
    expect(writes).toEqual([]);
    nav.send({ type: 'leave.cancel' });
    form.send(SUBMIT);
    await settled();
    expect(form.getSnapshot().value).toBe('saved');
    expect(nav.getSnapshot().value).toEqual({ showing: 'idle' });
    expect(writes).toEqual(['/admin/customers']);
  });

  it('saving while "Leave this page?" is open goes where the person asked, not back to the list', async () => {
    const writes: string[] = [];
    const nav = createActor(navigationMachine.provide({ actions: { writeUrl: (_, p) => void writes.push(p.url) } }), { input: { url: '/admin/customers?page=3' } }).start();
    nav.send({ type: 'auth.changed', status: 'user', permissions: [...PERMISSIONS] });
    nav.send({ type: 'nav.go', to: '/admin/customers/edit/7' });
    let save!: (v: Saved) => void;
    const form = createActor(
      formMachine.provide({
        actors: {
          loadRecord: fromPromise(async () => LOADED),
          saveRecord: fromPromise(() => new Promise<Saved>((resolve) => (save = resolve))),
        },
        actions: {
          setLeaveGuard: (_, { dirty: blocked }) => nav.send({ type: 'nav.block', blocked }),
          finish: () => nav.send({ type: 'nav.done', to: '/admin/customers' }),
        },
      }),
      { input: { spec: formSpecOf(customers), mode: 'edit', id: '7' } },
    ).start();
    await settled();
    form.send(change('name', 'Acme Group'));
    form.send(SUBMIT);
    nav.send({ type: 'nav.go', to: '/admin/dashboard' });
    expect(nav.getSnapshot().value).toEqual({ showing: 'confirmingLeave' });
    save({ message: 'Customer updated.' });
    await settled();
    expect(nav.getSnapshot()).toMatchObject({ value: { showing: 'idle' }, context: { pathname: '/admin/dashboard', blocked: false } });
    expect(writes.at(-1)).toBe('/admin/dashboard');
  });

  it('cancelling goes back to the list at the page and search it was left on', async () => {
    const writes: string[] = [];
    const nav = createActor(navigationMachine.provide({ actions: { writeUrl: (_, p) => void writes.push(p.url) } }), { input: { url: '/admin/customers?page=3&search=ac' } }).start();
    nav.send({ type: 'auth.changed', status: 'user', permissions: [...PERMISSIONS] });
    nav.send({ type: 'nav.go', to: '/admin/customers/create' });
    const form = createActor(formMachine.provide({ actions: { goToList: () => nav.send({ type: 'nav.go', to: '/admin/customers', resume: true }) } }), {
      input: { spec: formSpecOf(customers), mode: 'create' },
    }).start();
    form.send({ type: 'form.cancel' });
    expect(writes.at(-1)).toBe('/admin/customers?page=3&search=ac');
  });

  it('a record the server marks protected is locked; any other is not', async () => {
    const locked = harness({ spec: formSpecOf(roles), mode: 'edit', id: '1' });
    locked.loads.only().resolve({ data: { id: 1, name: 'Super Admin', permission_ids: [], protected: true } });
    await settled();
    expect(selectFormStatus(locked.snap()).locked).toBe(true);
    const plain = harness({ spec: formSpecOf(roles), mode: 'edit', id: '2' });
    plain.loads.only().resolve({ data: { id: 2, name: 'Super Admin', permission_ids: [] } });
    await settled();
    // The name alone decides nothing: the server's flag is the one source.
    expect(selectFormStatus(plain.snap()).locked).toBe(false);
  });

  it("a customer's page shows what they owe from the record the server sent, and never sends it back", async () => {
    const h = harness({ spec: formSpecOf(customers), mode: 'edit', id: '7' });
    expect(selectRecordFigures(h.snap())).toEqual([]);
    h.loads.only().resolve({ data: { ...CUSTOMER, due: 43853 }, version: 'W/"3"' });
    await settled();
    expect(selectRecordFigures(h.snap())).toEqual([{ column: { name: 'due', label: 'Owes', kind: 'money' }, value: 43853 }]);
    expect(toBody(fieldsFor(customers.fields, 'edit'), h.snap().context.values)).not.toHaveProperty('due');
    // A role has no figures: nothing is shown beside its form.
    const role = harness({ spec: formSpecOf(roles), mode: 'edit', id: '2' });
    role.loads.only().resolve({ data: { id: 2, name: 'Clerk', permission_ids: [] } });
    await settled();
    expect(selectRecordFigures(role.snap())).toEqual([]);
  });

  describe('values and errors by full path (a document line)', () => {
    const lineSchema = z.strictObject({
      reference: z.string().min(1, { error: 'Enter a reference.' }),
      lines: z.array(z.strictObject({ sku: z.string().min(1, { error: 'Enter a SKU.' }), quantity: z.number({ error: 'Enter a quantity.' }).int().min(1, { error: 'Use 1 or more.' }) })),
    });
    // A kind of the screen's own: its codec turns the typed quantities into numbers.
    const linesCodec = {
      toForm: (v: unknown) => (Array.isArray(v) ? v.map((l: { sku: string; quantity: number }) => ({ sku: l.sku, quantity: String(l.quantity) })) : []),
      toBody: (v: unknown) => (v as { sku: string; quantity: string }[]).map((l) => ({ sku: l.sku, quantity: /^\d+$/.test(l.quantity) ? Number(l.quantity) : l.quantity })),
    };
    const spec: FormSpec = {
      label: 'purchase',
      fields: [
        { name: 'reference', label: 'Reference', kind: 'text' },
        { name: 'lines', label: 'Lines', kind: 'lines' as never },
      ],
      schema: lineSchema,
      defaults: { reference: 'PO-1', lines: [{ sku: 'A-1', quantity: 2 }, { sku: 'B-2', quantity: 1 }] },
      codecs: { ['lines' as never]: linesCodec },
    };

    it('a wrong quantity on the second line is its own error, focused, and cleared when that line changes', () => {
      const h = harness({ spec, mode: 'create' });
      h.actor.send(change('lines.1.quantity', '0'));
      expect(h.snap().context.values.lines).toEqual([{ sku: 'A-1', quantity: '2' }, { sku: 'B-2', quantity: '0' }]);
      h.actor.send(SUBMIT);
      expect(h.saves.calls).toHaveLength(0);
      expect(h.snap().context).toMatchObject({ errors: { 'lines.1.quantity': 'Use 1 or more.' }, formError: null });
      expect(lastCall(h.spy.focusField)).toEqual({ name: 'lines.1.quantity' });
      expect(errorsUnder(h.snap().context.errors, 'lines')).toEqual({ 'lines.1.quantity': 'Use 1 or more.' });
      h.actor.send(change('lines.0.sku', 'A-2'));
      expect(h.snap().context.errors).toEqual({ 'lines.1.quantity': 'Use 1 or more.' });
      h.actor.send(change('lines.1', { sku: 'B-2', quantity: '3' }));
      expect(h.snap().context.errors).toEqual({});
    });

    it("the server's 422 by full path lands under the line; an unknown path above the form", async () => {
      const h = harness({ spec, mode: 'create' });
      h.actor.send(SUBMIT);
      expect((h.saves.only().input as SaveInput).body).toEqual({ reference: 'PO-1', lines: [{ sku: 'A-1', quantity: 2 }, { sku: 'B-2', quantity: 1 }] });
      h.saves.only().reject(failure(422, 'Only 1 in stock.', { 'lines.0.quantity': ['Only 1 in stock.'], 'header.x': ['Not a field.'] }));
      await settled();
      expect(h.snap().context).toMatchObject({ errors: { 'lines.0.quantity': 'Only 1 in stock.' }, formError: 'Not a field.' });
      expect(lastCall(h.spy.focusField)).toEqual({ name: 'lines.0.quantity' });
    });
  });
});
