import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { isAtOrUnder, keySegments, setAt } from '../../domain/field-path.ts';
import { FIELD_CODECS, fieldsFor, toBody, toFormValues, validate, type FieldCodecs, type FormMode, type FormValues } from '../../domain/form-values.ts';
import { recordName } from '../../domain/record-title.ts';
import type { ColumnDef, FieldDef, Row } from '../../domain/resource.ts';
import type { Notice } from '../toast/toast.constants.ts';

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
  /** The record field that names it ("Aiden Hall"): the page's title says it once loaded. */
  titleField?: string | undefined;
  /** Values of the record shown beside the form, never edited (a customer's Owes). */
  figures?: readonly ColumnDef[] | undefined;
  /** Codecs of field kinds of the screen's own (document lines), over the built-in ones. */
  codecs?: FieldCodecs | undefined;
}

export interface FormFailure {
  status: number;
  message: string;
  errors?: Record<string, string[]>;
  /** The server's kind of refusal: `stale` is a lost update (someone else saved first). */
  code?: number | string;
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
  /** First message per value, keyed by its full path (`name`, `lines.3.quantity`), shown under it. */
  errors: Record<string, string>;
  /** A message about the whole form (a refusal, a lost connection); typing clears it. */
  formError: string | null;
  /**
   * Someone else saved this record after it was loaded (409 stale): saving again would be refused
   * the same way, so this stays until the person reloads the record (Reload) or dismisses it.
   */
  conflict: string | null;
  loadError: string | null;
  version: string | null;
  /**
   * The server marks the record protected (the Super Admin role): what protects it cannot be
   * changed here. The server's flag is the one source; the form only reads it.
   */
  locked: boolean;
  /** The loaded record's name (its title field), for the page title; null before or without one. */
  recordName: string | null;
  /** The record is here: loaded, or given by the page (its loader got it); the form then starts from it. */
  held: boolean;
  /** The spec's figures as the record has them (a customer's `due`), shown beside the form. */
  figures: Record<string, unknown>;
}

export type FormEvent =
  /** `name` is the value's full path: `name`, `role_ids`, `lines.3.quantity`. */
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'form.retry' }
  /** After a lost update: load the record again (their changes in; the person's own edits go). */
  | { type: 'form.reload' }
  | { type: 'form.conflict.dismiss' };

const failureOf = (e: unknown): FormFailure => {
  const f = e as Partial<FormFailure> | undefined;
  return {
    status: f?.status ?? 0,
    message: f?.message || 'Something went wrong. Try again.',
    ...(f?.errors ? { errors: f.errors } : {}),
    ...(f?.code !== undefined ? { code: f.code } : {}),
  };
};

const isDirty = (c: Pick<FormContext, 'values' | 'initial'>) => JSON.stringify(c.values) !== JSON.stringify(c.initial);
const schemaOf = (c: FormContext) => (c.mode === 'create' ? c.spec.schema : (c.spec.updateSchema ?? c.spec.schema));
const codecsOf = (spec: FormSpec): FieldCodecs => (spec.codecs ? { ...FIELD_CODECS, ...spec.codecs } : FIELD_CODECS);
/** A record (or the defaults, when it is new) → what the form shows. */
const formValuesOf = (spec: FormSpec, mode: FormMode, record?: Record<string, unknown>) =>
  toFormValues(fieldsFor(spec.fields, mode), { ...spec.defaults, ...record }, codecsOf(spec));
const bodyOf = (c: FormContext) =>
  toBody(fieldsFor(c.spec.fields, c.mode), c.values, c.spec.parentField && c.parentId ? { [c.spec.parentField]: Number(c.parentId) } : {}, codecsOf(c.spec));
const clientErrors = (c: FormContext) => validate(schemaOf(c), bodyOf(c));
/**
 * Messages keyed by full path → those at or under a field this form shows go under it (a
 * document line's quantity under that line's own field); any other (a parent id, a rule
 * about the whole record) becomes the form's message, so no error is ever invisible. Used
 * for the shared schema's verdict and for the server's 422 alike.
 */
function placeErrors(c: FormContext, messages: Record<string, readonly string[]>, fallback: string) {
  const shown = new Set(fieldsFor(c.spec.fields, c.mode).map((f) => f.name));
  const errors: Record<string, string> = {};
  const other: string[] = [];
  for (const [key, list] of Object.entries(messages)) {
    if (shown.has(keySegments(key)[0] ?? '')) errors[key] = list[0] ?? fallback;
    else other.push(...list);
  }
  const formError = other.length || Object.keys(errors).length === 0 ? (other[0] ?? fallback) : null;
  return { errors, formError };
}
/** The record's name from its title field; null when it has none (an expense without a reference). */
const recordNameOf = (spec: FormSpec, data: Record<string, unknown>): string | null =>
  spec.titleField ? recordName({ titleField: spec.titleField }, data) : null;
/**
 * A record → what the form holds of it: its values (clean), version, lock and name. The one way
 * a record comes in, whether the page gave it at the start or the form loaded it.
 */
const heldRecord = (spec: FormSpec, mode: FormMode, record: LoadedRecord) => {
  const values = formValuesOf(spec, mode, record.data);
  return {
    values,
    initial: values,
    version: record.version ?? null,
    loadError: null,
    conflict: null,
    locked: record.data.protected === true,
    recordName: recordNameOf(spec, record.data),
    held: true,
    figures: Object.fromEntries((spec.figures ?? []).map((c) => [c.name, record.data[c.name]])),
  };
};
/** The page is titled with the record's name (settings have none: an empty name, ignored). */
const nameTheRecord = { type: 'nameRecord', params: ({ context }: { context: FormContext }) => ({ id: context.id, name: context.recordName ?? '' }) } as const;

/**
 * Where the focus goes after a failed submit: the first error in the order the form shows its
 * fields (the schema's order may differ), at its full path.
 */
const firstError = (c: Pick<FormContext, 'spec' | 'errors'>) => {
  const keys = Object.keys(c.errors);
  for (const f of c.spec.fields) {
    const hit = keys.find((k) => isAtOrUnder(k, f.name));
    if (hit) return hit;
  }
  return keys[0] ?? '';
};

/**
 * One form: start from the record its page's loader got (edit, settings) or load it, edit,
 * validate with the shared schema, submit once, show the server's 422 errors under their
 * fields and explain a 409 (a lost update stays on screen with Reload until reloaded or
 * dismissed), then toast and go back to the list (a new record goes with it, for the list to
 * show). While it is dirty, leaving asks first (the navigation machine holds that prompt;
 * `setLeaveGuard` tells it). HTTP, navigation, focus and toasts are injected.
 */
export const formMachine = setup({
  types: {
    context: {} as FormContext,
    input: {} as {
      spec: FormSpec;
      mode: FormMode;
      id?: string | undefined;
      parentId?: string | undefined;
      /** The record as the page's loader got it (edit, settings): the form starts editing it, without loading. */
      record?: LoadedRecord | undefined;
    },
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
    notify: (_, _notice: Notice) => {},
    /** Back to the list, asking first while there are unsaved changes (provided: navigation). */
    goToList: () => {},
    /**
     * Saved: back to the list — unless the person already asked to go elsewhere and "Leave this
     * page?" is open, in which case there (provided: navigation's `nav.done`, which decides).
     * `created`: the record a create made, for the list to show.
     */
    finish: (_, _p: { created?: Row | undefined }) => {},
    /** Saved in place (a settings or profile form stays on its page): whoever runs the form may act on it. */
    savedInPlace: () => {},
    /** Tell navigation whether leaving must ask first. */
    setLeaveGuard: (_, _p: { dirty: boolean }) => {},
    /** Move the focus to a field (provided: the document). */
    focusField: (_, _p: { name: string }) => {},
    /** The record is loaded: the page can be titled with its name (provided: navigation's `page.named`). */
    nameRecord: (_, _p: { id: string | undefined; name: string }) => {},
    /** A change clears the errors at and under its path (a line's errors when the line changes). */
    setValue: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const errors = Object.fromEntries(Object.entries(context.errors).filter(([k]) => !isAtOrUnder(k, event.name)));
      return { values: setAt(context.values, event.name, event.value), errors, formError: null };
    }),
    showClientErrors: assign(({ context }) => {
      const found = Object.entries(clientErrors(context)).map(([field, message]) => [field, [message]] as const);
      return placeErrors(context, Object.fromEntries(found), 'Check the form and try again.');
    }),
  },
  guards: {
    needsLoading: ({ context }) => context.mode !== 'create' && !context.held,
    holdsRecord: ({ context }) => context.held,
    isInvalid: ({ context }) => Object.keys(clientErrors(context)).length > 0,
    isSingle: ({ context }) => context.mode === 'single',
    isValidationFailure: ({ event }) => failureOf((event as { error?: unknown }).error).status === 422,
    isConflict: ({ event }) => failureOf((event as { error?: unknown }).error).status === 409,
    isStale: ({ event }) => {
      const f = failureOf((event as { error?: unknown }).error);
      return f.status === 409 && f.code === 'stale';
    },
    hasConflict: ({ context }) => context.conflict !== null,
  },
}).createMachine({
  id: 'form',
  context: ({ input }) => {
    const values = formValuesOf(input.spec, input.mode);
    return {
      spec: input.spec,
      mode: input.mode,
      id: input.id,
      parentId: input.parentId,
      values,
      initial: values,
      errors: {},
      formError: null,
      conflict: null,
      loadError: null,
      version: null,
      locked: false,
      recordName: null,
      held: false,
      figures: {},
      ...(input.record ? heldRecord(input.spec, input.mode, input.record) : {}),
    };
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'needsLoading', target: 'loading' },
        // The page gave the record: it is named at once, as a loaded one is.
        { guard: 'holdsRecord', target: 'editing', actions: nameTheRecord },
        { target: 'editing' },
      ],
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
          actions: [assign(({ context, event }) => heldRecord(context.spec, context.mode, event.output)), nameTheRecord],
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
        'form.reload': {
          guard: 'hasConflict',
          target: 'loading',
          // The person chose their edits go: nothing is left to lose until they type again.
          actions: [assign(({ context }) => ({ values: context.initial, errors: {}, formError: null })), { type: 'setLeaveGuard', params: { dirty: false } }],
        },
        'form.conflict.dismiss': { guard: 'hasConflict', actions: assign({ conflict: null }) },
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
                const values = event.output.data ? formValuesOf(context.spec, context.mode, event.output.data) : context.values;
                return { values, initial: values, version: event.output.version ?? context.version };
              }),
              { type: 'setLeaveGuard', params: { dirty: false } },
              { type: 'notify', params: ({ event }) => ({ toastType: 'success', body: event.output.message }) },
              'savedInPlace',
            ],
          },
          {
            target: 'saved',
            actions: [
              { type: 'notify', params: ({ event }) => ({ toastType: 'success', body: event.output.message }) },
              // A new record goes back with the list, which shows it highlighted wherever it sorts.
              { type: 'finish', params: ({ context, event }) => ({ created: context.mode === 'create' ? (event.output.data as Row | undefined) : undefined }) },
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
            // A lost update: what the person typed stays; Reload brings the other changes in.
            guard: 'isStale',
            target: 'editing',
            actions: assign({ conflict: ({ event }) => failureOf(event.error).message }),
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

/** The values are not what was loaded or last saved. */
export const isFormDirty = isDirty;
