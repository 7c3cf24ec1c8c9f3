import type { z } from 'zod';
import { firstMessages } from './field-path.ts';
import { formatMoney, formatPercent, parseMoney, parsePercent } from './format.ts';
import type { FieldDef, FieldKind } from './resource.ts';

/**
 * A form holds what the person typed (text for numbers and money, so "12." can be typed);
 * the body the API receives holds numbers, cents and basis points. The codecs below are the
 * only bridge between them, one per field kind, and the shared schema judges the body.
 */
export type FormMode = 'create' | 'edit' | 'single';
export type FormValues = Record<string, unknown>;

/** How one kind of field turns a stored value into what the form shows, and back. */
export interface FieldCodec {
  toForm(value: unknown): unknown;
  /** Text the schema cannot read is passed on as it is, so the schema's message is the one shown. */
  toBody(value: unknown): unknown;
}

export type FieldCodecs = Readonly<Partial<Record<FieldKind, FieldCodec>>>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const asIs: FieldCodec = { toForm: text, toBody: (v) => v };
const idsCodec: FieldCodec = { toForm: (v) => (Array.isArray(v) ? v.map(Number) : []), toBody: (v) => v };

/** The kinds every form knows. A screen with its own kinds passes `{ ...FIELD_CODECS, ...its own }`. */
export const FIELD_CODECS: Readonly<Record<FieldKind, FieldCodec>> = {
  text: asIs,
  email: asIs,
  tel: asIs,
  url: asIs,
  password: asIs,
  textarea: asIs,
  colour: asIs,
  select: asIs,
  money: {
    toForm: (v) => (typeof v === 'number' ? formatMoney(v, { plain: true }) : text(v)),
    toBody: (v) => {
      const s = trimmed(v);
      return s === '' ? undefined : (parseMoney(String(s)) ?? s);
    },
  },
  percent: {
    toForm: (v) => (typeof v === 'number' ? formatPercent(v) : text(v)),
    toBody: (v) => {
      const s = trimmed(v);
      return s === '' ? 0 : (parsePercent(String(s)) ?? s);
    },
  },
  integer: {
    toForm: text,
    toBody: (v) => {
      const s = trimmed(v);
      return s === '' ? undefined : /^-?\d{1,15}$/.test(String(s)) ? Number(s) : s;
    },
  },
  date: { toForm: (v) => text(v).slice(0, 10), toBody: (v) => v },
  switch: { toForm: (v) => v === true, toBody: (v) => v },
  checkboxes: { toForm: (v) => (Array.isArray(v) ? v.map(String) : []), toBody: (v) => v },
  relation: {
    toForm: text,
    toBody: (v) => {
      const s = trimmed(v);
      return s === '' ? null : /^\d{1,10}$/.test(String(s)) ? Number(s) : s;
    },
  },
  relationMany: idsCodec,
  permissionGrid: idsCodec,
  image: asIs,
  imageUrl: asIs,
  barcode: asIs,
  /** One serial a line in the form; a list without blank lines in the body. */
  serials: {
    toForm: (v) => (Array.isArray(v) ? v.map(String).join('\n') : text(v)),
    toBody: (v) =>
      String(v ?? '')
        .split(/\r?\n/)
        .map((s) => s.trim())
        .filter(Boolean),
  },
};

function codecOf(kind: FieldKind, codecs: FieldCodecs): FieldCodec {
  const codec = codecs[kind];
  if (!codec) throw new Error(`No form codec for field kind "${kind}"`);
  return codec;
}

export const fieldsFor = (fields: readonly FieldDef[], mode: FormMode) =>
  fields.filter((f) => !f.only || f.only === (mode === 'create' ? 'create' : 'edit'));

/** A record (or the defaults) → what the form shows. */
export function toFormValues(fields: readonly FieldDef[], source: Record<string, unknown>, codecs: FieldCodecs = FIELD_CODECS): FormValues {
  const out: FormValues = {};
  for (const f of fields) out[f.name] = codecOf(f.kind, codecs).toForm(source[f.name]);
  return out;
}

/** What the form shows → the body for the API (the schema then decides what is valid). */
export function toBody(
  fields: readonly FieldDef[],
  values: FormValues,
  extra: Record<string, unknown> = {},
  codecs: FieldCodecs = FIELD_CODECS,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f.name] = codecOf(f.kind, codecs).toBody(values[f.name]);
  return { ...out, ...extra };
}

/** zod issues → the first message for each value, keyed by its full path (`lines.3.quantity`). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  return firstMessages(error.issues);
}

/** Runs the shared schema in the browser; the same messages the server would answer. */
export function validate(schema: z.ZodType, body: Record<string, unknown>): Record<string, string> {
  const r = schema.safeParse(body);
  return r.success ? {} : fieldErrors(r.error);
}
