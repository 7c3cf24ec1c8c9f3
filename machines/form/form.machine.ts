import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { fieldsFor, toBody, toFormValues, validate, type FormMode, type FormValues } from '../../domain/form-values.ts';
import type { FieldDef, Row } from '../../domain/resource.ts';

/** What a form needs from a resource or settings definition. */
export interface FormSpec {
  /** "customer": used in messages. */
  label: string;
  fields: readonly FieldDef[];
  schema: z.ZodType;
  updateSchema?: z.ZodType | undefined;
  defaults: Record<string, unknown>;
  /** The row field filled from the route's parent id (attribute values). */
  parentField?: string | undefined;
}

export interface FormFailure {
  status: number;
  message: string;
  errors?: Record<string, string[]>;
}

export interface LoadedRecord {
  data: Row | Record<string, unknown>;
  /** The record's version (ETag), sent back with the update so a lost update is refused. */
  version?: string | null;
}

export interface SaveInput {
  mode: FormMode;
  id: string | undefined;
  body: Record<string, unknown>;
  version: string | null;
}

export interface FormContext {
  spec: FormSpec;
  mode: FormMode;
  id: string | undefined;
  parentId: string | undefined;
  values: FormValues;
  /** The values as loaded or last saved: the form is dirty when values differ. */
  initial: FormValues;
  /** First message per field, shown under it. */
  errors: Record<string, string>;
  /** A message about the whole form (a conflict, a lost connection). */
  formError: string | null;
  loadError: string | null;
  version: string | null;
}

export type FormEvent =
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'form.retry' };

const failureOf = (e: unknown): FormFailure => {
  const f = e as Partial<FormFailure> | undefined;
  return { status: f?.status ?? 0, message: f?.message || 'Something went wrong. Try again.', ...(f?.errors ? { errors: f.errors } : {}) };
};

const isDirty = (c: Pick<FormContext, 'values' | 'initial'>) => JSON.stringify(c.values) !== JSON.stringify(c.initial);
const schemaOf = (c: FormContext) => (c.mode === 'create' ? c.spec.schema : (c.spec.updateSchema ?? c.spec.schema));
const bodyOf = (c: FormContext) =>
  toBody(fieldsFor(c.spec.fields, c.mode), c.values, c.spec.parentField && c.parentId ? { [c.spec.parentField]: Number(c.parentId) } : {});
const clientErrors = (c: FormContext) => validate(schemaOf(c), bodyOf(c));
/**
 * Messages keyed by field → those of fields this form shows go under them; any other (a
 * parent id, a rule about the whole record) becomes the form's message, so no error is ever
 * invisible. Used for the shared schema's verdict and for the server's 422 alike.
 */
function placeErrors(c: FormContext, messages: Record<string, readonly string[]>, fallback: string) {
  const shown = new Set(fieldsFor(c.spec.fields, c.mode).map((f) => f.name));
  const errors: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, list] of Object.entries(messages)) {
    if (shown.has(field)) errors[field] = list[0] ?? fallback;
    else other.push(...list);
  }
  const formError = other.length || Object.keys(errors).length === 0 ? (other[0] ?? fallback) : null;
  return { errors, formError };
}
/** The first field with an error in the order the form shows them (the schema's order may differ). */
const firstError = (c: Pick<FormContext, 'spec' | 'errors'>) =>
  c.spec.fields.find((f) => c.errors[f.name])?.name ?? Object.keys(c.errors)[0] ?? '';

/**
 * One form: load the record (edit, settings), edit, validate with the shared schema, submit
 * once, show the server's 422 errors under their fields and explain a 409, then toast and go
 * back to the list. While it is dirty, leaving asks first (the navigation machine holds that
 * prompt; `setLeaveGuard` tells it). HTTP, navigation, focus and toasts are injected.
 */
export const formMachine = setup({
  types: {
    context: {} as FormContext,
    input: {} as { spec: FormSpec; mode: FormMode; id?: string | undefined; parentId?: string | undefined },
    events: {} as FormEvent,
  },
  actors: {
    loadRecord: fromPromise<LoadedRecord, { id: string | undefined; mode: FormMode }>(async () => {
      throw new Error('loadRecord is provided by the app');
    }),
    saveRecord: fromPromise<{ message: string; data?: Record<string, unknown>; version?: string | null }, SaveInput>(async () => {
      throw new Error('saveRecord is provided by the app');
    }),
  },
  actions: {
    notify: (_, _p: { toastType: 'success' | 'error'; body: string }) => {},
    /** Back to the list (provided: navigation). */
    goToList: () => {},
    /** Tell navigation whether leaving must ask first. */
    setLeaveGuard: (_, _p: { dirty: boolean }) => {},
    /** Move the focus to a field (provided: the document). */
    focusField: (_, _p: { name: string }) => {},
    setValue: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const { [event.name]: _gone, ...errors } = context.errors;
      return { values: { ...context.values, [event.name]: event.value }, errors, formError: null };
    }),
    showClientErrors: assign(({ context }) => {
      const found = Object.entries(clientErrors(context)).map(([field, message]) => [field, [message]] as const);
      return placeErrors(context, Object.fromEntries(found), 'Check the form and try again.');
    }),
  },
  guards: {
    needsLoading: ({ context }) => context.mode !== 'create',
    isInvalid: ({ context }) => Object.keys(clientErrors(context)).length > 0,
    isSingle: ({ context }) => context.mode === 'single',
    isValidationFailure: ({ event }) => failureOf((event as { error?: unknown }).error).status === 422,
    isConflict: ({ event }) => failureOf((event as { error?: unknown }).error).status === 409,
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => {
    const values = toFormValues(fieldsFor(input.spec.fields, input.mode), input.spec.defaults);
    return {
      spec: input.spec,
      mode: input.mode,
      id: input.id,
      parentId: input.parentId,
      values,
      initial: values,
      errors: {},
      formError: null,
      loadError: null,
      version: null,
    };
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'needsLoading', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      description: 'The record is on its way.',
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ id: context.id, mode: context.mode }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const values = toFormValues(fieldsFor(context.spec.fields, context.mode), { ...context.spec.defaults, ...event.output.data });
            return { values, initial: values, version: event.output.version ?? null, loadError: null };
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => failureOf(event.error).message }) },
      },
    },
    loadFailed: {
      description: 'The record could not be loaded; the message and a retry button are shown.',
      tags: ['error'],
      on: { 'form.retry': 'loading' },
    },
    editing: {
      description: 'The person types; errors clear as their fields change.',
      on: {
        'field.change': {
          actions: ['setValue', { type: 'setLeaveGuard', params: ({ context }) => ({ dirty: isDirty(context) }) }],
        },
        'form.submit': [
          {
            guard: 'isInvalid',
            actions: [
              'showClientErrors',
              { type: 'focusField', params: ({ context }) => ({ name: firstError(context) }) },
            ],
          },
          { target: 'submitting' },
        ],
        'form.cancel': { actions: 'goToList' },
      },
    },
    submitting: {
      description: 'Saving; the submit button is disabled, so it cannot be sent twice.',
      tags: ['busy'],
      entry: assign({ errors: {}, formError: null }),
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({ mode: context.mode, id: context.id, body: bodyOf(context), version: context.version }),
        onDone: [
          {
            // Settings stay on their page: what was saved becomes the new clean state.
            guard: 'isSingle',
            target: 'editing',
            actions: [
              assign(({ context, event }) => {
                const values = event.output.data
                  ? toFormValues(fieldsFor(context.spec.fields, context.mode), { ...context.spec.defaults, ...event.output.data })
                  : context.values;
                return { values, initial: values, version: event.output.version ?? context.version };
              }),
              { type: 'setLeaveGuard', params: { dirty: false } },
              { type: 'notify', params: ({ event }) => ({ toastType: 'success', body: event.output.message }) },
            ],
          },
          {
            target: 'saved',
            actions: [
              { type: 'setLeaveGuard', params: { dirty: false } },
              { type: 'notify', params: ({ event }) => ({ toastType: 'success', body: event.output.message }) },
              'goToList',
            ],
          },
        ],
        onError: [
          {
            guard: 'isValidationFailure',
            target: 'editing',
            actions: [
              assign(({ context, event }) => {
                const f = failureOf(event.error);
                return placeErrors(context, f.errors ?? {}, f.message);
              }),
              { type: 'focusField', params: ({ context }) => ({ name: firstError(context) }) },
            ],
          },
          {
            guard: 'isConflict',
            target: 'editing',
            actions: assign({ formError: ({ event }) => failureOf(event.error).message }),
          },
          {
            target: 'editing',
            actions: [
              assign({ formError: ({ event }) => failureOf(event.error).message }),
              { type: 'notify', params: ({ event }) => ({ toastType: 'error', body: failureOf(event.error).message }) },
            ],
          },
        ],
      },
    },
    saved: {
      description: 'Saved; the list is shown again.',
      type: 'final',
    },
  },
});

export const selectDirty = (s: { context: FormContext }) => isDirty(s.context);
