import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, validationError, zodErrors } from './errors.ts';

/**
 * Reads a JSON body and validates it with a shared (strict) schema.
 * Malformed JSON → 400; wrong shape → 422 with per-field messages.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw new ApiError(400, 'The request body could not be read.');
  }
  let data: unknown;
  if (text.trim() === '') {
    throw new ApiError(400, 'The request body is empty. Send a JSON object.');
  }
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.');
  }
  const nul = findNul(data);
  if (nul !== undefined) throw validationError({ [nul]: [NUL_MESSAGE] });
  const result = schema.safeParse(data, {
    error: (issue) => (issue.input === undefined ? 'This field is required.' : undefined),
  });
  if (!result.success) throw validationError(zodErrors(result.error));
  return result.data;
}

export const NUL_MESSAGE = 'This text contains an invisible character that cannot be saved. Retype it.';

/**
 * PostgreSQL text cannot hold U+0000 and refuses the whole statement, so a pasted NUL would
 * otherwise be a server error. Returns the path of the first string holding one.
 */
export function findNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = findNul(k, path ? `${path}.${k}` : k) ?? findNul(v, path ? `${path}.${k}` : k);
      if (hit !== undefined) return hit;
    }
  }
  return undefined;
}
