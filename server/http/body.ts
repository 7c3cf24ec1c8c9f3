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
  const result = schema.safeParse(data, {
    error: (issue) => (issue.input === undefined ? 'This field is required.' : undefined),
  });
  if (!result.success) throw validationError(zodErrors(result.error));
  return result.data;
}
