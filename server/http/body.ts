import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, validationError, zodErrors } from './errors.ts';

export const JSON_ONLY_MESSAGE = 'Send the request body as JSON, with the header Content-Type: application/json.';

/** application/json, with any parameters (charset) and in any letter case. */
const isJson = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';

/**
 * Reads a JSON body and validates it with a shared (strict) schema.
 * Not application/json → 415; malformed JSON → 400; wrong shape → 422 with per-field messages.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  if (!isJson(c.req.header('Content-Type'))) throw new ApiError(415, JSON_ONLY_MESSAGE);
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
  const bad = findUnstorableText(data);
  if (bad) throw validationError({ [bad.path]: [bad.message] });
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
export const SURROGATE_MESSAGE = 'This text contains a broken character that cannot be saved. Retype it.';

/** Half of a UTF-16 surrogate pair with no other half: JSON can carry one (\ud800), UTF-8 cannot. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why PostgreSQL could not store `text` as it is, or undefined when it can. */
function unstorable(text: string): string | undefined {
  // PostgreSQL text cannot hold U+0000 and refuses the whole statement (a server error).
  if (text.includes('\u0000')) return NUL_MESSAGE;
  // Encoding to UTF-8 would silently store U+FFFD in its place: not what the person typed.
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return undefined;
}

/**
 * The path of the first string (value or key) PostgreSQL could not store as it is, and why.
 * Walks with its own stack: a body nested 100,000 deep must not overflow the call stack.
 */
export function findUnstorableText(value: unknown): { path: string; message: string } | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [cur, path] = stack.pop()!;
    if (typeof cur === 'string') {
      const message = unstorable(cur);
      if (message) return { path: path || 'body', message };
      continue;
    }
    if (!cur || typeof cur !== 'object') continue;
    const entries: [string, unknown][] = Array.isArray(cur) ? cur.map((v, i) => [String(i), v]) : Object.entries(cur);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, v] = entries[i]!;
      const at = path ? `${path}.${k}` : k;
      const message = unstorable(k);
      if (message) return { path: at, message };
      stack.push([v, at]);
    }
  }
  return undefined;
}
