import { z } from 'zod';
import { STATUSES } from './status.ts';
import { capitalise } from './text.ts';

/**
 * Field schemas with the messages a person reads under the field. Browser forms and the server
 * validate with the same ones, so the two can never disagree about what is valid.
 * Optional text accepts '' and null and stores null, so a cleared field really clears.
 */

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const requiredText = (what: string, max = 255) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, { error: `Enter ${what}.` })
    .max(max, { error: `Use at most ${max} characters.` });

export const optionalText = (max = 255) =>
  z.preprocess(
    blankToNull,
    z.string({ error: 'Enter text here.' }).trim().max(max, { error: `Use at most ${max} characters.` }).nullable(),
  ).optional();

export const requiredEmail = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.email({ error: 'Enter a valid email address.' }).max(255, { error: 'Use at most 255 characters.' }),
  );

export const optionalEmail = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toLowerCase()) : v),
    z.email({ error: 'Enter a valid email address.' }).max(255, { error: 'Use at most 255 characters.' }).nullable(),
  ).optional();

export const optionalPhone = () =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: 'Enter a phone number.' })
      .trim()
      .max(32, { error: 'Use at most 32 characters.' })
      .regex(/^[+()\d][\d\s().-]*$/, { error: 'Use digits, spaces, +, -, ( and ) only.' })
      .nullable(),
  ).optional();

export const optionalUrl = () =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: 'Enter a web address.' })
      .trim()
      .max(2048, { error: 'Use at most 2048 characters.' })
      .regex(/^(https?:\/\/\S+|\/\S*)$/, { error: 'Enter an address starting with https://, http:// or /.' })
      .nullable(),
  ).optional();

export { STATUSES, STATUS_OPTIONS, type Status } from './status.ts';
export const status = () => z.enum(STATUSES, { error: 'Choose Active or Inactive.' }).default('active');

/** A database id chosen from a list. */
export const relationId = (what: string) =>
  z.coerce
    .number({ error: `Choose ${what}.` })
    .int({ error: `Choose ${what}.` })
    .positive({ error: `Choose ${what}.` })
    .max(2_147_483_647, { error: `Choose ${what}.` });

export const optionalRelationId = (what: string) =>
  z.preprocess((v) => (v === '' || v === 0 ? null : v), relationId(what).nullable()).optional();

export const idList = (what: string) =>
  z
    .array(relationId(what), { error: `Choose ${what}.` })
    .max(1000, { error: 'Too many items.' })
    .transform((ids) => [...new Set(ids)]);

/**
 * Money in integer minor units (cents), as PRODUCT §3 says. The default ceiling, 10,000,000.00,
 * keeps an amount inside a PostgreSQL integer column (at most 2,147,483,647).
 */
export const MONEY_MAX = 1_000_000_000;
export const money = (what: string, max = MONEY_MAX) =>
  z
    .number({ error: `Enter ${what}.` })
    .int({ error: `Enter ${what} in whole cents.` })
    .min(0, { error: `${capitalise(what)} cannot be negative.` })
    .max(max, { error: `${capitalise(what)} is too large.` });

/** A rate in basis points (1% = 100), 0–100%. */
export const basisPoints = (what: string) =>
  z
    .number({ error: `Enter ${what}.` })
    .int({ error: `Enter ${what} with at most two decimals.` })
    .min(0, { error: `${capitalise(what)} cannot be negative.` })
    .max(10_000, { error: `${capitalise(what)} cannot be more than 100%.` });

export const sortOrder = () =>
  z
    .number({ error: 'Enter a whole number.' })
    .int({ error: 'Enter a whole number.' })
    .min(0, { error: 'Use 0 or more.' })
    .max(100_000, { error: 'Use at most 100000.' })
    .default(0);

export const isoDate = (what: string) =>
  z
    .string({ error: `Enter ${what}.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `Enter ${what} as YYYY-MM-DD.` })
    // There is no year 0000, and PostgreSQL refuses it.
    .refine((v) => !v.startsWith('0000') && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: 'Enter a date that exists on the calendar.',
    });

export const hexColour = () =>
  z
    .string({ error: 'Enter a colour code.' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Enter a colour code like #7c3aed.' })
    .transform((v) => v.toLowerCase());
