import type { z } from 'zod';
import { findUnstorableText, readJson } from './body.ts';
import type { AppContext, RouteDef, RouteInput } from './context.ts';
import { validationError, zodErrors } from './errors.ts';

/** Strict query parsing: unknown parameters and bad values answer 422 naming them. */
export function readQuery<S extends z.ZodType>(c: AppContext, schema: S): z.output<S> {
  // fromEntries makes own keys even of "__proto__", so every unknown parameter gets named.
  const raw: Record<string, string> = Object.fromEntries(new URL(c.req.url).searchParams);
  const bad = findUnstorableText(raw);
  if (bad) throw validationError({ [bad.path]: [bad.message] });
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(zodErrors(result.error));
  return result.data;
}

/** The input of one request, read with the schemas `def` declares and nothing else. */
export function routeInput<B extends z.ZodType, Q extends z.ZodType>(c: AppContext, def: RouteDef<B, Q>): RouteInput<B, Q> {
  const undeclared = (what: string) => new Error(`${def.method} ${def.path} reads a ${what} but declares no schema for it.`);
  return {
    body: () => {
      if (!def.body) throw undeclared('body');
      return readJson(c, def.body);
    },
    query: () => {
      if (!def.query) throw undeclared('query');
      return readQuery(c, def.query);
    },
  };
}
