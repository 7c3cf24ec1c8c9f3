import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiErrorBody } from '../../domain/auth.ts';
import { issueMessages } from '../../domain/field-path.ts';

/** Thrown anywhere in a handler; the app's onError turns it into `{ message, errors?, code? }`. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errors: Record<string, string[]> | undefined;
  readonly code: number | string | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    extra: { errors?: Record<string, string[]>; code?: number | string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.errors = extra.errors;
    this.code = extra.code;
    this.headers = extra.headers;
  }

  body(): ApiErrorBody {
    const out: ApiErrorBody = { message: this.message };
    if (this.errors) out.errors = this.errors;
    if (this.code !== undefined) out.code = this.code;
    return out;
  }
}

export function validationError(errors: Record<string, string[]>, message?: string): ApiError {
  const all = Object.values(errors).flat();
  const first = message ?? all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  const text = message ?? (more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first);
  return new ApiError(422, text, { errors });
}

/**
 * zod issues → `{ key: [messages] }`, each key the value's full path (`lines.3.quantity`, the
 * same keys the browser's form uses); unknown fields are named where they are, root problems go
 * under `body`.
 */
export function zodErrors(error: z.ZodError): Record<string, string[]> {
  // A Map, not an object: a field named "constructor" or "__proto__" must stay a plain key.
  const out = new Map<string, string[]>();
  const add = (field: string, msg: string) => {
    const list = out.get(field);
    if (list) list.push(msg);
    else out.set(field, [msg]);
  };
  for (const [key, message] of issueMessages(error.issues)) add(key, message);
  return Object.fromEntries(out);
}
