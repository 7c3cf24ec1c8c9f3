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
    error: (issue) => {
      if (issue.code === 'invalid_type' && !issue.path?.length) return 'Send the form as a JSON object.';
      return issue.input === undefined ? 'This field is required.' : undefined;
    },
  });
  if (!result.success) throw validationError(zodErrors(result.error));
  return result.data;
}

export const NUL_MESSAGE = 'This text contains an invisible character that cannot be saved. Retype it.';

/**
 * PostgreSQL text cannot hold U+0000 and refuses the whole statement, so a pasted NUL would
 * otherwise be a server error. Returns the path of the first string holding one. Walks with
 * its own stack: a body nested 100,000 deep must not overflow the call stack.
 */
export function findNul(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [cur, path] = stack.pop()!;
    if (typeof cur === 'string') {
      if (cur.includes('\u0000')) return path || 'body';
      continue;
    }
    if (!cur || typeof cur !== 'object') continue;
    const entries: [string, unknown][] = Array.isArray(cur) ? cur.map((v, i) => [String(i), v]) : Object.entries(cur);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, v] = entries[i]!;
      const at = path ? `${path}.${k}` : k;
      if (k.includes('\u0000')) return at;
      stack.push([v, at]);
    }
  }
  return undefined;
}
