import type { z } from 'zod';
import { formatMoney, formatPercent, parseMoney, parsePercent } from './format.ts';
import type { FieldDef } from './resource.ts';

/**
 * A form holds what the person typed (text for numbers and money, so "12." can be typed);
 * the body the API receives holds numbers, cents and basis points. These two functions are
 * the only bridge between them, and the shared schema judges the body.
 */
export type FormMode = 'create' | 'edit' | 'single';
export type FormValues = Record<string, unknown>;

export const fieldsFor = (fields: readonly FieldDef[], mode: FormMode) =>
  fields.filter((f) => !f.only || f.only === (mode === 'create' ? 'create' : 'edit'));

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A record (or the defaults) → what the form shows. */
export function toFormValues(fields: readonly FieldDef[], source: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = source[f.name];
    switch (f.kind) {
      case 'money':
        out[f.name] = typeof v === 'number' ? formatMoney(v, { plain: true }) : text(v);
        break;
      case 'percent':
        out[f.name] = typeof v === 'number' ? formatPercent(v) : text(v);
        break;
      case 'switch':
        out[f.name] = v === true;
        break;
      case 'relationMany':
      case 'permissionGrid':
        out[f.name] = Array.isArray(v) ? v.map(Number) : [];
        break;
      case 'checkboxes':
        out[f.name] = Array.isArray(v) ? v.map(String) : [];
        break;
      case 'date':
        out[f.name] = text(v).slice(0, 10);
        break;
      default:
        out[f.name] = text(v);
    }
  }
  return out;
}

/** What the form shows → the body for the API (the schema then decides what is valid). */
export function toBody(fields: readonly FieldDef[], values: FormValues, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    const s = typeof v === 'string' ? v.trim() : v;
    switch (f.kind) {
      case 'money':
        out[f.name] = s === '' ? undefined : (parseMoney(String(s)) ?? s);
        break;
      case 'percent':
        out[f.name] = s === '' ? 0 : (parsePercent(String(s)) ?? s);
        break;
      case 'integer':
        out[f.name] = s === '' ? undefined : /^-?\d{1,15}$/.test(String(s)) ? Number(s) : s;
        break;
      case 'relation':
        out[f.name] = s === '' ? null : /^\d{1,10}$/.test(String(s)) ? Number(s) : s;
        break;
      default:
        out[f.name] = v;
    }
  }
  return { ...out, ...extra };
}

/** zod issues → the first message for each field, keyed by the field's name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'form';
    out[key] ??= issue.message;
  }
  return out;
}

/** Runs the shared schema in the browser; the same messages the server would answer. */
export function validate(schema: z.ZodType, body: Record<string, unknown>): Record<string, string> {
  const r = schema.safeParse(body);
  return r.success ? {} : fieldErrors(r.error);
}
