import { ApiError, validationError } from '../http/errors.ts';

/** PostgreSQL error codes (SQLSTATE) the API explains to a person. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** A foreign key declared ON DELETE RESTRICT reports this instead: the same thing to a person. */
export const PG_RESTRICT_VIOLATION = '23001';
/** Class 22, data exception: a value PostgreSQL cannot store (out of range, bad encoding). */
export const PG_DATA_EXCEPTION_CLASS = '22';

/** drizzle wraps driver errors; the PostgreSQL code and constraint sit somewhere in the cause chain. */
export function pgError(e: unknown): { code: string; constraint: string } | undefined {
  for (let cur: any = e, depth = 0; cur && depth < 5; cur = cur.cause, depth++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) {
      return { code: cur.code, constraint: String(cur.constraint_name ?? cur.constraint ?? '') };
    }
  }
  return undefined;
}

export const isUniqueViolation = (e: unknown) => pgError(e)?.code === PG_UNIQUE_VIOLATION;

/** Constraint name → the field it is about, and what to tell the person. */
export interface ConstraintMessages {
  /** Unique constraints: the value is taken. */
  unique?: Record<string, { field: string; message: string }>;
  /** Foreign keys: the chosen record does not exist. */
  references?: Record<string, { field: string; message: string }>;
}

/**
 * A failed write as the answer a person can act on: constraint violations become 422s under
 * their field (or a general 422 naming `one`, the kind of record), an ApiError passes through,
 * anything else is rethrown as it is (a 500).
 */
export function explainWriteError(e: unknown, one: string, messages: ConstraintMessages): never {
  if (e instanceof ApiError) throw e;
  const pg = pgError(e);
  if (pg?.code === PG_UNIQUE_VIOLATION) {
    const hit = messages.unique?.[pg.constraint];
    if (hit) throw validationError({ [hit.field]: [hit.message] });
    throw new ApiError(422, `This ${one} would duplicate another one.`);
  }
  if (pg?.code === PG_FOREIGN_KEY_VIOLATION) {
    const hit = messages.references?.[pg.constraint];
    if (hit) throw validationError({ [hit.field]: [hit.message] });
    throw new ApiError(422, 'One of the chosen items no longer exists. Reload and choose again.');
  }
  if (pg?.code.startsWith(PG_DATA_EXCEPTION_CLASS)) {
    throw new ApiError(422, 'One of the values cannot be saved as it is. Check the fields and try again.');
  }
  throw e;
}

/** A failed delete: a foreign key still pointing at the record is a 409 (something uses it). */
export function explainDeleteError(e: unknown, one: string): never {
  if (e instanceof ApiError) throw e;
  const code = pgError(e)?.code;
  if (code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION) {
    throw new ApiError(409, `This ${one} is still used by other records, so it cannot be deleted.`, { code: 'in_use' });
  }
  throw e;
}
